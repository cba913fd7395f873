"""One home per rule: the declarations' sieve holds no copy of a check (issue 33).

What the sieve leaves out before it fills a way, it asks of the checks themselves: each check
carries its own pruning (``ledger.Check.prune`` and ``needs``; the window's checks likewise).
So relaxing a check — dropping it from ``ledger.CHECKS`` or ``window.CHECKS`` for a fresh
``Rules``, whose ``ledger_checks`` are compiled from them — must let the declarations it
refused into the move list.  For each check in
turn, relaxed, seeded random games of every shipped variant where it has work (and of an
option that gives work to a check no shipped variant gives any) are played under the relaxed
rules, and at every turn to declare the declarations the sieve lists are those the obvious
enumeration finds (``sieve.declarations_reference``: no sieve, no pruning).  A pruning left
behind in the sieve would leave out what the relaxed check now allows: the last test plants
one and sees it caught.

Before the prunings lived with their checks, relaxing five of the ledger's checks this way
made the sieve and the obvious enumeration disagree (the cards are the player's, a card of the
trick just won, a card scores once in each kind, re-forming a combination, cards already
waiting 'to score')."""

from __future__ import annotations

import random
from dataclasses import replace
from functools import partial

import pytest

from interpreter.engine import Game, Phase, Rules, ledger, window
from interpreter.engine.ledger import Check, Proposal
from interpreter.engine.moves import Declare, Move, ScorePending
from interpreter.engine.sieve import declarations, declarations_reference
from interpreter.loader import load_variant, shipped_variant_names
from interpreter.model import Variant
from tests.support import variant_with

OPTIONS: dict[str, tuple[str, dict[str, object]]] = {
    # Enquire Within 123 iii: the turn-up taken for the seven is not declared after that trick.
    "bezique, turn-up barred": ("bezique", {"seven.turn_up_declarable": False}),
    # bicyclecards.com: any combination with the partner's declared cards.
    "partners' tables": ("four-handed-partners", {"reuse.partner_cards": "partner_table"}),
    # Sixty-six, Schnapsen (Bicycle, Britannica): combinations declared by the player to lead.
    "bezique, declared on lead": ("bezique", {"declare.when": "on_lead"}),
}


def _variants() -> list[tuple[str, Variant]]:
    found = [(name, load_variant(name)) for name in shipped_variant_names()]
    found += [(label, variant_with(name, **options)) for label, (name, options) in OPTIONS.items()]
    return found


def _compare(rules: Rules, check: Check, seeds: int) -> tuple[int, int]:
    """Play ``seeds`` random deals under the (relaxed) rules in force; at every turn to
    declare, the sieve's declarations must be the obvious ones.  Returns how many turns had
    a declaration to make, and how many declarations listed ``check`` would have refused."""
    windows = newly = 0
    for seed in range(seeds):
        game = Game.new(rules, seed=seed)
        choose = random.Random(seed)
        while not game.is_over and game.deals_finished < 1:
            if game.phase is Phase.DECLARE or (rules.declare.on_lead and game.phase is Phase.PLAY):
                state, seat = game._state, game._state.to_act
                allowed = partial(window.declare_problem, rules, state, seat)
                fast = declarations(rules, state, seat, allowed)
                assert fast == list(declarations_reference(rules, state, seat, allowed)), (
                    check.rule,
                    seed,
                )
                windows += bool(fast)
                for combo, cards, _ in fast:
                    proposal = Proposal(rules, state, seat, combo, frozenset(cards), None)
                    newly += check.check(proposal) is not None
            game.step(_eager(choose, game.legal_moves()))
    return windows, newly


def _eager(choose: random.Random, moves: list[Move]) -> Move:
    """A random move, most often a declaration where there is one (declarations many, so that
    each check meets cards declared before; not always, as a relaxed check may let the same
    cards be declared again and again)."""
    declaring = [move for move in moves if isinstance(move, Declare | ScorePending)]
    return choose.choice(declaring if declaring and choose.random() < 0.7 else moves)


def _relaxed(monkeypatch: pytest.MonkeyPatch, check: Check, to: Check | None) -> None:
    """Put ``to`` in place of ``check`` (None: drop it) where it is declared, the ledger's
    checks or the window's (both read as the rules are compiled)."""

    def replaced(checks: tuple[Check, ...]) -> tuple[Check, ...]:
        kept = [to if entry is check else entry for entry in checks]
        return tuple([entry for entry in kept if entry is not None])

    module = ledger if check in ledger.CHECKS else window
    monkeypatch.setattr(module, "CHECKS", replaced(module.CHECKS))


def _with_work(check: Check) -> list[Variant]:
    """The variants where ``check`` has work (asked of the rules before it is relaxed)."""
    return [variant for _, variant in _variants() if check.applies(Rules(variant))]


def _play_relaxed(check: Check, variants: list[Variant], seeds: int) -> tuple[int, int]:
    """:func:`_compare` in each of ``variants``, on fresh rules (made after the check was
    relaxed); the sums."""
    windows = newly = 0
    for variant in variants:
        rules = Rules(variant)
        found = _compare(rules, check, 1 if rules.n_cards > 150 else seeds)
        windows, newly = windows + found[0], newly + found[1]
    return windows, newly


CHECKS = [*ledger.CHECKS, *window.CHECKS]
WITH_PRUNING = [check for check in CHECKS if check.prune is not None or check.needs is not None]
# Checks whose relaxation random play shows only rarely: more deals.
SEEDS = {
    "no inferior combination from declared cards": 8,
    "the turn-up just taken for the seven": 12,
    "the moment to declare, leading": 6,
}


@pytest.mark.parametrize("check", CHECKS, ids=[check.rule for check in CHECKS])
def test_relaxing_a_check_lists_what_it_allowed_no_pruning_left_behind(
    check: Check, monkeypatch: pytest.MonkeyPatch
) -> None:
    variants = _with_work(check)
    with monkeypatch.context() as patched:
        _relaxed(patched, check, None)
        windows, newly = _play_relaxed(check, variants, SEEDS.get(check.rule, 3))
    assert windows > 20
    if check in WITH_PRUNING:  # the relaxed rule let in what the check refuses: put to the test
        assert newly > 0


@pytest.mark.parametrize("check", WITH_PRUNING, ids=[check.rule for check in WITH_PRUNING])
def test_a_pruning_left_behind_by_a_relaxed_check_is_caught(
    check: Check, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check relaxed, its pruning kept, as a sieve with its own copy of the rule would:
    the comparison above fails."""
    variants = _with_work(check)
    left_behind = replace(check, check=lambda proposal: None)
    with monkeypatch.context() as patched:
        _relaxed(patched, check, left_behind)
        with pytest.raises(AssertionError):
            _play_relaxed(check, variants, SEEDS.get(check.rule, 3))
