"""The reuse ledger: whether a set of cards may be declared as a combination (Hoyle; laws
33–38; catalogue §5.1), and every declaration a player could make.

A proposed declaration is put through :data:`CHECKS`, a named table of checks taken in order;
the first that objects gives the reason.  The enumeration of legal declarations and the
refusal of an illegal one both go through :func:`problem`, so the reason a declaration is
refused is the reason the move list leaves it out.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from itertools import chain, compress
from operator import ge

from interpreter.engine.combos import Stage
from interpreter.engine.forming import forms, requirements
from interpreter.engine.rules import Combo, Rules, Shape, Sieve, Way
from interpreter.engine.state import Entry, State
from interpreter.model.play import (
    FreshCard,
    MarriageRepair,
    ReformTrigger,
    ReuseMode,
)


# -- the labels of a player's cards ----------------------------------------------------------
def entries_by_card(state: State, player: int) -> Mapping[int, str]:
    """The numbers of the declarations that each of the player's declared cards belongs to,
    as a label writes them (``1.3``; lost waiting declarations included: they are part of the
    card's history).  Kept until the ledgers change."""
    table = state.table
    kept = table.memo.get(("entries", player))
    if kept is not None and kept[0] == table.ledger_changes:
        return kept[1]  # type: ignore[no-any-return]
    numbers: dict[int, list[int]] = {}
    for entry in table.ledger[player]:
        for card in entry.cards:
            numbers.setdefault(card, []).append(entry.no)
    found = {card: ".".join(map(str, nos)) for card, nos in numbers.items()}
    table.memo[("entries", player)] = (table.ledger_changes, found)
    return found


def last_trick_cards(state: State) -> tuple[int, ...]:
    last = state.table.last_trick
    return () if last is None else last[0]


def card_label(
    rules: Rules, state: State, player: int, card: int, entries: Mapping[int, str]
) -> str:
    """The notation of a card of ``player`` as moves write it: ``QS`` in the hand, ``QS*1.3``
    face up (declared in declarations 1 and 3, or an open card), ``QS^`` an open card won in
    the trick just played."""
    face = rules.face[card]
    table = state.table
    if card in table.hands[player]:
        return face
    mark = "^" if card in table.open[player] and card in last_trick_cards(state) else "*"
    return face + mark + entries.get(card, "")


def source_zones(rules: Rules, state: State, player: int) -> list[set[int]]:
    """Where the cards that may form a declaration lie: by default the hand and the table;
    with open cards (Polish), the open cards only."""
    declare, table = rules.declare, state.table
    zones: list[set[int]] = []
    if declare.from_hand:
        zones.append(table.hands[player])
    if declare.from_table:
        zones.append(table.tables[player])
    if declare.from_open:
        zones.append(table.open[player])
    return zones


def source_cards(rules: Rules, state: State, player: int) -> list[int]:
    """The cards that may form a declaration (:func:`source_zones`)."""
    return [card for zone in source_zones(rules, state, player) for card in zone]


Groups = dict[str, list[tuple[str, list[int]]]]


def groups(rules: Rules, state: State, player: int) -> Groups:
    """The player's cards by face, in groups of interchangeable copies (same label)."""
    entries = entries_by_card(state, player)
    by_label: dict[str, list[int]] = {}
    hand = state.table.hands[player]
    face = rules.face
    for card in sorted(source_cards(rules, state, player)):
        # A card in the hand is labelled by its face alone (``card_label``'s first case).
        label = face[card] if card in hand else card_label(rules, state, player, card, entries)
        by_label.setdefault(label, []).append(card)
    if rules.reuse.partner_used:
        for partner in rules.partners(player):  # "+" marks a partner's declared card
            theirs = entries_by_card(state, partner)
            for card in sorted(state.table.tables[partner]):
                label = rules.face[card] + "+" + theirs.get(card, "")
                by_label.setdefault(label, []).append(card)
    by_face: Groups = {}
    for label, cards in by_label.items():
        by_face.setdefault(rules.face[cards[0]], []).append((label, cards))
    return by_face


# -- the checks ------------------------------------------------------------------------------
class Proposal:
    """A declaration put to the checks: ``cards`` as ``combo`` by ``player``; ``pending`` is
    the waiting entry being scored (``score N``), which is itself no obstacle."""

    __slots__ = (
        "_declared",
        "_scored",
        "cards",
        "combo",
        "ledger",
        "pending",
        "player",
        "rules",
        "state",
    )

    def __init__(
        self,
        rules: Rules,
        state: State,
        player: int,
        combo: Combo,
        cards: frozenset[int],
        pending: Entry | None,
    ) -> None:
        self.rules, self.state, self.player = rules, state, player
        self.combo, self.cards, self.pending = combo, cards, pending
        self.ledger: list[Entry] = state.table.ledger[player]
        self._scored: list[Entry] | None = None
        self._declared: list[Entry] | None = None

    def _side(self) -> bool:
        """Whether a partner's declarations are part of this one's history: béziques from
        either partner's cards (Britannica), or any combination a partner's table may supply
        (BC-4: not one the partner could not legally declare)."""
        reuse = self.rules.reuse
        if reuse.partner_multi:
            return self.combo.shape is Shape.BEZIQUE
        return reuse.partner_any and partner_may_supply(self.rules, self.combo)

    def scored(self) -> list[Entry]:
        """The player's scored entries, and with béziques from either partner's cards the
        side's scored entries that share a card (the side's béziques are one history)."""
        if self._scored is None:
            own = [e for e in self.ledger if e.scored]
            if self._side():
                for partner in self.rules.partners(self.player):
                    table = self.state.table.ledger[partner]
                    own += [e for e in table if e.scored and e.cards & self.cards]
            self._scored = own
        return self._scored

    def declared(self) -> list[Entry]:
        """The entries that count as 'declared' before this one: every entry when a new
        declaration is made; when a waiting one is scored, the scored entries and those
        declared before it (a superior combination shown later does not bar scoring an
        inferior one shown first — law 47 loses it only when the superior one scores)."""
        if self._declared is None:
            pending = self.pending
            own = [
                e
                for e in self.ledger
                if pending is None or (e is not pending and (e.scored or e.no < pending.no))
            ]
            if self._side():
                for partner in self.rules.partners(self.player):
                    own += [e for e in self.state.table.ledger[partner] if e.cards & self.cards]
            self._declared = own
        return self._declared

    def name(self, card: int) -> str:
        return self.rules.pretty(card)


Check = Callable[[Proposal], str | None]


def _owned(p: Proposal) -> str | None:
    foreign = p.cards.difference(*source_zones(p.rules, p.state, p.player))
    if foreign and not partner_may_supply(p.rules, p.combo):
        return f"{p.name(min(foreign))} is not yours to declare"
    if foreign and p.rules.reuse.partner_any and foreign == p.cards:
        return "add a card of your own to your partner's declared cards"
    return None


def _built_on(p: Proposal) -> str | None:
    """The Haitian quinte: made by adding cards to a combination the player has scored whose
    cards all still lie on his table."""
    base = p.combo.builds_on
    if base is None:
        return None
    table = p.state.table.tables[p.player]
    for entry in p.ledger:
        if entry.combo == base and entry.scored and entry.cards <= p.cards and entry.cards <= table:
            return None
    return (
        f"{p.combo.name} is made by adding cards to a {_combo_name(p.rules, base)} of yours "
        "still lying on the table"
    )


def _uses_trick_card(p: Proposal) -> str | None:
    if p.rules.declare.must_use_trick_card and not p.cards & set(last_trick_cards(p.state)):
        return "every declaration must include a card of the trick just won"
    return None


def _inferior_bar(p: Proposal) -> str | None:
    """Hoyle: 'if a king and queen have been declared as part of a Sequence, a Marriage cannot
    afterwards be declared with the same cards'; laws 37 and 38.  Declared means declared:
    scored, shown 'to score', or shown and lost since (law 46)."""
    if not p.rules.reuse.inferior_bar or not (p.ledger or p._side()):
        return None
    combo = p.combo
    for entry in p.declared():
        if entry.cls == combo.cls and entry.rank > combo.rank and p.cards & entry.cards:
            card = min(p.cards & entry.cards)
            how = "" if entry.scored else (" (shown 'to score')" if entry.waiting else " (lost)")
            return (
                f"{p.name(card)} has been declared in {_combo_name(p.rules, entry.combo)}{how}, "
                "a superior combination of the same class"
            )
    return None


def _once_per_kind(p: Proposal) -> str | None:
    """The ordinary game: a card scores once in each kind of combination."""
    if p.rules.reuse.mode is not ReuseMode.ONCE_PER_KIND:
        return None
    scored = p.scored()
    for entry in scored:
        if entry.kind == p.combo.kind and p.cards & entry.cards:
            if _second_double(p.rules, p.combo, p.cards, entry, scored):
                continue
            card = min(p.cards & entry.cards)
            return f"{p.name(card)} has already scored in {_kind_name(p.combo)}"
    return None


def _reform(p: Proposal) -> str | None:
    """Re-forming (Rubicon, laws 34, 35; catalogue §5.1 rule 4): a combination may be formed
    again when a new card takes the place of one played away; marriages re-pair per
    ``reuse.marriage_repair``."""
    reuse = p.rules.reuse
    if reuse.mode is not ReuseMode.REFORM:
        return None
    table = p.state.table
    held = table.hands[p.player] | table.tables[p.player]
    combo, cards = p.combo, p.cards
    repair = combo.kind in reuse.repair_kinds
    for entry in p.scored():
        if entry.kind != combo.kind or not cards & entry.cards:
            continue
        if cards == entry.cards:
            return f"these very cards have already scored as {_combo_name(p.rules, entry.combo)}"
        card = p.name(min(cards & entry.cards))
        if repair and reuse.marriage_repair is not MarriageRepair.NONE:
            spouses = entry.cards - cards
            if reuse.marriage_repair is MarriageRepair.WIDOW and spouses & held:
                return (
                    f"{card} is still married in declaration {entry.no}: a widow may "
                    "remarry only once the spouse has been played"
                )
            continue
        if repair:
            return f"{card} has already scored in {_kind_name(combo)}"
        if not cards - entry.cards:
            return f"add a card that was not in declaration {entry.no}"
        if (
            reuse.reform_trigger is ReformTrigger.DECLARED_CARD_PLAYED
            and combo.cls not in reuse.reform_with_added  # law 38 read literally
            and not entry.cards - held
        ):
            return (
                f"to form {combo.name} again, first play a card of declaration {entry.no} "
                "and put a new card in its place"
            )
    return None


def _already_waiting(p: Proposal) -> str | None:
    for entry in p.ledger:
        if entry is p.pending or not entry.waiting or entry.kind != p.combo.kind:
            continue
        if p.cards & entry.cards:
            return f"declaration {entry.no} already holds these cards 'to score'"
    return None


def _fresh_card(p: Proposal) -> str | None:
    """Foster: every declaration needs a card not declared before in the same class (or, with
    ``always``, not declared before at all — the Britannica)."""
    fresh = p.rules.declare.fresh_card_required
    if fresh is FreshCard.NEVER:
        return None
    if fresh is FreshCard.FROM_HAND:
        if p.cards.isdisjoint(p.state.table.hands[p.player]):
            return "a declaration needs a card from the hand, not only cards on the table"
        return None
    declared: set[int] = set()
    for entry in p.ledger:  # a partner's declarations are not this player's
        if entry.scored and (fresh is FreshCard.ALWAYS or entry.cls == p.combo.cls):
            declared |= entry.cards
    if p.cards <= declared:
        where = "" if fresh is FreshCard.ALWAYS else " in this class"
        return f"every card has been declared before{where}: add a card not yet declared"
    return None


CHECKS: tuple[tuple[str, Check], ...] = (
    ("the cards are the player's", _owned),
    ("built on a combination on the table", _built_on),
    ("a card of the trick just won", _uses_trick_card),
    ("no inferior combination from declared cards", _inferior_bar),
    ("a card scores once in each kind", _once_per_kind),
    ("re-forming a combination", _reform),
    ("cards already waiting 'to score'", _already_waiting),
    ("a fresh card", _fresh_card),
)
"""The checks of a declaration, in order: (what the rule is, the check)."""


def problem(
    rules: Rules,
    state: State,
    player: int,
    combo: Combo,
    cards: frozenset[int],
    *,
    pending: Entry | None = None,
) -> str | None:
    """Why ``cards`` may not be declared now as ``combo`` by ``player``, or None if they may."""
    proposal = Proposal(rules, state, player, combo, cards, pending)
    for check in _CHECKS:
        reason = check(proposal)
        if reason is not None:
            return reason
    return None


_CHECKS = tuple(check for _, check in CHECKS)


def pending_problem(rules: Rules, state: State, player: int, entry: Entry) -> str | None:
    """Why a waiting declaration may not be scored now (its cards no longer form it, or the
    ledger objects), or None."""
    combo = rules.combo_by_id[entry.combo]
    if not forms(rules, combo, state.table.trump, sorted(entry.cards)):
        return f"these cards no longer form {combo.name} now that trumps are fixed"
    return problem(rules, state, player, combo, entry.cards, pending=entry)


def partner_may_supply(rules: Rules, combo: Combo) -> bool:
    """Britannica, partnership play: double and triple bézique may be made up from either
    partner's declared cards.  BC-4: any combination may be made with the partner's declared
    cards, except double and triple bézique, whose cards all come from one player."""
    multiple = combo.shape is Shape.BEZIQUE and combo.count >= 2
    reuse = rules.reuse
    return (reuse.partner_multi and multiple) or (reuse.partner_any and not multiple)


def points_of(rules: Rules, state: State, player: int, combo: Combo) -> int:
    """What ``combo`` scores for ``player`` now: its ``first_points`` if he has declared none
    yet this deal."""
    if combo.first_points is None:
        return combo.points
    if any(entry.combo == combo.id for entry in state.table.ledger[player]):
        return combo.points
    return combo.first_points


def _second_double(
    rules: Rules, combo: Combo, cards: frozenset[int], entry: Entry, scored: list[Entry]
) -> bool:
    """Britannica, three and four hands: a second double bézique may be declared to a bézique
    already used in a double, with the other pair new."""
    if not (rules.reuse.multi_bezique_extension and combo.shape is Shape.BEZIQUE):
        return False
    shared = cards & entry.cards
    if combo.count != 2 or len(shared) != 2 or len({rules.rank[c] for c in shared}) != 2:
        return False
    used = set().union(*(e.cards for e in scored if e.kind == combo.kind))
    return not (cards - shared) & used


def _combo_name(rules: Rules, combo_id: str) -> str:
    combo = rules.combo_by_id.get(combo_id)
    return combo.name if combo else combo_id


def _kind_name(combo: Combo) -> str:
    return "a " + combo.kind.replace("_", " ")


# -- every legal declaration -----------------------------------------------------------------
def _fill(
    slots: Sequence[tuple[str, ...]], by_face: Groups, banned: frozenset[int] = frozenset()
) -> Iterator[list[tuple[str, int]]]:
    """Every way of filling the slots with distinct cards, copies with one label counted once.

    Consecutive equal slots are filled as a multiset (non-decreasing group order), so that the
    four slots of 'four kings' are not filled in every order.  Groups of ``banned`` cards are
    left out (copies with one label share their history, so a group is banned as a whole)."""
    pools: list[list[tuple[str, list[int]]]] = []
    for faces in slots:
        pool: list[tuple[str, list[int]]] = []
        for face in faces:
            pool.extend(g for g in by_face.get(face, ()) if g[1][0] not in banned)
        if not pool:
            return
        pools.append(pool)
    used: dict[str, int] = {}
    chosen: list[tuple[str, int]] = []

    def step(index: int, start: int) -> Iterator[list[tuple[str, int]]]:
        if index == len(slots):
            yield list(chosen)
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


def _ways(rules: Rules, trump: str | None) -> Sieve:
    """Every way of forming each combination with ``trump``, in order, each with what it needs
    as masks of card bits (for a quick test before any enumeration): the rarest need of every
    way, apart, then for each way its other needs and every face it may use.  Cached per
    variant."""
    cached = rules.ways_cache.get(trump)
    if cached is None:
        firsts: list[int] = []
        first_counts: list[int] = []
        stages: list[Stage] = []
        masks = rules.face_mask
        for combo in rules.combos:
            for slots in requirements(rules, combo, trump):
                need: dict[tuple[str, ...], int] = {}
                for faces in slots:
                    need[faces] = need.get(faces, 0) + 1
                needs = sorted(
                    ((sum(masks.get(f, 0) for f in faces), n) for faces, n in need.items()),
                    key=lambda item: (item[0].bit_count(), -item[1]),
                )
                every = sum(masks.get(f, 0) for f in {f for faces in slots for f in faces})
                way: Way = (tuple(slots), tuple(needs), every)
                firsts.append(needs[0][0])
                first_counts.append(needs[0][1])
                others = needs[1:]
                stages.append(
                    (
                        tuple(mask for mask, _ in others),
                        tuple(count for _, count in others),
                        every,
                        (combo, way),
                    )
                )
        cached = rules.ways_cache[trump] = (tuple(firsts), tuple(first_counts), tuple(stages))
    return cached


Allowed = Callable[[Combo, frozenset[int]], str | None]


def formable(rules: Rules, state: State, player: int) -> list[tuple[Combo, Way]]:
    """The ways of forming a combination for which ``player`` has enough cards of the right
    faces (his own, and a partner's where they may count): a quick, exact first sieve, empty
    in most windows.  ``declarations`` enumerates the cards of these ways only."""
    bit, table = rules.bit, state.table
    # Distinct bits: their sum is their union.
    held: int = sum(map(bit.__getitem__, chain.from_iterable(source_zones(rules, state, player))))
    if rules.reuse.partner_used:
        held |= sum(map(bit.__getitem__, _partner_cards(rules, state, player)))
    # An exact pruning implied by the checks: a declaration that must use a card of the trick
    # just won needs one of its faces.
    trick = -1
    if rules.declare.must_use_trick_card:
        masks, face = rules.face_mask, rules.face
        trick = 0
        for card in last_trick_cards(state):
            trick |= masks[face[card]]
    # The same cards give the same ways: a window asks twice (may he act? what may he
    # declare?), and again after each declaration.
    key = (held, trick, table.trump)
    kept = table.memo.get(("formable", player))
    if kept is not None and kept[0] == key:
        return kept[1]  # type: ignore[no-any-return]
    # The hottest test of the engine: enough cards of the rarest face each way needs, for
    # every way at once in C (most ways stop there), then of the others, and a card of the
    # trick where one is needed.
    firsts, counts, stages = _ways(rules, table.trump)
    passed = compress(stages, map(ge, map(int.bit_count, map(held.__and__, firsts)), counts))
    found = [
        stage[3]
        for stage in passed
        if trick & stage[2]
        and all(map(ge, map(int.bit_count, map(held.__and__, stage[0])), stage[1]))
    ]
    table.memo[("formable", player)] = (key, found)
    return found


def declarations(
    rules: Rules, state: State, player: int, allowed: Allowed
) -> Iterator[tuple[Combo, tuple[int, ...], tuple[str, ...]]]:
    """Every declaration ``allowed`` lets through now (``allowed`` returns a refusal or None),
    one per distinct set of labels, in a fixed order."""
    ways = formable(rules, state, player)
    if not ways:
        return
    theirs = _partner_cards(rules, state, player) if rules.reuse.partner_used else frozenset()
    by_face = groups(rules, state, player)
    banned: dict[str, frozenset[int]] = {}
    for combo, (slots, _, _) in ways:
        if combo.id not in banned:
            banned[combo.id] = _banned(rules, state, player, combo, theirs)
        seen: set[tuple[str, ...]] = set()
        for filling in _fill(slots, by_face, banned[combo.id]):
            labels = tuple(label for label, _ in filling)
            if labels in seen:
                continue
            seen.add(labels)
            cards = tuple(card for _, card in filling)
            if allowed(combo, frozenset(cards)) is None:
                yield combo, cards, labels


def _banned(
    rules: Rules, state: State, player: int, combo: Combo, theirs: frozenset[int]
) -> frozenset[int]:
    """Cards that can never be part of ``combo`` now (an exact pruning implied by the checks):
    under the once-per-kind rule, the cards that have scored in its kind; and a partner's
    cards, where they may not supply it."""
    banned: frozenset[int] = frozenset()
    extension = rules.reuse.multi_bezique_extension and combo.count == 2
    if rules.reuse.mode is ReuseMode.ONCE_PER_KIND and not extension:
        banned = frozenset(
            c
            for e in state.table.ledger[player]
            if e.scored and e.kind == combo.kind
            for c in e.cards
        )
    if theirs and not partner_may_supply(rules, combo):
        banned |= theirs
    return banned


def _partner_cards(rules: Rules, state: State, player: int) -> frozenset[int]:
    cards: set[int] = set()
    for partner in rules.partners(player):
        cards |= state.table.tables[partner]
    return frozenset(cards)
