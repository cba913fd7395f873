"""Worlds a seat cannot tell from the real one: the unseen cards dealt again at random.

A seat has seen its own cards (dealt and drawn), the turn-up, and every card that has been
shown: played, declared, exchanged, shown as the seven or with carte blanche.  Everything
else — the other hands' unseen cards, the stock, a card left undrawn — is shuffled among the
places those cards came from, and the deal is played again from its start with the same moves.
The world depends only on what the seat has seen and on ``rng``: two games that look the same
to the seat give the same worlds for the same ``rng``.  A world in which some move could not
have been made (a player who did not follow suit in the last tricks cannot hold that suit) is
thrown away and another one drawn, so every world kept is consistent with all that the seat
saw: its view of the world equals its view of the game.

The world's own generator is fresh (drawn from ``rng``): later deals in it are new shuffles."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from interpreter.engine import dealing, flow, voids
from interpreter.engine.moves import Draw, Move
from interpreter.engine.resolve import resolve
from interpreter.engine.state import Chance, Logged, Phase, Snapshot, State
from interpreter.engine.view import PlayerView, Still

if TYPE_CHECKING:
    from interpreter.engine.rules import Rules

ATTEMPTS = 2000
"""Worlds drawn before giving up; a world is rejected only when the last tricks reveal voids
that the shuffle did not respect, and in practice few are."""


class ResampleError(RuntimeError):
    """No consistent world was found in :data:`ATTEMPTS` draws."""


def unseen(state: State, seat: int) -> list[int]:
    """The cards of this deal that ``seat`` has not seen, in deck order."""
    table = state.table
    seen = table.public | table.received[seat]
    return [card for card in table.order if card not in seen]


def resample(rules: Rules, state: State, seat: int, rng: random.Random | None = None) -> State:
    """A state that ``seat`` cannot tell from ``state``, with every unseen card redealt."""
    rng = rng if rng is not None else random.Random()
    snapshot = state.snapshot
    if state.deal_no == 0 or snapshot is None or not snapshot.deals:
        return _before_the_deal(state, rng)
    hidden = unseen(state, seat)
    holders = _holders(state, hidden)
    barred = voids.forbidden(rules, state, {rules.face[c] for c in hidden})
    moves = state.log[snapshot.moves :]
    count = dealing.count_of(state)
    target = PlayerView(Still(rules, state), seat)
    for _ in range(ATTEMPTS):
        place = _deal_unseen(rules, hidden, holders, barred, rng)
        if place is None:
            continue
        order = [place.get(i, card) for i, card in enumerate(state.table.order)]
        world = snapshot.restore(state)
        world.snapshot = None  # a world begins with its deal: nothing before it can be undone
        world.chance = Chance(random.Random(rng.getrandbits(64)))
        world.deal_orders = [order]
        world.count_override = count
        dealing.deal(rules, world)
        if _replay(rules, world, moves) and _same(rules, world, state, seat, target):
            return world
    raise ResampleError(f"no world consistent with what p{seat + 1} has seen was found")


def _before_the_deal(state: State, rng: random.Random) -> State:
    """Before the first deal nothing is hidden but the future: a world with its own chance and
    no fixed deck orders."""
    world: State = state.copy()
    world.chance = Chance(random.Random(rng.getrandbits(64)))
    world.deal_orders = []
    world.count_override = None
    world.snapshot = Snapshot.of(world, deals=False)
    return world


Holders = list[tuple[int | None, list[int]]]
"""Where the unseen cards are: each other seat's hand (``None``: the stock, or left undrawn),
with the places in the deck order they were dealt from."""


def _holders(state: State, hidden: list[int]) -> Holders:
    """The unseen cards' places in the deck order, by who holds them now."""
    table = state.table
    unseen_set = set(hidden)
    where: dict[int | None, list[int]] = {}
    for position, card in enumerate(table.order):
        if card in unseen_set:
            owner = next((s for s in range(state.players) if card in table.hands[s]), None)
            where.setdefault(owner, []).append(position)
    return sorted(where.items(), key=lambda item: (item[0] is None, item[0] or 0))


def _deal_unseen(
    rules: Rules,
    hidden: list[int],
    holders: Holders,
    barred: dict[int, set[str]],
    rng: random.Random,
) -> dict[int, int] | None:
    """A random unseen card for each place (position in the deck order), keeping out of each
    hand the faces its owner's plays show he did not hold; None at a dead end."""
    pool = sorted(hidden)  # what the seat knows, not where the cards really are
    rng.shuffle(pool)
    place: dict[int, int] = {}

    def tightness(item: tuple[int | None, list[int]]) -> tuple[bool, int]:
        owner = item[0]
        return owner is None, -len(barred.get(owner, ())) if owner is not None else 0

    for owner, places in sorted(holders, key=tightness):  # the most barred hands first
        bar = barred.get(owner, set()) if owner is not None else set()
        fit = [card for card in pool if rules.face[card] not in bar]
        if len(fit) < len(places):
            return None
        chosen = fit[: len(places)]
        taken = set(chosen)
        pool = [card for card in pool if card not in taken]
        place.update(zip(places, chosen, strict=True))
    return place


def _replay(rules: Rules, world: State, moves: list[Logged]) -> bool:
    """Play ``moves`` in ``world``; False as soon as one is not legal there.  Another player's
    declaring turn opens or closes by what he holds: an explicit ``draw`` is skipped where his
    turn closed by itself, and added where it stays open."""
    for seat, move, _ in moves:
        if isinstance(move, Draw) and world.phase is not Phase.DECLARE:
            continue
        while world.phase is Phase.DECLARE and not _declaring(move):
            flow.do(rules, world, Draw())
        if world.to_act != seat:
            return False
        legal = _same_cards(rules, world, move)
        if legal is None:
            return False
        flow.do(rules, world, legal)
    return True


def _declaring(move: Move) -> bool:
    return move.kind in ("declare", "score", "exchange", "show", "yield", "draw")


def _same_cards(rules: Rules, world: State, move: Move) -> Move | None:
    """The legal move of ``world`` written as ``move``, with the very same physical cards when
    they are there (a shown card keeps its identity)."""
    legal = resolve(rules, world, str(move))
    if legal is None or legal.ids == move.ids:
        return legal
    table = world.table
    if all(
        table.holds(world.to_act, card) or card in table.open[world.to_act] for card in move.ids
    ):
        return move
    return legal


def _same(rules: Rules, world: State, state: State, seat: int, target: object) -> bool:
    return (
        world.phase is state.phase
        and world.to_act == state.to_act
        and PlayerView(Still(rules, world), seat) == target
    )
