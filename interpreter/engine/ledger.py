"""Declarations: which combinations a player may declare now (catalogue §5.1).

One function, ``problem``, decides whether a set of cards may be declared as a combination; the
enumeration of legal declarations and the explanation of an illegal one both go through it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from interpreter.engine.rules import Combo, Rules, Way
from interpreter.engine.state import Entry, State
from interpreter.model.combinations import SuitFilter
from interpreter.model.play import (
    FreshCard,
    MarriageRepair,
    PartnerCards,
    PerTrick,
    ReformTrigger,
    ReuseMode,
    TrumpMode,
    Zone,
)


def entries_by_card(state: State, player: int) -> dict[int, list[int]]:
    """Declaration numbers that each of the player's declared cards belongs to."""
    found: dict[int, list[int]] = {}
    for entry in state.ledger[player]:
        for card in entry.cards:
            found.setdefault(card, []).append(entry.no)
    return found


def card_label(
    rules: Rules, state: State, player: int, card: int, entries: dict[int, list[int]]
) -> str:
    """The notation of a card of ``player`` as moves write it: ``QS`` in the hand, ``QS*1.3``
    face up (declared in declarations 1 and 3, or an open card), ``QS^`` an open card won in
    the trick just played."""
    face = rules.face[card]
    if card in state.hands[player]:
        return face
    numbers = entries.get(card)
    mark = "^" if card in state.open[player] and card in last_trick_cards(state) else "*"
    return face + mark + (".".join(str(n) for n in numbers) if numbers else "")


def last_trick_cards(state: State) -> tuple[int, ...]:
    return () if state.last_trick is None else state.last_trick[0]


def source_cards(rules: Rules, state: State, player: int) -> list[int]:
    """The cards that may form a declaration: by default the hand and the table; with open
    cards (Polish), the open cards only."""
    zones = rules.variant.declare.sources
    cards: list[int] = []
    if Zone.HAND in zones:
        cards += state.hands[player]
    if Zone.TABLE in zones:
        cards += state.tables[player]
    if Zone.OPEN in zones:
        cards += state.open[player]
    return cards


def groups(rules: Rules, state: State, player: int) -> dict[str, list[tuple[str, list[int]]]]:
    """The player's cards by face, in groups of interchangeable copies (same label)."""
    entries = entries_by_card(state, player)
    by_label: dict[str, list[int]] = {}
    for card in sorted(source_cards(rules, state, player)):
        by_label.setdefault(card_label(rules, state, player, card, entries), []).append(card)
    if rules.variant.reuse.partner_cards is PartnerCards.EITHER_HAND_FOR_MULTI_BEZIQUE:
        for partner in rules.partners(player):  # "+" marks a partner's declared card
            theirs = entries_by_card(state, partner)
            for card in sorted(state.tables[partner]):
                numbers = ".".join(str(n) for n in theirs.get(card, ()))
                by_label.setdefault(rules.face[card] + "+" + numbers, []).append(card)
    by_face: dict[str, list[tuple[str, list[int]]]] = {}
    for label, cards in by_label.items():
        by_face.setdefault(rules.face[cards[0]], []).append((label, cards))
    return by_face


def _suits(rules: Rules, suit: SuitFilter, trump: str | None) -> list[str]:
    suits = rules.deck.suits
    if suit is SuitFilter.ANY:
        return list(suits)
    if trump is None:
        return []
    if suit is SuitFilter.TRUMP:
        return [trump]
    return [s for s in suits if s != trump]


def makes_trumps(rules: Rules, combo: Combo, trump: str | None) -> bool:
    """With no turn-up, the first marriage or sequence fixes trumps (law 41): while there are
    no trumps, a trump ``same_suit`` combination may be formed in any suit, and makes that suit
    trumps; its plain-suit counterpart waits (the first one is always in trumps)."""
    return (
        trump is None
        and combo.shape == "same_suit"
        and combo.suit is SuitFilter.TRUMP
        and rules.variant.trump.mode is TrumpMode.FIRST_MARRIAGE_OR_SEQUENCE
    )


def requirements(rules: Rules, combo: Combo, trump: str | None) -> list[list[tuple[str, ...]]]:
    """Alternative ways to form ``combo``: each a list of slots, a slot being the faces any of
    which may fill it.  Slots of one alternative are filled by distinct cards."""
    if makes_trumps(rules, combo, trump):
        return [[(rank + s,) for rank in combo.ranks] for s in rules.deck.suits]
    if combo.needs_trump and trump is None:
        return []
    if combo.shape == "same_suit":
        ways: list[list[tuple[str, ...]]] = [
            [(rank + s,) for rank in combo.ranks] for s in _suits(rules, combo.suit, trump)
        ]
        return ways
    if combo.shape == "same_rank":
        faces = tuple(combo.of + s for s in _suits(rules, combo.suit, trump))
        return [[faces] * combo.count]
    pair = rules.bezique_pair(trump)
    if pair is None:
        return []
    queen, jack = pair
    queens: tuple[str, ...] = (queen,)
    jacks: tuple[str, ...] = (jack,)
    return [[queens] * combo.count + [jacks] * combo.count]


def _fill(
    slots: Sequence[tuple[str, ...]],
    by_face: dict[str, list[tuple[str, list[int]]]],
    banned: frozenset[int] = frozenset(),
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


def forms(rules: Rules, combo: Combo, trump: str | None, cards: Sequence[int]) -> bool:
    """Whether ``cards`` (distinct physical cards) form ``combo`` with ``trump`` as trumps."""
    faces = sorted(rules.face[c] for c in cards)
    for slots in requirements(rules, combo, trump):
        if len(slots) != len(faces):
            continue
        remaining = list(faces)
        for options in slots:
            hit = next((f for f in options if f in remaining), None)
            if hit is None:
                break
            remaining.remove(hit)
        else:
            return True
    return False


def problem(
    rules: Rules,
    state: State,
    player: int,
    combo: Combo,
    cards: frozenset[int],
    *,
    pending: Entry | None = None,
) -> str | None:
    """Why ``cards`` may not be declared now as ``combo`` by ``player``, or None if they may.

    ``pending`` is the waiting entry being scored, which is itself no obstacle."""
    declare = rules.variant.declare
    name = rules.pretty
    own = [e for e in state.ledger[player] if e.scored]
    scored = list(own)
    foreign = cards - set(source_cards(rules, state, player))
    if foreign and not partner_may_supply(rules, combo):
        return f"{name(min(foreign))} is not yours to declare"
    if combo.shape == "bezique" and (
        rules.variant.reuse.partner_cards is PartnerCards.EITHER_HAND_FOR_MULTI_BEZIQUE
    ):
        # The side's béziques are one history: a card in a partner's double bézique is
        # bound by it as if it were the player's own (same kind, inferior bar).
        for partner in rules.partners(player):
            scored += [e for e in state.ledger[partner] if e.scored and e.cards & cards]
    if declare.must_use_trick_card and not cards & set(last_trick_cards(state)):
        return "every declaration must include a card of the trick just won"
    if declare.scores_per_trick is PerTrick.DISJOINT_MANY:
        shared = cards & state.window_cards
        if shared:
            card = min(shared)
            return f"{name(card)} is already in a combination declared after this trick"
    if declare.scores_per_trick is PerTrick.ONE_PER_KIND and combo.kind in state.window_kinds:
        return f"{_kind_name(rules, combo)} has already been declared after this trick"
    if rules.variant.reuse.inferior_bar:
        for entry in scored:
            if entry.cls == combo.cls and entry.rank > combo.rank and cards & entry.cards:
                card = min(cards & entry.cards)
                return (
                    f"{name(card)} has been declared in {_combo_name(rules, entry.combo)}, a "
                    f"superior combination of the same class"
                )
    if rules.variant.reuse.mode is ReuseMode.ONCE_PER_KIND:
        for entry in scored:
            if entry.kind == combo.kind and cards & entry.cards:
                if _second_double(rules, combo, cards, entry, scored):
                    continue
                card = min(cards & entry.cards)
                return f"{name(card)} has already scored in {_kind_name(rules, combo)}"
    else:
        reason = _reform_problem(rules, state, player, combo, cards, scored)
        if reason is not None:
            return reason
    for entry in state.ledger[player]:
        if entry is pending or entry.scored or entry.kind != combo.kind:
            continue
        if cards & entry.cards:
            return f"declaration {entry.no} already holds these cards 'to score'"
    fresh = declare.fresh_card_required
    if fresh is not FreshCard.NEVER:
        declared: set[int] = set()
        for entry in own:  # a partner's declarations are not this player's
            if fresh is FreshCard.ALWAYS or entry.cls == combo.cls:
                declared |= entry.cards
        if cards <= declared:
            where = "" if fresh is FreshCard.ALWAYS else " in this class"
            return f"every card has been declared before{where}: add a card not yet declared"
    return None


def partner_may_supply(rules: Rules, combo: Combo) -> bool:
    """Britannica, partnership play: double and triple bézique may be made up from either
    partner's declared cards."""
    return (
        rules.variant.reuse.partner_cards is PartnerCards.EITHER_HAND_FOR_MULTI_BEZIQUE
        and combo.shape == "bezique"
        and combo.count >= 2
    )


def _second_double(
    rules: Rules, combo: Combo, cards: frozenset[int], entry: Entry, scored: list[Entry]
) -> bool:
    """Britannica, three and four hands: a second double bézique may be declared to a bézique
    already used in a double, with the other pair new."""
    if not (rules.variant.reuse.multi_bezique_extension and combo.shape == "bezique"):
        return False
    shared = cards & entry.cards
    if combo.count != 2 or len(shared) != 2 or len({rules.rank[c] for c in shared}) != 2:
        return False
    used = set().union(*(e.cards for e in scored if e.kind == combo.kind))
    return not (cards - shared) & used


def _reform_problem(
    rules: Rules,
    state: State,
    player: int,
    combo: Combo,
    cards: frozenset[int],
    scored: list[Entry],
) -> str | None:
    """Re-forming (Rubicon, laws 34, 35; catalogue §5.1 rule 4): a combination may be formed
    again when a new card takes the place of one played away; marriages re-pair per
    ``reuse.marriage_repair``."""
    reuse = rules.variant.reuse
    held = state.hands[player] | state.tables[player]
    repair = combo.kind in reuse.repair_kinds
    for entry in scored:
        if entry.kind != combo.kind or not cards & entry.cards:
            continue
        if cards == entry.cards:
            return f"these very cards have already scored as {_combo_name(rules, entry.combo)}"
        card = rules.pretty(min(cards & entry.cards))
        if repair and reuse.marriage_repair is not MarriageRepair.NONE:
            spouses = entry.cards - cards
            if reuse.marriage_repair is MarriageRepair.WIDOW and spouses & held:
                return (
                    f"{card} is still married in declaration {entry.no}: a widow may "
                    "remarry only once the spouse has been played"
                )
            continue
        if repair:
            return f"{card} has already scored in {_kind_name(rules, combo)}"
        if not cards - entry.cards:
            return f"add a card that was not in declaration {entry.no}"
        if reuse.reform_trigger is ReformTrigger.DECLARED_CARD_PLAYED and not entry.cards - held:
            return (
                f"to form {combo.name} again, first play a card of declaration {entry.no} "
                "and put a new card in its place"
            )
    return None


def _combo_name(rules: Rules, combo_id: str) -> str:
    combo = rules.combo_by_id.get(combo_id)
    return combo.name if combo else combo_id


def _kind_name(rules: Rules, combo: Combo) -> str:
    return "a " + combo.kind.replace("_", " ")


def _ways(rules: Rules, trump: str | None) -> list[tuple[Combo, list[Way]]]:
    """For each combination, its ways of forming with ``trump``: the slots, and how many cards
    each distinct slot needs (for a quick count before any enumeration).  Cached per variant."""
    cached = rules.ways_cache.get(trump)
    if cached is None:
        cached = []
        for combo in rules.combos:
            ways: list[Way] = []
            for slots in requirements(rules, combo, trump):
                need: dict[tuple[str, ...], int] = {}
                for faces in slots:
                    need[faces] = need.get(faces, 0) + 1
                ways.append((tuple(slots), tuple(need.items())))
            cached.append((combo, ways))
        rules.ways_cache[trump] = cached
    return cached


def declarations(
    rules: Rules, state: State, player: int
) -> Iterator[tuple[Combo, tuple[int, ...], tuple[str, ...]]]:
    """Every legal declaration now, one per distinct set of labels, in a fixed order."""
    counts: dict[str, int] = {}
    face = rules.face
    for card in source_cards(rules, state, player):
        counts[face[card]] = counts.get(face[card], 0) + 1
    theirs = frozenset[int]()
    if rules.variant.reuse.partner_cards is PartnerCards.EITHER_HAND_FOR_MULTI_BEZIQUE:
        theirs = _partner_cards(rules, state, player)
        for card in theirs:
            counts[face[card]] = counts.get(face[card], 0) + 1
    by_face: dict[str, list[tuple[str, list[int]]]] | None = None
    # Two exact prunings, both implied by ``problem``: a declaration that must use a card of
    # the trick just won needs one of its faces, and under the once-per-kind rule a card that
    # has scored in a kind can never be part of that kind again.
    trick_faces: set[str] | None = None
    if rules.variant.declare.must_use_trick_card:
        trick_faces = {face[c] for c in last_trick_cards(state)}
    once = rules.variant.reuse.mode is ReuseMode.ONCE_PER_KIND
    for combo, ways in _ways(rules, state.trump):
        banned: frozenset[int] | None = None
        for slots, need in ways:
            if not _enough(need, counts):
                continue
            if trick_faces is not None and not any(
                f in trick_faces for faces in slots for f in faces
            ):
                continue
            if banned is None:
                banned = frozenset(
                    c
                    for e in state.ledger[player]
                    if once and e.scored and e.kind == combo.kind
                    for c in e.cards
                    if not (rules.variant.reuse.multi_bezique_extension and combo.count == 2)
                )
                if theirs and not partner_may_supply(rules, combo):
                    banned |= theirs
            if by_face is None:
                by_face = groups(rules, state, player)
            seen: set[tuple[str, ...]] = set()
            for filling in _fill(slots, by_face, banned):
                labels = tuple(label for label, _ in filling)
                if labels in seen:
                    continue
                seen.add(labels)
                cards = tuple(card for _, card in filling)
                if problem(rules, state, player, combo, frozenset(cards)) is None:
                    yield combo, cards, labels


def _enough(need: tuple[tuple[tuple[str, ...], int], ...], counts: dict[str, int]) -> bool:
    get = counts.get
    for faces, n in need:
        if len(faces) == 1:
            if get(faces[0], 0) < n:
                return False
        else:
            have = 0
            for face in faces:
                have += get(face, 0)
            if have < n:
                return False
    return True


def _partner_cards(rules: Rules, state: State, player: int) -> frozenset[int]:
    cards: set[int] = set()
    for partner in rules.partners(player):
        cards |= state.tables[partner]
    return frozenset(cards)
