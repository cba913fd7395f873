"""Game for game against the ``schnapsen`` package (0.0.5), an engine written by other people.

The package (GPL-3.0) is a test oracle only: it is installed for the tests (``pip install
--no-deps schnapsen==0.0.5``: only its stdlib-only ``schnapsen.game`` and ``schnapsen.deck``
are imported), never a dependency of the interpreter, and none of its code is copied here.

One deal of ours is one game of the package.  The package shuffles its deck; the same deck order
is dealt by us (:func:`our_deck`); then both engines are driven in lockstep: whenever the package
asks one of its bots for a move, the seat to act, its hand, the trump suit, the turn-up, the
stock's size and the legal moves (as sets of move texts) must agree, one move is chosen (from
the package's list or from ours, by turns), and it is played in both.  After every trick the
scores and the points held for a marriage must agree, and at the end the winner, the game
points and how the game ended.  The first difference raises :class:`Difference`, which says
where, with the deck and our moves so far.

Shared by ``tests/test_versus_schnapsen_games.py`` (a few hundred deals) and
``benchmarks/versus_schnapsen_games.py`` (thousands)."""

from __future__ import annotations

import importlib.util
import os
import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from interpreter.engine import Ending, Game, Rules

if TYPE_CHECKING:
    from collections.abc import Callable

PLATFORM = "schnapsen-platform"
"""The shipped overlay of Schnapsen that plays the package's game."""
_RANKS = {"ACE": "A", "TEN": "T", "KING": "K", "QUEEN": "Q", "JACK": "J"}


REQUIRE = "BEZIQUE_REQUIRE_REFERENCE"
INSTALL = "pip install --no-deps schnapsen==0.0.5"


def require_package() -> None:
    """Skip the calling test when the package is not installed, saying how to install it;
    fail instead where ``BEZIQUE_REQUIRE_REFERENCE`` is set (as CI sets it)."""
    import pytest

    if importlib.util.find_spec("schnapsen") is not None:
        return
    reason = f"needs the schnapsen package, the independent engine; install it with `{INSTALL}`"
    if os.environ.get(REQUIRE, "") not in ("", "0"):
        pytest.fail(f"{reason}; {REQUIRE} is set, so it must be there", pytrace=False)
    pytest.skip(reason)


class Difference(AssertionError):
    """The two engines disagree: where, and on what."""


def face(card: Any) -> str:
    """Our face of one of the package's cards: ``TH`` for its ten of hearts."""
    return f"{_RANKS[card.rank.name]}{card.suit.name[0]}"


def our_deck(shuffled: list[Any]) -> list[str]:
    """Our deck order (top first) for the package's shuffled deck: it deals cards 0, 2, .., 8
    to its first leader and 1, 3, .., 9 to the other, and keeps 10..19 as the talon, 10 on top
    and 19, the trump card, at the bottom.  We deal one card at a time from the dealer's left
    (seat 0, the package's first leader, with seat 1 dealing), turn up the next card, and draw
    the rest from the top."""
    faces = [face(card) for card in shuffled]
    return [*faces[:10], faces[19], *faces[10:19]]


def move_text(move: Any, trump: str) -> str:
    """Our text of one of the package's moves (a marriage is our ``declare``, its king led
    after it)."""
    if move.is_marriage():
        marriage = move.as_marriage()
        king, queen = face(marriage.king_card), face(marriage.queen_card)
        kind = "marriage_royal" if king[1] == trump else "marriage_common"
        return f"declare {kind} {king} {queen}"
    if move.is_trump_exchange():
        return f"exchange {face(move.as_trump_exchange().jack)}"
    return f"play {face(move.as_regular_move().card)}"


@dataclass
class Deal:
    """One deal of both engines: ours, and what was done so far."""

    number: int
    deck: list[str]
    game: Game
    choose_ours: bool
    rng: random.Random
    moves: list[str] = field(default_factory=list)
    decisions: int = 0
    tricks: int = 0

    def differ(self, what: str, ours: object, theirs: object) -> Difference:
        return Difference(
            f"deal {self.number}, decision {self.decisions}: {what} differs\n"
            f"  ours:    {ours!r}\n  package: {theirs!r}\n"
            f"  deck (top first): {' '.join(self.deck)}\n"
            f"  our moves so far: {'; '.join(self.moves)}"
        )

    def same(self, what: str, ours: object, theirs: object) -> None:
        if ours != theirs:
            raise self.differ(what, ours, theirs)


class Lockstep:
    """A player for the package (it asks its bots ``get_move`` and tells them of a trump
    exchange) that plays our seat ``seat`` in ``deal``, checking at each of its decisions that
    both engines agree."""

    def __init__(self, deal: Deal, seat: int) -> None:
        self.deal, self.seat = deal, seat

    def get_move(self, perspective: Any, leader_move: Any) -> Any:
        return decide(self.deal, self.seat, perspective, leader_move)

    def notify_trump_exchange(self, move: Any) -> None:
        """Nothing to do: the exchange was played in ours when it was chosen."""

    def __str__(self) -> str:
        return f"p{self.seat + 1}"


def decide(deal: Deal, seat: int, perspective: Any, leader_move: Any) -> Any:
    """One decision: compare what both engines show the seat, choose, play it in ours."""
    game = deal.game
    deal.decisions += 1
    view = game.view(seat)
    trump = perspective.get_trump_suit().name[0]
    deal.same("the seat to act", game.to_act, seat)
    deal.same("the trump suit", view.trump, trump)
    hand = sorted(map(face, perspective.get_hand()))
    deal.same("the hand", sorted(str(f) for _, f in view.hand), hand)
    card = perspective.get_trump_card()
    turn_up = None if view.turn_up is None else str(view.turn_up)
    deal.same("the turn-up", turn_up, None if card is None else face(card))
    deal.same("the stock's size", view.stock_size, perspective.get_talon_size())
    deal.same("leading", not view.trick, leader_move is None)
    theirs = {move_text(m, trump): m for m in perspective.valid_moves()}
    ours = [str(m) for m in game.legal_moves()]
    deal.same("the legal moves", sorted(ours), sorted(theirs))
    text = deal.rng.choice(sorted(ours) if deal.choose_ours else sorted(theirs))
    play(deal, text)
    return theirs[text]


def play(deal: Deal, text: str) -> None:
    """``text`` in ours: a marriage is shown, then its king led (the only move left)."""
    game = deal.game
    game.apply(text)
    deal.moves.append(text)
    if text.startswith("declare"):
        king = text.split()[2]
        after = [str(m) for m in game.legal_moves()]
        deal.same("the moves after a marriage", after, [f"play {king}"])
        game.apply(f"play {king}")
        deal.moves.append(f"play {king}")


def after_trick(deal: Deal, state: Any, seats: dict[Any, int]) -> None:
    """After each trick of the package: the scores and the points held."""
    deal.tricks += 1
    scores = [0, 0]
    held = [0, 0]
    for bot_state in (state.leader, state.follower):
        seat = seats[bot_state.implementation]
        scores[seat] = bot_state.score.direct_points
        held[seat] = bot_state.score.pending_points
    deal.same("the scores", list(deal.game.scores), scores)
    deal.same("the points held", list(deal.game.view(0).held_points), held)


def compare_deal(rules: Rules, number: int, *, choose_ours: bool) -> Deal:
    """Deal ``number`` (the package's shuffle seed) in both engines and compare it to its end;
    raises :class:`Difference` at the first disagreement."""
    from schnapsen.game import BotState, GameState, SchnapsenGamePlayEngine

    engine = SchnapsenGamePlayEngine()
    generator = engine.deck_generator
    dealt = generator.shuffle_deck(generator.get_initial_deck(), random.Random(number))
    deck = our_deck(list(dealt))
    game = Game.new(rules, deck_order=deck, dealer=1)
    deal = Deal(number, deck, game, choose_ours, random.Random(number * 7919 + 1))
    bots = (Lockstep(deal, 0), Lockstep(deal, 1))
    seats: dict[Any, int] = {bots[0]: 0, bots[1]: 1}
    hand1, hand2, talon = engine.hand_generator.generateHands(dealt)
    players: tuple[Any, Any] = bots  # (the package asks its bots only what Lockstep answers)
    state = GameState(
        leader=BotState(implementation=players[0], hand=hand1),
        follower=BotState(implementation=players[1], hand=hand2),
        talon=talon,
        previous=None,
    )
    while True:
        state = engine.trick_implementer.play_trick(engine, state)
        previous = state.previous
        assert previous is not None  # (a trick was just played)
        if not previous.trick.is_trump_exchange():
            after_trick(deal, state, seats)
        result = engine.trick_scorer.declare_winner(state)
        if result:
            break
        deal.same("the game over", game.is_over, False)
    winner, points = result
    outcome = game.outcome
    deal.same("the game over", outcome is not None, True)
    assert outcome is not None
    deal.same("the winner", outcome.winner, seats[winner.implementation])
    deal.same("the game points", outcome.game_points, points)
    played_out = state.are_all_cards_played() and winner.score.direct_points < 66
    deal.same("how it ended", outcome.ending, Ending.LAST_TRICK if played_out else Ending.TARGET)
    return deal


def compare(
    rules: Rules, deals: range, progress: Callable[[Deal], None] | None = None
) -> list[Deal]:
    """Every deal of ``deals``, choosing from the package's moves on even deals and from ours
    on odd ones."""
    done = []
    for number in deals:
        deal = compare_deal(rules, number, choose_ours=number % 2 == 1)
        done.append(deal)
        if progress is not None:
            progress(deal)
    return done
