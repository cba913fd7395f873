"""Moves as integers: a fixed action space per variant.

Every variant gets a fixed number of distinct actions (``ActionSpace.num_distinct_actions``),
laid out in blocks that depend only on the variant (its deck, its combinations, its seven of
trumps), so an index means the same thing in every game of the variant:

=============  ==============================================================================
block          one index for
=============  ==============================================================================
``elect``      ``deal``, then ``pass``
``blanche``    ``carte-blanche``
``play``       each face (by suit, then rank, as the deck lists them): the face played from
               the hand, then one slot per physical copy of it for the copies lying declared
               on the table (``QS*1``, ``QS*1.3``, ``QS*2``: the k-th of them in the order of
               their declaration numbers)
``declare``    each combination of the variant, and each multiset of faces that could form it
               (``marriage_common`` × ``KH QH``), :data:`DECLARE_SLOTS` slots: the k-th legal
               declaration of those cards in the order of their labels (a card from the hand
               and its declared copy on the table make different declarations)
``score``      :data:`SCORE_SLOTS` slots: ``score N`` for the k-th of the seat's declarations
               waiting "to score", by declaration number
``exchange``   each face of the seven's rank, as ``play`` (hand, then table copies)
``show``       the same for showing the seven
``yield``      ``yield``
``draw``       ``draw``
``close``      ``close``, only in a variant that closes the stock (``[closing]``), so that the
               other variants' spaces stay as they were
=============  ==============================================================================

A slot is given by the state (which copies lie on the table, which declarations wait), so
turning an index into a move, or a move into its index, needs the seat's view
(:meth:`ActionSpace.legal_actions`).  Every legal move has exactly one index and distinct legal
moves have distinct indices; a state that would need more slots than the space has raises
:class:`ActionSpaceError` (no game seen so far comes near: see docs/research.md).

Pure Python: nothing here needs numpy.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import product

from interpreter.cards import JOKER
from interpreter.engine import (
    CarteBlanche,
    Claim,
    Close,
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
    Yield,
)
from interpreter.engine.forming import requirements
from interpreter.engine.moves import label_face

DECLARE_SLOTS = 8
"""Ways of declaring the same combination with the same faces that the space can tell apart."""

SCORE_SLOTS = 8
"""Declarations waiting "to score" that the space can name at once."""


class ActionSpaceError(ValueError):
    """A move that the action space has no index for (or an index that names no legal move)."""


@dataclass(frozen=True, slots=True)
class Block:
    """A run of indices: ``start`` to ``start + size - 1``."""

    name: str
    start: int
    size: int


def deck_faces(rules: Rules) -> tuple[str, ...]:
    """The variant's faces, by suit then rank in the order the deck lists them, then the
    joker if the deck has any."""
    deck = rules.variant.deck
    suited = tuple(
        rank + suit for suit in deck.suits for rank in deck.ranks if rank + suit in rules.by_face
    )
    return suited + ((JOKER,) if JOKER in rules.by_face else ())


def _marks(label: str) -> tuple[str, tuple[int, ...]]:
    """A card label's mark and declaration numbers: ``QS*1.3`` → ``("*", (1, 3))``."""
    rest = label[len(label_face(label)) :]
    if not rest:
        return "", ()
    numbers = rest[1:]
    return rest[0], tuple(int(n) for n in numbers.split(".")) if numbers else ()


def _label_key(labels: Sequence[str]) -> tuple[tuple[str, tuple[int, ...]], ...]:
    return tuple(_marks(label) for label in labels)


class ActionSpace:
    """The fixed action space of one variant (see the module for its layout)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.faces = deck_faces(rules)
        self.face_no = {face: n for n, face in enumerate(self.faces)}
        self.copies = tuple(len(rules.by_face[face]) for face in self.faces)
        self.blocks: list[Block] = []
        self.labels: list[str] = []  # each index in words, for describe()
        self._elect = self._block("elect", ["deal", "pass"])
        self._blanche = self._block("blanche", ["carte-blanche"])
        self._play_at = self._card_block("play", self.faces)
        self._declare_at: dict[tuple[str, tuple[str, ...]], int] = {}
        start = len(self.labels)
        for combo in rules.combos:
            for faces in self._face_sets(combo.id):
                self._declare_at[combo.id, faces] = len(self.labels)
                shown = " ".join(faces)
                self.labels.extend(
                    f"declare {combo.id} {shown} (way {k + 1})" for k in range(DECLARE_SLOTS)
                )
        self.blocks.append(Block("declare", start, len(self.labels) - start))
        self._score = self._block(
            "score", [f"score the waiting declaration {k + 1}" for k in range(SCORE_SLOTS)]
        )
        sevens = tuple(
            f for f in self.faces if rules.seven and f != JOKER and f[:-1] == rules.seven.rank
        )
        self._exchange_at = self._card_block("exchange", sevens)
        self._show_at = self._card_block("show", sevens)
        self._yield = self._block("yield", ["yield"])
        self._draw = self._block("draw", ["draw"])
        self._close = self._block("close", ["close"]) if rules.closing is not None else -1
        self._claim = self._block("claim", ["claim"]) if rules.scoring.claimed else -1
        self.num_distinct_actions = len(self.labels)

    # -- building the layout -----------------------------------------------------------------
    def _block(self, name: str, labels: list[str]) -> int:
        start = len(self.labels)
        self.labels.extend(labels)
        self.blocks.append(Block(name, start, len(labels)))
        return start

    def _card_block(self, name: str, faces: Sequence[str]) -> dict[str, int]:
        """Per face: the hand's index, then one per copy that may lie on the table."""
        at: dict[str, int] = {}
        start = len(self.labels)
        for face in faces:
            at[face] = len(self.labels)
            self.labels.append(f"{name} {face}")
            copies = len(self.rules.by_face[face])
            self.labels.extend(
                f"{name} {face} from the table (copy {k + 1})" for k in range(copies)
            )
        self.blocks.append(Block(name, start, len(self.labels) - start))
        return at

    def _face_sets(self, combo_id: str) -> list[tuple[str, ...]]:
        """Every multiset of faces (sorted) that could form the combination, whatever the
        trump suit (or none yet): a superset of what the rules will allow.  It reads the
        engine's own :func:`requirements`, so jokers stand in where the combination allows."""
        rules = self.rules
        combo = rules.combo_by_id[combo_id]
        found: set[tuple[str, ...]] = set()
        for trump in (None, *rules.variant.deck.suits):
            for slots in requirements(rules, combo, trump):
                for chosen in product(*slots):
                    faces = tuple(sorted(chosen))
                    if all(faces.count(f) <= len(rules.by_face.get(f, ())) for f in set(faces)):
                        found.add(faces)
        return sorted(found, key=lambda faces: [self.face_no.get(f, -1) for f in faces])

    # -- moves and indices -------------------------------------------------------------------
    def legal_actions(self, view: PlayerView) -> dict[int, Move]:
        """The legal moves of the seat whose view this is, by index (ascending)."""
        moves = view.legal_moves
        found = dict(self._indexed(moves, view))
        if len(found) != len(moves):
            raise ActionSpaceError("two legal moves share an index")  # a bug, never expected
        return dict(sorted(found.items()))

    def action_index(self, move: Move, view: PlayerView) -> int:
        """The index of ``move``, one of ``view.legal_moves``."""
        for index, legal in self.legal_actions(view).items():
            if legal == move:
                return index
        raise ActionSpaceError(f"{move} is not a legal move now")

    def move_for(self, index: int, view: PlayerView) -> Move:
        """The legal move that ``index`` names now; :class:`ActionSpaceError` if none."""
        move = self.legal_actions(view).get(index)
        if move is None:
            raise ActionSpaceError(f"action {index} ({self.describe(index)}) is not legal now")
        return move

    def legal_mask(self, view: PlayerView) -> list[int]:
        """One 0/1 flag per index: 1 where the index names a legal move."""
        mask = [0] * self.num_distinct_actions
        for index in self.legal_actions(view):
            mask[index] = 1
        return mask

    def describe(self, index: int) -> str:
        """What an index means, in words (``play QS from the table (copy 1)``)."""
        if not 0 <= index < self.num_distinct_actions:
            raise ActionSpaceError(
                f"there is no action {index}: actions are 0 to {self.num_distinct_actions - 1}"
            )
        return self.labels[index]

    def _indexed(self, moves: Sequence[Move], view: PlayerView) -> Iterator[tuple[int, Move]]:
        """Each of ``moves`` with its index: first those that have an index of their own,
        then the copies lying on the table and the declarations, which take their slots in
        order among the moves like them."""
        tabled: dict[tuple[str, str], list[tuple[Move, str]]] = {}
        ways: dict[tuple[str, tuple[str, ...]], list[Declare]] = {}
        for move in moves:
            if isinstance(move, Declare):
                ways.setdefault((move.combo, tuple(sorted(move.faces))), []).append(move)
                continue
            if isinstance(move, Play | ExchangeSeven | ShowSeven):
                face = label_face(move.label)
                if face != move.label:  # a copy lying on the table
                    tabled.setdefault((move.kind, face), []).append((move, move.label))
                    continue
            yield self._own_index(move, view), move
        yield from self._table_indices(tabled)
        yield from self._declare_indices(ways)

    def _own_index(self, move: Move, view: PlayerView) -> int:
        """The index of a move whose slot does not depend on the other legal moves: an
        election, carte blanche, yield, draw, a card from the hand, or scoring a waiting
        declaration (its slot is its rank among the seat's declarations waiting to score)."""
        if isinstance(move, Elect):
            return self._elect + (0 if move.deal else 1)
        if isinstance(move, CarteBlanche):
            return self._blanche
        if isinstance(move, Yield):
            return self._yield
        if isinstance(move, Draw):
            return self._draw
        if isinstance(move, Close):
            return self._close
        if isinstance(move, Claim):
            return self._claim
        if isinstance(move, Play | ExchangeSeven | ShowSeven):
            return self._card_at(move.kind, move.label)
        waiting = sorted(e.no for e in view.entries[view.player] if not e.scored and not e.lost)
        return self._score_slot(move, waiting)

    def _table_indices(
        self, tabled: dict[tuple[str, str], list[tuple[Move, str]]]
    ) -> Iterator[tuple[int, Move]]:
        """The moves of copies lying on the table, per kind and face, with their indices: the
        k-th copy, in the order of the declaration numbers, in the k-th slot after the hand's."""
        for (kind, face), found in tabled.items():
            start = self._card_at(kind, face)
            ranked = sorted(found, key=lambda item: _marks(item[1]))
            if len(ranked) > len(self.rules.by_face[face]):
                raise ActionSpaceError(f"more table copies of {face} than the deck holds")
            for k, (move, _) in enumerate(ranked):
                yield start + 1 + k, move

    def _declare_indices(
        self, ways: dict[tuple[str, tuple[str, ...]], list[Declare]]
    ) -> Iterator[tuple[int, Move]]:
        """The declarations, per combination and faces, with their indices: the k-th way of
        declaring them, in the order of the card labels, in the k-th slot."""
        for key, declares in ways.items():
            start = self._declare_at.get(key, -1)
            if start < 0:
                raise ActionSpaceError(f"declare {key[0]} {' '.join(key[1])} has no index")
            if len(declares) > DECLARE_SLOTS:
                raise ActionSpaceError(
                    f"{len(declares)} ways to declare {key[0]} {' '.join(key[1])}: "
                    f"the action space has {DECLARE_SLOTS}"
                )
            for k, move in enumerate(sorted(declares, key=lambda d: _label_key(d.labels))):
                yield start + k, move

    def _card_at(self, kind: str, face: str) -> int:
        table = {"play": self._play_at, "exchange": self._exchange_at, "show": self._show_at}
        at = table[kind].get(face)
        if at is None:
            raise ActionSpaceError(f"{kind} {face} has no index")
        return at

    def _score_slot(self, move: Move, waiting: list[int]) -> int:
        assert isinstance(move, ScorePending)
        if move.entry not in waiting:
            raise ActionSpaceError(f"{move}: declaration {move.entry} is not waiting")
        slot = waiting.index(move.entry)
        if slot >= SCORE_SLOTS:
            raise ActionSpaceError(
                f"{move}: {slot + 1} declarations wait; the action space names {SCORE_SLOTS}"
            )
        return self._score + slot
