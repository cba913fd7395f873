"""The labels of a player's cards, as moves write them (``QS`` in the hand, ``QS*1.3`` declared
in declarations 1 and 3, ``QS^`` an open card just won, ``QS+2`` a partner's declared card),
where the cards that may form a declaration lie, and those cards grouped by label (copies
with one label are interchangeable)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from collections.abc import Set as AbstractSet
from typing import TYPE_CHECKING

from interpreter.engine.state import State

if TYPE_CHECKING:
    from interpreter.engine.rules import Rules


def entries_by_card(state: State, player: int) -> Mapping[int, str]:
    """The numbers of the declarations that each of the player's declared cards belongs to,
    as a label writes them (``1.3``; lost waiting declarations included: they are part of the
    card's history).  Kept until the ledgers change."""
    table = state.table
    kept = table.memo.get(("entries", player))
    if kept is not None and kept[0] == table.ledger_versions[player]:
        return kept[1]  # type: ignore[no-any-return]
    found: dict[int, str] = {}
    get = found.get
    for entry in table.ledger[player]:  # in ledger order: a card's numbers in that order
        number = str(entry.no)
        for card in entry.cards:
            before = get(card)
            found[card] = number if before is None else before + "." + number
    table.memo[("entries", player)] = (table.ledger_versions[player], found)
    return found


def last_trick_cards(state: State) -> tuple[int, ...]:
    last = state.table.last_trick
    return () if last is None else last[0]


def card_label(
    rules: Rules, state: State, player: int, card: int, entries: Mapping[int, str]
) -> str:
    """The notation of a card of ``player`` as moves write it (:func:`card_labels`)."""
    return card_labels(rules, state, player, (card,), entries)[0]


def card_labels(
    rules: Rules,
    state: State,
    player: int,
    cards: Iterable[int],
    entries: Mapping[int, str] | None = None,
) -> list[str]:
    """The notation of each of ``cards`` of ``player``, as moves write it: ``QS`` in the hand,
    ``QS*1.3`` face up (declared in declarations 1 and 3, or an open card), ``QS^`` an open
    card won in the trick just played.  ``entries``: :func:`entries_by_card`, when at hand."""
    table = state.table
    if entries is None:
        entries = entries_by_card(state, player)
    hand, opened, face = table.hands[player], table.open[player], rules.face
    won = last_trick_cards(state) if opened else ()
    return [
        face[card]
        if card in hand
        else face[card] + ("^" if card in opened and card in won else "*") + entries.get(card, "")
        for card in cards
    ]


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
    """The player's cards that may form a declaration, by face, in groups of interchangeable
    copies (same label)."""
    by_label: dict[str, list[int]] = {}
    cards = sorted(source_cards(rules, state, player))
    for card, label in zip(cards, card_labels(rules, state, player, cards), strict=True):
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
    _taken_last(rules, state, by_face)
    return by_face


def _taken_last(rules: Rules, state: State, by_face: Groups) -> None:
    """The turn-up just taken for the seven, which may not be declared after this trick
    (Enquire Within; ``seven.turn_up_declarable = false``), goes after the other copies of its
    group: a declaration takes a group's first copies, so it takes another copy where the
    player holds one."""
    taken = state.table.window.taken
    if taken < 0:
        return
    for _, cards in by_face.get(rules.face[taken], ()):
        if taken in cards and cards[-1] != taken:
            cards.remove(taken)
            cards.append(taken)


def face_groups(rules: Rules, state: State, player: int, faces: Iterable[str]) -> Groups:
    """What :func:`groups` gives for the cards of ``faces`` (its groups of each face in the
    same order), read face by face from the player's copies of each face (an intersection of
    sets) instead of from every card he holds: the declarations' sieve asks for the faces of
    the ways it let through."""
    declare, table, copies_of = rules.declare, state.table, rules.copies
    hand = table.hands[player] if declare.from_hand else _NOTHING
    laid = table.tables[player] if declare.from_table else _NOTHING
    opened = table.open[player] if declare.from_open else _NOTHING
    partners = rules.partners(player) if rules.reuse.partner_used else ()
    entries = entries_by_card(state, player) if laid or opened else _NO_ENTRIES
    won = last_trick_cards(state) if opened else ()
    by_face: Groups = {}
    for face in faces:
        copies = copies_of.get(face)
        if copies is None:
            continue
        in_hand = hand & copies if hand else _NOTHING
        shown = laid & copies if laid else _NOTHING
        if opened:
            shown = (shown | (opened & copies)) if shown else opened & copies
        if shown:
            found = _shown_groups(face, in_hand, shown, opened, won, entries)
        elif in_hand:  # the hand alone: one group
            found = {face: sorted(in_hand) if len(in_hand) > 1 else list(in_hand)}
        else:
            found = {}
        for partner in partners:  # after the player's own, as groups lists them
            _add_partner_groups(state, partner, face, copies, found)
        if found:
            by_face[face] = list(found.items())
    _taken_last(rules, state, by_face)
    return by_face


def _shown_groups(
    face: str,
    in_hand: AbstractSet[int],
    shown: AbstractSet[int],
    opened: AbstractSet[int],
    won: tuple[int, ...],
    entries: Mapping[int, str],
) -> dict[str, list[int]]:
    """The groups of ``face`` when some of its copies lie face up (declared, or open): the
    copies, lowest id first, as :func:`groups` sorts them, each under its label (``won``: the
    cards of the trick just won, ``entries``: :func:`entries_by_card`)."""
    found: dict[str, list[int]] = {}
    for card in sorted(in_hand | shown) if in_hand else sorted(shown):
        if card in in_hand:
            label = face
        else:
            mark = "^" if card in opened and card in won else "*"
            label = face + mark + entries.get(card, "")
        cards = found.get(label)
        if cards is None:
            found[label] = [card]
        else:
            cards.append(card)
    return found


def _add_partner_groups(
    state: State, partner: int, face: str, copies: AbstractSet[int], found: dict[str, list[int]]
) -> None:
    """Add to ``found`` the groups of ``face`` on ``partner``'s table ("+" marks them)."""
    theirs_here = state.table.tables[partner] & copies
    if theirs_here:
        theirs = entries_by_card(state, partner)
        for card in sorted(theirs_here):
            found.setdefault(face + "+" + theirs.get(card, ""), []).append(card)


_NOTHING: frozenset[int] = frozenset()
_NO_ENTRIES: Mapping[int, str] = {}
