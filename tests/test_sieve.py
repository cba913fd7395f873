"""The declarations a player may make are found fast (a sieve on masks of card bits, pruning,
a recursion that lists what it fills): the same declarations, in the same order, as the
obvious way finds them (every way of every combination filled with every card, each filling
put to the checks)."""

from __future__ import annotations

import random
from collections import Counter
from functools import partial
from pathlib import Path

import pytest

from interpreter.engine import Game, Phase, Rules, ledger, window
from interpreter.engine.combos import Combo, Way
from interpreter.engine.forming import requirements
from interpreter.engine.labels import Groups, face_groups, groups, last_trick_cards, source_cards
from interpreter.engine.ledger import Pruned
from interpreter.engine.sieve import (
    KEPT,
    _barred,
    _copies_from,
    _unbarred,
    declarations,
    declarations_reference,
    fill,
    fill_reference,
    sift,
    slot_shape,
)
from interpreter.engine.state import State
from interpreter.engine.window import declare_problem
from interpreter.loader import load_variant, shipped_variant_names
from interpreter.model import Variant
from tests.support import dealt, run, texts, variant_with, write


def _turn_to_declare(rules: Rules, game: Game) -> bool:
    """A declaring window, or a turn to play where declarations are made on lead (the checks
    themselves say when, at a lead)."""
    return game.phase is Phase.DECLARE or (rules.declare.on_lead and game.phase is Phase.PLAY)


def _declaring_windows(rules: Rules, seed: int, deals: int) -> int:
    """Play ``deals`` deals at random; at every turn to declare, the fast declarations and the
    obvious ones must be the same.  Returns how many turns had a declaration to make."""
    game = Game.new(rules, seed=seed)
    choose = random.Random(seed)
    compared = 0
    while not game.is_over and game.deals_finished < deals:
        if _turn_to_declare(rules, game):
            state, seat = game._state, game._state.to_act
            allowed = partial(declare_problem, rules, state, seat)
            kept = [counts[:] for counts in state.table.held]
            fast = list(declarations(rules, state, seat, allowed))
            assert fast == list(declarations_reference(rules, state, seat, allowed))
            # One per distinct set of labels.
            assert len({(combo.id, labels) for combo, _, labels in fast}) == len(fast)
            # Listing leaves the table's counts of the cards held as they were (the sieve
            # counts a partner's cards on a copy).
            assert state.table.held == kept
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
    small = rules.n_cards <= 24  # Schnapsen's short deals: more of them
    seeds = 4 if big else 60 if small else 20
    compared = sum(_declaring_windows(rules, seed, 1) for seed in range(seeds))
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
        fast = fill(slots, by_face, banned, slot_shape(slots))
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
            if _turn_to_declare(rules, game):
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
    for seed in range(30 if rules.n_cards <= 24 else 8):  # (Schnapsen's short deals: more)
        if not left_out or proposals > 40:
            break
        game = Game.new(rules, seed=seed)
        choose = random.Random(seed)
        while not game.is_over and game.deals_finished < 2:
            if _turn_to_declare(rules, game):
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


def test_the_fast_declarations_are_the_obvious_ones_with_partners_declaring_from_open_cards(
    tmp_path: Path,
) -> None:
    """An overlay of the partnership game declaring from open cards, as Polish does (the
    loader accepts it with the declared cards left on the table at the end of the stock): the
    sieve counts the open cards of a seat whose partner's declared cards may count, and must
    still list every declaration the checks allow."""
    overlay = write(
        tmp_path,
        "partners-open.toml",
        """\
        extends = "four-handed-partners"
        name = "partners-open"

        [open_cards]
        ranks = ["A", "K", "Q", "J"]
        trump_ranks = ["T"]

        [declare]
        sources = ["open"]
        declared_to = "open"

        [endgame]
        declared_back_to_hand = false
        """,
    )
    rules = Rules(load_variant(str(overlay)))
    assert rules.reuse.partner_used and rules.declare.from_opened
    compared = sum(_declaring_windows(rules, seed, 1) for seed in range(6))
    assert compared >= 10


def _four_knaves_of_plain_suits(tmp_path: Path) -> Variant:
    """The two-pack game with 'four knaves' of the plain suits only (an overlay): the one
    need of the combination is of three faces, which the sieve counts face by face."""
    overlay = write(
        tmp_path,
        "plain-knaves.toml",
        """\
        extends = "bezique"
        name = "plain-knaves"

        [[combinations]]
        id = "four_knaves"
        suit = "plain"
        """,
    )
    return load_variant(str(overlay))


def test_four_knaves_of_the_plain_suits_are_listed_from_exactly_four_plain_knaves(
    tmp_path: Path,
) -> None:
    """With hearts trumps, J♠ J♠ J♦ J♣ make 'four knaves' of the plain suits: listed after a
    trick won, the two knaves of spades and a knave of hearts with one of clubs do not."""
    variant = _four_knaves_of_plain_suits(tmp_path)
    hands = [["JS", "JS", "JD", "JC", "AC", "7H", "8S", "9S"], ["7C", "8C", "7D", "8D"]]
    game = dealt(variant, hands, turn_up="8H", stock=["9C", "9D"])
    run(game, "play AC", "play 7C")
    assert "declare four_knaves JS JS JD JC" in texts(game)
    hands = [["JS", "JS", "JH", "JC", "AC", "7H", "8S", "9S"], ["7C", "8C", "7D", "8D"]]
    game = dealt(variant, hands, turn_up="8H", stock=["9C", "9D"])
    run(game, "play AC", "play 7C")
    assert not any(text.startswith("declare four_knaves") for text in texts(game))


def test_the_fast_declarations_are_the_obvious_ones_with_a_combination_of_the_plain_suits(
    tmp_path: Path,
) -> None:
    rules = Rules(_four_knaves_of_plain_suits(tmp_path))
    compared = sum(_declaring_windows(rules, seed, 1) for seed in range(12))
    assert compared >= 20
    through, _ = _sieve_windows(rules, range(6))  # the first sieve exact on the three faces
    assert through >= 10


def test_what_the_first_sieve_kept_for_one_seat_does_not_list_another_seats_declarations() -> None:
    """The first sieve's result kept by ``window.may_act`` for one seat serves that seat's
    list alone: another seat's list, asked in the same state, is his own."""
    rules = Rules(load_variant("four-handed-partners"))
    differing = 0
    for seed in range(6):
        game = Game.new(rules, seed=seed)
        choose = random.Random(seed)
        while not game.is_over and game.deals_finished < 1:
            if _turn_to_declare(rules, game):
                state, seat = game._state, game._state.to_act
                partner = rules.partners(seat)[0]
                copy = state.copy()
                if window.may_act(rules, copy, seat):
                    allowed = partial(declare_problem, rules, copy, partner)
                    listed = declarations(rules, copy, partner, allowed)
                    assert listed == list(declarations_reference(rules, copy, partner, allowed))
                    own = partial(declare_problem, rules, copy, seat)
                    differing += listed != list(declarations_reference(rules, copy, seat, own))
            game.step(choose.choice(game.legal_moves()))
    assert differing > 5


# -- the two sieves are exact -------------------------------------------------------------------
# Both sieves are prefilters: what they let through is filled and put to the checks, so one
# that let too much through would list the same moves, only slower.  Each says it is exact,
# and is held to it here against a plain count of the cards.
def _countable(rules: Rules, state: State, seat: int) -> list[int]:
    """The cards ``seat`` may declare from, and his partners' declared cards where those may
    count (``reuse.partner_cards``)."""
    cards = source_cards(rules, state, seat)
    if rules.reuse.partner_used:
        cards += [card for partner in rules.partners(seat) for card in state.table.tables[partner]]
    return cards


def _enough_of_each_slot(way: Way, faces: Counter[str]) -> bool:
    """Whether ``faces`` (cards counted by face) fill every slot of ``way`` counted apart: as
    many cards of a slot's faces as there are slots of those faces."""
    return all(sum(faces[face] for face in slot) >= way.slots.count(slot) for slot in way.slots)


def _assert_sieves_exact(rules: Rules, state: State, seat: int) -> int:
    """The first sieve lets through exactly the ways the cards counted could fill slot kind
    by slot kind (and, where every declaration needs a card of the trick just won, those with
    a face of one), with the count of each face; the second keeps exactly those of them that
    the prunings leave open with enough cards not barred.  Returns how many ways the second
    sieve dropped for want of cards not barred."""
    cards = _countable(rules, state, seat)
    faces = Counter(rules.face[card] for card in cards)
    trick = {rules.face[card] for card in last_trick_cards(state)}
    expected = [
        stage[-1]
        for stage in rules.ways[state.table.trump]
        if _enough_of_each_slot(stage[-1], faces)
        and (not rules.declare.must_use_trick_card or trick & set(stage[-1].faces))
    ]
    formed, held = sift(rules, state, seat)
    assert formed == expected
    counted = [0] * rules.n_faces
    for card in cards:
        counted[rules.face_number[card]] += 1
    assert held == counted
    pruned = Pruned(rules, state, seat)
    prunes, kept, dropped = rules.ledger_checks.prunes, [], 0
    for way in formed:
        closed, banned, refused, _ = _barred(rules, state, seat, way.combo, prunes, pruned)
        if closed:
            continue
        if _enough_of_each_slot(way, Counter(rules.face[c] for c in cards if c not in banned)):
            kept.append((way, banned, refused))
        else:
            dropped += 1
    assert _unbarred(rules, state, seat, formed, held) == kept
    return dropped


def _sieve_windows(rules: Rules, seeds: range) -> tuple[int, int]:
    """At every turn to declare of a random deal per seed, both sieves exact: how many turns
    had a way through the first, and how many ways the second dropped for want of cards."""
    through = dropped = 0
    for seed in seeds:
        game = Game.new(rules, seed=seed)
        choose = random.Random(seed)
        while not game.is_over and game.deals_finished < 1:
            if _turn_to_declare(rules, game):
                state, seat = game._state, game._state.to_act
                dropped += _assert_sieves_exact(rules, state, seat)
                through += bool(sift(rules, state, seat)[0])
            game.step(choose.choice(game.legal_moves()))
    return through, dropped


@pytest.mark.parametrize("name", shipped_variant_names())
def test_both_sieves_are_exact_in_every_shipped_variant(name: str) -> None:
    rules = Rules(load_variant(name))
    through, _ = _sieve_windows(rules, range(3 if rules.n_cards > 150 else 6))
    assert through >= 10


@pytest.mark.parametrize(
    ("base", "changes"),
    [
        ("bezique", {"declare.sources": ["hand"]}),
        (
            "four-handed-partners",
            {"declare.sources": ["hand"], "reuse.partner_cards": "partner_table"},
        ),
    ],
    ids=["two-pack-from-hand", "partners-any-combination-from-hand"],
)
def test_both_sieves_are_exact_when_declared_from_the_hand_alone(
    base: str, changes: dict[str, object]
) -> None:
    rules = Rules(variant_with(base, **changes))
    through, _ = _sieve_windows(rules, range(6))
    assert through >= 10


def test_the_second_sieve_drops_ways_left_without_cards_not_barred() -> None:
    """Rubicon (a card scores once in each kind) and the Britannica's partnership game (a
    partner's cards barred from all but the béziques): ways whose cards not barred are too few
    are dropped before filling, and only those."""
    for name in ("rubicon", "four-handed-partners", "chinese"):
        rules = Rules(load_variant(name))
        _, dropped = _sieve_windows(rules, range(6))
        assert dropped >= 5, name


def test_the_shape_of_slots_marks_runs_of_equal_slots_and_slots_apart() -> None:
    """:func:`slot_shape`: where each slot equals the one before, how many slots are left in
    its run of equal slots, and whether no face may fill two slots."""
    kings = ("KS", "KH", "KD", "KC")
    assert slot_shape([kings] * 4) == ((False, True, True, True), (4, 3, 2, 1), False)
    double = [("QS",), ("QS",), ("JD",), ("JD",)]
    assert slot_shape(double) == ((False, True, False, True), (2, 1, 2, 1), False)
    assert slot_shape([("KH",), ("QH",)]) == ((False, False), (1, 1), True)
    joker = [("JK",), ("QS",), ("JK",), ("JD",)]  # equal slots apart are no run
    assert slot_shape(joker) == ((False, False, False, False), (1, 1, 1, 1), False)


@pytest.mark.parametrize("name", ["bezique", "rubicon", "turkish", "haitian", "chinese"])
def test_each_way_compiled_holds_its_needs_rarest_first(name: str) -> None:
    """:func:`ways`: each way's needs (the faces of a kind of slot, by number, and how many
    slots of them) come the rarest first (the fewest cards of the deck), and the stage's
    first need is marked for the first sieve: its face number if of one face, four faces
    (a rank in each suit) apart, -1 otherwise; the way keeps its slots' shape."""
    rules = Rules(load_variant(name))
    numbers = rules.face_index
    copies = {number: rules.face_mask[face].bit_count() for face, number in numbers.items()}
    several = 0
    for trump, stages in rules.ways.items():
        for first, faces, count, others, _, way in stages:
            kinds = {slot: way.slots.count(slot) for slot in way.slots}
            assert sorted(way.needs) == sorted(
                (tuple(numbers[f] for f in slot), n) for slot, n in kinds.items()
            ), (trump, way.combo.id)
            cards = [sum(copies[number] for number in need) for need, _ in way.needs]
            assert cards == sorted(cards), (trump, way.combo.id)
            assert (faces, count) == way.needs[0]
            assert first == (faces[0] if len(faces) == 1 else -4 if len(faces) == 4 else -1)
            assert [o[1:] for o in others] == list(way.needs[1:])
            assert [o[0] for o in others] == [
                n[0][0] if len(n[0]) == 1 else -1 for n in way.needs[1:]
            ]
            assert way.shape == slot_shape(way.slots)
            several += len(faces) > 1
    assert several > 0


def test_four_kings_are_listed_from_a_deck_without_the_kings_of_spades(tmp_path: Path) -> None:
    """A deck with both kings of spades taken out (``deck.remove``, which the loader accepts):
    four kings are made of the other suits' kings, the slot open to a king of spades having
    no card of that face."""
    overlay = write(
        tmp_path,
        "no-king-of-spades.toml",
        """\
        extends = "bezique"
        name = "no-king-of-spades"

        [deck]
        remove = ["KS", "KS"]
        """,
    )
    variant = load_variant(str(overlay))
    hands = [["KH", "KH", "KD", "KC", "AC", "7H", "8S", "9S"], ["7C", "8C", "7D", "8D"]]
    game = dealt(variant, hands, turn_up="8H", stock=["9C", "9D"])
    run(game, "play AC", "play 7C")
    assert "declare four_kings KH KH KD KC" in texts(game)


def test_the_copies_left_in_a_pool_are_counted_from_each_position_to_its_end() -> None:
    """:func:`_copies_from`: for each pool, the copies of its groups from each position on
    (a pool shared by equal slots counted once, and given to each)."""
    kings = [("KH", [1, 2]), ("KS", [3]), ("KD", [4, 5, 6])]
    queens = [("QS", [7])]
    counted = _copies_from([kings, kings, queens])
    assert counted == [[6, 4, 3], [6, 4, 3], [1]]
    assert counted[0] is counted[1]


def _recorded(
    rules: Rules,
    state: State,
    seat: int,
    asked: list[tuple[str, frozenset[int]]],
    combo: Combo,
    cards: frozenset[int],
) -> str | None:
    """The checks of a declaration, each filling they are asked about recorded in ``asked``."""
    asked.append((combo.id, cards))
    return declare_problem(rules, state, seat, combo, cards)


@pytest.mark.parametrize("name", ["rubicon", "polish", "four-handed-partners", "chinese"])
def test_the_checks_are_not_asked_what_the_prunings_leave_out(name: str) -> None:
    """The prunings leave out before filling what the checks would refuse: the checks are
    never asked about a filling of a combination a pruning closes, one holding a card it
    bars, one it refuses as it is, nor (Polish) one without a card of the trick just won."""
    rules = Rules(load_variant(name))
    prunes = rules.ledger_checks.prunes
    asked_in_all = 0
    for seed in range(4):
        game = Game.new(rules, seed=seed)
        choose = random.Random(seed)
        while not game.is_over and game.deals_finished < 1:
            if _turn_to_declare(rules, game):
                state, seat = game._state, game._state.to_act
                asked: list[tuple[str, frozenset[int]]] = []
                declarations(rules, state, seat, partial(_recorded, rules, state, seat, asked))
                pruned = Pruned(rules, state, seat)
                trick = set(last_trick_cards(state))
                for combo_id, cards in asked:
                    combo = rules.combo_by_id[combo_id]
                    closed, banned, refused, _ = _barred(rules, state, seat, combo, prunes, pruned)
                    assert not closed and not banned & cards and cards not in refused
                    assert not rules.declare.must_use_trick_card or trick & cards
                asked_in_all += len(asked)
            game.step(choose.choice(game.legal_moves()))
    assert asked_in_all > 20
