"""Turkish Bezik (issue 18): the deck of ace to nine, trumps by the first king and queen, the
bezik of 50, four aces of one suit, the fours in trumps, brisques of 20 and the bezik formed
again once one of its cards is played.  Each test is named after the page that gives the rule
(the pages cited in ``variants/turkish.toml``)."""

from __future__ import annotations

from interpreter.engine import Game
from tests.support import dealt, run, scored, shipped, texts

LOW = ["9C", "9D", "9S", "JC", "JS", "9C", "9D", "9S", "JC"]
"""Seat 1's hand (seat 1 deals, seat 0 leads): cards of no use to him."""


def test_turkish_wikipedia_96_cards_ace_to_nine() -> None:
    game = Game.new(shipped("turkish"), seed=1)
    faces = game.rules.face
    assert len(faces) == 96 and {face[0] for face in faces} == set("ATKQJ9")
    assert game.trump is None and game.view(0).stock_size == 96 - 18


def test_turkish_wikipedia_the_first_king_and_queen_declared_fix_trumps() -> None:
    game = dealt(shipped("turkish"), [["KD", "QD", "AC"], LOW])
    run(game, "play AC", "play 9C")
    assert "declare marriage_royal KD QD" in texts(game)
    run(game, "declare marriage_royal KD QD")
    assert game.trump == "D" and ("marriage_royal", 40) in scored(game, 0)


def test_turkish_wikipedia_bezik_50_and_brisques_20() -> None:
    game = dealt(shipped("turkish"), [["QS", "JD", "AC"], LOW])
    run(game, "play AC", "play 9C", "declare bezique QS JD")
    assert scored(game, 0) == [("brisques", 20), ("bezique", 50)]


def test_turkish_wikipedia_four_aces_of_one_suit_500_of_any_suits_100() -> None:
    game = dealt(shipped("turkish"), [["AS", "AS", "AS", "AS", "AH", "KC"], LOW])
    run(game, "play KC", "play 9D")
    moves = texts(game)
    assert "declare four_aces_one_suit AS AS AS AS" in moves
    assert "declare four_aces AS AS AS AH" in moves
    run(game, "declare four_aces_one_suit AS AS AS AS")
    assert ("four_aces_one_suit", 500) in scored(game, 0)


def test_turkish_wikipedia_four_aces_of_trumps_1000() -> None:
    hand = ["KH", "QH", "AH", "AH", "AH", "AH", "KC", "KC"]
    game = dealt(shipped("turkish"), [hand, LOW], stock=["9H", "9H", "9H", "9H"])
    run(game, "play KC", "play 9D", "declare marriage_royal KH QH", "draw")
    run(game, "play KC", "play 9S")
    assert "declare four_trump_aces AH AH AH AH" in texts(game)
    run(game, "declare four_trump_aces AH AH AH AH")
    assert ("four_trump_aces", 1000) in scored(game, 0)


def test_hakkindabilgial_a_bezik_played_and_replaced_scores_again() -> None:
    """With 500 on the table, a queen of spades played and another put in its place: 500
    again."""
    hand = ["QS", "QS", "JD", "JD", "AC", "KC", "QS"]
    game = dealt(shipped("turkish"), [hand, LOW], stock=["TC", "9H", "TD", "9H"])
    run(game, "play AC", "play 9C", "declare double_bezique QS QS JD JD", "draw")
    assert not any(move.startswith("declare double") for move in texts(game))  # nothing new
    run(game, "play QS*1", "play 9D")  # one queen of the double played away
    doubles = [move for move in texts(game) if move.startswith("declare double_bezique")]
    assert doubles == ["declare double_bezique QS*1 QS JD*1 JD*1"]
    run(game, doubles[0])
    assert [points for what, points in scored(game, 0) if what == "double_bezique"] == [500, 500]
