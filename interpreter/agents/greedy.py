"""A heuristic player built from the hints of Hoyle and Enquire Within.

- Declare the most valuable combination at once; exchange and show the seven of trumps.
- Keep bézique and sequence cards, kings and queens that may marry, and cards of a rank held
  three or more times; throw away low plain cards ("sevens, eights, nines and knaves of plain
  suits").
- Win a trick that holds a brisque when it is cheap to do so, and a trick that lets it declare.
- When the stock is nearly exhausted, take tricks (to stop the opponent declaring); in the last
  tricks win brisques and keep a good trump for the last trick.
"""

from __future__ import annotations

from collections import Counter
from typing import assert_never

from interpreter.cards import JOKER_FACE, Face
from interpreter.engine import (
    CarteBlanche,
    Claim,
    Declare,
    Draw,
    Elect,
    ExchangeSeven,
    Move,
    Play,
    PlayerView,
    Rules,
    ScorePending,
    ShowSeven,
)
from interpreter.engine.combos import Combo, Shape
from interpreter.engine.moves import label_face
from interpreter.model import Variant
from interpreter.model.combinations import SuitFilter


def side_points(rules: Rules, view: PlayerView) -> int:
    """The points of the viewing player's side (partners' scores added)."""
    return sum(view.scores[seat] for seat in rules.sides[rules.side_of[view.player]])


class GreedyAgent:
    name = "greedy"

    def __init__(self, variant: Variant | Rules, seed: int | None = None) -> None:
        self.rules = variant if isinstance(variant, Rules) else Rules(variant)
        order = self.rules.deck.rank_order
        self.strength = {rank: len(order) - i for i, rank in enumerate(order)}
        end_order = self.rules.variant.deck.endgame_ranks or order
        self.end_strength = {rank: len(end_order) - i for i, rank in enumerate(end_order)}
        self.brisques = set(self.rules.variant.deck.brisque_ranks)
        self.claims = self.rules.scoring.claimed
        del seed  # the greedy agent is deterministic

    def has_target(self, view: PlayerView) -> bool:
        """Whether the player's side has the target now: the only time it claims it."""
        return side_points(self.rules, view) >= self.rules.scoring.target

    # -- choosing --------------------------------------------------------------------------
    def choose(self, view: PlayerView) -> Move:
        moves = view.legal_moves
        first = moves[0]
        if isinstance(first, Elect):
            return next(m for m in moves if isinstance(m, Elect) and not m.deal)
        if isinstance(first, CarteBlanche):
            return first
        if self.claims and any(isinstance(m, Claim) for m in moves) and self.has_target(view):
            return next(m for m in moves if isinstance(m, Claim))
        if not isinstance(first, Play):
            chosen = self._declare(moves)
            if chosen is not None:
                return chosen
        # A card: also at a lead that offers more than cards (declaring on lead, closing the
        # stock, which the greedy player never does, claiming a target it has not).
        plays = [m for m in moves if isinstance(m, Play)]
        return self._endgame(view, plays) if view.endgame else self._stock(view, plays)

    def _declare(self, moves: tuple[Move, ...]) -> Move | None:
        """The seven, the best declaration, else ``draw``; None at a lead with none of them."""
        for move in moves:
            if isinstance(move, ExchangeSeven | ShowSeven):
                return move
        scoring = [m for m in moves if isinstance(m, Declare | ScorePending)]
        if scoring:
            return max(scoring, key=lambda m: m.points)
        return next((m for m in moves if isinstance(m, Draw)), None)

    # -- card values -----------------------------------------------------------------------
    def _keep_value(self, view: PlayerView, face: Face, mine: Counter[str]) -> float:
        """How much it would cost to part with a card of ``face`` now."""
        trump = view.trump
        value = 0.0
        if face.rank in self.brisques:
            value += 10
        if face.suit == trump:
            value += 6
        pair = self.rules.bezique_pair(trump)
        for combo in self.rules.combos:
            value += _combo_value(combo, face, mine, trump, pair)
        seven = self.rules.seven
        if seven is not None and face.rank == seven.rank and face.suit == trump:
            value += 8
        return value

    def _wins(self, view: PlayerView, face: Face, strength: dict[str, int]) -> bool:
        best = view.trick[0][1]
        for _, card in view.trick[1:]:
            if _beats(card, best, view.trump, strength):
                best = card
        return _beats(face, best, view.trump, strength)

    # -- stock phase -----------------------------------------------------------------------
    def _stock(self, view: PlayerView, plays: list[Play]) -> Move:
        faces = {m.label: _face_of(m.label) for m in plays}
        mine = Counter(str(face) for _, face in view.my_cards)
        keep = {m.label: self._keep_value(view, faces[m.label], mine) for m in plays}
        if not view.trick:
            return min(plays, key=lambda m: (keep[m.label], m.label))
        winners = [m for m in plays if self._wins(view, faces[m.label], self.strength)]
        losers = [m for m in plays if m not in winners]
        prize = sum(10 for _, f in view.trick if f.rank in self.brisques)
        if view.stock_size <= 2 * view.players or self._can_declare(view, mine):
            prize += 25
        if winners:
            cheapest = min(winners, key=lambda m: (keep[m.label], m.label))
            cost = keep[cheapest.label] + (10 if faces[cheapest.label].rank in self.brisques else 0)
            if prize > 0 and cost <= prize + 10:
                return cheapest
        pool = losers or plays
        return min(pool, key=lambda m: (keep[m.label], m.label))

    def _can_declare(self, view: PlayerView, mine: Counter[str]) -> bool:
        trump = view.trump
        for combo in self.rules.combos:
            if combo.needs_trump and trump is None:
                continue
            if self._holds(combo, mine, trump):
                return True
        return False

    def _holds(self, combo: Combo, mine: Counter[str], trump: str | None) -> bool:
        """Whether the cards of ``mine`` form ``combo`` with ``trump`` as trumps."""
        match combo.shape:
            case Shape.SAME_SUIT:
                suits = [s for s in self.rules.deck.suits if _suit_ok(combo.suit, s, trump)]
                return any(all(mine[r + s] for r in combo.ranks) for s in suits)
            case Shape.SAME_RANK:
                held = sum(
                    c
                    for k, c in mine.items()
                    if _rank(k) == combo.of and _suit_ok(combo.suit, _face_of(k).suit, trump)
                )
                return held >= combo.count
            case Shape.BEZIQUE:
                pair = self.rules.bezique_pair(trump)
                return pair is not None and min(mine[pair[0]], mine[pair[1]]) >= combo.count
        assert_never(combo.shape)

    # -- last tricks -----------------------------------------------------------------------
    def _endgame(self, view: PlayerView, plays: list[Play]) -> Move:
        faces = {m.label: _face_of(m.label) for m in plays}
        strength = self.end_strength
        trump = view.trump

        def rank_key(move: Play) -> tuple[int, int]:
            face = faces[move.label]
            return (int(face.suit == trump), strength.get(face.rank, 0))

        if not view.trick:
            plain_aces = [
                m
                for m in plays
                if faces[m.label].rank == self.rules.deck.rank_order[0]
                and faces[m.label].suit != trump
            ]
            if plain_aces:
                return plain_aces[0]
            return min(plays, key=rank_key)
        winners = [m for m in plays if self._wins(view, faces[m.label], strength)]
        if winners:
            return min(winners, key=rank_key)
        return min(plays, key=lambda m: (int(faces[m.label].rank in self.brisques), rank_key(m)))


def _combo_value(
    combo: Combo, face: Face, mine: Counter[str], trump: str | None, pair: tuple[str, str] | None
) -> float:
    """What ``face`` is worth towards ``combo``, given the cards of ``mine``."""
    match combo.shape:
        case Shape.BEZIQUE:
            if pair is not None and str(face) in pair:
                return combo.points / (8 * combo.count)
        case Shape.SAME_SUIT:
            if face.rank in combo.ranks and _suit_ok(combo.suit, face.suit, trump):
                held = sum(1 for r in combo.ranks if mine[r + face.suit])
                return combo.points * held / (len(combo.ranks) * 6)
        case Shape.SAME_RANK:
            if face.rank == combo.of and _suit_ok(combo.suit, face.suit, trump):
                held = sum(count for key, count in mine.items() if _rank(key) == combo.of)
                return combo.points * min(held, combo.count) / (combo.count * 5)
        case _:
            assert_never(combo.shape)
    return 0.0


def _rank(face: str) -> str:
    """The rank of a face as written (``QS`` → ``Q``; a joker ``JK`` → ``JK``)."""
    return face if face == str(JOKER_FACE) else face[:-1]


def _face_of(label: str) -> Face:
    text = label_face(label)
    if text == str(JOKER_FACE):
        return JOKER_FACE
    return Face(text[-1], text[:-1])


def _suit_ok(suit_filter: SuitFilter, suit: str, trump: str | None) -> bool:
    if suit_filter is SuitFilter.TRUMP:
        return suit == trump
    if suit_filter is SuitFilter.PLAIN:
        return suit != trump
    return True


def _beats(card: Face, best: Face, trump: str | None, strength: dict[str, int]) -> bool:
    if card.suit == best.suit:  # a joker has no strength: it never beats another
        return strength.get(card.rank, 0) > strength.get(best.rank, 0)
    return card.suit == trump
