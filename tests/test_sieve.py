"""The declarations a player may make are found fast (a sieve on masks of card bits, pruning,
a recursion that lists what it fills): the same declarations, in the same order, as the
obvious way finds them (every way of every combination filled with every card, each filling
put to the checks)."""

from __future__ import annotations

import random
from functools import partial

import pytest

from interpreter.engine import Game, Phase, Rules, ledger
from interpreter.engine.forming import requirements
from interpreter.engine.labels import Groups, face_groups, groups
from interpreter.engine.ledger import Pruned
from interpreter.engine.sieve import (
    KEPT,
    _barred,
    declarations,
    declarations_reference,
    fill,
    fill_reference,
    slot_shape,
)
from interpreter.engine.window import declare_problem
from interpreter.loader import load_variant, shipped_variant_names
from tests.support import variant_with


def _declaring_windows(rules: Rules, seed: int, deals: int) -> int:
    """Play ``deals`` deals at random; at every turn to declare, the fast declarations and the
    obvious ones must be the same.  Returns how many turns had a declaration to make."""
    game = Game.new(rules, seed=seed)
    choose = random.Random(seed)
    compared = 0
    while not game.is_over and game.deals_finished < deals:
        if game.phase is Phase.DECLARE:
            state, seat = game._state, game._state.to_act
            allowed = partial(declare_problem, rules, state, seat)
            fast = list(declarations(rules, state, seat, allowed))
            assert fast == list(declarations_reference(rules, state, seat, allowed))
            # The groups read face by face are those of every card, face for face.
            every = groups(rules, state, seat)
            assert face_groups(rules, state, seat, rules.by_face) == every
            compared += bool(fast)
        game.step(choose.choice(game.legal_moves()))
    return compared


@pytest.mark.parametrize("name", shipped_variant_names())
def test_the_fast_declarations_are_the_obvious_ones_in_every_shipped_variant(name: str) -> None:
    rules = Rules(load_variant(name))
    big = rules.n_cards > 150  # the six- and eight-pack games: fewer deals
    compared = sum(_declaring_windows(rules, seed, 1) for seed in range(4 if big else 20))
    assert compared >= 20  # turns with declarations to make, each compared in full


def _random_groups(rng: random.Random, faces: list[str]) -> Groups:
    """Each face held as 0 to 3 groups (its copies in the hand, or declared in different
    declarations), of 1 to 3 copies each; card ids distinct."""
    by_face: Groups = {}
    card = 0
    for face in faces:
        for mark in range(rng.randint(0, 3)):
            copies = list(range(card, card + rng.randint(1, 3)))
            card += len(copies)
            label = face if mark == 0 else f"{face}*{mark}"
            by_face.setdefault(face, []).append((label, copies))
    return by_face


def test_filling_a_way_agrees_with_the_plain_recursion_on_random_holdings() -> None:
    rng = random.Random(11)
    faces = ["KH", "QH", "KS", "QS", "JD", "AH"]
    filled = apart = 0
    for _ in range(400):
        by_face = _random_groups(rng, faces)
        # Slots of one to four cards, equal slots often next to each other (four kings), a
        # slot sometimes open to several faces (a joker's or a same-rank slot).
        slots: list[tuple[str, ...]] = []
        for _ in range(rng.randint(1, 4)):
            if slots and rng.random() < 0.5:
                slots.append(slots[-1])
            else:
                slots.append(tuple(rng.sample(faces, rng.randint(1, 2))))
        cards = [c for groups in by_face.values() for _, copies in groups for c in copies]
        banned = frozenset(rng.sample(cards, min(len(cards), rng.randint(0, 2))))
        fast = fill(slots, by_face, banned)
        assert fast == list(fill_reference(slots, by_face, banned))
        filled += bool(fast)
        apart += bool(fast) and slot_shape(slots)[2]
    assert filled > 100  # most holdings fill something: the comparison is not vacuous
    assert apart > 30  # and many fill slots that share no face (the product of their groups)


@pytest.mark.parametrize(
    "name",
    [
        "bezique",
        "rubicon",
        "rubicon-modern",
        "chinese",
        "grand",
        "polish",
        "four-handed-partners",
        "haitian",
    ],
)
def test_every_card_barred_before_filling_is_barred_by_the_checks(name: str) -> None:
    """The sieve leaves out, before filling a way, what the checks' prunings tell it (a card
    scored in the kind, a declaration still whole on the table under re-forming, one waiting
    'to score', a superior combination of the class, a partner's card he may not supply, the
    turn-up just taken, a card of a combination declared after this trick where those must
    share no card, the very cards scored in the kind under re-forming, a kind closed for the
    trick): each filling the obvious way finds that a pruning leaves out is refused."""
    rules = Rules(load_variant(name))
    choose = random.Random(5)
    barred_fillings = 0
    prunes = rules.ledger_checks.prunes
    for seed in range(3 if rules.n_cards > 150 else 8):
        game = Game.new(rules, seed=seed)
        while not game.is_over and game.deals_finished < 1:
            if game.phase is Phase.DECLARE:
                state, seat = game._state, game._state.to_act
                by_face = groups(rules, state, seat)
                pruned = Pruned(rules, state, seat)
                for combo in rules.combos:
                    closed, banned, refused, _ = _barred(rules, state, seat, combo, prunes, pruned)
                    for slots in requirements(rules, combo, state.table.trump):
                        for _, cards in fill_reference(slots, by_face):
                            chosen = frozenset(cards)
                            if closed or banned & chosen or chosen in refused:
                                barred_fillings += 1
                                reason = declare_problem(rules, state, seat, combo, chosen)
                                assert reason is not None, (combo.id, cards)
            game.step(choose.choice(game.legal_moves()))
    assert barred_fillings > 20  # the bars were put to the test


def test_what_the_first_sieve_kept_for_a_window_is_dropped_once_its_moves_are_listed() -> None:
    """``window.may_act`` keeps the first sieve's result for the move list listed at once;
    after any move the game has made, nothing is kept (a stale result would list stale
    declarations)."""
    for name in ("bezique", "rubicon", "polish", "four-handed-partners"):
        rules = Rules(load_variant(name))
        game = Game.new(rules, seed=3)
        choose = random.Random(3)
        windows = 0
        while not game.is_over and game.deals_finished < 1:
            game.step(choose.choice(game.legal_moves()))
            assert KEPT not in game._state.table.memo
            windows += game.phase is Phase.DECLARE
        assert windows > 5


@pytest.mark.parametrize("name", shipped_variant_names())
def test_a_check_a_variant_leaves_out_has_nothing_to_check_in_it(name: str) -> None:
    """The ledger puts a declaration only to the checks the variant's rules give something to
    check (``Rules.ledger_checks``); each check left out finds nothing to refuse in any
    filling of any combination, at every turn to declare of a random deal."""
    rules = Rules(load_variant(name))
    ledger.problem(rules, Game.new(rules, seed=0)._state, 0, rules.combos[0], frozenset())
    left_out = [entry.check for entry in ledger.CHECKS if entry not in rules.ledger_checks.every]
    proposals = 0
    for seed in range(8):
        if not left_out or proposals > 40:
            break
        game = Game.new(rules, seed=seed)
        choose = random.Random(seed)
        while not game.is_over and game.deals_finished < 2:
            if game.phase is Phase.DECLARE:
                state, seat = game._state, game._state.to_act
                by_face = groups(rules, state, seat)
                for combo in rules.combos:
                    for slots in requirements(rules, combo, state.table.trump):
                        for _, cards in fill_reference(slots, by_face):
                            proposal = ledger.Proposal(
                                rules, state, seat, combo, frozenset(cards), None
                            )
                            assert all(check(proposal) is None for check in left_out)
                            proposals += 1
            game.step(choose.choice(game.legal_moves()))
    assert not left_out or proposals > 40


@pytest.mark.parametrize(
    ("base", "changes"),
    [
        ("bezique", {"declare.sources": ["hand"]}),
        ("four-handed-partners", {"declare.sources": ["hand"]}),
        (
            "four-handed-partners",
            {"declare.sources": ["hand"], "reuse.partner_cards": "partner_table"},
        ),
    ],
    ids=["two-pack", "partners", "partners-any-combination"],
)
def test_the_fast_declarations_are_the_obvious_ones_when_declared_from_the_hand_alone(
    base: str, changes: dict[str, object]
) -> None:
    """An overlay may let declarations be made from the hand alone (``declare.sources =
    ["hand"]``, which the loader accepts): the sieve counts a seat's cards otherwise than for
    the hand and the table, and must still list every declaration the checks allow."""
    rules = Rules(variant_with(base, **changes))
    compared = sum(_declaring_windows(rules, seed, 1) for seed in range(12))
    assert compared >= 10
