"""A variant compiled for play: plain tuples and ints, read by the engine's hot paths.

The pydantic ``Variant`` stays the single source of truth; ``Rules`` only re-arranges it so that
the engine never walks models while playing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any, TypeVar

from pydantic import BaseModel

from interpreter.cards import JOKER_SUIT, Deck, Face, parse_face
from interpreter.engine.combos import Combo, Shape, Sieve, Way, compile_combo
from interpreter.engine.moves import ExchangeSeven, Play, ShowSeven
from interpreter.model import Variant
from interpreter.model.deck import CountGuess, CutRule, FirstRecipient, Rotation
from interpreter.model.play import (
    CarteBlancheWindow,
    DeclareRight,
    EndgameMode,
    FreshCard,
    HeadReference,
    JokerLed,
    Lead,
    MarriageRepair,
    PartnerCards,
    PerTrick,
    ReformTrigger,
    ReuseMode,
    SevenExchange,
    SevenScore,
    TrickPiles,
    TrumpFixedOn,
    TrumpIfVoid,
    TrumpMode,
    Zone,
)
from interpreter.model.scoring import (
    SCORED_USAGES,
    BrisqueTiming,
    BrisqueUsage,
    GameFormat,
    WhichTrick,
    WinCheck,
)

__all__ = ["Combo", "Rules", "Shape", "Sieve", "Way"]

Plain = TypeVar("Plain")


def _plain(cls: type[Plain], *blocks: BaseModel) -> Plain:
    """A compiled block: the fields ``cls`` declares, read once from the model blocks (the
    first block that has the field)."""
    values: dict[str, Any] = {}
    for f in fields(cls):  # type: ignore[arg-type]
        if not f.init:
            continue
        block = next(b for b in blocks if f.name in type(b).model_fields)
        values[f.name] = getattr(block, f.name)
    return cls(**values)


@dataclass(frozen=True, slots=True)
class DeclareRules:
    right: DeclareRight
    scores_per_trick: PerTrick
    pending_allowed: bool
    fresh_card_required: FreshCard
    after_stock_exhausted: bool
    sources: tuple[Zone, ...]
    must_use_trick_card: bool
    mode: TrumpMode
    fixed_on: TrumpFixedOn
    others_before_trumps: bool
    # The source zones as flags, for the hot paths.
    from_hand: bool = field(init=False)
    from_table: bool = field(init=False)
    from_open: bool = field(init=False)
    from_held: bool = field(init=False)  # the hand and the table: ``Table.held`` counts them
    from_opened: bool = field(init=False)  # the open cards alone: ``Table.opened`` counts them
    # The right and the quota as flags, for the hot paths (an enum member read from a class
    # of the model is a slow look-up, compiled or not).
    may_pass: bool = field(init=False)  # the winner may pass the right to his partner
    partner_declares: bool = field(init=False)  # the winner's partner declares after him
    one_per_trick: bool = field(init=False)  # one combination scored per trick
    one_per_kind: bool = field(init=False)  # one of each kind per trick
    disjoint_per_trick: bool = field(init=False)  # several per trick, sharing no card

    def __post_init__(self) -> None:
        object.__setattr__(self, "from_hand", Zone.HAND in self.sources)
        object.__setattr__(self, "from_table", Zone.TABLE in self.sources)
        object.__setattr__(self, "from_open", Zone.OPEN in self.sources)
        object.__setattr__(self, "from_held", set(self.sources) == {Zone.HAND, Zone.TABLE})
        object.__setattr__(self, "from_opened", set(self.sources) == {Zone.OPEN})
        object.__setattr__(self, "may_pass", self.right is DeclareRight.WINNER_MAY_PASS)
        object.__setattr__(self, "partner_declares", self.right is DeclareRight.WINNER_OR_PARTNER)
        object.__setattr__(self, "one_per_trick", self.scores_per_trick is PerTrick.ONE)
        object.__setattr__(self, "one_per_kind", self.scores_per_trick is PerTrick.ONE_PER_KIND)
        object.__setattr__(
            self, "disjoint_per_trick", self.scores_per_trick is PerTrick.DISJOINT_MANY
        )


@dataclass(frozen=True, slots=True)
class ReuseRules:
    mode: ReuseMode
    inferior_bar: bool
    reform_trigger: ReformTrigger
    marriage_repair: MarriageRepair
    repair_kinds: tuple[str, ...]
    multi_bezique_extension: bool
    partner_cards: PartnerCards
    reform_with_added: tuple[str, ...]
    partner_multi: bool = field(init=False)  # béziques from either partner's declared cards
    partner_any: bool = field(init=False)  # any combination on a partner's table (bicyclecards.com)
    partner_used: bool = field(init=False)  # a partner's declared cards may serve at all

    def __post_init__(self) -> None:
        multi = self.partner_cards is PartnerCards.EITHER_HAND_FOR_MULTI_BEZIQUE
        any_ = self.partner_cards is PartnerCards.PARTNER_TABLE
        object.__setattr__(self, "partner_multi", multi)
        object.__setattr__(self, "partner_any", any_)
        object.__setattr__(self, "partner_used", multi or any_)


@dataclass(frozen=True, slots=True)
class SevenRules:
    rank: str
    turned_up_points: int
    exchange: bool
    exchange_points: int
    exchange_when: SevenExchange
    points: int
    score_trigger: SevenScore
    turn_up_declarable: bool
    # As flags, for the hot paths: only the seven won in the trick just taken is exchanged
    # (Polish); the seven is shown for its points after a trick won.
    won_in_trick: bool = field(init=False)
    shown: bool = field(init=False)

    def __post_init__(self) -> None:
        won = self.exchange_when is SevenExchange.WINNER_OF_TRICK_CONTAINING_IT
        object.__setattr__(self, "won_in_trick", won)
        object.__setattr__(self, "shown", self.score_trigger is SevenScore.DECLARE_AFTER_WIN)


@dataclass(frozen=True, slots=True)
class BlancheRules:
    points: int
    court_ranks: tuple[str, ...]
    window: CarteBlancheWindow
    repeat_on_noncourt_draw: bool
    requires_trick_win: bool


@dataclass(frozen=True, slots=True)
class OpenRules:
    ranks: tuple[str, ...]
    trump_ranks: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class EndgameRules:
    follow_suit: bool
    must_head: bool
    must_trump_if_void: TrumpIfVoid
    head_reference: HeadReference
    partner_exempt: bool
    mode: EndgameMode
    declared_back_to_hand: bool


@dataclass(frozen=True, slots=True)
class DealRules:
    rule: CutRule
    hand_size: int
    packets: tuple[int, ...]
    first_recipient: FirstRecipient
    rotation: Rotation
    count_guess: CountGuess | None
    lead: Lead
    tricks: TrickPiles
    heaped: bool = field(init=False)  # the played cards lie in a heap until a brisque is won

    def __post_init__(self) -> None:
        object.__setattr__(self, "heaped", self.tricks is TrickPiles.HEAP_UNTIL_BRISQUE)


@dataclass(frozen=True, slots=True)
class ScoringRules:
    value: int  # per brisque
    usage: BrisqueUsage
    timing: BrisqueTiming
    which: WhichTrick  # the last trick
    last_points: int
    format: GameFormat
    target: int
    minimum: int = 0  # brisques a player needs for any of them to count
    war_penalty: int = 0
    war_floor: int = 0
    win_check: WinCheck = WinCheck.END_OF_DEAL
    double_below: int = 0  # a race game's loser under this: two game points
    match_target: int = 0  # game points that win a match; 0: one game
    # Brisques scored at all; as each trick is won, or counted at the end of the hand.
    counted: bool = field(init=False)
    on_trick: bool = field(init=False)
    at_end: bool = field(init=False)
    # Which trick is the last: the last before the stock runs out, or the final one.
    last_on_stock: bool = field(init=False)
    last_final: bool = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "last_on_stock", self.which is WhichTrick.LAST_STOCK_TRICK)
        object.__setattr__(self, "last_final", self.which is WhichTrick.FINAL)
        counted = self.usage in SCORED_USAGES
        object.__setattr__(self, "counted", counted)
        later = (
            self.timing is BrisqueTiming.END_OF_HAND
            or self.usage is BrisqueUsage.WAR
            or self.minimum > 0
        )
        object.__setattr__(self, "on_trick", counted and not later)
        object.__setattr__(self, "at_end", counted and later)


class Rules:
    """Per-card tables and flattened options of one variant."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        deck_model = variant.deck
        self.deck = Deck.build(
            deck_model.packs,
            deck_model.suits,
            deck_model.ranks,
            [parse_face(text) for text in deck_model.remove],
            deck_model.jokers,
        )
        cards = self.deck.cards
        self.n_cards = len(cards)
        self.players = variant.players.count
        pairs = variant.players.partnerships
        # Each seat alone, as an event names the one seat that sees a card (made once).
        self.alone: tuple[tuple[int], ...] = tuple((seat,) for seat in range(self.players))
        # Sides: the partnerships, or each seat on its own; ``side_of[seat]`` indexes them.
        self.sides: tuple[tuple[int, ...], ...] = (
            tuple(tuple(side) for side in pairs)
            if pairs
            else tuple((seat,) for seat in range(self.players))
        )
        self.side_of: tuple[int, ...] = tuple(
            next(i for i, side in enumerate(self.sides) if seat in side)
            for seat in range(self.players)
        )
        self._partners: tuple[tuple[int, ...], ...] = tuple(
            tuple(s for s in self.sides[self.side_of[seat]] if s != seat)
            for seat in range(self.players)
        )
        self.suit: tuple[str, ...] = tuple(face.suit for face in cards)
        self.rank: tuple[str, ...] = tuple(face.rank for face in cards)
        self.face: tuple[str, ...] = tuple(str(face) for face in cards)
        self.faces: tuple[Face, ...] = cards
        self.pairs: tuple[tuple[int, Face], ...] = tuple(enumerate(cards))  # (id, face)
        order = deck_model.ranks
        end_order = deck_model.endgame_ranks or order
        # A joker has no rank in the order: strength 0, below every card (it wins a trick
        # only when led, as the card of a suit nobody else holds).
        self.strength: tuple[int, ...] = tuple(
            len(order) - order.index(f.rank) if f.rank in order else 0 for f in cards
        )
        self.end_strength: tuple[int, ...] = tuple(
            len(end_order) - end_order.index(f.rank) if f.rank in end_order else 0 for f in cards
        )
        suits = deck_model.suits
        # Display and move-list order: by suit, strongest first (the jokers last).
        # Unique per card (the id breaks ties between copies), so that sorting never depends
        # on the iteration order of a set.
        self.order: tuple[int, ...] = tuple(
            ((suits.index(f.suit) if f.suit != JOKER_SUIT else len(suits)) * 100 - self.strength[i])
            * 100_000
            + i
            for i, f in enumerate(cards)
        )
        self.jokers: int = deck_model.jokers
        # A joker led while the stock lasts must be trumped by those who can (a precompiled
        # flag: the hot path of play tests it).
        self.joker_must_trump = bool(self.jokers) and variant.play.joker_led is JokerLed.MUST_TRUMP
        brisque_ranks = set(deck_model.brisque_ranks)
        self.brisque: tuple[bool, ...] = tuple(f.rank in brisque_ranks for f in cards)
        by_face: dict[str, list[int]] = {}
        for card, face in enumerate(self.face):
            by_face.setdefault(face, []).append(card)
        self.by_face: dict[str, tuple[int, ...]] = {k: tuple(v) for k, v in by_face.items()}
        self.copies: dict[str, frozenset[int]] = {k: frozenset(v) for k, v in by_face.items()}
        # Sets of cards as integers, one bit per card: a face is the mask of its copies.
        self.bit: tuple[int, ...] = tuple(1 << card for card in range(self.n_cards))
        self.face_mask: dict[str, int] = {
            face: sum(1 << card for card in copies) for face, copies in self.by_face.items()
        }
        self.combos: tuple[Combo, ...] = tuple(
            compile_combo(c) for c in variant.combinations if c.enabled
        )
        self.combo_by_id: dict[str, Combo] = {c.id: c for c in self.combos}
        self.combo_names: dict[str, str] = {c.id: c.name for c in self.combos}
        self.declare = _plain(DeclareRules, variant.declare, variant.trump)
        self.reuse = _plain(ReuseRules, variant.reuse)
        self.seven = None if variant.seven is None else _plain(SevenRules, variant.seven)
        # When the seven of trumps scores as it is played, or as the trick holding it is won
        # (the hot paths of play test these flags, not the rule).
        trigger = None if self.seven is None else self.seven.score_trigger
        self.seven_on_play = trigger is SevenScore.ON_PLAY
        self.seven_on_win = trigger is SevenScore.ON_TRICK_WON
        # The exchange at any of the holder's turns once he has won a trick (Hoyle), and the
        # turn-up it takes barred from that trick's declarations (Enquire Within 123 iii).
        when = None if self.seven is None else self.seven.exchange_when
        self.seven_any_time = when is SevenExchange.ANY_TIME and self.seven is not None
        self.seven_taken_barred = self.seven is not None and not self.seven.turn_up_declarable
        self.blanche = (
            None if variant.carte_blanche is None else _plain(BlancheRules, variant.carte_blanche)
        )
        self.open_cards = (
            None if variant.open_cards is None else _plain(OpenRules, variant.open_cards)
        )
        self.endgame = _plain(EndgameRules, variant.endgame)
        self.dealing = _plain(DealRules, variant.cut, variant.deal, variant.play)
        self.scoring = ScoringRules(
            value=variant.brisques.value,
            usage=variant.brisques.usage,
            timing=variant.brisques.timing,
            which=variant.last_trick.which,
            last_points=variant.last_trick.points,
            format=variant.game.format,
            target=variant.game.target,
            minimum=variant.brisques.minimum,
            war_penalty=variant.brisques.war_penalty,
            war_floor=variant.brisques.war_floor,
            win_check=variant.game.win_check,
            double_below=variant.game.double_below,
            match_target=0 if variant.match is None else variant.match.target,
        )
        # The target checked after every move, not only at the end of a deal.
        self.win_immediate = (
            variant.game.format is GameFormat.RACE and variant.game.win_check is WinCheck.IMMEDIATE
        )
        self.settlement = variant.settlement
        self.pair_by_trump: dict[str | None, tuple[str, str] | None] = {
            trump: variant.bezique.pair(trump) for trump in (None, *deck_model.suits)
        }
        self.hand_size = variant.deal.hand_size
        # The physical sevens of trumps of each trump suit, lowest id first, and as a set.
        seven = self.seven
        self._sevens: dict[str | None, tuple[int, ...]] = {
            trump: self.by_face.get(seven.rank + trump, ()) if seven is not None else ()
            for trump in deck_model.suits
        }
        self.seven_sets: dict[str | None, frozenset[int]] = {
            trump: frozenset(sevens) for trump, sevens in self._sevens.items()
        }
        # The moves that exchange or show each seven (moves are values: made once).
        sevens = [card for trump in deck_model.suits for card in self.sevens_of(trump)]
        self.exchange_moves: dict[int, ExchangeSeven] = {
            card: ExchangeSeven(card, self.face[card]) for card in sevens
        }
        self.show_moves: dict[int, ShowSeven] = {
            card: ShowSeven(card, self.face[card]) for card in sevens
        }
        # The move that plays each card from the hand (its label is just its face).
        self.hand_plays: tuple[Play, ...] = tuple(Play(c, f) for c, f in enumerate(self.face))
        # The plays of declared cards by card and label, made on first use (``tricks``).
        self.table_plays: dict[tuple[int, str], Play] = {}
        # Each card's face alone, as events list the cards they name.
        self.face_alone: tuple[tuple[str], ...] = tuple((f,) for f in self.face)
        # The cards in display order: a card's place in it, and for each place its face (as a
        # number) and the move that plays it, so that a hand is listed by sorting integers.
        # The copies of a face lie next to each other (each card sorts where its face's first
        # copy does), which the listing of plays relies on.
        first_order: dict[str, int] = {}
        for card in sorted(range(self.n_cards), key=self.order.__getitem__):
            first_order.setdefault(self.face[card], self.order[card])
        ranked = sorted(range(self.n_cards), key=lambda c: (first_order[self.face[c]], c))
        self.place: tuple[int, ...] = tuple(sorted(range(self.n_cards), key=ranked.__getitem__))
        face_no = {face: n for n, face in enumerate(dict.fromkeys(self.face[c] for c in ranked))}
        self.face_at: tuple[int, ...] = tuple(face_no[self.face[c]] for c in ranked)
        # Each face's number (display order), each card's face number, and how many faces.
        self.face_index: dict[str, int] = face_no
        self.face_number: tuple[int, ...] = tuple(face_no[f] for f in self.face)
        # The face number of the seven of each trump suit, where the variant has one (a
        # seat's count of it, in ``Table.held``, says at once whether he holds one).
        self.seven_number: dict[str | None, int] = {
            trump: self.face_number[sevens[0]] for trump, sevens in self._sevens.items() if sevens
        }
        self.n_faces = len(face_no)
        self.play_at: tuple[Play, ...] = tuple(self.hand_plays[c] for c in ranked)
        self.card_at: tuple[int, ...] = tuple(ranked)  # the card at each place
        # The ways of forming each combination under each trump suit, filled lazily by the
        # ledger; a pure function of the variant, so safe to share between games.
        self.ways_cache: dict[str | None, Sieve] = {}
        # The ledger's checks that the variant gives something to check (``ledger.problem``).
        self.ledger_checks: tuple[Callable[..., str | None], ...] = ()

    def name(self, card: int) -> str:
        return self.face[card]

    def pretty(self, card: int) -> str:
        return self.faces[card].pretty

    def bezique_pair(self, trump: str | None) -> tuple[str, str] | None:
        return self.pair_by_trump[trump]

    def partners(self, seat: int) -> tuple[int, ...]:
        """The other seats of ``seat``'s side (none when each plays for himself)."""
        return self._partners[seat]

    def seven_set(self, trump: str | None) -> frozenset[int]:
        """The physical sevens of trumps, as a set."""
        return self.seven_sets.get(trump, frozenset())

    def sevens_of(self, trump: str | None) -> tuple[int, ...]:
        """The physical sevens of trumps, lowest id first."""
        return self._sevens.get(trump, ())

    def is_trump_seven(self, card: int, trump: str | None) -> bool:
        return (
            self.seven is not None
            and trump is not None
            and self.suit[card] == trump
            and self.rank[card] == self.seven.rank
        )
