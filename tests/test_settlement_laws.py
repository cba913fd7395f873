"""Settlement of a one-deal game: the Portland Club's laws 56–61 as printed in Hoyle, with the
worked examples of Hoyle and of the Spectator's review of Cavendish, the readings on which the
laws are silent or ambiguous, and the modern summary's rules."""

from __future__ import annotations

import pytest

from interpreter.engine.settlement import floor100, settle
from interpreter.model.scoring import BrisqueUsage, Rounding, RubiconFormula, Settlement, TieRule

PORTLAND = Settlement()
MODERN = Settlement(
    formula=RubiconFormula.SUBTRACT_PLUS_EXTRA,
    rubicon_game=500,
    tie_rule=TieRule.ROUNDED_THEN_BRISQUES,
)


def test_hoyle_1510_against_1240_wins_800() -> None:
    result = settle(PORTLAND, (1510, 1240))
    assert (result.winner, result.value, result.rubiconed) == (0, 800, False)


def test_hoyle_1550_against_1520_wins_600_the_minimum_difference() -> None:
    result = settle(PORTLAND, (1550, 1520))
    assert (result.winner, result.value) == (0, 600)


def test_hoyle_1320_against_a_rubiconed_620_wins_3200() -> None:
    result = settle(PORTLAND, (1320, 620))
    assert (result.winner, result.value, result.rubiconed) == (0, 3200, True)


def test_hoyle_note_12_all_the_brisques_are_reckoned_as_300() -> None:
    assert floor100(32 * 10) == PORTLAND.rubicon_brisque_lump == 300


def test_spectator_seven_thousand_then_thirteen_hundred_is_more_than_two_pounds() -> None:
    result = settle(PORTLAND, (6100, 900))
    assert result.value == 8300
    pence = result.value // 100 * 6  # sixpence a hundred
    assert pence == 498 and pence > 2 * 240


def test_law_56_brisques_do_not_count_when_the_scores_differ() -> None:
    assert settle(PORTLAND, (1510, 1240), (0, 300)).value == 800


def test_law_57_difference_of_the_scores_fractions_disregarded_plus_500() -> None:
    assert settle(PORTLAND, (2290, 1010)).value == 2200 - 1000 + 500


def test_law_57_difference_under_100_counts_as_100() -> None:
    assert settle(PORTLAND, (1190, 1100)).value == 600


def test_law_58_rubiconed_winner_adds_both_scores_and_1300_even_below_1000() -> None:
    result = settle(PORTLAND, (950, 720))
    assert (result.value, result.rubiconed) == (900 + 700 + 1300, True)


def test_law_59_a_rubiconed_loser_under_100_counts_as_100() -> None:
    assert settle(PORTLAND, (1200, 40)).value == 1200 + 100 + 1300


def test_law_60_brisques_bringing_the_loser_to_1000_save_the_rubicon() -> None:
    result = settle(PORTLAND, (1500, 930), (60, 100))
    assert not result.rubiconed
    assert result.value == 1500 - 1000 + 500  # each adds his brisques, then law 57


def test_law_60_the_winner_stays_the_winner_when_brisques_put_the_loser_ahead() -> None:
    result = settle(PORTLAND, (1000, 990), (40, 200))
    assert (result.winner, result.value) == (0, 600)  # the laws are silent: the winner stays fixed
    flipped = settle(Settlement(brisques_can_flip_winner=True), (1000, 990), (40, 200))
    assert flipped.winner == 1


def test_law_61_a_tie_is_broken_by_brisques_which_are_then_added() -> None:
    result = settle(PORTLAND, (1200, 1200), (140, 180))
    assert (result.winner, result.by_brisques, result.value) == (1, True, 1300 - 1300 + 600)


def test_law_61_brisques_decide_a_rubiconed_tie_but_are_not_added() -> None:
    result = settle(PORTLAND, (800, 800), (100, 60))
    assert (result.winner, result.rubiconed, result.value) == (0, True, 800 + 800 + 1300)


def test_law_61_still_equal_with_the_brisques_the_game_is_void() -> None:
    result = settle(PORTLAND, (1200, 1200), (150, 150))
    assert result.void and result.winner is None and result.value == 0


def test_rounding_each_score_not_the_difference() -> None:
    assert settle(PORTLAND, (1510, 1240)).value == 800  # flooring 270 would give 700
    whole = Settlement(rounding=Rounding.FLOOR_RESULT)
    assert settle(whole, (1510, 1240)).value == 700
    assert settle(whole, (1350, 650)).value == 2000 + 1300  # the sum floored once


def test_modern_summary_rubicon_is_the_difference_plus_500_plus_500() -> None:
    result = settle(MODERN, (1320, 620), usage=BrisqueUsage.TIE_ONLY)
    assert (result.value, result.rubiconed) == (700 + 500 + 500, True)


def test_modern_summary_rounded_tie_counts_brisques_then_gives_the_higher_score_100() -> None:
    counted = settle(MODERN, (1550, 1520), (0, 100))
    assert (counted.winner, counted.value, counted.by_brisques) == (1, 100 + 500, True)
    forced = settle(MODERN, (1550, 1520), (20, 20))
    assert (forced.winner, forced.value) == (0, 600)


@pytest.mark.parametrize("scores", [(1510, 1240), (1320, 620), (1200, 1200), (40, 30)])
def test_the_explanation_shows_the_sum_that_gives_the_value(scores: tuple[int, int]) -> None:
    result = settle(PORTLAND, scores, (100, 60))
    assert f"= {result.value}" in result.explanation


def test_a_game_without_brisques_is_void_on_equal_scores() -> None:
    six = Settlement(
        game_bonus=1000, rubicon_threshold=3000, rubicon_game=1000, rubicon_brisque_lump=0
    )
    result = settle(six, (3500, 3500), (100, 200), BrisqueUsage.NONE)
    assert result.void and result.winner is None
    assert settle(six, (3500, 3400), (0, 900), BrisqueUsage.NONE).winner == 0
