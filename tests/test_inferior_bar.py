"""Cards declared in a superior combination may not afterwards form an inferior one of the same
class — whether the superior one scored, waits 'to score', or was lost while waiting.

Hoyle: "if a king and queen have been declared as part of a Sequence, a Marriage cannot
afterwards be declared with the same cards".  Portland Club, law 37: a king and queen "once
declared in sequence, cannot be afterwards used to form part of a marriage"; law 38: bézique
cards "once declared in a superior bézique combination cannot be afterwards used to form part
of an inferior one"."""

from __future__ import annotations

import pytest

from interpreter.engine import Game, IllegalMoveError
from tests.support import dealt, points, run, shipped, texts

SEQUENCE_HAND = ["AH", "TH", "KH", "QH", "JH", "QS", "JD", "AC"]
OPPONENT = ["7C", "8C", "9C", "7S", "8S"]


def _sequence_to_score() -> Game:
    """Seat 0 wins a trick, scores a bézique and shows the trump sequence 'to score', then
    wins a second trick."""
    hands = [SEQUENCE_HAND, OPPONENT]
    stock = ["KS", "9D", "9S", "8D", "TD", "KD"]  # seat 0 draws K♠: a marriage stays open
    game = dealt(shipped("bezique"), hands, turn_up="9H", stock=stock)
    run(game, "play AC", "play 7C", "declare bezique QS JD", "declare sequence AH TH KH QH JH")
    run(game, "draw", "play JD*1", "play 8C")
    return game


def test_hoyle_a_sequence_shown_to_score_bars_the_marriage_of_its_king_and_queen() -> None:
    game = _sequence_to_score()
    assert not [t for t in texts(game) if t.startswith("declare marriage_royal")]
    with pytest.raises(IllegalMoveError) as refused:
        game.apply("declare marriage_royal KH*2 QH*2")
    assert refused.value.reason.endswith(
        "(shown 'to score'), a superior combination of the same class"
    )
    run(game, "score 2")  # the sequence itself still scores
    assert points(game) == (40 + 250, 0)


def test_law_37_once_declared_in_sequence_never_a_marriage_even_after_the_sequence_is_lost() -> (
    None
):
    game = _sequence_to_score()
    run(game, "draw", "play JH*2", "play 9C")  # a card of the waiting sequence is played: lost
    entries = game.view(0).entries[0]
    assert [(e.no, e.lost) for e in entries] == [(1, False), (2, True)]
    assert not [t for t in texts(game) if t.startswith("declare marriage_royal")]
    with pytest.raises(IllegalMoveError, match=r"declared in .* \(lost\), a superior"):
        game.apply("declare marriage_royal KH*2 QH*2")


def test_law_38_a_double_bezique_shown_to_score_bars_a_single_from_its_cards() -> None:
    hands = [["QS", "QS", "JD", "JD", "KH", "QH", "AC", "AC"], ["7C", "8C", "9C"]]
    game = dealt(shipped("rubicon"), hands, stock=[])
    run(game, "play AC", "play 7C", "declare marriage_royal KH QH")
    run(game, "declare double_bezique QS QS JD JD", "draw", "play AC", "play 8C")
    assert not [t for t in texts(game) if t.startswith("declare bezique ")]
    with pytest.raises(IllegalMoveError, match="superior combination of the same class"):
        game.apply("declare bezique QS*2 JD*2")
    run(game, "score 2")
    assert points(game) == (40 + 500, 0)


def test_an_inferior_combination_shown_first_may_still_score_after_the_superior_is_shown() -> None:
    """The bar looks back: a marriage shown 'to score' before the sequence may score while the
    sequence waits (law 47 loses it only when the sequence scores)."""
    hands = [["AH", "TH", "KH", "QH", "JH", "QS", "JD", "AC"], ["7C", "8C", "9C", "7S", "8S"]]
    game = dealt(
        shipped("bezique"), hands, turn_up="9H", stock=["9S", "9D", "8D", "TD", "KD", "KC"]
    )
    run(game, "play AC", "play 7C", "declare bezique QS JD", "declare marriage_royal KH QH")
    run(game, "declare sequence AH TH KH*2 QH*2 JH", "draw", "play QS*1", "play 8C")
    assert "score 2" in texts(game)
    run(game, "score 2", "draw", "play JD*1", "play 9C")
    assert "score 3" in texts(game)
    run(game, "score 3")
    assert points(game) == (40 + 40 + 250, 0)
