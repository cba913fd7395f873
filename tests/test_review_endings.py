"""Exact losses on hand-made endings with a known answer (issue 37).

Each ending is dealt in ``tests/fixtures/endings.toml`` (aces, tens and sevens of one pack:
one trick empties the stock, then the last tricks: follow and head the trick, else trump) and
played to two cards a hand.  The answer is worked out by hand in each test's docstring; the
review's exact loss, the solver's values and a plain minimax through the engine must all say
the same."""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.agents.solver import Solver
from interpreter.engine import Game, Play, Rules
from interpreter.loader import load_variant
from interpreter.review import Judge
from tests.support import dealt
from tests.test_expert import brute_force

ENDINGS = Path(__file__).parent / "fixtures" / "endings.toml"


def ending(hands: list[list[str]], turn_up: str, stock: str, moves: list[str]) -> Game:
    """The deal of ``hands`` (p2 deals, p1 leads), played through ``moves``."""
    variant = load_variant(str(ENDINGS), trusted=True)
    game = dealt(variant, hands, dealer=1, turn_up=turn_up, stock=[stock])
    for move in moves:
        game.step(game.parse_move(move))
    return game


def weighed(game: Game, known: dict[str, int]) -> dict[str, float]:
    """Each card's exact loss as the review gives it, after checking that the solver and a
    minimax through the engine both find the values ``known`` (points the mover's side makes
    to the end of the deal)."""
    rules: Rules = game.rules
    seat = game.to_act
    assert seat is not None
    view = game.view(seat)
    assert view.stock_size == 0 and sorted(str(m) for m in view.legal_moves) == sorted(known)
    solver = Solver(rules)
    position = solver.position(game)
    assert position is not None
    values = solver.values(position, seat)
    assert values is not None
    judge = Judge(rules, seat)
    losses = {}
    for move in view.legal_moves:
        assert isinstance(move, Play)
        assert values[solver.rep[move.card]] == known[str(move)], move
        assert brute_force(game, move, rules.side_of[seat], position.active) == known[str(move)]
        judged = judge.judge(game, move)
        assert judged is not None and judged.exact
        losses[str(move)] = judged.loss
    return losses


def last_trump_ending() -> Game:
    """Spades trumps; p2 to lead 7♠ 7♦ against p1's A♠ A♣."""
    return ending(
        [["AH", "TH", "TD", "AC", "7C"], ["7S", "7H", "AD", "7D", "TC"]],
        "TS",
        "AS",
        ["play TH", "play TC", "play TD", "play AD", "play 7H", "play AH", "play 7C", "play TS"],
    )


def test_leading_the_last_trump_gives_away_the_last_trick_and_an_ace() -> None:
    """Spades trumps; p2 to lead 7♠ 7♦ against p1's A♠ A♣.  Leading 7♠, p2 must see A♠ head
    it, then p1's A♣ takes the last trick: 0.  Leading 7♦, p1 must trump with A♠ (10 to
    p1), and p2 trumps A♣ with 7♠: A♣ and the last trick, 20.  The trump led loses 20."""
    game = last_trump_ending()
    losses = weighed(game, {"play 7S": 0, "play 7D": 20})
    assert losses == {"play 7S": 20.0, "play 7D": 0.0}


def test_the_ten_kept_to_head_the_last_lead_wins_the_last_trick() -> None:
    """Spades trumps; p1 to lead T♥ 7♣ against p2's 7♥ A♣.  Leading 7♣, p1 sees A♣ take it
    (10 to p2) and p2 must lead 7♥ into T♥: 10 and the last trick, 20.  Cashing T♥ first
    (10), p1 must then lead 7♣ into A♣, and the last trick is p2's.  Cashing it loses 10."""
    game = ending(
        [["AS", "TH", "AD", "7D", "7C"], ["AH", "7H", "TD", "AC", "TC"]],
        "TS",
        "7S",
        ["play AD", "play TD", "play AS", "play TS", "play 7S", "play AH", "play 7D", "play TC"],
    )
    losses = weighed(game, {"play 7C": 20, "play TH": 10})
    assert losses == {"play 7C": 0.0, "play TH": 10.0}


def test_a_lead_the_other_cannot_follow_makes_him_throw_a_brisque() -> None:
    """Diamonds trumps; p1 to lead 7♥ 7♣ against p2's A♣ T♣, no trump on either side.
    Leading 7♥, p2 can neither follow nor trump and throws a club brisque: 10 to p1 (the
    last trick then goes to p2).  Leading 7♣, p2 takes it and the last trick: 0."""
    game = ending(
        [["AS", "TH", "7H", "TD", "7C"], ["TS", "7S", "AH", "AC", "TC"]],
        "7D",
        "AD",
        ["play TD", "play TS", "play TH", "play AH", "play 7D", "play AD", "play AS", "play 7S"],
    )
    losses = weighed(game, {"play 7H": 10, "play 7C": 0})
    assert losses == {"play 7H": 0.0, "play 7C": 10.0}


@pytest.mark.parametrize("played", ["play 7S", "play 7D"])
def test_a_card_of_equal_value_is_no_mistake_and_a_worse_one_says_exactly(played: str) -> None:
    """The sentence the review prints for the first ending: a loss of 20, exactly; the best
    card, none."""
    game = last_trump_ending()
    judged = Judge(game.rules, 1).judge(game, game.parse_move(played))
    assert judged is not None
    if played == "play 7S":
        assert judged.mistake
        assert judged.sentence() == "trick 5: 7♠ lost 20 points, exactly; the expert plays 7♦"
    else:
        assert not judged.mistake and judged.loss == 0
