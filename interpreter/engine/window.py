"""The declaring window: after a trick won, the winner (and, by the rules, his partner) may
declare, score a waiting declaration, pass the right, and then draws (Hoyle; laws 33, 43–48).

The window's own checks of a declaration (:data:`CHECKS`: the turn-up just taken for the seven,
and the quota of a window — one combination scored per trick, several disjoint ones, or one of
each kind), put before the ledger's (:func:`declare_problem`), scoring a waiting one
(:func:`score_problem`) and passing the right (:func:`yield_problem`) each have one check, used
both by the move list and by the refusal of a move.  Like the ledger's, each of the window's
checks carries its own pruning, which the declarations' sieve asks for."""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from interpreter.cards import RANK_NAMES
from interpreter.engine import forming, ledger, seven, sieve, tricks
from interpreter.engine.combos import Combo
from interpreter.engine.events import EventKind
from interpreter.engine.ledger import Check, Proposal, Pruned
from interpreter.engine.moves import Declare, Move, Play, ScorePending, Yield
from interpreter.engine.parts import from_blocks
from interpreter.engine.state import Entry, Phase, State, Window
from interpreter.engine.tricks import labels_held, lose, not_held
from interpreter.model import Variant
from interpreter.model.play import (
    DeclareRight,
    DeclareWhen,
    FreshCard,
    HeldUntil,
    PerTrick,
    TrumpFixedOn,
    TrumpMode,
    Zone,
)

if TYPE_CHECKING:
    from interpreter.engine.rules import Rules


# -- the compiled part -----------------------------------------------------------------------
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
    when: DeclareWhen = DeclareWhen.AFTER_TRICK_WIN
    lead_rank: str | None = None
    held_until: HeldUntil = HeldUntil.AT_ONCE
    # On lead: declared by the player to lead, one of its cards led at once (Sixty-six).
    on_lead: bool = field(init=False)
    # The points wait for a trick won: the first (Sixty-six), or the next (the package).
    held: bool = field(init=False)
    held_next: bool = field(init=False)
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
        object.__setattr__(self, "on_lead", self.when is DeclareWhen.ON_LEAD)
        object.__setattr__(self, "held", self.held_until is not HeldUntil.AT_ONCE)
        object.__setattr__(self, "held_next", self.held_until is HeldUntil.NEXT_TRICK_WON)
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


def compile(variant: Variant) -> DeclareRules:
    """The declaring window's part of the rules: ``[declare]``, and ``[trump]`` (when trumps
    are fixed, and whether other combinations may come first)."""
    return from_blocks(DeclareRules, variant.declare, variant.trump)


def open_for(rules: Rules, state: State, winner: int) -> None:
    """A trick is won: a fresh window, with the seats that will declare after the winner."""
    queue = list(rules.partners(winner)) if rules.declare.partner_declares else []
    state.table.window.queue = queue


def _scores_now(rules: Rules, window: Window) -> bool:
    """Whether a declaration made now scores at once (else it waits 'to score')."""
    return not (rules.declare.one_per_trick and window.scored)


def _may_declare(rules: Rules, window: Window) -> bool:
    """Whether a new declaration may be made now (scoring at once, or waiting 'to score')."""
    return _scores_now(rules, window) or rules.declare.pending_allowed


# -- the window's checks of a declaration ------------------------------------------------------
def _not_just_taken(p: Proposal) -> str | None:
    """Enquire Within: the turn-up just taken for the seven of trumps may not be declared
    after this trick (``seven.turn_up_declarable = false``)."""
    taken = p.state.table.window.taken
    if taken >= 0 and taken in p.cards:
        return (
            f"{p.rules.pretty(taken)}, just taken for the seven of trumps, may not be declared "
            "after this trick"
        )
    return None


def _prune_taken(p: Pruned, combo: Combo) -> None:
    taken = p.state.table.window.taken
    if taken >= 0:
        p.banned.add(taken)


def _at_lead(p: Proposal) -> str | None:
    """Sixty-six, Schnapsen (Bicycle; Britannica): a marriage is declared by the player to
    lead, showing it as he leads one of its cards, never when following; once per lead; and,
    unless the rules continue them, not after the stock is exhausted."""
    return _not_leading(p.rules, p.state)


def _not_leading(rules: Rules, state: State) -> str | None:
    table = state.table
    if state.phase is not Phase.PLAY or table.trick:
        return "a combination is declared only by the player to lead, as he leads"
    if table.lead_from is not None:
        return "a combination has already been declared at this lead: lead one of its cards"
    if not table.stock and not rules.declare.after_stock_exhausted:
        return "no combination is declared once the stock is exhausted"
    return None


def _prune_lead(p: Pruned, combo: Combo) -> None:
    p.closed = _not_leading(p.rules, p.state) is not None


def _within_quota(p: Proposal) -> str | None:
    """Why the window's quota forbids declaring the proposal now: one combination scored per
    trick (unless more may wait 'to score'), several that share no card, or one of each
    kind."""
    rules = p.rules
    declare, window = rules.declare, p.state.table.window
    if declare.one_per_trick:
        if window.scored and not declare.pending_allowed:  # not _may_declare, without a call
            return "only one combination may be scored after each trick"
    elif declare.disjoint_per_trick:
        shared = p.cards & window.cards
        if shared:
            return (
                f"{rules.pretty(min(shared))} is already in a combination declared after this trick"
            )
    elif declare.one_per_kind and p.combo.kind in window.kinds:
        return f"a {p.combo.kind.replace('_', ' ')} has already been declared after this trick"
    return None


def _prune_quota(p: Pruned, combo: Combo) -> None:
    """No combination once the quota is met; where several share no card, the cards of those
    declared after this trick; one of each kind, none of a kind declared after it."""
    rules = p.rules
    declare, window = rules.declare, p.state.table.window
    if declare.one_per_trick:
        p.closed = window.scored and not declare.pending_allowed
    elif declare.disjoint_per_trick:
        p.banned |= window.cards
    elif declare.one_per_kind and combo.kind in window.kinds:
        p.closed = True


CHECKS: tuple[Check, ...] = (
    Check(
        "the moment to declare, leading",
        _at_lead,
        lambda rules: rules.declare.on_lead,
        prune=_prune_lead,
    ),
    Check(
        "the turn-up just taken for the seven",
        _not_just_taken,
        lambda rules: rules.sevens.taken_barred,
        prune=_prune_taken,
    ),
    Check("the quota of the window", _within_quota, prune=_prune_quota),
)
"""The window's checks of a declaration (:class:`ledger.Check`), put before the ledger's:
``Rules.ledger_checks`` holds those the variant gives work (:func:`ledger.checks_of`)."""


def declare_problem(
    rules: Rules, state: State, player: int, combo: Combo, cards: frozenset[int]
) -> str | None:
    """Why ``player`` may not declare ``cards`` as ``combo`` now (the cards are his and form
    the combination), or None: the window's checks, then the ledger's."""
    proposal = Proposal(rules, state, player, combo, cards, None)
    return ledger.refusal(proposal, rules.ledger_checks.refusals)


def score_problem(rules: Rules, state: State, player: int, entry: Entry) -> str | None:
    """Why ``player`` may not score his waiting declaration ``entry`` now, or None."""
    if not entry.waiting:
        return f"declaration {entry.no} is not waiting to score"
    if not _scores_now(rules, state.table.window):
        return "you have already scored a combination after this trick"
    return ledger.pending_problem(rules, state, player, entry)


def yield_problem(rules: Rules, state: State, player: int) -> str | None:
    """bicyclecards.com: the winner of a trick may pass the right to declare to his partner,
    before he declares anything himself."""
    if not rules.declare.may_pass:
        return "in this variant the right to declare is not passed to the partner"
    if not rules.partners(player):
        return "there is no partner to pass the declaration to"
    if player != state.table.leader:
        return "only the winner of the trick may pass the right to declare"
    if state.table.window.acted:
        return "the right to declare is passed before declaring anything"
    return None


def moves(rules: Rules, state: State, player: int) -> list[Move]:
    """Declarations, then waiting declarations to score."""
    found: list[Move] = []
    table = state.table

    def allowed(combo: Combo, cards: frozenset[int]) -> str | None:
        return declare_problem(rules, state, player, combo, cards)

    if _may_declare(rules, table.window):
        for combo, cards, labels in sieve.declarations(rules, state, player, allowed):
            points = ledger.points_of(rules, state, player, combo)
            found.append(Declare(combo.id, cards, labels, points))
    for entry in table.ledger[player]:
        if (
            not entry.scored
            and not entry.lost
            and score_problem(rules, state, player, entry) is None
        ):
            found.append(ScorePending(entry.no, entry.combo, entry.points))
    return found


def may_act(rules: Rules, state: State, player: int) -> bool:
    """Whether ``player`` may do anything in the window but draw: an exact quick test (False
    means the move list is 'draw' alone), so that most windows close without listing moves.
    Asked as his turn in the window opens (``flow.open_window``): nothing is declared in it
    yet, so a declaration may be made if he has one."""
    if rules.declare.may_pass:
        return True
    if state.table.ledger[player] and ledger.index(state, player).waiting:  # kept per ledger
        return True
    if rules.seven is not None and seven.moves(rules, state, player):
        return True
    # The sieve: empty in most windows.
    sifted = sieve.sift(rules, state, player)
    if not sifted[0]:
        return False
    state.table.memo[sieve.KEPT] = (player, sifted)  # for the move list listed at once
    return True


def yield_moves(rules: Rules, state: State, player: int) -> list[Move]:
    return [Yield()] if yield_problem(rules, state, player) is None else []


# -- refusals ----------------------------------------------------------------------------------
def _nearest(rules: Rules, typed: str) -> str:
    """The combinations a mistyped id may mean, by their ids and by the names players see
    (``royal_marriage`` is the royal marriage, whose id is ``marriage_royal``)."""
    spelled = {combo.id: combo.id for combo in rules.combos}
    for combo in rules.combos:
        spelled.setdefault(combo.name.replace(" ", "_").replace("é", "e"), combo.id)
    wanted = typed.replace("é", "e")
    close = difflib.get_close_matches(wanted, list(spelled), n=4, cutoff=0.6)
    meant = list(dict.fromkeys(spelled[word] for word in close))[:3]
    if not meant:
        return ""
    named = [f"{ident!r} ({rules.combo_by_id[ident].name})" for ident in meant]
    return f" (did you mean {' or '.join(named)}?)"


def declare_refusal(
    rules: Rules, state: State, player: int, combo_id: str, tokens: list[str]
) -> str:
    """Why ``declare COMBO CARDS`` is not legal now."""
    combo = rules.combo_by_id.get(combo_id)
    if combo is None:
        return f"there is no combination {combo_id!r} in this variant{_nearest(rules, combo_id)}"
    labels = labels_held(rules, state, player)
    used: dict[str, int] = {}
    cards: list[int] = []
    for token in tokens:
        pool = labels.get(token, [])
        taken = used.get(token, 0)
        if taken >= len(pool):
            return not_held(token, labels) if not pool else f"you hold only {len(pool)} {token}"
        used[token] = taken + 1
        cards.append(pool[taken])
    trump = state.table.trump
    if combo.needs_trump and trump is None:
        return f"{combo.name} needs trumps, and no trump suit is fixed yet"
    before = forming.before_trumps_problem(rules, combo, trump)
    if before is not None:
        return before
    if not forming.forms(rules, combo, trump, cards):
        *others, last = [rules.pretty(c) for c in cards]
        shown = f"{', '.join(others)} and {last}" if others else last
        return f"{shown} {'do' if others else 'does'} not form {combo.name}"
    reason = declare_problem(rules, state, player, combo, frozenset(cards))
    if reason is not None:
        return reason
    return (
        f"write the cards as the move list shows them: {combo_id} is declared with your "
        "copies in a different order"
    )


def score_refusal(rules: Rules, state: State, player: int, number: int) -> str:
    entries = state.table.ledger[player]
    entry = next((e for e in entries if e.no == number), None)
    if entry is not None and entry.lost:
        return f"declaration {number} was lost: a card of it was played, or a superior one scored"
    if entry is None or not entry.waiting:
        waiting = [str(e.no) for e in entries if e.waiting]
        return f"declaration {number} is not waiting to score" + (
            f"; waiting: {', '.join(waiting)}" if waiting else ""
        )
    reason = score_problem(rules, state, player, entry)
    assert reason is not None  # nothing against a waiting declaration: 'score' is legal
    return reason


def yield_refusal(rules: Rules, state: State, player: int) -> str:
    reason = yield_problem(rules, state, player)
    assert reason is not None  # nothing against passing the right: 'yield' is legal
    return reason


# -- effects -----------------------------------------------------------------------------------
def declare(rules: Rules, state: State, move: Declare) -> None:
    player = state.to_act
    table = state.table
    combo = rules.combo_by_id[move.combo]
    scored = _scores_now(rules, table.window)
    points = ledger.points_of(rules, state, player, combo)
    table.numbers[player] += 1
    cards = frozenset(move.cards)
    entry = Entry(
        no=table.numbers[player],
        combo=combo.id,
        kind=combo.kind,
        cls=combo.cls,
        rank=combo.rank,
        points=points,
        cards=cards,
        scored=scored,
        trick=table.trick_no,
    )
    table.ledger[player].append(entry)
    table.ledger_changed(player)
    table.public |= cards
    # From the hand to the table; open cards stay where they are.  In the last tricks
    # (declarations after the stock is exhausted) cards declared from the hand are shown and
    # stay in it, as the declared cards were taken back into the hands.
    back_to_hand = rules.declare.on_lead or (
        not table.stock and rules.endgame.declared_back_to_hand
    )
    if rules.declare.on_lead:  # shown as one of them is led (Sixty-six)
        table.lead_from = cards
    for card in cards:
        if card in table.hands[player]:
            if back_to_hand:
                table.known[player].add(card)
                continue
            table.give(player, card, rules.place[card])
            table.forget(player, card, rules.face)
            table.tables[player].add(card)
    faces = tuple(rules.face[c] for c in sorted(cards))
    if scored:
        _credit(rules, state, player, entry)
        return
    state.emit(
        EventKind.PENDING, player, cards=faces, points=entry.points, what=combo.id, number=entry.no
    )
    if rules.declare.fixed_on is TrumpFixedOn.DECLARED:
        fix_trumps(rules, state, player, combo, cards)


def score_pending(rules: Rules, state: State, number: int) -> None:
    player = state.to_act
    entries = state.table.ledger[player]
    index = next(i for i, e in enumerate(entries) if e.no == number)
    entry = entries[index] = replace(entries[index], scored=True)
    state.table.ledger_changed(player)
    _credit(rules, state, player, entry)


def _credit(rules: Rules, state: State, player: int, entry: Entry) -> None:
    window = state.table.window
    window.scored = True
    window.cards |= entry.cards
    window.kinds.add(entry.kind)
    combo = rules.combo_by_id[entry.combo]
    faces = tuple(rules.face[c] for c in sorted(entry.cards))
    state.emit(
        EventKind.DECLARE, player, cards=faces, points=entry.points, what=combo.id, number=entry.no
    )
    declare, table = rules.declare, state.table
    if declare.held and (declare.held_next or not table.won[player]):
        table.held_points[player].append((entry.no, combo.id, entry.points, faces))
    else:
        state.score(player, entry.points, combo.id, cards=faces)
    fix_trumps(rules, state, player, combo, entry.cards)
    # A waiting declaration whose cards now stand in a superior one is lost (laws 47, 48).
    entries = state.table.ledger[player]
    for index, other in enumerate(entries):
        if other.waiting and ledger.pending_problem(rules, state, player, other) is not None:
            lose(state, player, index)


def fix_trumps(
    rules: Rules, state: State, player: int, combo: Combo, cards: frozenset[int]
) -> None:
    """With no turn-up, the first marriage (or a sequence before any marriage) fixes trumps
    (law 41)."""
    table = state.table
    if not forming.makes_trumps(rules, combo, table.trump):
        return
    suit = rules.suit[min(cards)]
    table.trump = suit
    state.emit(EventKind.TRUMPS, player, what=suit)
    # Any player's unscored "trump" marriage or sequence in another suit never formed as such:
    # it stands as what its cards now form (a sequence in another suit is a plain one), still
    # declared, so that a king or queen of it never marries afterwards (law 37).
    for seat in range(state.players):
        table.ledger[seat] = [
            e if e.scored or _forms(rules, e.combo, suit, e) else _now_plain(rules, state, seat, e)
            for e in table.ledger[seat]
        ]
        table.ledger_changed(seat)


def _forms(rules: Rules, combo: str, trump: str | None, entry: Entry) -> bool:
    return forming.forms(rules, rules.combo_by_id[combo], trump, sorted(entry.cards))


def _now_plain(rules: Rules, state: State, seat: int, entry: Entry) -> Entry:
    """An unscored declaration that trumps in another suit leave unformed, as what its cards
    now form: the combination of its class, rank and shape that they do form (a royal marriage
    in another suit is a common one); lost, its cards still declared, when there is none."""
    shape = rules.combo_by_id[entry.combo].shape
    for combo in rules.combos:
        same = (combo.cls, combo.rank, combo.shape) == (entry.cls, entry.rank, shape)
        if same and _forms(rules, combo.id, state.table.trump, entry):
            points = ledger.points_of(rules, state, seat, combo)
            return replace(entry, combo=combo.id, kind=combo.kind, points=points)
    return replace(entry, lost=True)


def trick_won(rules: Rules, state: State, winner: int) -> None:
    """After a trick, declaring on lead: the points of ``winner``'s declarations that waited
    for a trick won now count (Bicycle, Sixty-six: 'a player may not score a marriage until he
    has won a trick'); the next lead starts with nothing shown and a fresh quota."""
    table = state.table
    held = table.held_points[winner]
    for _, combo, points, faces in held:
        state.score(winner, points, combo, cards=faces)
    held.clear()
    table.lead_from = None
    table.window.reopen()


def leading_shown(state: State) -> bool:
    """Whether the player to lead has declared at this lead and is still to lead."""
    table = state.table
    return table.lead_from is not None and not table.trick


# -- declaring on lead: the lead that follows ------------------------------------------------
def lead_moves(rules: Rules, state: State, player: int) -> list[Move]:
    """The moves of a player at a turn to play under on-lead declaring: once he has declared,
    only the cards shown that may be led (:func:`may_lead`); else the declarations the checks
    allow (none but at a lead: the check 'the moment to declare, leading')."""
    if leading_shown(state):
        return [m for m in tricks.moves(rules, state, player) if may_lead(rules, state, m)]
    return moves(rules, state, player)


def may_lead(rules: Rules, state: State, move: Move) -> bool:
    """Whether ``move`` may be led after a declaration: one of the cards shown (:func:`_led`)."""
    shown = state.table.lead_from
    if shown is None or state.table.trick or not isinstance(move, Play):
        return True
    return move.card in _led(rules, shown)


def _led(rules: Rules, shown: frozenset[int]) -> list[int]:
    """The cards shown that may be led: those of the rank the rules name (the package leads
    the king of a marriage), or any of them where none is of that rank or none is named."""
    rank = rules.declare.lead_rank
    return [card for card in shown if rules.rank[card] == rank] or list(shown)


def lead_refusal(rules: Rules, state: State) -> str:
    """Why a card other than those shown is not led now."""
    shown = state.table.lead_from or frozenset()
    cards = " ".join(rules.pretty(c) for c in sorted(shown))
    led = _led(rules, shown)
    if len(led) == len(shown):
        return f"you declared {cards}: lead one of them"
    return f"you declared {cards}: lead the {RANK_NAMES[rules.rank[led[0]]]}"


def yield_right(rules: Rules, state: State) -> None:
    state.table.window.queue = list(rules.partners(state.to_act))
    state.emit(EventKind.YIELD, state.to_act)
