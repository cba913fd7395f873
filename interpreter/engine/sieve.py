"""Every declaration a player could make now: the ways of forming each combination that his
cards could fill (a sieve on his cards counted by face, kept as they come and go), then every
filling of those ways with his cards, put to the checks (the window's, then the ledger's:
:func:`interpreter.engine.window.declare_problem`).

The sieve holds no copy of any rule.  What it leaves out before filling, it learns from the
checks themselves: each check that refuses every filling holding some card carries that
pruning in its own record (:class:`interpreter.engine.ledger.Check`: ``prune``, and ``needs``
for the cards one of which every declaration must hold), and the sieve asks exactly the checks
the variant gives work (``Rules.ledger_checks``: the window's and the ledger's).  Relax a check
and the declarations it now allows are listed (``tests/test_one_home.py``).

Most declaring windows end at the sieve: nothing could be formed.  The filling of a way
(:func:`fill`) is the hot part of the rest.  :func:`declarations_reference` and
:func:`fill_reference` give the same answers the obvious way (no sieve, no pruning, a plain
recursion), kept to test that the fast ones agree with them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import combinations, product
from typing import TYPE_CHECKING, Final

from interpreter.engine.combos import Combo, Sieve, SlotShape, Stage, Way
from interpreter.engine.forming import requirements
from interpreter.engine.labels import Groups, face_groups, groups, source_zones
from interpreter.engine.ledger import Prune, Pruned
from interpreter.engine.state import State

if TYPE_CHECKING:
    from interpreter.engine.rules import Rules

Filling = tuple[tuple[str, ...], tuple[int, ...]]
"""A way filled: the labels of its cards, and the cards (one per slot, in slot order)."""
Allowed = Callable[[Combo, frozenset[int]], str | None]
_NO_CARDS: Final[frozenset[int]] = frozenset()
_NO_SETS: Final[list[frozenset[int]]] = []  # never changed


# -- the sieve --------------------------------------------------------------------------------
def compile(rules: Rules) -> dict[str | None, Sieve]:
    """The sieve's part of the rules: for no trump and each trump suit, :func:`ways`.  Made
    once, as the rules are compiled, from the combinations and the deck already compiled."""
    return {trump: ways(rules, trump) for trump in (None, *rules.variant.deck.suits)}


def ways(rules: Rules, trump: str | None) -> Sieve:
    """Every way of forming each combination with ``trump``, in order, each with what it needs
    for a quick test before any enumeration: its needs as (face numbers, how many cards of
    them), the rarest first, and every card it may use (a mask of card bits)."""
    stages: list[Stage] = []
    masks, numbers = rules.face_mask, rules.face_index
    for combo in rules.combos:
        for slots in requirements(rules, combo, trump):
            need: dict[tuple[str, ...], int] = {}
            for faces in slots:
                need[faces] = need.get(faces, 0) + 1
            needs = sorted(
                ((sum(masks.get(f, 0) for f in faces), faces, n) for faces, n in need.items()),
                key=lambda item: (item[0].bit_count(), -item[2]),
            )
            every = sum(masks.get(f, 0) for f in {f for faces in slots for f in faces})
            held = tuple(
                (tuple(numbers[f] for f in faces if f in numbers), n) for _, faces, n in needs
            )
            way = Way(combo, tuple(slots), slot_shape(slots), held)
            tests = [(_first(numbered), numbered, n) for numbered, n in held]
            first, rarest, count = tests[0]
            if len(rarest) == 4:  # the common need of several faces (four kings)
                first = _FOUR
            stages.append((first, rarest, count, tuple(tests[1:]), every, way))
    return tuple(stages)


_FOUR: Final = -4
"""A stage's rarest need that is of four faces (a rank in each suit: four kings), which the
sieve counts unrolled; other needs of several faces are marked -1."""


def _first(faces: tuple[int, ...]) -> int:
    """A need's face number when it is of one face (counted without a loop), else -1."""
    return faces[0] if len(faces) == 1 else -1


Sifted = tuple[list[Way], list[int]]
"""What the first sieve let through, and the counts of each face it read."""
KEPT: Final = "sifted"
"""The key under which ``window.may_act`` keeps the first sieve's result in the table's memo
(with the seat) for the move list listed at once in the same state: :func:`declarations`
takes it out of the memo as it reads it."""


def sift(rules: Rules, state: State, player: int) -> Sifted:
    """The ways of forming a combination for which ``player`` has enough cards of the right
    faces (his own, and a partner's where they may count), and how many cards of each face (by
    number) it counted: a quick, exact first sieve, empty in most windows.  ``declarations``
    enumerates the cards of these ways only.  Where the checks need one of some cards in every
    declaration (a card of the trick just won), a way needs one of their faces."""
    held = _held(rules, state, player)
    trick = _needed_faces(rules, state) if rules.ledger_checks.needs else None
    # The hottest test of the engine: enough cards of each need's faces, the rarest need first
    # (most ways stop there; most needs are of one face), and a card the checks need where
    # they need one.
    found = []
    for first, faces, count, others, every, way in rules.ways[state.table.trump]:
        if first >= 0:
            if held[first] < count:
                continue
        elif first == _FOUR:  # a face of each suit (four kings): counted here, unrolled
            a, b, c, d = faces
            if held[a] + held[b] + held[c] + held[d] < count:
                continue
        else:  # a need of several faces: counted here, without a call
            total = 0
            for each in faces:
                total += held[each]
            if total < count:
                continue
        if trick is not None and not trick & every:
            continue
        for first, faces, count in others:
            if (held[first] if first >= 0 else _count(held, faces)) < count:
                break
        else:
            found.append(way)
    return found, held


def _held(rules: Rules, state: State, player: int) -> list[int]:
    """How many cards of each face (by number) ``player`` holds where they may form a
    declaration, and on a partner's table where it may count: small integers, which neither
    build allocates (masks of card bits did, per card).  Not to be changed: it may be the
    table's own count."""
    table = state.table
    number = rules.face_number
    if rules.declare.from_held:  # kept as the cards come and go
        held = table.held[player]
    elif rules.declare.from_opened:  # likewise
        held = table.opened[player]
    else:
        held = [0] * rules.n_faces
        for zone in source_zones(rules, state, player):
            for card in zone:
                held[number[card]] += 1
    if rules.reuse.partner_used:
        cards = [card for partner in rules.partners(player) for card in table.tables[partner]]
        if cards:  # counted on a copy, only where a partner has declared cards
            held = held[:]
            for card in cards:
                held[number[card]] += 1
    return held


def _needs(rules: Rules, state: State) -> list[tuple[int, ...]]:
    """What the checks the variant gives work need of every declaration now: for each need,
    the cards one of which it must hold."""
    found: list[tuple[int, ...]] = []
    for needs in rules.ledger_checks.needs:
        cards = needs(rules, state)
        if cards is not None:
            found.append(cards)
    return found


def _needed_faces(rules: Rules, state: State) -> int | None:
    """The faces (a mask of their card bits) one of which every way must use: those of the
    cards of the checks' first need now (:func:`_needs`; None if none).  Further needs, which
    no check has so far, are left to the fillings, as every need is."""
    for needs in rules.ledger_checks.needs:
        cards = needs(rules, state)
        if cards is not None:
            masks, face = rules.face_mask, rules.face
            mask = 0
            for card in cards:
                mask |= masks[face[card]]
            return mask
    return None


def _count(held: list[int], faces: tuple[int, ...]) -> int:
    """How many cards of ``faces`` are held (``held``: the count of each face)."""
    total = 0
    for face in faces:
        total += held[face]
    return total


# -- every legal declaration ------------------------------------------------------------------
Declarable = tuple[Combo, tuple[int, ...], tuple[str, ...]]
"""A declaration that may be made: the combination, its cards and their labels."""
Open = tuple[Way, frozenset[int], list[frozenset[int]]]
"""A way left to fill: the way, the cards no filling of it may hold, and the fillings refused
as they are (their cards), as the checks' prunings tell."""


def declarations(rules: Rules, state: State, player: int, allowed: Allowed) -> list[Declarable]:
    """Every declaration ``allowed`` lets through now (``allowed`` returns a refusal or None:
    the checks of ``Rules.ledger_checks``, whose prunings leave out before filling what they
    would refuse), one per distinct set of labels, in a fixed order (a way's fillings never
    repeat their labels: the groups that may fill a slot are distinct, a label being of one
    face and a slot's faces distinct, the loader refusing a suit listed twice)."""
    found: list[Declarable] = []
    kept = state.table.memo.pop(KEPT, None)  # what may_act sifted serves this list alone
    if kept is not None and kept[0] == player:
        formed, held = kept[1]
    else:
        formed, held = sift(rules, state, player)
    if not formed:
        return found
    ways = _unbarred(rules, state, player, formed, held)
    if not ways:
        return found
    # Only the cards of the faces some way left may use are labelled and grouped.
    faces = dict.fromkeys(face for way, _, _ in ways for face in way.faces)
    by_face = face_groups(rules, state, player, faces)
    needed = _NO_SETS  # most variants' checks need nothing: no call
    if rules.ledger_checks.needs:
        needed = [frozenset(cards) for cards in _needs(rules, state)]
    for way, banned, refused in ways:
        combo = way.combo
        for labels, cards in fill(way.slots, by_face, banned, way.shape):
            chosen = frozenset(cards)
            if refused and chosen in refused:  # refused as they are
                continue
            for need in needed:  # a card one of which is needed: none in most variants
                if need.isdisjoint(chosen):
                    break
            else:
                if allowed(combo, chosen) is None:
                    found.append((combo, cards, labels))
    return found


def _unbarred(
    rules: Rules,
    state: State,
    player: int,
    formed: list[Way],
    held: list[int],
) -> list[Open]:
    """A second sieve, as exact: the ways of ``formed`` the checks' prunings leave open, with
    enough cards of each need that no check bars outright, and what the prunings leave out of
    their fillings."""
    prunes = rules.ledger_checks.prunes
    pruned = Pruned(rules, state, player)
    barred: dict[str, Barred] = {}
    ways: list[Open] = []
    for way in formed:
        combo = way.combo
        known = barred.get(combo.id)
        if known is None:
            known = barred[combo.id] = _barred(rules, state, player, combo, prunes, pruned)
        closed, banned, refused, dead = known
        if closed or (dead and not _enough(way, held, dead)):
            continue
        ways.append((way, banned, refused))
    return ways


Barred = tuple[bool, frozenset[int], list[frozenset[int]], dict[int, int]]
"""What the checks' prunings refuse of a combination now: whether every filling, the cards
no filling may hold, the fillings refused as they are, and how many of those cards the sieve
counted, by face number."""
_CLOSED: Final[Barred] = (True, _NO_CARDS, [], {})


def _barred(
    rules: Rules,
    state: State,
    player: int,
    combo: Combo,
    prunes: tuple[Prune, ...],
    pruned: Pruned,
) -> Barred:
    """What ``prunes`` (the checks' prunings) refuse of ``combo`` now in any filling, asked
    with ``pruned`` (:class:`Pruned`, started afresh here)."""
    pruned.banned, pruned.refused, pruned.closed = set(), [], False  # afresh, without a call
    for prune in prunes:
        prune(pruned, combo)
        if pruned.closed:
            return _CLOSED
    banned = frozenset(pruned.banned)
    return False, banned, pruned.refused, _counted(rules, state, player, banned)


def _counted(rules: Rules, state: State, player: int, banned: frozenset[int]) -> dict[int, int]:
    """How many of the ``banned`` cards the sieve counted (where the player may declare
    from, and a partner's table where it counts), by face number."""
    if not banned:
        return {}
    zones = source_zones(rules, state, player)
    if rules.reuse.partner_used:
        zones += [state.table.tables[partner] for partner in rules.partners(player)]
    number = rules.face_number
    dead: dict[int, int] = {}
    for card in banned:
        for zone in zones:
            if card in zone:
                face = number[card]
                dead[face] = dead.get(face, 0) + 1
                break
    return dead


def _enough(way: Way, held: list[int], dead: dict[int, int]) -> bool:
    """Whether the cards counted in ``held``, less the ``dead`` ones, meet every need of
    ``way``."""
    for faces, needed in way.needs:
        have = 0
        for face in faces:
            have += held[face] - dead.get(face, 0)
        if have < needed:
            return False
    return True


def declarations_reference(
    rules: Rules, state: State, player: int, allowed: Allowed
) -> Iterator[Declarable]:
    """What :func:`declarations` gives, the obvious way: every way of forming every
    combination, filled (:func:`fill_reference`) with every card the player could use, with no
    sieve and no pruning, each filling put to ``allowed``.  Kept to test the fast one."""
    by_face = groups(rules, state, player)
    for combo in rules.combos:
        for slots in requirements(rules, combo, state.table.trump):
            for labels, cards in fill_reference(slots, by_face):
                if allowed(combo, frozenset(cards)) is None:
                    yield combo, cards, labels


# -- filling a way with cards -----------------------------------------------------------------
Pools = list[list[tuple[str, list[int]]]]


def _pools(slots: Sequence[tuple[str, ...]], by_face: Groups, banned: frozenset[int]) -> Pools:
    """The groups that may fill each slot (empty if some slot has none); equal slots share
    one list."""
    pools: Pools = []
    for index, faces in enumerate(slots):
        if index and faces == slots[index - 1]:
            pools.append(pools[-1])
            continue
        pool: list[tuple[str, list[int]]] = []
        for face in faces:
            if banned:
                pool.extend(g for g in by_face.get(face, ()) if g[1][0] not in banned)
            else:
                pool.extend(by_face.get(face, ()))
        if not pool:
            return []
        pools.append(pool)
    return pools


def slot_shape(slots: Sequence[tuple[str, ...]]) -> SlotShape:
    """Where each slot equals the one before it (its groups start at the previous one's), and
    how many slots are left in the run of equal slots from each: a run takes its groups in
    order, so once the copies of the groups left (counted as if none were taken) are fewer
    than the slots left in the run, no filling is left to find there.  And whether the slots
    are apart: no face may fill two of them (a marriage, a bézique, a sequence), so that no
    card can be wanted twice and every choice of a group for each slot is a filling."""
    same = tuple(index > 0 and slots[index] == slots[index - 1] for index in range(len(slots)))
    run_left = [1] * len(slots)
    for index in range(len(slots) - 2, -1, -1):
        if same[index + 1]:
            run_left[index] = run_left[index + 1] + 1
    faces = [face for slot in slots for face in slot]
    return same, tuple(run_left), len(set(faces)) == len(faces)


def fill(
    slots: Sequence[tuple[str, ...]], by_face: Groups, banned: frozenset[int], shape: SlotShape
) -> list[Filling]:
    """Every way of filling the slots with distinct cards, copies with one label counted once,
    in the order of :func:`fill_reference` (which says what is filled, and how): the same
    recursion, listing what it finds instead of yielding it through every level, and filling
    the last slot without a call of its own.  ``shape``: :func:`slot_shape` of the slots (each
    way keeps its own)."""
    pools = _pools(slots, by_face, banned)
    if not pools:
        return []
    same, run_left, apart = shape
    if apart:  # every choice of a group per slot, in the recursion's order, each first copy
        return _filled_apart(pools)
    if run_left[0] == len(slots) and _single_copies(pools[0]):
        # One run of equal slots (four kings), a copy in each group: the runs are the
        # combinations of the groups, in order.
        return _filled_as_combinations(pools[0], len(slots))
    found: list[Filling] = []
    last = len(slots) - 1
    copies_from = _copies_from(pools)
    used: dict[str, int] = {}
    labels: list[str] = []
    cards: list[int] = []

    def step(index: int, start: int) -> None:
        pool, left, need = pools[index], copies_from[index], run_left[index]
        for position in range(start if same[index] else 0, len(pool)):
            if left[position] < need:
                break
            label, copies = pool[position]
            taken = used.get(label, 0)
            if taken >= len(copies):
                continue
            labels.append(label)
            cards.append(copies[taken])
            if index == last:
                found.append((tuple(labels), tuple(cards)))
            else:
                used[label] = taken + 1
                step(index + 1, position)
                used[label] = taken
            labels.pop()
            cards.pop()

    step(0, 0)
    return found


def _copies_from(pools: Pools) -> list[list[int]]:
    """For each pool, the copies of its groups from each position to its end (a pool shared
    by equal slots counted once)."""
    copies_from: list[list[int]] = []
    for index, pool in enumerate(pools):
        if index and pool is pools[index - 1]:
            copies_from.append(copies_from[-1])
            continue
        total = 0
        left = []
        for _, copies in reversed(pool):
            total += len(copies)
            left.append(total)
        left.reverse()
        copies_from.append(left)
    return copies_from


def _filled_apart(pools: Pools) -> list[Filling]:
    """The fillings of slots that are apart (:func:`slot_shape`): every choice of a group per
    slot, each its first copy, in the recursion's order."""
    if len(pools) == 2:
        return [((a, b), (at[0], bt[0])) for a, at in pools[0] for b, bt in pools[1]]
    return [
        (tuple([label for label, _ in chosen]), tuple([cards[0] for _, cards in chosen]))
        for chosen in product(*pools)
    ]


def _single_copies(pool: list[tuple[str, list[int]]]) -> bool:
    """Whether each group of ``pool`` has one copy."""
    for _, copies in pool:  # noqa: SIM110
        if len(copies) > 1:
            return False
    return True


def _filled_as_combinations(pool: list[tuple[str, list[int]]], slots: int) -> list[Filling]:
    """The fillings of a run of ``slots`` equal slots from ``pool``, whose groups have a copy
    each: the combinations of its groups, in order."""
    found: list[Filling] = []
    for chosen in combinations(pool, slots):
        found.append((tuple([label for label, _ in chosen]), tuple([c[0] for _, c in chosen])))
    return found


def fill_reference(
    slots: Sequence[tuple[str, ...]], by_face: Groups, banned: frozenset[int] = frozenset()
) -> Iterator[Filling]:
    """Every way of filling the slots with distinct cards, copies with one label counted once
    (the obvious recursion, slot by slot, each slot's groups in order).

    Consecutive equal slots are filled as a multiset (non-decreasing group order), so that the
    four slots of 'four kings' are not filled in every order.  Groups of ``banned`` cards are
    left out (copies with one label share their history, so a group is banned as a whole)."""
    pools = _pools(slots, by_face, banned)
    if not pools:
        return
    used: dict[str, int] = {}
    chosen: list[tuple[str, int]] = []

    def step(index: int, start: int) -> Iterator[Filling]:
        if index == len(slots):
            yield tuple(label for label, _ in chosen), tuple(card for _, card in chosen)
            return
        same_as_previous = index > 0 and slots[index] == slots[index - 1]
        first = start if same_as_previous else 0
        for position in range(first, len(pools[index])):
            label, cards = pools[index][position]
            taken = used.get(label, 0)
            if taken >= len(cards):
                continue
            used[label] = taken + 1
            chosen.append((label, cards[taken]))
            yield from step(index + 1, position)
            chosen.pop()
            used[label] = taken

    yield from step(0, 0)
