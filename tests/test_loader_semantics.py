"""The checks that need the whole variant: cards in the deck, the deal, the game, unique ids,
and the rules this engine cannot play yet.  Each problem is reported where it was written."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from interpreter.loader import VariantError, load_variant, shipped_variant_names
from interpreter.loader.semantic import UNSUPPORTED, unsupported
from interpreter.model import Variant

# A complete small variant: every table not written takes the schema's defaults (two packs of
# 32 cards, two players, eight cards each, a turn-up); lines 1-17.
BASE = """\
name = "base"
title = "Base"

[[combinations]]
id = "marriage"
shape = "same_suit"
ranks = ["K", "Q"]
class = "marriages"
points = 20

[[combinations]]
id = "four_aces"
shape = "same_rank"
of = "A"
class = "quartets"
points = 100

"""


pytestmark = pytest.mark.usefixtures("here")  # in a temporary folder (conftest.py)


def problems(extra: str, base: str = BASE) -> list[str]:
    """Load ``base`` followed by ``extra`` as ``v.toml``; the diagnostics, as the user sees them."""
    Path("v.toml").write_text(base + textwrap.dedent(extra), encoding="utf-8")
    with pytest.raises(VariantError) as caught:
        load_variant("v.toml")
    return [str(d) for d in caught.value.diagnostics]


def test_the_base_variant_is_valid() -> None:
    Path("v.toml").write_text(BASE, encoding="utf-8")
    assert load_variant("v.toml").name == "base"


def test_duplicate_combination_id_is_reported_at_the_second() -> None:
    assert problems("""\
        [[combinations]]
        id = "marriage"
        shape = "same_suit"
        ranks = ["A", "K"]
        class = "marriages"
        points = 30
        """) == [
        "v.toml:19: combinations[2].id: duplicate combination id 'marriage' (first defined at "
        "v.toml:5)"
    ]


def test_duplicate_id_in_an_overlay_is_reported() -> None:
    Path("base.toml").write_text(BASE, encoding="utf-8")
    overlay = '[[combinations]]\nid = "four_aces"\npoints = 1\n'
    assert problems(overlay * 2, base='extends = "base"\n') == [
        "v.toml:6: combinations[1].id: duplicate combination id 'four_aces' (first defined at "
        "v.toml:3)"
    ]


def test_combination_ranks_must_be_in_the_deck() -> None:
    # No combination here needs the bézique cards, so the absent QS is no problem.
    assert problems('[deck]\nranks = ["A", "T", "K", "J", "9", "8", "7"]\n') == [
        "v.toml:7: combinations[0].ranks[1]: 'Q' is not a rank of the deck (A T K J 9 8 7)",
    ]


def test_same_rank_needs_its_rank_in_enough_copies() -> None:
    extra = """\
        [[combinations]]
        id = "nine_aces"
        shape = "same_rank"
        of = "A"
        count = 9
        class = "quartets"
        points = 1000

        [[combinations]]
        id = "trump_aces"
        shape = "same_rank"
        of = "A"
        count = 3
        suit = "trump"
        class = "quartets"
        points = 1000

        [[combinations]]
        id = "sixes"
        shape = "same_rank"
        of = "6"
        class = "quartets"
        points = 1
        """
    assert problems(extra) == [
        "v.toml:22: combinations[2].count: needs 9 cards of rank A but the deck has only 8",
        "v.toml:30: combinations[3].count: needs 3 cards of rank A in the trump suit but the "
        "deck has only 2",
        "v.toml:38: combinations[4].of: '6' is not a rank of the deck (A T K Q J 9 8 7)",
    ]


def test_removed_cards_count_against_a_combination() -> None:
    assert problems('[deck]\npacks = 1\nremove = ["AS", "AH"]\n') == [
        "v.toml:11: combinations[1].count: needs 4 cards of rank A but the deck has only 2"
    ]


def test_bezique_cards_must_be_in_the_deck_in_enough_copies() -> None:
    extra = """\
        [deck]
        ranks = ["A", "T", "K", "Q", "9", "8", "7"]

        [bezique]
        when_trump = [{trumps = ["H"], queen = "QH", jack = "JH"}]

        [[combinations]]
        id = "double_bezique"
        shape = "bezique"
        count = 2
        class = "beziques"
        points = 500
        """
    assert problems(extra) == [
        "v.toml:21: bezique.jack: JD is not in the deck",
        "v.toml:22: bezique.when_trump[0].jack: JH is not in the deck",
        "v.toml:27: combinations[2].count: needs 2 × QS and 2 × JD but the deck has 2 QS and 0 JD",
    ]


def test_when_trump_suits_must_be_in_the_deck() -> None:
    extra = '[bezique]\nwhen_trump = [{trumps = ["H"], queen = "QH", jack = "JH"}]\n'
    extra += '[deck]\nsuits = ["S", "D", "C"]\n'
    extra += '[[combinations]]\nid = "bezique"\nshape = "bezique"\nclass = "beziques"\n'
    extra += "points = 40\n"
    assert problems(extra) == [
        "v.toml:19: bezique.when_trump[0].trumps[0]: 'H' is not a suit of the deck (S D C)",
        "v.toml:19: bezique.when_trump[0].queen: QH is not in the deck",
        "v.toml:19: bezique.when_trump[0].jack: JH is not in the deck",
        "v.toml:22: combinations[2].count: needs 1 × QH and 1 × JH but the deck has 0 QH and 0 JH",
    ]


def test_a_bezique_combination_needs_bezique_cards() -> None:
    extra = """\
        [bezique]
        queen = false
        jack = false

        [[combinations]]
        id = "bezique"
        shape = "bezique"
        class = "beziques"
        points = 40
        """
    assert problems(extra) == [
        "v.toml:18: bezique: a combination needs the bézique cards, but no queen and jack are set"
    ]
    assert problems("[bezique]\nqueen = false\n") == [
        "v.toml:18: bezique: set both queen and jack, or neither"
    ]


def test_deck_lists_and_the_ranks_other_rules_name() -> None:
    extra = """\
        [deck]
        remove = ["6S", "AS", "AS", "AS"]
        ranks = ["A", "T", "K", "Q", "J", "9", "8", "A"]
        suits = ["S", "H", "S"]
        brisque_ranks = ["A", "2"]
        endgame_ranks = ["A", "T"]

        [seven]
        rank = "6"
        """
    assert problems(extra) == [
        "v.toml:20: deck.ranks[7]: rank 'A' is listed twice",
        "v.toml:21: deck.suits[2]: suit 'S' is listed twice",
        "v.toml:22: deck.brisque_ranks[1]: '2' is not a rank of the deck (A T K Q J 9 8 A)",
        "v.toml:19: deck.remove[0]: 6S is not in the deck",
        "v.toml:19: deck.remove[3]: AS is removed more often than the deck holds it (2)",
        "v.toml:23: deck.endgame_ranks: must list each rank of the deck once (A T K Q J 9 8 A), "
        "in endgame order",
        "v.toml:26: seven.rank: '6' is not a rank of the deck (A T K Q J 9 8 A)",
        "v.toml:11: combinations[1].count: needs 4 cards of rank A but the deck has only 2",
    ]


def test_carte_blanche_court_ranks_must_be_in_the_deck() -> None:
    found = problems('[carte_blanche]\ncourt_ranks = ["K", "Q", "J", "3"]\n')
    assert found[0] == (
        "v.toml:19: carte_blanche.court_ranks[3]: '3' is not a rank of the deck (A T K Q J 9 8 7)"
    )


def test_packets_must_add_up_to_the_hand() -> None:
    assert problems("[deal]\npackets = [3, 3, 3]\n") == [
        "v.toml:19: deal.packets: deal.packets add up to 9, not deal.hand_size = 8"
    ]


def test_the_deal_must_fit_the_deck() -> None:
    extra = "[deal]\nhand_size = 20\npackets = [10, 10]\n[deck]\npacks = 1\n"
    assert problems(extra) == [
        "v.toml:19: deal.hand_size: 2 players × 20 cards + the turn-up need 41 cards but the "
        "deck has 32"
    ]


def test_the_stock_must_be_drawn_evenly() -> None:
    assert problems('[deck]\nremove = ["7C"]\n') == [
        "v.toml:1: deal.hand_size: the stock after the deal has 47 cards (63 in the deck, 16 "
        "dealt), which 2 players cannot draw evenly: the last draw could not be made"
    ]


def test_a_race_needs_a_combination_that_scores() -> None:
    base = BASE.replace("points = 20", "points = 0").replace(
        "points = 100", "enabled = false\npoints = 100"
    )
    assert problems("", base=base) == [
        "v.toml:4: combinations: a race game needs at least one enabled combination that "
        "scores points"
    ]


def test_partnerships_name_each_seat_once() -> None:
    extra = "[players]\ncount = 4\npartnerships = [[0, 2], [1, 5], [3, 0]]\n"
    assert problems(extra)[:2] == [
        "v.toml:20: players.partnerships[1][1]: there is no seat 5 with 4 players (seats 0 to 3)",
        "v.toml:20: players.partnerships[2][1]: seat 0 is in more than one place",
    ]


def test_a_problem_of_inherited_keys_is_reported_where_the_overlay_changed_one() -> None:
    """The deck the overlay changed makes the parent's hand leave an odd stock: said at the
    overlay's [deck], where its author wrote; a problem of inherited keys alone, in the parent."""
    Path("base.toml").write_text(BASE + "[deal]\nhand_size = 8\n", encoding="utf-8")
    assert problems('[deck]\nremove = ["7C"]\n', base='extends = "base"\n')[0].startswith(
        "v.toml:2: deck: the stock after the deal has 47 cards"
    )
    Path("base.toml").write_text(BASE + '[deal]\nhand_size = 8\n[deck]\nremove = ["7C"]\n')
    assert problems('title = "Mine"\n', base='extends = "base"\n')[0].startswith(
        "base.toml:19: deal.hand_size: the stock after the deal has 47 cards"
    )


# -- not supported yet ------------------------------------------------------------------------


def test_bicyclecards_a_partner_table_is_played_now_with_partnerships() -> None:
    extra = (
        "[players]\ncount = 4\npartnerships = [[0, 2], [1, 3]]\n"
        '[reuse]\npartner_cards = "partner_table"\n'
    )
    Path("v.toml").write_text(BASE + extra, encoding="utf-8")
    assert load_variant("v.toml").reuse.partner_cards == "partner_table"
    alone = '[reuse]\npartner_cards = "partner_table"\n'
    assert any("'partner_table' needs partnerships" in problem for problem in problems(alone))


@pytest.mark.parametrize(
    ("extra", "expected"),
    [
        (
            '[endgame]\nmode = "paired_duels"\n',
            "v.toml:19: endgame.mode: the last tricks as two duels need four players, not 2",
        ),
        (
            '[declare]\nright = "winner_or_partner"\n',
            "v.toml:19: declare.right: 'winner_or_partner' needs partnerships",
        ),
        (
            '[reuse]\npartner_cards = "either_hand_for_multi_bezique"\n',
            "v.toml:19: reuse.partner_cards: 'either_hand_for_multi_bezique' needs partnerships",
        ),
        (
            "[players]\ncount = 4\npartnerships = [[0, 1]]\n",
            "v.toml:20: players.partnerships: partnerships must place every seat 0 to 3 exactly "
            "once",
        ),
    ],
)
def test_rules_about_seats_need_the_seats(extra: str, expected: str) -> None:
    assert expected in problems(extra)


def test_each_unsupported_row_names_a_key_of_the_schema() -> None:
    variant = Variant.model_validate({"name": "x", "title": "x", "seven": {}, "carte_blanche": {}})
    assert unsupported(variant) == []
    for dotted, _, _ in UNSUPPORTED:
        model: object = variant
        for key in dotted.split("."):
            assert key in type(model).model_fields, dotted  # type: ignore[attr-defined]
            model = getattr(model, key)


@pytest.mark.parametrize("name", shipped_variant_names())
def test_shipped_variants_use_only_what_the_engine_supports(name: str) -> None:
    assert unsupported(load_variant(name)) == []


def test_the_bezique_cards_matter_only_to_a_combination_that_needs_them(tmp_path: Path) -> None:
    """A deck without J♦ is fine when the bézique combinations are disabled (or absent)."""
    path = tmp_path / "v.toml"
    disabled = '[[combinations]]\nid = "bezique"\nshape = "bezique"\nclass = "beziques"\n'
    disabled += 'points = 40\nenabled = false\n[deck]\nsuits = ["S", "H", "C"]\n'
    path.write_text(BASE + disabled, encoding="utf-8")
    assert load_variant(path).deck.suits == ("S", "H", "C")
    found = problems(disabled.replace("enabled = false\n", ""))
    assert [line.split(": ", 1)[1] for line in found] == [
        "bezique.jack: JD is not in the deck",
        "combinations[2].count: needs 1 × QS and 1 × JD but the deck has 2 QS and 0 JD",
    ]
