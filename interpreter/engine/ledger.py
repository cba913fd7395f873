"""The reuse ledger: whether a set of cards may be declared as a combination (Hoyle; laws
33–38).  Every declaration a player could make is listed by :mod:`interpreter.engine.sieve`,
which puts each to these checks.

A proposed declaration is put through :data:`CHECKS`, a named table of checks (:class:`Check`)
taken in order; the first that objects gives the reason.  The enumeration of legal declarations
and the refusal of an illegal one both go through :func:`problem`, so the reason a declaration
is refused is the reason the move list leaves it out.

A check that refuses every filling holding some card, whatever its other cards, says so in its
own record (its ``prune``, and ``needs`` for the cards one of which every declaration must
hold): the sieve asks the checks the variant gives work (``Rules.ledger_checks``) for these
before it fills a way, and holds no rule of its own.  Relax a check and its pruning goes with it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final, NamedTuple

from interpreter.engine.combos import Combo, Shape
from interpreter.engine.forming import forms
from interpreter.engine.labels import last_trick_cards, source_zones
from interpreter.engine.parts import from_blocks
from interpreter.engine.state import Entry, State
from interpreter.model import Variant
from interpreter.model.play import (
    FreshCard,
    MarriageRepair,
    PartnerCards,
    ReformTrigger,
    ReuseMode,
)

if TYPE_CHECKING:
    from interpreter.engine.rules import Rules


# -- the compiled part -----------------------------------------------------------------------
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


def compile(variant: Variant) -> ReuseRules:
    """The ledger's part of the rules: ``[reuse]``."""
    return from_blocks(ReuseRules, variant.reuse)


# The rule values the checks read for every filling, as names of this module: in CPython 3.11
# an enum member read from its class is a slow look-up (the enum's metaclass hooks it).
_BEZIQUE: Final = Shape.BEZIQUE
_ONCE_PER_KIND: Final = ReuseMode.ONCE_PER_KIND
_REFORM: Final = ReuseMode.REFORM
_NO_REPAIR: Final = MarriageRepair.NONE
_WIDOW: Final = MarriageRepair.WIDOW
_PLAYED_AWAY: Final = ReformTrigger.DECLARED_CARD_PLAYED
_NEVER: Final = FreshCard.NEVER
_FROM_HAND: Final = FreshCard.FROM_HAND
_ALWAYS: Final = FreshCard.ALWAYS


class Index(NamedTuple):
    """A player's ledger by what the checks ask: his scored entries by kind, his entries by
    class, his waiting entries by kind (each in ledger order)."""

    scored: dict[str, list[Entry]]
    declared: dict[str, list[Entry]]
    waiting: dict[str, list[Entry]]


def index(state: State, player: int) -> Index:
    """``player``'s ledger indexed (:class:`Index`), kept until the ledgers change."""
    table = state.table
    kept = table.memo.get(("index", player))
    if kept is not None and kept[0] == table.ledger_versions[player]:
        return kept[1]  # type: ignore[no-any-return]
    found = Index({}, {}, {})
    for entry in table.ledger[player]:
        if entry.scored:
            found.scored.setdefault(entry.kind, []).append(entry)
        elif not entry.lost:
            found.waiting.setdefault(entry.kind, []).append(entry)
        found.declared.setdefault(entry.cls, []).append(entry)
    table.memo[("index", player)] = (table.ledger_versions[player], found)
    return found


# -- the checks ------------------------------------------------------------------------------
class Proposal:
    """A declaration put to the checks: ``cards`` as ``combo`` by ``player``; ``pending`` is
    the waiting entry being scored (``score N``), which is itself no obstacle."""

    __slots__ = (
        "_declared",
        "_index",
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
        self._index: Index | None = None

    def indexed(self) -> Index:
        """The player's ledger indexed (:func:`index`)."""
        if self._index is None:
            self._index = index(self.state, self.player)
        return self._index

    def _side(self) -> bool:
        """Whether a partner's declarations are part of this one's history: béziques from
        either partner's cards (Britannica), or any combination a partner's table may supply
        (bicyclecards.com: not one the partner could not legally declare)."""
        reuse = self.rules.reuse
        if reuse.partner_multi:
            return self.combo.shape is _BEZIQUE
        return reuse.partner_any and partner_may_supply(self.rules, self.combo)

    def scored(self) -> list[Entry]:
        """The player's scored entries of the combination's kind (the only ones the checks
        ask about), and with béziques from either partner's cards the side's scored entries
        of that kind that share a card (the side's béziques are one history).  Not to be
        changed: it may be the ledger's own index."""
        if self._scored is None:
            kind = self.combo.kind
            own = self.indexed().scored.get(kind, [])
            if self._side():
                own = own[:]
                for partner in self.rules.partners(self.player):
                    table = self.state.table.ledger[partner]
                    own += [
                        e for e in table if e.scored and e.kind == kind and e.cards & self.cards
                    ]
            self._scored = own
        return self._scored

    def declared(self) -> list[Entry]:
        """The entries of the combination's class (the only ones the checks ask about) that
        count as 'declared' before this one: every one when a new declaration is made; when a
        waiting one is scored, the scored ones and those declared before it (a superior
        combination shown later does not bar scoring an inferior one shown first — law 47
        loses it only when the superior one scores).  Not to be changed, like ``scored``."""
        if self._declared is None:
            pending, cls = self.pending, self.combo.cls
            own = self.indexed().declared.get(cls, [])
            if pending is not None:
                own = [e for e in own if e is not pending and (e.scored or e.no < pending.no)]
            if self._side():
                own = own[:]
                for partner in self.rules.partners(self.player):
                    table = self.state.table.ledger[partner]
                    own += [e for e in table if e.cls == cls and e.cards & self.cards]
            self._declared = own
        return self._declared

    def name(self, card: int) -> str:
        return self.rules.pretty(card)


Refusal = Callable[[Proposal], str | None]
"""A check: why the proposal may not be declared, or None."""


class Pruned:
    """What the checks refuse of a combination whatever the other cards of a filling, known
    before any of its ways is filled: the cards no filling may hold (``banned``), fillings
    refused as they are (``refused``: their very cards), and whether every filling is refused
    (``closed``).  Each check's ``prune`` adds what it refuses of the combination it is given.

    A listing asks the prunings of one combination after another with one ``Pruned`` for the
    player (started afresh before each), so that his ledger is indexed once (``index``)."""

    __slots__ = ("banned", "closed", "index", "player", "refused", "rules", "state")

    def __init__(self, rules: Rules, state: State, player: int) -> None:
        self.rules, self.state, self.player = rules, state, player
        self.index = index(state, player)
        self.banned: set[int] = set()
        self.refused: list[frozenset[int]] = []
        self.closed = False


Prune = Callable[[Pruned, Combo], None]
"""A check's pruning: what it refuses of the combination in any filling, added to the
:class:`Pruned`."""
Needs = Callable[["Rules", State], tuple[int, ...] | None]
"""A check's need: the cards one of which every declaration must hold now, whatever its
combination, or None if there is no such need."""


def _always(rules: Rules) -> bool:
    return True


@dataclass(frozen=True, slots=True)
class Check:
    """A rule of declaring as one record: what the rule is (``rule``), its ``check``, whether
    the variant's rules give it anything to check (``applies``; a check that has nothing to
    check returns None), and what the sieve may leave out before filling because this check
    would refuse it anyway (``prune``, ``needs``; None: nothing).  ``prune`` and ``needs`` are
    asked only where the check applies (:class:`Checks`), so they do not ask again."""

    rule: str
    check: Refusal
    applies: Callable[[Rules], bool] = _always
    prune: Prune | None = None
    needs: Needs | None = None


@dataclass(frozen=True, slots=True)
class Checks:
    """The checks of a declaration that the variant's rules give work, found once as the rules
    are compiled (``Rules.ledger_checks``): those of a new declaration in order (``every``: the
    declaring window's own, then the ledger's), and their functions as the hot paths call them
    — the checks themselves (``refusals``), the prunings and needs of those that have any —
    and the ledger's checks alone (``ledger``), to which scoring a waiting declaration is put."""

    every: tuple[Check, ...]
    ledger: tuple[Refusal, ...]
    refusals: tuple[Refusal, ...] = field(init=False)
    prunes: tuple[Prune, ...] = field(init=False)
    needs: tuple[Needs, ...] = field(init=False)

    def __post_init__(self) -> None:
        every = self.every
        object.__setattr__(self, "refusals", tuple([check.check for check in every]))
        prunes = tuple([check.prune for check in every if check.prune is not None])
        object.__setattr__(self, "prunes", prunes)
        needs = tuple([check.needs for check in every if check.needs is not None])
        object.__setattr__(self, "needs", needs)


def _owned(p: Proposal) -> str | None:
    foreign = p.cards.difference(*source_zones(p.rules, p.state, p.player))
    if foreign and not partner_may_supply(p.rules, p.combo):
        return f"{p.name(min(foreign))} is not yours to declare"
    if foreign and p.rules.reuse.partner_any and foreign == p.cards:
        return "add a card of your own to your partner's declared cards"
    return None


def _prune_owned(p: Pruned, combo: Combo) -> None:
    """A partner's declared cards, where they may not supply the combination."""
    rules = p.rules
    if rules.reuse.partner_used and not partner_may_supply(rules, combo):
        tables = p.state.table.tables
        for partner in rules.partners(p.player):
            p.banned |= tables[partner]


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
        f"{p.combo.name} is made by adding cards to a {p.rules.combo_names[base]} of yours "
        "still lying on the table"
    )


def _uses_trick_card(p: Proposal) -> str | None:
    if p.rules.declare.must_use_trick_card and not p.cards & set(last_trick_cards(p.state)):
        return "every declaration must include a card of the trick just won"
    return None


def _trick_cards(rules: Rules, state: State) -> tuple[int, ...] | None:
    """The cards of the trick just won, one of which every declaration must hold (asked only
    where ``declare.must_use_trick_card`` is set)."""
    return last_trick_cards(state)


def _inferior_bar(p: Proposal) -> str | None:
    """Hoyle: 'if a king and queen have been declared as part of a Sequence, a Marriage cannot
    afterwards be declared with the same cards'; laws 37 and 38.  Declared means declared:
    scored, shown 'to score', or shown and lost since (law 46)."""
    if not p.rules.reuse.inferior_bar:
        return None
    combo = p.combo
    for entry in p.declared():
        if entry.rank > combo.rank and p.cards & entry.cards:
            card = min(p.cards & entry.cards)
            how = "" if entry.scored else (" (shown 'to score')" if entry.waiting else " (lost)")
            return (
                f"{p.name(card)} has been declared in {p.rules.combo_names[entry.combo]}{how}, "
                "a superior combination of the same class"
            )
    return None


def _prune_inferior(p: Pruned, combo: Combo) -> None:
    """The player's cards declared in a superior combination of the class."""
    rank = combo.rank
    for entry in p.index.declared.get(combo.cls, ()):
        if entry.rank > rank:
            p.banned |= entry.cards


def _once_per_kind(p: Proposal) -> str | None:
    """The ordinary game: a card scores once in each kind of combination."""
    if p.rules.reuse.mode is not _ONCE_PER_KIND:
        return None
    scored = p.scored()
    for entry in scored:
        if p.cards & entry.cards:
            if _second_double(p.rules, p.combo, p.cards, entry, scored):
                continue
            card = min(p.cards & entry.cards)
            return f"{p.name(card)} has already scored in {_kind_name(p.combo)}"
    return None


def _prune_once(p: Pruned, combo: Combo) -> None:
    """The cards that have scored in the kind (save where a second double bézique may share a
    bézique with the first)."""
    if p.rules.reuse.multi_bezique_extension and combo.count == 2:
        return
    for entry in p.index.scored.get(combo.kind, ()):
        p.banned |= entry.cards


def _reform(p: Proposal) -> str | None:
    """Re-forming (Rubicon: Hoyle; laws 34, 35): a combination may be formed
    again when a new card takes the place of one played away; marriages re-pair per
    ``reuse.marriage_repair``."""
    reuse = p.rules.reuse
    if reuse.mode is not _REFORM:
        return None
    scored = p.scored()
    if not scored:
        return None
    table = p.state.table
    held = table.hands[p.player] | table.tables[p.player]
    combo, cards = p.combo, p.cards
    repair = combo.kind in reuse.repair_kinds
    for entry in scored:
        if not cards & entry.cards:
            continue
        if cards == entry.cards:
            return f"these very cards have already scored as {p.rules.combo_names[entry.combo]}"
        card = p.name(min(cards & entry.cards))
        if repair and reuse.marriage_repair is not _NO_REPAIR:
            spouses = entry.cards - cards
            if reuse.marriage_repair is _WIDOW and spouses & held:
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
            reuse.reform_trigger is _PLAYED_AWAY
            and combo.cls not in reuse.reform_with_added  # law 38 read literally
            and not entry.cards - held
        ):
            return (
                f"to form {combo.name} again, first play a card of declaration {entry.no} "
                "and put a new card in its place"
            )
    return None


def _prune_reform(p: Pruned, combo: Combo) -> None:
    """The very cards that have scored in the kind, which may not score again as they are
    (most refused fillings in Rubicon are these); and where a combination is formed again only
    once a declared card is played away, the cards of a declaration of the kind none of whose
    cards has been played away yet."""
    reuse = p.rules.reuse
    scored = p.index.scored.get(combo.kind, ())
    for entry in scored:
        p.refused.append(entry.cards)
    if (
        reuse.reform_trigger is not _PLAYED_AWAY
        or combo.kind in reuse.repair_kinds
        or combo.cls in reuse.reform_with_added
    ):
        return
    table = p.state.table
    hand, laid = table.hands[p.player], table.tables[p.player]
    for entry in scored:
        for card in entry.cards:  # a plain loop: ``all`` of a generator costs a frame
            if card not in hand and card not in laid:
                break
        else:  # still whole
            p.banned |= entry.cards


def _already_waiting(p: Proposal) -> str | None:
    for entry in p.indexed().waiting.get(p.combo.kind, ()):
        if entry is not p.pending and p.cards & entry.cards:
            return f"declaration {entry.no} already holds these cards 'to score'"
    return None


def _prune_waiting(p: Pruned, combo: Combo) -> None:
    """The cards of a declaration of the kind waiting 'to score'."""
    for entry in p.index.waiting.get(combo.kind, ()):
        p.banned |= entry.cards


def _fresh_card(p: Proposal) -> str | None:
    """Foster: every declaration needs a card not declared before in the same class (or, with
    ``always``, not declared before at all — the Britannica)."""
    fresh = p.rules.declare.fresh_card_required
    if fresh is _NEVER:
        return None
    if fresh is _FROM_HAND:
        if p.cards.isdisjoint(p.state.table.hands[p.player]):
            return "a declaration needs a card from the hand, not only cards on the table"
        return None
    declared: set[int] = set()
    for entry in p.ledger:  # a partner's declarations are not this player's
        if entry.scored and (fresh is _ALWAYS or entry.cls == p.combo.cls):
            declared |= entry.cards
    if p.cards <= declared:
        where = "" if fresh is _ALWAYS else " in this class"
        return f"every card has been declared before{where}: add a card not yet declared"
    return None


CHECKS: tuple[Check, ...] = (
    Check("the cards are the player's", _owned, prune=_prune_owned),
    Check(
        "built on a combination on the table",
        _built_on,
        lambda rules: any(combo.builds_on is not None for combo in rules.combos),
    ),
    Check(
        "a card of the trick just won",
        _uses_trick_card,
        lambda rules: rules.declare.must_use_trick_card,
        needs=_trick_cards,
    ),
    Check(
        "no inferior combination from declared cards",
        _inferior_bar,
        lambda rules: rules.reuse.inferior_bar,
        prune=_prune_inferior,
    ),
    Check(
        "a card scores once in each kind",
        _once_per_kind,
        lambda rules: rules.reuse.mode is _ONCE_PER_KIND,
        prune=_prune_once,
    ),
    Check(
        "re-forming a combination",
        _reform,
        lambda rules: rules.reuse.mode is _REFORM,
        prune=_prune_reform,
    ),
    Check(
        "cards already waiting 'to score'",
        _already_waiting,
        lambda rules: rules.declare.pending_allowed,  # else no declaration ever waits
        prune=_prune_waiting,
    ),
    Check(
        "a fresh card",
        _fresh_card,
        lambda rules: rules.declare.fresh_card_required is not _NEVER,
    ),
)
"""The checks of a declaration, in order (:class:`Check`)."""


def problem(
    rules: Rules,
    state: State,
    player: int,
    combo: Combo,
    cards: frozenset[int],
    *,
    pending: Entry | None = None,
) -> str | None:
    """Why the ledger refuses ``cards`` as ``combo`` by ``player`` now, or None if it does not
    (the ledger's checks alone: :func:`interpreter.engine.window.declare_problem` puts a new
    declaration to the window's too)."""
    return refusal(
        Proposal(rules, state, player, combo, cards, pending), rules.ledger_checks.ledger
    )


def refusal(proposal: Proposal, checks: tuple[Refusal, ...]) -> str | None:
    """The reason of the first of ``checks`` that refuses ``proposal``, or None."""
    for check in checks:
        reason = check(proposal)
        if reason is not None:
            return reason
    return None


def checks_of(rules: Rules, first: tuple[Check, ...] = ()) -> Checks:
    """The checks that the variant's rules give something to check, in order: ``first`` (the
    declaring window's own checks), then the ledger's (:data:`CHECKS`).  Found once per
    variant, as the rules are compiled: ``Rules.ledger_checks``."""
    ledger = [check for check in CHECKS if check.applies(rules)]
    every = [check for check in first if check.applies(rules)] + ledger
    return Checks(tuple(every), tuple([check.check for check in ledger]))


def pending_problem(rules: Rules, state: State, player: int, entry: Entry) -> str | None:
    """Why a waiting declaration may not be scored now (its cards no longer form it, or the
    ledger objects), or None."""
    combo = rules.combo_by_id[entry.combo]
    if not forms(rules, combo, state.table.trump, sorted(entry.cards)):
        return f"these cards no longer form {combo.name} now that trumps are fixed"
    return problem(rules, state, player, combo, entry.cards, pending=entry)


def partner_may_supply(rules: Rules, combo: Combo) -> bool:
    """Britannica, partnership play: double and triple bézique may be made up from either
    partner's declared cards.  bicyclecards.com: any combination may be made with the
    partner's declared cards, except double and triple bézique, whose cards all come from one
    player."""
    multiple = combo.shape is _BEZIQUE and combo.count >= 2
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
    if not (rules.reuse.multi_bezique_extension and combo.shape is _BEZIQUE):
        return False
    shared = cards & entry.cards
    if combo.count != 2 or len(shared) != 2 or len({rules.rank[c] for c in shared}) != 2:
        return False
    used = set().union(*(e.cards for e in scored if e.kind == combo.kind))
    return not (cards - shared) & used


def _kind_name(combo: Combo) -> str:
    return "a " + combo.kind.replace("_", " ")
