"""The last tricks solved exactly, once every hand is known (a sampled world, or two players
once the stock is exhausted).

The solver plays the rules' own endgame: the cards each player may play come from the engine's
:func:`~interpreter.engine.tricks.endgame_playable` (follow suit, head the trick, trump when
void, a partner's trick excused where the rules say so), the winner from its
:func:`~interpreter.engine.tricks.winning_index`; the points are the brisques the rules score
(at once or at the end of the hand, the same total; with points by rank, each card's points)
and the last trick's bonus, of each duel when the last tricks are played as two duels
(Britannica, four-handed game).  :func:`exact_for` says where these are exactly the points
the deal scores from the position on.

A position is small: each hand is a sorted tuple of cards in which every copy of a face is
written as that face's first copy, so interchangeable copies are searched once and positions
that differ only by which copy a player holds are one entry of the transposition table.  The
search is alpha-beta over the plays, "paranoid" with more than two sides: the seat's side
maximises its own points, every other seat minimises them (the points of a trick all go to
one side, so this is also the side's margin over the rest)."""

from __future__ import annotations

from dataclasses import dataclass

from interpreter.engine import EventKind, Game, Phase, Rules, as_event
from interpreter.engine.tricks import endgame_playable, winning_index
from interpreter.model.scoring import BrisqueUsage, WhichTrick

Hand = tuple[int, ...]
INFINITY = 1 << 30
TABLE_LIMIT = 400_000
"""Positions kept in the transposition table before it is emptied."""


def exact_for(rules: Rules) -> bool:
    """Whether, once the stock is gone in a two-handed deal, the solver's values are exactly
    the points each card makes to the end of the deal: the last tricks are card play alone
    (no declaring in them), and what the cards won score adds up trick by trick (no minimum
    of brisques below which none count, no brisque war between the players' counts)."""
    scoring = rules.scoring
    return (
        rules.players == 2
        and not rules.declare.after_stock_exhausted
        and scoring.usage is not BrisqueUsage.WAR
        and scoring.minimum == 0
    )


@dataclass(frozen=True, slots=True)
class Endgame:
    """A position of the last tricks with every hand known.  Cards are written as the first
    copy of their face (see the module)."""

    hands: tuple[Hand, ...]
    trick: tuple[tuple[int, int], ...]  # (seat, card) played to the trick so far
    to_act: int
    active: tuple[int, ...]  # the seats playing to tricks, in turn (a duel: two)
    trump: str | None


class Solver:
    """Exact values of last-trick positions for one variant."""

    def __init__(self, rules: Rules, node_budget: int = 200_000) -> None:
        self.rules = rules
        self.node_budget = node_budget
        self.rep: tuple[int, ...] = tuple(rules.by_face[face][0] for face in rules.face)
        scoring = rules.scoring
        scored = scoring.usage is BrisqueUsage.ALWAYS
        # What each card won in a trick scores: a brisque's value, or its rank's points.
        self.trick_points: tuple[int, ...] = tuple(
            points if scored else 0 for points in rules.card_points
        )
        self.last_points = scoring.last_points if scoring.which is WhichTrick.FINAL else 0
        # The order in which cards are tried: strong cards first (they end searches sooner).
        ranked = sorted(range(rules.n_cards), key=lambda c: (-rules.end_strength[c], c))
        self._first: tuple[int, ...] = tuple(sorted(range(rules.n_cards), key=ranked.index))
        self.nodes = 0
        self.aborted = False  # the budget ran out: the values found mean nothing
        self._table: dict[tuple[tuple[Hand, ...], int], tuple[int, int]] = {}
        self._side = 0
        self._trump: str | None = None

    # -- positions --------------------------------------------------------------------------
    def position(self, game: Game) -> Endgame | None:
        """The position of ``game`` (a world in which every hand is known), or None when it
        is not a card play of the last tricks."""
        if game.is_over or game.phase is not Phase.PLAY:
            return None
        to_act = game.to_act
        assert to_act is not None
        view = game.view(to_act)
        if view.stock_size:
            return None
        rules, rep = self.rules, self.rep
        hands = tuple(
            tuple(sorted(rep[card] for card, _ in game.view(seat).hand))
            for seat in range(rules.players)
        )
        trick = tuple((seat, rules.by_face[str(face)][0]) for seat, face in view.trick)
        return Endgame(hands, trick, to_act, _active(game), game.trump)

    # -- solving ----------------------------------------------------------------------------
    def values(self, position: Endgame, seat: int, exact: bool = True) -> dict[int, int] | None:
        """For each card ``position.to_act`` (``seat``) may play, as its face's first copy, the
        points ``seat``'s side gains with it until the end of the current duel (or of the last
        tricks), with best play by every side; a duel still to come does not depend on the
        card.  Not ``exact``: only the best card's value is exact, the others' are bounds that
        show them no better.  None when the search needed more positions than its budget."""
        self._start(position, seat)
        hands = list(position.hands)
        trick = [card for _, card in position.trick]
        seats = [s for s, _ in position.trick]
        mover = position.to_act
        found: dict[int, int] = {}
        best = -INFINITY
        for card in self._playable(hands, trick, seats, mover):
            alpha = -INFINITY if exact else best
            value = self._after(hands, trick, seats, mover, card, position.active, alpha, INFINITY)
            found[card] = value
            best = max(best, value)
        return None if self.aborted else found

    def _start(self, position: Endgame, seat: int) -> None:
        stale = position.trump != self._trump or self.rules.side_of[seat] != self._side
        if stale or len(self._table) > TABLE_LIMIT:
            self._table.clear()
        self._trump = position.trump
        self._side = self.rules.side_of[seat]
        self.nodes = 0
        self.aborted = False

    def _playable(self, hands: list[Hand], trick: list[int], seats: list[int], mover: int) -> Hand:
        rules = self.rules
        exempt = False
        if trick and rules.endgame.partner_exempt:
            best = seats[winning_index(trick, rules.suit, rules.end_strength, self._trump)]
            exempt = best in rules.partners(mover)
        allowed = endgame_playable(
            hands[mover],
            trick,
            rules.suit,
            rules.end_strength,
            self._trump,
            rules.endgame,
            exempt=exempt,
        )
        return tuple(sorted(set(allowed), key=self._first.__getitem__))

    def _search(
        self,
        hands: list[Hand],
        trick: list[int],
        seats: list[int],
        mover: int,
        active: tuple[int, ...],
        alpha: int,
        beta: int,
    ) -> int:
        """The points the solver's side gains from here to the end of this duel (or of the
        last tricks)."""
        self.nodes += 1
        if self.nodes > self.node_budget:
            self.aborted = True  # every search returns at once, and nothing is kept
            return 0
        key: tuple[tuple[Hand, ...], int] | None = None
        if not trick:
            if not any(hands[s] for s in active):
                return 0
            key = (tuple(hands), mover)
            bounds = self._table.get(key)
            if bounds is not None:
                low, high = bounds
                if low >= beta or low == high:  # the value, or a bound enough to cut
                    return low
                if high <= alpha:
                    return high
                alpha, beta = max(alpha, low), min(beta, high)
        start_alpha, start_beta = alpha, beta
        maximise = self.rules.side_of[mover] == self._side
        best = -INFINITY if maximise else INFINITY
        for card in self._playable(hands, trick, seats, mover):
            value = self._after(hands, trick, seats, mover, card, active, alpha, beta)
            if maximise:
                if value > best:
                    best = value
                    alpha = max(alpha, value)
            elif value < best:
                best = value
                beta = min(beta, value)
            if alpha >= beta:
                break
        if key is not None and not self.aborted:
            self._remember(key, best, start_alpha, start_beta)
        return best

    def _remember(
        self, key: tuple[tuple[Hand, ...], int], best: int, alpha: int, beta: int
    ) -> None:
        """Keep in the transposition table what a search of the position ``key`` within the
        window (``alpha``, ``beta``) found: ``best`` is its exact value inside the window, an
        upper bound at or below it, a lower bound at or above it."""
        low, high = self._table.get(key, (-INFINITY, INFINITY))
        if best <= alpha:
            high = min(high, best)
        elif best >= beta:
            low = max(low, best)
        else:
            low = high = best
        self._table[key] = (low, high)

    def _after(
        self,
        hands: list[Hand],
        trick: list[int],
        seats: list[int],
        mover: int,
        card: int,
        active: tuple[int, ...],
        alpha: int,
        beta: int,
    ) -> int:
        """The value once ``mover`` has played ``card``."""
        hand = hands[mover]
        index = hand.index(card)
        hands[mover] = hand[:index] + hand[index + 1 :]
        trick.append(card)
        seats.append(mover)
        try:
            if len(trick) < len(active):
                following = active[(active.index(mover) + 1) % len(active)]
                return self._search(hands, trick, seats, following, active, alpha, beta)
            rules = self.rules
            winner = seats[winning_index(trick, rules.suit, rules.end_strength, self._trump)]
            points = sum(self.trick_points[c] for c in trick)
            if not any(hands[s] for s in active):
                points += self.last_points
            gained = points if rules.side_of[winner] == self._side else 0
            return gained + self._search(
                hands, [], [], winner, active, alpha - gained, beta - gained
            )
        finally:
            trick.pop()
            seats.pop()
            hands[mover] = hand


def _active(game: Game) -> tuple[int, ...]:
    """The seats playing to tricks now, from the public events of the deal: every seat, or
    the two of the duel under way when the last tricks are duels."""
    for event in map(as_event, reversed(game.raw_events())):  # this deal's only are read
        if event.kind is EventKind.DUEL:
            return tuple(event.values)
        if event.kind in (EventKind.DEAL, EventKind.ENDGAME):
            break
    return tuple(range(game.players))
