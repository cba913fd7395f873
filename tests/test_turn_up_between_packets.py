"""The turn-up taken between packets (``deal.turn_up_after``).

Schnapsen (Schnapsen Strategy; the World Card Games rules): the dealer gives three cards to his
opponent and three to himself, turns up the next card for trumps, then gives two to his opponent
and two to himself; the rest is the talon, laid on the turn-up, which is its last card.  So, in
deck order: cards 1–3 to the non-dealer, 4–6 to the dealer, 7 turned up, 8–9 to the non-dealer,
10–11 to the dealer, 12–20 the talon from the top, and the turn-up drawn last.

The tests use an overlay of the shipped Bézique with Schnapsen's twenty cards."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from interpreter.engine import EventKind, Game, Phase
from interpreter.loader import VariantError, load_variant
from interpreter.model import Variant
from interpreter.rulebook import render
from tests.support import dealt, run, shipped, write

SCHNAPSEN_DECK = """\
    extends = "bezique"
    name = "twenty-cards"

    [deck]
    packs = 1
    ranks = ["A", "T", "K", "Q", "J"]

    [seven]
    rank = "J"

    [[combinations]]
    id = "double_bezique"
    enabled = false

    [deal]
    hand_size = 5
    packets = [3, 2]
    """

ORDER = [
    *("AS", "TS", "KS"),  # the non-dealer's three
    *("AH", "TH", "KH"),  # the dealer's three
    "QD",  # turned up
    *("QS", "JS"),  # the non-dealer's two
    *("QH", "JH"),  # the dealer's two
    *("AD", "TD", "KD", "JD", "AC", "TC", "KC", "QC", "JC"),  # the talon, top first
]


def twenty_cards(tmp_path: Path, after: str = "turn_up_after = 1\n") -> Variant:
    text = SCHNAPSEN_DECK + textwrap.indent(after, "    ")
    return load_variant(str(write(tmp_path, "twenty-cards.toml", text)))


def hand(game: Game, seat: int) -> set[str]:
    return {str(face) for _, face in game.view(seat).hand}


def test_schnapstrat_deal_3_turnup_2(tmp_path: Path) -> None:
    game = Game.new(twenty_cards(tmp_path), deck_order=ORDER, dealer=1)
    assert hand(game, 0) == {"AS", "TS", "KS", "QS", "JS"}
    assert hand(game, 1) == {"AH", "TH", "KH", "QH", "JH"}
    view = game.view(0)
    assert str(view.turn_up) == "QD" and view.trump == "D" and view.stock_size == 10
    assert game.deck_order == tuple(ORDER)  # the deck as dealt, the turn-up in its place
    turned = [e.cards for e in game.events if e.kind is EventKind.TURN_UP]
    assert turned == [("QD",)]
    # The talon is drawn from its top, the turn-up last: the winner of the first trick (the
    # ace of spades over the ten of hearts) draws the ace of diamonds, the other the ten.
    run(game, "play AS", "play TH")
    if game.phase is Phase.DECLARE:
        run(game, "draw")
    assert "AD" in hand(game, 0) and "TD" in hand(game, 1)


def test_the_turn_up_is_the_last_card_drawn(tmp_path: Path) -> None:
    game = Game.new(twenty_cards(tmp_path), deck_order=ORDER, dealer=1)
    draws: list[tuple[str, ...]] = []
    while game.view(0).stock_size:
        game.apply(game.legal_moves()[-1] if game.phase is Phase.DECLARE else game.legal_moves()[0])
        draws += [e.cards for e in game.events if e.kind is EventKind.DRAW][len(draws) :]
    assert draws[-1] == ("QD",)


def test_without_the_key_the_card_after_the_deal_is_turned_up(tmp_path: Path) -> None:
    """The same order dealt as Bézique deals: three and two each, then the eleventh card."""
    game = Game.new(twenty_cards(tmp_path, after=""), deck_order=ORDER, dealer=1)
    assert hand(game, 0) == {"AS", "TS", "KS", "QD", "QS"}
    assert str(game.view(0).turn_up) == "JH"


def test_the_test_helper_deals_the_hands_asked(tmp_path: Path) -> None:
    game = dealt(twenty_cards(tmp_path), [["AS", "KS"], ["JH"]], turn_up="QC")
    assert {"AS", "KS"} <= hand(game, 0) and "JH" in hand(game, 1)
    assert str(game.view(0).turn_up) == "QC"


def test_the_rulebook_says_where_the_turn_up_lies(tmp_path: Path) -> None:
    page = render(twenty_cards(tmp_path))
    assert (
        "The turn-up is taken after the packets of 3: the next card — the 7th — is turned "
        "up, and its suit is **trumps**; then the packets of 2 are dealt." in page
    )
    assert "the card turned up between the packets" in page
    assert "The turn-up is taken" not in render(shipped("bezique"))


@pytest.mark.parametrize(
    ("after", "message"),
    [
        ("turn_up_after = 2\n", "= 2 must be less than the 2 rounds of packets (deal.packets)"),
        ("turn_up_after = -1\n", "greater than or equal to 0"),
    ],
)
def test_the_loader_refuses_a_turn_up_after_the_last_packet(
    tmp_path: Path, after: str, message: str
) -> None:
    with pytest.raises(VariantError) as caught:
        twenty_cards(tmp_path, after)
    said = [str(d) for d in caught.value.diagnostics]
    assert len(said) == 1 and ":18: deal.turn_up_after: " in said[0] and message in said[0]


def test_the_loader_refuses_it_without_a_turn_up(tmp_path: Path) -> None:
    with pytest.raises(VariantError) as caught:
        twenty_cards(
            tmp_path, 'turn_up_after = 1\n\n[trump]\nmode = "first_marriage_or_sequence"\n'
        )
    said = [str(d) for d in caught.value.diagnostics]
    assert any("deal.turn_up_after: no card is turned up" in line for line in said)
