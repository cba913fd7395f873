"""Settlement of a one-deal game: the Portland Club's laws 56–61 as printed in Hoyle, with the
worked examples of Hoyle and of the Spectator's review of Cavendish, the readings on which the
laws are silent or ambiguous, and the modern summary's rules."""

from __future__ import annotations

import pytest

from interpreter.engine.settlement import Settled, floor100, settle
from interpreter.model.scoring import BrisqueUsage, Rounding, RubiconFormula, Settlement, TieRule

PORTLAND = Settlement()
MODERN = Settlement(
    formula=RubiconFormula.SUBTRACT_PLUS_EXTRA,
    rubicon_game=500,
    tie_rule=TieRule.ROUNDED_THEN_BRISQUES,
)
TIE_ONLY = BrisqueUsage.TIE_ONLY  # the modern summary: brisques count only to break a tie
SIX_PACK = Settlement(  # a game without brisques: game 1000, rubicon 3000 (variants/chinese.toml)
    game_bonus=1000, rubicon_threshold=3000, rubicon_game=1000, rubicon_brisque_lump=0
)


def facts(result: Settled) -> tuple[int | None, int, bool, bool, bool]:
    """Winner, value, rubiconed, void, decided by the brisques: compared with ``==``, so a flag
    that is None instead of False is caught."""
    return (result.winner, result.value, result.rubiconed, result.void, result.by_brisques)


VOID = (None, 0, False, True, False)


def test_hoyle_1510_against_1240_wins_1500_less_1200_plus_500() -> None:
    result = settle(PORTLAND, (1510, 1240))
    assert facts(result) == (0, 800, False, False, False)
    assert result.explanation == "1500 − 1200 = 300; 300 + 500 for the game = 800 (law 57)"


def test_hoyle_1550_against_1520_wins_600_the_minimum_difference() -> None:
    result = settle(PORTLAND, (1550, 1520))
    assert facts(result) == (0, 600, False, False, False)
    assert result.explanation == (
        "1500 − 1500 = 0 (under the minimum, counted as the minimum); "
        "100 + 500 for the game = 600 (law 57)"
    )


def test_hoyle_1320_against_a_rubiconed_620_wins_1300_plus_600_plus_1000_plus_300() -> None:
    result = settle(PORTLAND, (1320, 620))
    assert facts(result) == (0, 3200, True, False, False)
    assert result.explanation == (
        "rubicon: 1300 + 600 + 1000 for the game + 300 for the brisques = 3200 (law 58)"
    )


def test_hoyle_1320_against_620_as_the_json_of_bezique_settle() -> None:
    assert settle(PORTLAND, (1320, 620)).as_json() == {
        "winner": 0,
        "value": 3200,
        "rubiconed": True,
        "void": False,
        "decided_by_brisques": False,
        "explanation": "rubicon: 1300 + 600 + 1000 for the game + 300 for the brisques = 3200 "
        "(law 58)",
    }


def test_hoyle_the_examples_hold_with_the_players_seats_swapped() -> None:
    assert facts(settle(PORTLAND, (1240, 1510))) == (1, 800, False, False, False)
    assert facts(settle(PORTLAND, (620, 1320))) == (1, 3200, True, False, False)


def test_hoyle_note_12_all_the_brisques_are_reckoned_as_300() -> None:
    assert floor100(32 * 10) == PORTLAND.rubicon_brisque_lump == 300


def test_spectator_seven_thousand_then_thirteen_hundred_is_more_than_two_pounds() -> None:
    result = settle(PORTLAND, (6100, 900))
    assert result.value == 8300
    pence = result.value // 100 * 6  # sixpence a hundred
    assert pence == 498 and pence > 2 * 240


def test_law_56_brisques_do_not_count_when_the_scores_differ() -> None:
    assert facts(settle(PORTLAND, (1510, 1240), (0, 300))) == (0, 800, False, False, False)


def test_law_57_difference_of_the_scores_fractions_disregarded_plus_500() -> None:
    assert settle(PORTLAND, (2290, 1010)).value == 2200 - 1000 + 500


def test_law_57_difference_under_100_counts_as_100() -> None:
    assert settle(PORTLAND, (1190, 1100)).value == 600


def test_law_58_rubiconed_winner_adds_both_scores_and_1300_even_below_1000() -> None:
    result = settle(PORTLAND, (950, 720))
    assert facts(result) == (0, 900 + 700 + 1300, True, False, False)


def test_law_58_a_loser_who_scores_exactly_1000_is_not_rubiconed() -> None:
    result = settle(PORTLAND, (1500, 1000), (200, 100))  # law 56: the brisques not added
    assert facts(result) == (0, 1500 - 1000 + 500, False, False, False)


def test_law_58_fractions_of_a_hundred_are_disregarded_in_each_score() -> None:
    result = settle(PORTLAND, (1350, 650))  # the sum 2000 would give 3300
    assert facts(result) == (0, 1300 + 600 + 1300, True, False, False)


def test_law_59_a_rubiconed_loser_under_100_counts_as_100() -> None:
    result = settle(PORTLAND, (1200, 40))
    assert facts(result) == (0, 1200 + 100 + 1300, True, False, False)
    assert result.explanation == (
        "rubicon: 1200 + 100 (the loser's 0 counts as 100, law 59) + 1000 for the game + "
        "300 for the brisques = 2600 (law 58)"
    )


def test_law_60_brisques_bringing_the_loser_to_1000_save_the_rubicon() -> None:
    result = settle(PORTLAND, (1500, 930), (60, 100))
    assert facts(result) == (0, 1500 - 1000 + 500, False, False, False)  # then law 57
    assert result.explanation == (
        "the loser's brisques save the rubicon and each adds his own (law 60); "
        "1500 − 1000 = 500; 500 + 500 for the game = 1000 (law 57)"
    )


def test_law_60_brisques_bringing_the_loser_to_exactly_1000_save_the_rubicon() -> None:
    result = settle(PORTLAND, (1500, 930), (60, 70))
    assert facts(result) == (0, 1500 - 1000 + 500, False, False, False)


def test_law_60_brisques_short_of_1000_leave_the_loser_rubiconed() -> None:
    result = settle(PORTLAND, (1500, 930), (60, 60))
    assert facts(result) == (0, 1500 + 900 + 1300, True, False, False)


def test_law_60_the_winner_stays_the_winner_when_brisques_put_the_loser_ahead() -> None:
    result = settle(PORTLAND, (1000, 990), (40, 200))
    assert (result.winner, result.value) == (0, 600)  # the laws are silent: the winner stays fixed
    flipped = settle(Settlement(brisques_can_flip_winner=True), (1000, 990), (40, 200))
    assert facts(flipped) == (1, 600, False, False, False)
    level = settle(Settlement(brisques_can_flip_winner=True), (1000, 990), (40, 50))
    assert level.winner == 0  # equal totals do not reverse the order


def test_law_61_a_tie_is_broken_by_brisques_which_are_then_added() -> None:
    result = settle(PORTLAND, (1200, 1200), (140, 180))
    assert facts(result) == (1, 1300 - 1300 + 600, False, False, True)
    assert result.explanation == (
        "the brisques break the tie and each adds his own (law 61); 1300 − 1300 = 0 (under the "
        "minimum, counted as the minimum); 100 + 500 for the game = 600 (law 57)"
    )
    assert settle(PORTLAND, (1200, 1200), (180, 140)).winner == 0


def test_law_61_brisques_decide_a_rubiconed_tie_but_are_not_added() -> None:
    result = settle(PORTLAND, (800, 800), (100, 60))
    assert facts(result) == (0, 800 + 800 + 1300, True, False, True)


def test_law_61_still_equal_with_the_brisques_the_game_is_void() -> None:
    result = settle(PORTLAND, (1200, 1200), (150, 150))
    assert facts(result) == VOID
    assert result.explanation == (
        "equal scores, and equal again with the brisques: the game is void (law 61)"
    )


def test_rounding_each_score_not_the_difference() -> None:
    assert settle(PORTLAND, (1510, 1240)).value == 800  # flooring 270 would give 700
    whole = Settlement(rounding=Rounding.FLOOR_RESULT)
    assert settle(whole, (1510, 1240)).value == 700
    rubicon = settle(whole, (1350, 650))  # the sum floored once
    assert facts(rubicon) == (0, 2000 + 1300, True, False, False)
    assert rubicon.explanation == (
        "rubicon: the scores added and rounded, 2000, + 1000 for the game + 300 for the "
        "brisques = 3300 (law 58)"
    )


def test_modern_summary_each_score_rounded_down_the_winner_scores_the_difference_plus_500() -> None:
    result = settle(MODERN, (1510, 1240), usage=TIE_ONLY)
    assert facts(result) == (0, 1500 - 1200 + 500, False, False, False)
    assert result.explanation == "1500 − 1200 = 300, + 500 for the game = 800"
    assert facts(settle(MODERN, (1240, 1510), usage=TIE_ONLY)) == (1, 800, False, False, False)


def test_modern_summary_brisques_do_not_count_except_to_break_a_tie() -> None:
    result = settle(MODERN, (1600, 1500), (0, 200), TIE_ONLY)
    assert facts(result) == (0, 1600 - 1500 + 500, False, False, False)


def test_modern_summary_rubicon_is_the_difference_plus_500_plus_500() -> None:
    result = settle(MODERN, (1320, 620), usage=TIE_ONLY)
    assert facts(result) == (0, 700 + 500 + 500, True, False, False)
    assert result.explanation == (
        "1300 − 600 = 700, + 500 for the game + 500 for the rubicon = 1700"
    )


def test_modern_summary_the_rubicon_counts_even_if_the_winner_failed_to_score_1000() -> None:
    result = settle(MODERN, (900, 700), usage=TIE_ONLY)
    assert facts(result) == (0, 200 + 500 + 500, True, False, False)


def test_modern_summary_a_loser_with_1000_has_crossed_the_rubicon() -> None:
    result = settle(MODERN, (1500, 1000), usage=TIE_ONLY)
    assert facts(result) == (0, 500 + 500, False, False, False)


def test_modern_summary_rounded_tie_counts_brisques_then_gives_the_higher_score_100() -> None:
    counted = settle(MODERN, (1550, 1520), (0, 100), TIE_ONLY)
    assert facts(counted) == (1, 100 + 500, False, False, True)
    assert counted.explanation == (
        "1600 − 1500 = 100 with the brisques counted, + 500 for the game = 600"
    )
    forced = settle(MODERN, (1550, 1520), (20, 20), TIE_ONLY)
    assert facts(forced) == (0, 100 + 500, False, False, True)
    assert forced.explanation == (
        "1500 − 1500 = 100 (a rounded tie: the higher actual score wins by 100) "
        "with the brisques counted, + 500 for the game = 600"
    )
    assert settle(MODERN, (1520, 1550), (20, 20), TIE_ONLY).winner == 1


def test_modern_summary_equal_scores_and_equal_brisques_void_the_game() -> None:
    result = settle(MODERN, (1500, 1500), (100, 100), TIE_ONLY)
    assert facts(result) == VOID
    assert result.explanation == "equal scores, with and without brisques: the game is void"


def test_modern_summary_rubicon_formula_under_the_laws_tie_rule() -> None:
    """The modern summary's rubicon value (the difference, + 500 for the game, + 500 for the
    rubicon) with the laws' tie rule (law 61: brisques break equal raw scores)."""
    extra = Settlement(formula=RubiconFormula.SUBTRACT_PLUS_EXTRA, rubicon_game=500)
    result = settle(extra, (1320, 620))
    assert facts(result) == (0, 700 + 500 + 500, True, False, False)
    assert result.explanation == (
        "rubicon: 1300 − 600 = 700, + 500 for the game + 500 for the rubicon = 1700"
    )
    assert facts(settle(extra, (950, 900))) == (0, 100 + 500 + 500, True, False, False)
    assert facts(settle(extra, (800, 800), (100, 60))) == (0, 1100, True, False, True)


@pytest.mark.parametrize("scores", [(1510, 1240), (1320, 620), (1200, 1200), (40, 30)])
def test_the_explanation_shows_the_sum_that_gives_the_value(scores: tuple[int, int]) -> None:
    result = settle(PORTLAND, scores, (100, 60))
    assert f"= {result.value}" in result.explanation


def test_a_game_without_brisques_is_void_on_equal_scores() -> None:
    result = settle(SIX_PACK, (3500, 3500), (100, 200), BrisqueUsage.NONE)
    assert facts(result) == VOID
    assert result.explanation == (
        "equal scores, and no brisques to break the tie: the game is void"
    )
    assert settle(SIX_PACK, (3500, 3400), (0, 900), BrisqueUsage.NONE).winner == 0


def test_six_pack_brisques_do_not_count_not_even_to_save_the_rubicon() -> None:
    result = settle(SIX_PACK, (3500, 2500), (0, 900), BrisqueUsage.NONE)
    assert facts(result) == (0, 3500 + 2500 + 1000, True, False, False)


def test_a_game_without_brisques_ignores_them_under_the_modern_tie_rule() -> None:
    rounded_tie = Settlement(tie_rule=TieRule.ROUNDED_THEN_BRISQUES)
    result = settle(rounded_tie, (1550, 1520), (0, 100), BrisqueUsage.NONE)
    assert (result.winner, result.value) == (0, 600)  # counted, the brisques would give p2 it
