"""The play of declared cards from the table, and what a player is told when he names a card
he does not hold so, in positions the other rule tests leave out.

Law 33 (the Rubicon laws): declared cards lie face up on the table until played, and each is
played under the numbers of the declarations it stands in (docs/notation.md); the move list
names each label once, in the order of the cards on the table (by suit, strongest first).
Polish bézique (Britannica) lays the scoring cards won in tricks face up as *open cards*,
which are never played; a house rule may let such a table declare from the hand as in the
ordinary game (an overlay the loader accepts), so that a player has open cards and declared
cards on his table at once."""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.engine import Game, IllegalMoveError, Phase
from interpreter.loader import load_variant
from interpreter.model import Variant
from tests.support import dealt, run, shipped, texts, variant_with, write

OPEN_AND_HAND = """\
    extends = "polish"
    name = "polish-declared-from-the-hand"

    [declare]
    sources = ["hand"]
    declared_to = "table"
    must_use_trick_card = false

    [endgame]
    declared_back_to_hand = true
"""


def _reason(game: Game, move: str) -> str:
    with pytest.raises(IllegalMoveError) as error:
        game.apply(move)
    return error.value.reason


def _open_and_hand(folder: Path) -> Variant:
    return load_variant(write(folder, "open-hand.toml", OPEN_AND_HAND))


def _bezique_cards(variant: str, folder: Path) -> tuple[Variant, str, str, str]:
    """The variant, the turn-up that makes the trumps, and the bézique's queen and knave: of
    spades and diamonds (hearts trumps), or in the Polish overlay (spades trumps) of clubs
    and hearts (the Britannica's advice)."""
    if variant == "bezique":
        return shipped("bezique"), "8H", "QS", "JD"
    return _open_and_hand(folder), "8S", "QC", "JH"


def _by_suit(*faces: str) -> list[str]:
    """``faces`` as the table lists them: by suit, spades, hearts, diamonds, clubs."""
    return sorted(faces, key=lambda face: "SHDC".index(face[1]))


@pytest.mark.parametrize("variant", ["bezique", "polish-declared-from-the-hand"])
def test_law_33_a_double_bezique_on_the_table_is_played_under_one_label_per_face(
    variant: str, tmp_path: Path
) -> None:
    """Both copies of each card of a double bézique stand in the one declaration: each face
    is listed once, as ``QS*1``, after the cards of the hand; the hand's cards are played as
    they are, and the open ace (Polish) not at all."""
    rules, turn_up, queen, knave = _bezique_cards(variant, tmp_path)
    hands = [["AC", queen, queen, knave, knave, "KH", "QH", "9D"], ["7C", "8H", "9S"]]
    game = dealt(rules, hands, turn_up=turn_up, stock=["7D", "8D", "9C", "8C"])
    pair = f"{queen} {queen} {knave} {knave}"
    run(game, "play AC", "play 7C", f"declare double_bezique {pair}", "draw")
    first, second = _by_suit(queen, knave)
    plays = texts(game)
    assert plays[-2:] == [f"play {first}*1", f"play {second}*1"]
    assert "play KH" in plays and "play QH" in plays and len(plays) == len(set(plays))
    assert not [play for play in plays if play.startswith("play AC")]
    assert _reason(game, f"play {first}") == f"you hold {first} only as {first}*1"
    assert _reason(game, f"play {second}*2") == f"you hold {second} only as {second}*1"
    assert _reason(game, "play KH*1") == "you hold KH only as KH"
    run(game, f"play {first}*1")
    assert [str(face) for _, face in game.view(1).trick] == [first]
    laid = sorted(str(face) for _, face in game.view(0).table[0])
    assert laid == sorted([first, second, second])


@pytest.mark.parametrize("variant", ["bezique", "polish-declared-from-the-hand"])
def test_law_33_the_cards_on_the_table_are_listed_by_suit_whichever_pack_they_come_from(
    variant: str, tmp_path: Path
) -> None:
    """The bézique's card of the earlier suit is the second pack's copy (the opponent was
    dealt the first): the table's plays are still listed by suit, that card first."""
    rules, turn_up, queen, knave = _bezique_cards(variant, tmp_path)
    first, second = _by_suit(queen, knave)
    hands = [["AC", "9D", "8D", first, second, "KH", "KH", "QH"], [first, "7C", "8H"]]
    game = dealt(rules, hands, turn_up=turn_up)
    run(game, "play AC", "play 7C", f"declare bezique {queen} {knave}", "draw")
    assert texts(game)[-2:] == [f"play {first}*1", f"play {second}*1"]


def test_law_33_a_face_held_in_the_hand_and_on_the_table_is_named_under_both_labels() -> None:
    """A player who declared one king of hearts and holds the other is told both labels when
    he names a third."""
    game = dealt(shipped("bezique"), [["AC", "KH", "KH", "QH", "9D"], ["7C", "8S", "9S"]])
    run(game, "play AC", "play 7C", "declare marriage_common KH QH", "draw")
    assert texts(game)[-2:] == ["play KH*1", "play QH*1"]
    assert _reason(game, "play KH*2") == "you hold KH only as KH, KH*1"
    assert _reason(game, "play QH") == "you hold QH only as QH*1"
    assert _reason(game, "play KS") == "you do not hold KS"


def test_britannica_polish_cards_in_the_hand_are_not_open_cards() -> None:
    """Polish: the ace won lies among the winner's open cards ("can never be played
    again"); an ace of his hand is named as it is."""
    game = dealt(shipped("polish"), [["AC", "AS", "AH", "9D"], ["7C", "8H", "9S"]], turn_up="8S")
    run(game, "play AC", "play 7C")
    assert [str(face) for _, face in game.view(0).open[0]] == ["AC"]
    assert _reason(game, "play AS*") == "you hold AS only as AS"
    assert _reason(game, "play AH^") == "you hold AH only as AH"
    assert _reason(game, "play AC") == "you hold AC only as AC^"


def test_rubicon_double_bezique_from_three_queens_of_spades_after_one_is_played() -> None:
    """Rubicon bézique is played with four packs: a player holding three queens of spades
    who plays one still holds two, and declares double bézique with both knaves of
    diamonds."""
    game = dealt(shipped("rubicon"), [["QS", "QS", "QS", "JD", "JD", "AC"], ["7C", "8H", "9S"]])
    run(game, "play QS", "play 7C")
    assert "declare double_bezique QS QS JD JD" in texts(game)
    run(game, "declare double_bezique QS QS JD JD")
    assert ("double_bezique", 500) in [(e.what, e.points) for e in game.events if e.points]


@pytest.mark.parametrize("sources", [["hand", "table"], ["hand"]])
def test_haitian_one_source_a_joker_led_is_trumped_from_the_table_too(sources: list[str]) -> None:
    """Haitian with the joker's duty written in (one source), and with declarations from the
    hand and the table as shipped or from the hand alone (an overlay): seat 1 has declared
    the marriage that made hearts trumps and a marriage of clubs; when a joker is led he
    may play only his trumps, those on his table included, and a king of clubs named from
    his table is refused with the duty."""
    variant = variant_with(
        "haitian", **{"play.joker_led": "must_trump", "declare.sources": sources}
    )
    hands = [["9C", "9D", "JK", "8D", "8S"], ["AC", "KH", "QH", "AD", "KC", "QC", "7D", "7H"]]
    game = dealt(variant, hands, dealer=1)
    run(game, "play 9C", "play AC", "declare marriage_royal KH QH", "draw")
    run(game, "play AD", "play 9D", "declare marriage_common KC QC", "draw")
    run(game, "play 7D", "play 8D", "play JK")
    assert game.trump == "H" and game.to_act == 1
    assert texts(game) == ["play 7H", "play KH*1", "play QH*1"]
    assert _reason(game, "play KC*2") == "a joker was led: you must trump, you hold \u2665"
    assert _reason(game, "play KC") == "you hold KC only as KC*2"


def test_haitian_practice_a_joker_led_lays_no_duty_to_trump_on_any_refusal() -> None:
    """Haitian practice: a joker led may be answered with any card (the shipped
    ``play.joker_led = "any_card"``).  Four in partnerships, a partner's declared cards
    counting in one's declarations (an overlay): seat 0, holding trumps, answers a joker
    led by seat 3 with a plain card, and the partner's king of clubs he names is refused
    without any duty to trump."""
    variant = variant_with("haitian-partners", **{"reuse.partner_cards": "partner_table"})
    hands = [
        ["AC", "KH", "QH", "8D", "7H"],
        ["7C", "9D", "8S"],
        ["9C", "KC", "QC", "AD", "9S"],
        ["8C", "7D", "JK", "AS"],
    ]
    game = dealt(variant, hands, dealer=3)
    run(game, "play AC", "play 7C", "play 9C", "play 8C", "declare marriage_royal KH QH", "draw")
    run(game, "play 8D", "play 9D", "play AD", "play 7D", "declare marriage_common KC QC", "draw")
    run(game, "play 9S", "play AS", "play TS", "play 8S", "play JK")
    assert game.trump == "H" and game.to_act == 0
    plays = texts(game)
    assert {"play 7H", "play KH*1", "play 9C"} <= set(plays)  # trumps, and a plain card
    assert "play KC+1" not in plays  # the partner's card is his to play
    assert not _reason(game, "play KC+1").startswith("a joker was led")


def test_law_46_a_declaration_to_score_is_lost_by_its_card_played_in_the_last_tricks() -> None:
    """Law 46: a player who plays a card of a declaration he has still to score loses the
    score; law 52: nothing is scored after the stock is exhausted.  Seat 0's royal marriage,
    declared after his four knaves and never scored, is still waiting when the stock runs
    out (its cards back in his hand, law 33); playing its king in the last tricks loses it."""
    hands = [["KH", "QH", "JS", "JH", "JD", "JC", "AC", "9D"], ["7C", "8S", "7D"]]
    game = dealt(shipped("bezique"), hands, turn_up="8H")
    run(game, "play AC", "play 7C", "declare four_knaves JS JH JD JC")
    run(game, "declare marriage_royal KH QH", "draw")
    marriage = ("KH", "QH")
    while game.view(0).stock_size:  # he keeps the marriage and never scores it
        if game.phase is Phase.DECLARE:
            run(game, "draw")
            continue
        moves = texts(game)
        kept = [m for m in moves if not m.split()[1].startswith(marriage)]
        game.apply(kept[-1] if game.to_act == 0 else moves[-1])
    waiting = game.view(0).entries[0][1]
    assert (waiting.combo, waiting.scored, waiting.lost) == ("marriage_royal", False, False)
    assert not [e for e in game.events if e.kind == "lost"]
    while game.deals_finished == 0:
        moves = texts(game)
        wanted = [m for m in moves if m in ("play KH", "play QH")] if game.to_act == 0 else []
        game.apply((wanted or moves)[0])
    lost = [(e.player, e.what, e.number) for e in game.events if e.kind == "lost"]
    assert lost == [(0, "marriage_royal", 2)]
