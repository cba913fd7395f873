"""Card notation, move texts and what a view reveals."""

from __future__ import annotations

import random

import pytest

from interpreter.cards import CardSyntaxError, Deck, Face, parse_face, parse_faces
from interpreter.engine import Game, MoveSyntaxError
from interpreter.engine.moves import normalize
from tests.support import shipped


@pytest.mark.parametrize(
    ("text", "face"),
    [
        ("QS", "QS"),
        ("Q♠", "QS"),
        ("q♠", "QS"),
        ("10H", "TH"),
        ("th", "TH"),
        ("7♣", "7C"),
        ("A♦", "AD"),
        ("J♡", "JH"),
    ],
)
def test_card_notation_accepts_letters_and_symbols(text: str, face: str) -> None:
    assert str(parse_face(text)) == face


@pytest.mark.parametrize("text", ["", "Q", "QX", "1S", "ZZ", "Q♠♠"])
def test_bad_cards_are_refused_with_a_reason(text: str) -> None:
    with pytest.raises(CardSyntaxError, match="not a"):
        parse_face(text)


@pytest.mark.parametrize("text", ["knave of diamonds", "queen", "QSS", "100S"])
def test_words_are_refused_whole_not_cut_into_a_rank_and_a_suit(text: str) -> None:
    with pytest.raises(CardSyntaxError) as refused:
        parse_face(text)
    assert str(refused.value) == f"{text!r} is not a card (write rank then suit, e.g. QS or Q♠)"


def test_the_pretty_form_uses_suit_symbols() -> None:
    assert [f.pretty for f in parse_faces("AS TH KD QC")] == ["A♠", "T♥", "K♦", "Q♣"]


def test_a_two_pack_deck_has_every_card_twice_and_the_rank_order_from_the_data() -> None:
    deck = Deck.build(2, "SHDC", "ATKQJ987")
    assert len(deck) == 64
    assert deck.copies(Face("S", "Q")) == 2
    assert deck.strength("T") > deck.strength("K") > deck.strength("7")
    three_handed = Deck.build(2, "SHDC", "ATKQJ987", [Face("C", "8")])
    assert len(three_handed) == 63 and three_handed.copies(Face("C", "8")) == 1


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("QS", "play QS"),
        ("play q♠", "play QS"),
        ("PLAY 10h", "play TH"),
        ("declare Bezique Q♠ j♦*1", "declare bezique QS JD*1"),
        ("score 02", "score 2"),
        ("Draw", "draw"),
        ("exchange 7♥", "exchange 7H"),
        ("show 7h", "show 7H"),
    ],
)
def test_moves_typed_by_a_person_are_read_in_the_notation(typed: str, canonical: str) -> None:
    assert normalize(typed) == canonical


@pytest.mark.parametrize(
    "typed", ["", "jump QS", "play", "score x", "declare bezique", "draw now", "play QS*x"]
)
def test_unreadable_moves_say_what_is_wrong(typed: str) -> None:
    with pytest.raises(MoveSyntaxError):
        normalize(typed)


def test_a_view_shows_only_what_its_player_may_know() -> None:
    game = Game.new(shipped("bezique"), seed=8)
    rng = random.Random(8)
    while not game.deal_results and not game.is_over:
        seat = game.to_act
        assert seat is not None
        other = 1 - seat
        view = game.view(seat)
        state = game._state.table
        assert {c for c, _ in view.hand} == state.hands[seat]
        assert {c for c, _ in view.table[other]} == state.tables[other]  # declared: public
        held = sorted(game.rules.faces[c] for c in state.hands[other])
        for face in view.known[other]:
            assert face in held  # only cards the opponent has shown are "known"
        assert len(view.known[other]) <= len(state.hands[other])
        assert not game.view(other).legal_moves  # not his turn: no moves
        game.step(rng.choice(game.legal_moves()))


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("play", "'play' takes one card, e.g. 'play QS'"),
        ("exchange", "'exchange' takes one card, e.g. 'exchange 7H' (the seven of trumps)"),
        ("show 7H 7S", "'show' takes one card, e.g. 'show 7H' (the seven of trumps)"),
    ],
)
def test_a_move_without_its_card_is_refused_with_an_example_that_can_be_legal(
    text: str, said: str
) -> None:
    with pytest.raises(MoveSyntaxError) as refused:
        normalize(text)
    assert str(refused.value) == said


def test_a_declaration_may_name_its_combination_as_the_screen_shows_it() -> None:
    """``declare royal marriage KS QS`` is ``declare marriage_royal KS QS`` in Schnapsen; the
    name of one word or of several, any case, and the id still accepted."""
    names = {"marriage_royal": "royal marriage", "marriage_common": "marriage"}
    assert normalize("declare Royal Marriage K♠ Q♠", names) == "declare marriage_royal KS QS"
    assert normalize("declare marriage KH QH", names) == "declare marriage_common KH QH"
    assert normalize("declare marriage_royal KS QS", names) == "declare marriage_royal KS QS"
    with pytest.raises(MoveSyntaxError, match="takes a combination and its cards"):
        normalize("declare royal marriage", names)
