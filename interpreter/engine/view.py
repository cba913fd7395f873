"""What one player may know: ``view(player)``.

Own hand and own declared cards; every declared card on the table and the declarations made;
cards known to be in another hand (declared cards taken back, the turn-up drawn or exchanged,
a seven shown); the trump, turn-up, stock size, current and last trick, scores."""

from __future__ import annotations

from dataclasses import dataclass

from interpreter.cards import Face
from interpreter.engine.moves import Move
from interpreter.engine.rules import Rules
from interpreter.engine.state import Entry, Phase, State


@dataclass(frozen=True, slots=True)
class PublicEntry:
    """A declaration as the table sees it."""

    no: int
    combo: str
    faces: tuple[Face, ...]
    points: int
    scored: bool
    lost: bool = False  # shown 'to score' and lost since (laws 46–48); it still bars


@dataclass(frozen=True, slots=True)
class PlayerView:
    player: int
    players: int
    phase: Phase
    to_act: int | None
    dealer: int
    deal_no: int
    trick_no: int
    trump: str | None
    turn_up: Face | None
    stock_size: int
    hand: tuple[tuple[int, Face], ...]  # own concealed cards (id, face)
    table: tuple[tuple[tuple[int, Face], ...], ...]  # each seat's declared cards on the table
    open: tuple[tuple[tuple[int, Face], ...], ...]  # each seat's open cards (Polish): public
    known: tuple[tuple[Face, ...], ...]  # cards seen that are back in each seat's hand
    hand_sizes: tuple[int, ...]  # hand plus table, per seat
    trick: tuple[tuple[int, Face], ...]  # (seat, face) played so far
    last_trick: tuple[tuple[int, Face], ...]
    last_trick_winner: int | None
    heap: tuple[Face, ...]  # played cards lying face up until a brisque is won (law 25)
    entries: tuple[tuple[PublicEntry, ...], ...]
    scores: tuple[int, ...]
    deal_points: tuple[int, ...]
    legal_moves: tuple[Move, ...]

    @property
    def my_cards(self) -> tuple[tuple[int, Face], ...]:
        """Hand and own table together: every card this player may play."""
        return self.hand + self.table[self.player]

    @property
    def endgame(self) -> bool:
        return self.stock_size == 0


Entries = tuple[tuple[PublicEntry, ...], ...]


def public_entries(rules: Rules, state: State) -> Entries:
    """Every seat's declarations as the table sees them."""
    return tuple(_entries(rules, entries) for entries in state.table.ledger)


def make_view(
    rules: Rules, state: State, player: int, moves: list[Move], entries: Entries | None = None
) -> PlayerView:
    """The view of ``player``; ``entries``: the public entries, when already made."""
    n = state.players
    faces = rules.faces
    table = state.table
    order = rules.order.__getitem__

    pairs = rules.pairs

    def cards(ids: set[int]) -> tuple[tuple[int, Face], ...]:
        if not ids:
            return ()
        return tuple([pairs[c] for c in sorted(ids, key=order)])

    last = table.last_trick
    return PlayerView(
        player=player,
        players=n,
        phase=state.phase,
        to_act=None if state.phase is Phase.OVER else state.to_act,
        dealer=state.dealer,
        deal_no=state.deal_no,
        trick_no=table.trick_no,
        trump=table.trump,
        turn_up=None if table.turn_up is None else faces[table.turn_up],
        stock_size=len(table.stock),
        hand=cards(table.hands[player]),
        table=tuple(cards(table.tables[seat]) for seat in range(n)),
        open=tuple(cards(table.open[seat]) for seat in range(n)),
        known=tuple(
            tuple([faces[c] for c in sorted(known)]) if known else () for known in table.known
        ),
        hand_sizes=tuple(len(table.hands[s]) + len(table.tables[s]) for s in range(n)),
        trick=tuple((s, faces[c]) for s, c in zip(table.trick_players, table.trick, strict=True)),
        last_trick=()
        if last is None
        else tuple((s, faces[c]) for s, c in zip(last[1], last[0], strict=True)),
        last_trick_winner=None if last is None else last[2],
        heap=tuple(faces[c] for c in table.heap),
        entries=public_entries(rules, state) if entries is None else entries,
        scores=tuple(state.scores),
        deal_points=tuple(table.points),
        legal_moves=tuple(moves) if state.to_act == player else (),
    )


def _entries(rules: Rules, entries: list[Entry]) -> tuple[PublicEntry, ...]:
    if not entries:
        return ()
    faces = rules.faces
    return tuple(
        [
            PublicEntry(
                e.no,
                e.combo,
                tuple([faces[c] for c in sorted(e.cards)]),
                e.points,
                e.scored,
                e.lost,
            )
            for e in entries
        ]
    )
