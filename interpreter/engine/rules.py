"""A variant compiled for play: plain tuples and ints, read by the engine's hot paths.

The pydantic ``Variant`` stays the single source of truth.  Each rule concept compiles its own
frozen part of it — :func:`seven.compile <interpreter.engine.seven.compile>`,
:func:`window.compile <interpreter.engine.window.compile>` (declaring),
:func:`ledger.compile <interpreter.engine.ledger.compile>` (reuse), and so on — and ``Rules``
only assembles them with the deck's per-card tables (:mod:`interpreter.engine.tables`), so that
the engine never walks models while playing.  A ``Rules`` is frozen and holds no cache: what
it holds is a function of the variant alone, safe to share between games.
"""

from __future__ import annotations

from typing import Final

from interpreter.cards import Face
from interpreter.engine import (
    blanche,
    closing,
    combos,
    dealing,
    ledger,
    opencards,
    scoring,
    seven,
    sieve,
    tables,
    tricks,
    window,
)
from interpreter.engine.blanche import BlancheRules
from interpreter.engine.closing import ClosingRules
from interpreter.engine.combos import Combo, Shape, Sieve, Way
from interpreter.engine.dealing import DealRules
from interpreter.engine.ledger import ReuseRules
from interpreter.engine.opencards import OpenRules
from interpreter.engine.scoring import ScoringRules
from interpreter.engine.seven import SevenRules, Sevens
from interpreter.engine.tricks import EndgameRules
from interpreter.engine.window import DeclareRules
from interpreter.model import Variant
from interpreter.model.scoring import Settlement

__all__ = ["Combo", "Rules", "Shape", "Sieve", "Way"]


class Rules:
    """One variant compiled: its rule concepts' parts and per-card tables.  Frozen: every
    attribute is ``Final``, set once by the constructor (mypy refuses any other write)."""

    def __init__(self, variant: Variant) -> None:
        self.variant: Final = variant
        # The deck: card ids index every table below.
        model = variant.deck
        self.deck: Final = tables.deck(variant)
        cards = self.deck.cards
        self.faces: Final[tuple[Face, ...]] = cards
        self.n_cards: Final = len(cards)
        self.face: Final[tuple[str, ...]] = tuple([str(f) for f in cards])  # "QS"
        self.suit: Final[tuple[str, ...]] = tuple([f.suit for f in cards])
        self.rank: Final[tuple[str, ...]] = tuple([f.rank for f in cards])
        self.pairs: Final[tuple[tuple[int, Face], ...]] = tuple(enumerate(cards))  # (id, face)
        self.strength: Final = tables.strengths(cards, model.ranks)  # in the stock's tricks
        self.end_strength: Final = tables.strengths(cards, model.endgame_ranks or model.ranks)
        self.order: Final = tables.display_order(cards, model.suits, self.strength)
        self.jokers: Final = model.jokers
        self.brisque: Final = tables.brisques(cards, model.brisque_ranks)
        # What each card counts won in a trick (a brisque's value, or its rank's points), and
        # whether it counts at all (the brisques, unless the ranks have points).
        points = variant.brisques.values
        self.card_points: Final = tables.card_points(
            cards, points, self.brisque, variant.brisques.value
        )
        self.counts: Final = tables.counting(self.brisque, self.card_points, bool(points))
        self.by_face: Final = tables.copies_by_face(self.face)  # lowest id first
        self.copies: Final = tables.as_sets(self.by_face)
        self.face_mask: Final = tables.face_masks(self.by_face)  # one bit per card
        self.face_alone: Final = tables.alone(self.face)  # as events list the cards they name
        self.hand_plays: Final = tables.hand_plays(self.face)  # each card played from the hand
        # Display order: the card at each place, each card's place, and for each place its face
        # number and its play, so that a hand is listed by sorting integers.
        self.card_at: Final = tables.ranked(self.face, self.order)
        self.place: Final = tables.places(self.card_at)
        self.face_index: Final = tables.face_numbers(self.face, self.card_at)
        self.face_number: Final = tables.numbered(self.face, self.face_index)  # of each card
        self.face_at: Final = tables.numbered(
            tables.picked(self.face, self.card_at), self.face_index
        )
        self.play_at: Final = tables.picked(self.hand_plays, self.card_at)
        self.n_faces: Final = len(self.face_index)
        # The seats.
        self.players: Final = variant.players.count
        self.alone: Final = tables.alone(tuple(range(self.players)))  # as events name a seat
        self.sides: Final = tables.sides(variant)  # the partnerships, or each seat on its own
        self.side_of: Final = tables.side_of(self.sides, self.players)
        # Each side one seat: a side's total is its seat's score (``ending.target_reached``).
        self.seats_are_sides: Final = all(len(side) == 1 for side in self.sides)
        self._partners: Final = tables.partners(self.sides, self.side_of)
        self.hand_size: Final = variant.deal.hand_size
        # The rule concepts' parts, each compiled by its own module.
        self.combos: Final[tuple[Combo, ...]] = combos.compile(variant)
        self.combo_by_id: Final = {c.id: c for c in self.combos}
        self.combo_names: Final = {c.id: c.name for c in self.combos}
        self.pair_by_trump: Final = combos.bezique_pairs(variant)
        self.declare: Final[DeclareRules] = window.compile(variant)
        self.reuse: Final[ReuseRules] = ledger.compile(variant)
        sevens = seven.compile(variant, self.by_face, self.face, self.face_number)
        self.seven: Final[SevenRules | None] = sevens[0]
        self.sevens: Final[Sevens] = sevens[1]
        self.blanche: Final[BlancheRules | None] = blanche.compile(variant)
        self.open_cards: Final[OpenRules | None] = opencards.compile(variant)
        self.endgame: Final[EndgameRules] = tricks.compile(variant)
        self.joker_must_trump: Final = tricks.joker_must_trump(variant)
        self.dealing: Final[DealRules] = dealing.compile(variant)
        self.scoring: Final[ScoringRules] = scoring.compile(variant)
        self.settlement: Final[Settlement | None] = variant.settlement
        # A turn to play offers more than cards (``flow._play_extras``): carte blanche, the
        # seven exchanged at a turn to play, a declaration on lead, a close, a claim.
        self.closing: Final[ClosingRules | None] = closing.compile(variant)
        self.play_extras: Final = (
            self.sevens.at_play
            or self.declare.on_lead
            or self.closing is not None
            or self.scoring.claimed
        )
        # The last trick's points after the stock was closed (``tricks.finish``).
        self.last_after_close: Final = self.closing is not None and self.closing.last_trick
        # Declaring on lead: something follows each trick won (``window.trick_won``); and
        # the draw comes at once after it, unless the seven may be exchanged or shown then.
        self.trick_hooks: Final = self.declare.on_lead or self.declare.held
        self.draw_at_once: Final = self.declare.on_lead and (
            self.seven is None or self.sevens.at_play
        )
        # Last, as they read the parts above: the checks of a declaration (the window's and
        # the ledger's) that the variant gives something to check, each with its pruning, and
        # the declarations' sieve under each trump.
        self.ledger_checks: Final[ledger.Checks] = ledger.checks_of(self, window.CHECKS)
        self.ways: Final[dict[str | None, Sieve]] = sieve.compile(self)
        self._frozen: Final = True

    def __setattr__(self, name: str, value: object) -> None:
        """Once made, the rules are frozen (games share them): no attribute is set again.
        (The compiled build refuses it by itself: every attribute is ``Final``.)"""
        if getattr(self, "_frozen", False):
            raise AttributeError(f"the compiled rules are frozen: {name} cannot be set")
        object.__setattr__(self, name, value)

    def name(self, card: int) -> str:
        return self.face[card]

    def pretty(self, card: int) -> str:
        return self.faces[card].pretty

    def bezique_pair(self, trump: str | None) -> tuple[str, str] | None:
        return self.pair_by_trump[trump]

    def partners(self, seat: int) -> tuple[int, ...]:
        """The other seats of ``seat``'s side (none when each plays for himself)."""
        return self._partners[seat]
