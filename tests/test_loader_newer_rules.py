"""The loader's checks of the keys added for the living games and the classic readings
(issue 18): each problem at the line it was written, with the nearest name where a name is
misspelt, so that a file accepted is a file that plays."""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.loader import VariantError, load_variant
from tests.test_loader_semantics import BASE, problems

# The loader tests' small variant (two plain combinations on the two-pack defaults, lines
# 1-17) and their way of loading it with more lines, in a temporary folder.
pytestmark = pytest.mark.usefixtures("here")


def accepted(extra: str) -> None:
    Path("v.toml").write_text(BASE + extra, encoding="utf-8")
    load_variant("v.toml")


NO_TURN_UP = '[trump]\nmode = "first_marriage_or_sequence"\n'


def test_a_combination_may_take_jokers_only_from_a_deck_that_has_some() -> None:
    found = problems(
        '[[combinations]]\nid = "four_kings"\nshape = "same_rank"\nof = "K"\n'
        'class = "quartets"\npoints = 80\njokers = 1\n'
    )
    assert found == [
        "v.toml:24: combinations[2].jokers: four_kings may take jokers, but the deck has none "
        "(deck.jokers = 0)"
    ]


def test_at_least_one_card_of_a_combination_is_not_a_joker() -> None:
    found = problems(
        '[deck]\njokers = 4\n[[combinations]]\nid = "pair"\nshape = "same_suit"\n'
        'ranks = ["K", "Q"]\nclass = "pairs"\npoints = 5\njokers = 2\n'
    )
    assert found == [
        "v.toml:26: combinations[2].jokers: pair has 2 cards: at most 1 may be jokers (at least "
        "one card is not)"
    ]


def test_four_jokers_need_four_jokers_in_the_deck() -> None:
    found = problems(
        '[deck]\njokers = 2\n[[combinations]]\nid = "four_jokers"\n'
        'shape = "same_rank"\nof = "JK"\nclass = "jokers"\npoints = 200\n'
    )
    assert found == ["v.toml:20: combinations[2].count: needs 4 jokers but the deck has 2"]
    accepted(
        '[deck]\njokers = 4\n[[combinations]]\nid = "four_jokers"\n'
        'shape = "same_rank"\nof = "JK"\nclass = "jokers"\npoints = 200\n'
    )


def test_a_rank_that_is_no_rank_nor_a_joker() -> None:
    found = problems(
        '[[combinations]]\nid = "four_x"\nshape = "same_rank"\nof = "JX"\n'
        'class = "quartets"\npoints = 80\n'
    )
    assert found == [
        "v.toml:21: combinations[2].of: 'JX' is not a rank (one of A K Q J T 9 8 7 6 5 4 3 2, "
        "or JK for the jokers)"
    ]


def test_builds_on_names_a_combination_with_the_nearest_name() -> None:
    found = problems(
        '[[combinations]]\nid = "sequence"\nshape = "same_suit"\n'
        'ranks = ["A", "T", "K", "Q", "J"]\nclass = "marriages"\nrank = 2\n'
        'points = 250\nbuilds_on = "marriag"\n'
    )
    assert found == [
        "v.toml:25: combinations[2].builds_on: 'marriag' is not an enabled combination of this "
        "variant (did you mean 'marriage'?)"
    ]


def test_builds_on_a_combination_whose_cards_it_holds() -> None:
    found = problems(
        '[[combinations]]\nid = "tierce"\nshape = "same_suit"\n'
        'ranks = ["A", "T", "J"]\nclass = "tierces"\npoints = 50\n'
        'builds_on = "marriage"\n'
    )
    assert found == [
        "v.toml:24: combinations[2].builds_on: the cards of marriage are not part of tierce"
    ]
    accepted(
        '[[combinations]]\nid = "sequence"\nshape = "same_suit"\n'
        'ranks = ["A", "T", "K", "Q", "J"]\nclass = "marriages"\nrank = 2\n'
        'points = 250\nbuilds_on = "marriage"\n'
    )


def test_a_card_from_the_hand_needs_the_hand_among_the_sources() -> None:
    found = problems(
        '[open_cards]\n[declare]\nsources = ["open"]\ndeclared_to = "open"\n'
        'fresh_card_required = "from_hand"\n'
    )
    assert (
        "v.toml:22: declare.fresh_card_required: 'from_hand' needs 'hand' among "
        "declare.sources" in found
    )


def test_a_brisque_war_is_counted_at_the_end_of_the_hand() -> None:
    found = problems('[brisques]\nusage = "war"\n')
    assert found == [
        "v.toml:18: brisques.timing: a brisque war is settled when the hand is over: set "
        "brisques.timing = 'end_of_hand'"
    ]
    found = problems("[brisques]\nminimum = 12\n")
    assert found == [
        "v.toml:18: brisques.timing: a minimum of brisques is settled when the hand is over: "
        "set brisques.timing = 'end_of_hand'"
    ]
    accepted('[brisques]\nusage = "war"\ntiming = "end_of_hand"\nminimum = 12\n')


def test_the_target_checked_at_once_a_worth_and_a_match_are_for_race_games() -> None:
    found = problems(
        '[game]\nformat = "single_deal"\nwin_check = "immediate"\ndouble_below = 500\n'
        "[match]\ntarget = 4\n"
    )
    assert found == [
        "v.toml:20: game.win_check: 'immediate' checks the target of a race game: this one is "
        "one deal",
        "v.toml:21: game.double_below: a one-deal game is valued by its [settlement], not by "
        "double_below",
        "v.toml:22: match: a match is played of race games: this one is one deal",
    ]
    accepted('[game]\nwin_check = "immediate"\ndouble_below = 500\n[match]\ntarget = 4\n')


def test_law_38_names_classes_of_combinations() -> None:
    found = problems('[reuse]\nmode = "reform"\nreform_with_added = ["quartet"]\n')
    assert found == [
        "v.toml:20: reuse.reform_with_added[0]: 'quartet' is not a class of this variant's "
        "combinations (did you mean 'quartets'?)"
    ]


def test_a_misspelt_value_of_a_new_option_gets_the_nearest_one() -> None:
    found = problems('[play]\njoker_led = "must_trumps"\n')
    assert found == [
        "v.toml:19: play.joker_led: 'must_trumps' is not one of 'any_card', 'must_trump' (did "
        "you mean 'must_trump'?)"
    ]


def test_a_race_with_nothing_that_fixes_trumps_cannot_be_won() -> None:
    """No turn-up, and only a combination that needs trumps: nothing could ever be declared."""
    text = (
        'name = "v"\ntitle = "V"\n[deck]\npacks = 4\n[trump]\nmode = "first_marriage_or_sequence"\n'
        "[brisques]\nvalue = 0\n[last_trick]\npoints = 0\n"
        '[[combinations]]\nid = "four_trump_aces"\nshape = "same_rank"\nof = "A"\n'
        'suit = "trump"\nclass = "quartets"\npoints = 100\n'
    )
    Path("v.toml").write_text(text, encoding="utf-8")
    with pytest.raises(VariantError) as caught:
        load_variant("v.toml")
    assert any("no one could ever reach the target" in str(d) for d in caught.value.diagnostics)
    marriage = '[[combinations]]\nid = "marriage"\nshape = "same_suit"\nranks = ["K", "Q"]\n'
    marriage += 'suit = "trump"\nclass = "marriages"\npoints = 0\n'
    Path("v.toml").write_text(text + marriage, encoding="utf-8")
    load_variant("v.toml")  # a marriage, even scoring nothing, fixes trumps


def test_declared_cards_put_in_the_hand_are_refused_once_at_the_line_written(
    tmp_path: Path,
) -> None:
    """Not also as the inherited 'taken back into the hand', which follows from it."""
    house = tmp_path / "house.toml"
    house.write_text(
        'extends = "bezique"\nname = "house"\ntitle = "House"\n[declare]\ndeclared_to = "hand"\n',
        encoding="utf-8",
    )
    with pytest.raises(VariantError) as refused:
        load_variant(str(house))
    said = str(refused.value)
    assert "\n" not in said and said.endswith(
        "house.toml:5: declare.declared_to: declared cards lie on the 'table' or among the "
        "'open' cards, not in 'hand'"
    )
