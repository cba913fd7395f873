"""The API bot authors rely on: typed events, resampling, public history, undo, cheap
legality, copies, and the faces of a move."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from interpreter import compiled
from interpreter.engine import (
    Declare,
    Ending,
    Event,
    EventKind,
    Game,
    IllegalMoveError,
    Phase,
    Play,
    PlayerView,
    Reason,
    Rules,
    describe,
)
from interpreter.engine.view import FIELDS
from interpreter.loader import shipped_variant_names
from tests.support import dealt, random_game, run, shipped, variant_with

NAMES = shipped_variant_names()


def _midgame(name: str, seed: int, steps: int) -> Game:
    return random_game(name, seed, steps)


def _positions(name: str, seed: int, every: int = 5) -> list[Game]:
    """Copies of one deal's positions, every few moves (random moves, never a claim of the
    target, which would end the deal at once)."""
    game = Game.new(Rules(shipped(name)), seed=seed)
    rng = random.Random(seed)
    found = []
    step = 0
    while not game.is_over and game.deals_finished < 1:
        if step % every == 2:
            found.append(game.copy())
        moves = game.legal_moves()
        game.step(rng.choice([m for m in moves if m.kind != "claim"] or moves))
        step += 1
    return found


# -- typed events ------------------------------------------------------------------------------
@pytest.mark.parametrize("name", NAMES)
def test_every_event_is_typed_and_its_text_comes_from_its_payload(name: str) -> None:
    game = _midgame(name, seed=3, steps=200_000)  # a match of several games takes long
    assert game.is_over
    kinds = Counter(e.kind for e in game.events)
    assert all(isinstance(kind, EventKind) for kind in kinds)
    for kind in (EventKind.HAND, EventKind.PLAY, EventKind.TRICK, EventKind.END_OF_DEAL):
        assert kinds[kind], kind
    for event in game.events:
        assert describe(event, game.rules.combo_names)  # every kind formats
        assert all(len(face) == 2 for face in event.cards), event
    # Chance is an event like any other, and says who saw it.
    for event in game.events:
        if event.kind is EventKind.HAND:
            assert event.chance and event.seen_by == (event.player,)
        if event.kind is EventKind.PLAY:
            assert not event.chance and event.seen_by is None


def test_scores_are_explained_by_their_payload() -> None:
    game = _midgame("bezique", seed=5, steps=10_000)
    totals = [0] * 2
    for event in game.events:
        if event.kind is EventKind.SCORE:
            assert event.player is not None
            assert event.what in game.rules.combo_by_id or event.what in set(Reason)
            totals[event.player] += event.points
    assert tuple(totals) == game.scores


def test_the_outcome_says_how_the_game_ended_with_an_enum() -> None:
    race = _midgame("bezique", seed=1, steps=10_000).outcome
    assert race is not None and race.ending in (Ending.TARGET, Ending.TIE_BREAK)
    assert "reaches 1000" in race.reason
    single = _midgame("rubicon", seed=1, steps=10_000).outcome
    assert single is not None and single.ending in (Ending.SETTLED, Ending.VOID)
    assert single.settlement is not None


def test_a_terminal_event_names_the_seats_and_the_combinations() -> None:
    event = Event(EventKind.DECLARE, 1, 1, ("QS", "JD"), 40, "bezique", 1)
    assert describe(event) == "bezique: Q♠ J♦"
    assert describe(event, {"bezique": "bézique"}, ["Ann", "Bob"]) == "bézique: Q♠ J♦"
    over = Event(EventKind.GAME_OVER, 0, 4, points=1000, what=Ending.TARGET, values=(0, 2))
    assert describe(over, seats=["Ann", "Bob", "Cy", "Di"]) == "Ann and Cy reach 1000"


# -- resample ----------------------------------------------------------------------------------
@pytest.mark.parametrize("name", NAMES)
def test_a_resampled_world_looks_the_same_to_its_seat(name: str) -> None:
    varied = 0
    for game in _positions(name, seed=2, every=9):
        seat = game.to_act
        assert seat is not None
        hidden = [sorted(game._state.table.hands[s]) for s in range(game.rules.players)]
        world = game.resample(seat, random.Random(7))
        assert world.view(seat) == game.view(seat)
        assert world.public_history(seat) == game.public_history(seat)
        assert world.scores == game.scores
        if [sorted(world._state.table.hands[s]) for s in range(game.rules.players)] != hidden:
            varied += 1
        # The world plays on to the end of the game.
        rng = random.Random(1)
        while not world.is_over:
            world.step(rng.choice(world.legal_moves()))
    assert varied, "the unseen cards never changed"


@pytest.mark.parametrize("name", ["bezique", "four-handed", "three-handed", "polish"])
def test_which_copy_is_played_does_not_show_in_the_cards_known_to_be_held(name: str) -> None:
    """A seat that knows another holds one copy of a face (the turn-up he took, the declared
    cards back in his hand) sees a card of that face played, not which copy: in every world
    it cannot tell from the real game, the same play leaves the same cards known to be held
    (the engine once kept or dropped the known copy as the hidden ids fell)."""
    checked = 0
    for seed in range(12):
        game = Game.new(Rules(shipped(name)), seed=seed)
        rng = random.Random(seed)
        while not game.is_over and game.deals_finished == 0:
            seat = game.to_act
            assert seat is not None
            move = rng.choice(game.legal_moves())
            for other in range(game.players):
                if other == seat or not game.view(other).known[seat]:
                    continue
                if not isinstance(move, Play) or game.deal_no == 0:
                    continue
                world = game.resample(other, random.Random(seed))
                if not world.is_legal(str(move)):
                    continue
                world.apply(str(move))
                after = game.copy()
                after.step(move)
                assert world.view(other).known[seat] == after.view(other).known[seat], (seed, move)
                checked += 1
            game.step(move)
    assert checked > 20


def test_resampling_keeps_what_the_seat_has_seen_and_varies_the_rest() -> None:
    game = _midgame("bezique", seed=4, steps=30)
    seat = game.to_act
    assert seat is not None
    other = 1 - seat
    table = game._state.table
    seen = table.public | table.received[seat]
    stocks = set()
    for sample in range(20):
        world = game.resample(seat, random.Random(sample))
        mine = world._state.table
        assert mine.hands[seat] == table.hands[seat]
        assert mine.tables[other] == table.tables[other]  # declared cards are public
        assert len(mine.hands[other]) == len(table.hands[other])
        assert not (mine.hands[other] - table.hands[other]) & seen
        stocks.add(tuple(mine.stock))
    assert len(stocks) > 1


def test_resample_respects_a_void_shown_in_the_last_tricks() -> None:
    """A player who did not follow suit in the last tricks holds none of it in any world."""
    for seed in range(40):
        game = Game.new(Rules(shipped("three-handed")), seed=seed)
        rng = random.Random(seed)
        while not game.is_over and (game.deal_no == 0 or game.view(0).stock_size):
            game.step(rng.choice(game.legal_moves()))
        revealed: tuple[int, str] | None = None
        while not game.is_over and game.deals_finished == 0:
            trick = game._state.table.trick
            before = len(trick)
            led = game.rules.suit[trick[0]] if trick else None
            seat = game.to_act
            game.step(rng.choice(game.legal_moves()))
            played = game.events[-1] if game.event_count else None
            if (
                led is not None
                and before
                and played is not None
                and played.kind is EventKind.PLAY
                and played.cards[0][1] != led
                and seat is not None
            ):
                revealed = (seat, led)
                break
        if revealed is None or game.is_over or game.deals_finished:
            continue
        seat, suit = revealed
        observer = (seat + 1) % 3
        for sample in range(5):
            world = game.resample(observer, random.Random(sample))
            hand = world._state.table.hands[seat]
            assert not [c for c in hand if world.rules.suit[c] == suit]
        return
    pytest.fail("no void was shown in 40 deals")


# -- public history ----------------------------------------------------------------------------
def test_public_history_hides_what_the_seat_did_not_see() -> None:
    game = _midgame("bezique", seed=6, steps=40)
    mine = game.public_history(0)
    everything = game.public_history(None)
    assert any(line.startswith("p2 is dealt ?? ") for line in mine)
    assert not any("??" in line for line in everything)
    assert any(line.startswith("p1 is dealt ") and "??" not in line for line in mine)
    assert sum(1 for line in mine if line.startswith("p2 draws ??")) >= 1
    assert all("??" not in line for line in mine if line.startswith("p1 draws") or " play " in line)


def test_public_history_shows_what_leaves_no_trace_in_a_view() -> None:
    """A declaration shown 'to score' and lost at once, and a seven shown and led at once."""
    variant = shipped("bezique")
    hands = [["KH", "QH", "KS", "QS", "7D", "AC", "9C", "8C"], ["7C", "8S", "9S"]]
    game = dealt(variant, hands, turn_up="8D", stock=["9H", "7S", "TH", "9D"])
    run(
        game,
        "play AC",
        "play 7C",
        "declare marriage_common KH QH",
        "declare marriage_common KS QS",
        "show 7D",
        "draw",
        "play QS*2",  # the waiting marriage of spades is lost at once
    )
    opponent = game.public_history(1)
    assert "p1 declare marriage_common KS QS" in opponent
    assert "p1 show 7D" in opponent
    assert "p1 play QS*2" in opponent
    entries = game.view(1).entries[0]
    assert [(e.no, e.scored, e.lost) for e in entries] == [(1, True, False), (2, False, True)]


def test_another_players_draw_is_not_in_a_seats_history() -> None:
    """Whether a player said 'draw' or the engine drew for him would tell what he held."""
    game = _midgame("bezique", seed=9, steps=300)
    for seat in (0, 1):
        other = f"p{2 - seat} draw"
        assert other not in game.public_history(seat)
    assert any(line.endswith(" draw") for line in game.public_history(None))


# -- undo ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", NAMES)
def test_undo_takes_back_a_move_and_its_chance(name: str) -> None:
    game = Game.new(Rules(shipped(name)), seed=11)
    rng = random.Random(11)
    undone = 0
    while not game.is_over and game.deals_finished < 2:
        before = game.copy()
        game.step(rng.choice(game.legal_moves()))
        if rng.random() < 0.15 or (game.deals_finished and undone < 3):
            after = game.copy()
            game.undo()
            assert game == before
            assert [str(m) for m in game.legal_moves()] == [str(m) for m in before.legal_moves()]
            undone += 1
            game = after
    assert undone


@pytest.mark.parametrize("name", ["bezique", "three-handed", "chinese as a race"])
def test_undo_back_through_earlier_deals(name: str) -> None:
    """Only a game's first snapshot keeps the random generator: a later deal is dealt again
    from its own cards, an earlier one by playing the game again.  Taking back every move
    from the third deal to the start gives back each state exactly, chance included (the
    six-pack's count of each deal as well: a race, since its shipped game is one deal)."""
    if name == "chinese as a race":
        variant = variant_with("chinese", **{"game.format": "race", "game.target": 5000})
    else:
        variant = shipped(name)
    game = Game.new(Rules(variant), seed=5)
    rng = random.Random(5)
    states = []
    while not game.is_over and game.deal_no < 3:
        states.append(game.copy())
        game.step(rng.choice(game.legal_moves()))
    assert game.deal_no == 3
    while states:
        game.undo()
        assert game == states.pop()
    assert game.moves_made == 0


def test_undo_all_the_way_back_and_nothing_more() -> None:
    game = Game.new(Rules(shipped("bezique")), seed=3)  # the cut winner elects
    start = game.copy()
    rng = random.Random(3)
    for _ in range(80):
        game.step(rng.choice(game.legal_moves()))
    while game.moves_made:
        game.undo()
    assert game == start
    with pytest.raises(ValueError, match="no move to take back"):
        game.undo()


# -- is_legal and apply ----------------------------------------------------------------------
def _candidates(game: Game) -> list[str]:
    faces = sorted(set(game.rules.face))
    found = [f"play {face}" for face in faces]
    found += ["draw", "deal", "pass", "yield", "carte-blanche", "score 1", "score 2"]
    found += [f"exchange {face}" for face in faces if face[0] == "7"]
    found += [f"show {face}" for face in faces if face[0] == "7"]
    return found


@pytest.mark.parametrize("name", ["bezique", "rubicon", "polish", "four-handed-partners"])
def test_is_legal_agrees_with_the_move_list(name: str) -> None:
    for game in _positions(name, seed=4, every=3):
        legal = [str(m) for m in game.legal_moves()]
        for text in set(legal) | set(_candidates(game)):
            assert game.is_legal(text) == (text in legal), text
        for move in game.legal_moves():
            assert game.is_legal(move)


def test_an_illegal_move_object_is_refused_with_the_reason_of_the_rule() -> None:
    game = Game.new(Rules(shipped("bezique")), seed=1, dealer=1)
    declaration = Declare("bezique", (0, 1), ("QS", "JD"), 40)
    assert not game.is_legal(declaration)
    with pytest.raises(IllegalMoveError, match="only after winning a trick"):
        game.apply(declaration)


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("royal_marriage", "'marriage_royal' (royal marriage)"),  # the name players see
        ("marriage", "'marriage_royal' (royal marriage) or 'marriage_common' (common marriage)"),
        ("double_bezque", "'double_bezique' (double bézique)"),
    ],
)
def test_a_mistyped_combination_is_refused_with_the_ids_it_may_mean(typed: str, meant: str) -> None:
    game = Game.new(Rules(shipped("bezique")), seed=1)
    rng = random.Random(1)
    while game.phase is not Phase.DECLARE:
        game.step(rng.choice(game.legal_moves()))
    with pytest.raises(IllegalMoveError) as refused:
        game.apply(f"declare {typed} KH QH")
    assert str(refused.value.reason).startswith(
        f"there is no combination {typed!r} in this variant (did you mean {meant}"
    )


# -- copies --------------------------------------------------------------------------------------
def test_a_copy_is_independent_in_every_field() -> None:
    game = _midgame("four-handed-partners", seed=2, steps=60)
    reference = game.copy()
    copy = game.copy()
    rng = random.Random(2)
    while not copy.is_over and copy.deals_finished < 2:  # past a deal: the generator is used
        copy.step(rng.choice(copy.legal_moves()))
    assert game._state == reference._state
    assert game.events == reference.events


def test_a_copy_shares_the_generator_until_one_of_them_deals() -> None:
    game = _midgame("bezique", seed=2, steps=10)
    copy = game.copy()
    assert copy._state.chance.rng is game._state.chance.rng
    copies = [game.copy() for _ in range(3)]
    rng = random.Random(5)
    for other in [game, *copies]:
        while not other.is_over and other.deals_finished < 1:
            other.step(rng.choice(other.legal_moves()))
    assert copies[0]._state.chance.rng is not game._state.chance.rng


# -- moves' cards --------------------------------------------------------------------------------
def test_a_move_names_its_cards_as_faces_and_ids() -> None:
    game = _midgame("bezique", seed=8, steps=20)
    for move in game.legal_moves():
        assert len(move.faces) == len(move.ids)
        assert [game.rules.face[card] for card in move.ids] == list(move.faces)
    while game.phase is not Phase.DECLARE and not game.is_over:
        game.step(game.legal_moves()[0])


def test_a_known_card_declared_onto_the_table_is_listed_once() -> None:
    """The turn-up taken by exchanging the seven is known to be in the hand; once declared it
    lies on the table, and ``known`` no longer lists it."""
    hands = [["7H", "QH", "AC", "9S", "9D", "8S", "8D", "7S"], ["7C", "8C", "9C"]]
    game = dealt(shipped("bezique"), hands, turn_up="KH", stock=["TD", "TC"])
    run(game, "play AC", "play 7C", "exchange 7H")
    assert [str(face) for face in game.view(1).known[0]] == ["KH"]
    run(game, "declare marriage_royal KH QH")
    view = game.view(1)
    assert [str(face) for _, face in view.table[0]] == ["KH", "QH"]
    assert not view.known[0]


def test_a_world_depends_only_on_what_the_seat_has_seen() -> None:
    """Two games that look the same to a seat give it the same worlds for the same generator,
    so a bot's choices cannot depend on the real hidden cards."""
    for game in _positions("bezique", seed=12, every=11):
        seat = game.to_act
        assert seat is not None
        world = game.resample(seat, random.Random(1))
        again = world.resample(seat, random.Random(2))
        direct = game.resample(seat, random.Random(2))
        for mine, theirs in ((again, direct),):
            a, b = mine._state.table, theirs._state.table
            assert (a.hands, a.stock, a.tables, a.undrawn) == (
                b.hands,
                b.stock,
                b.tables,
                b.undrawn,
            )


def test_a_world_cannot_take_back_moves_before_its_deal() -> None:
    """Undoing past the start of a world's deal would deal the real cards again: refused."""
    game = _midgame("bezique", seed=2, steps=200)
    seat = game.to_act
    assert seat is not None and game.deal_no >= 2
    world = game.resample(seat, random.Random(0))
    with pytest.raises(ValueError, match="before its deal"):
        while True:
            world.undo()


def test_a_world_made_before_the_first_deal_has_its_own_cards() -> None:
    order = [r + s for _ in range(2) for s in "SHDC" for r in "ATKQJ987"]
    random.Random(3).shuffle(order)
    game = Game.new(Rules(shipped("bezique")), deck_order=order, seed=1)
    assert game.phase is Phase.ELECT
    seat = game.to_act
    assert seat is not None
    hands = set()
    for sample in range(4):
        world = game.resample(seat, random.Random(sample))
        # a world of a world, too, deals cards of its own (nothing of the real deck leaks)
        again = world.resample(seat, random.Random(sample + 10))
        world.apply("deal")
        world.undo()
        world.apply("deal")
        again.apply("deal")
        for played in (world, again):
            hands.add(tuple(str(face) for _, face in played.view(seat).hand))
    game.apply("deal")
    assert tuple(str(face) for _, face in game.view(seat).hand) not in hands
    assert len(hands) > 4


@pytest.mark.parametrize("name", ["four-handed-partners-modern", "four-handed", "three-handed"])
def test_resample_is_quick_in_the_last_tricks_of_three_and_four_hands(name: str) -> None:
    """Voids shown in the last tricks are dealt around, not found by trial and error."""
    for seed in range(3):
        game = Game.new(Rules(shipped(name)), seed=seed)
        rng = random.Random(seed)
        while not game.is_over and (game.deal_no == 0 or game.view(0).stock_size):
            game.step(rng.choice(game.legal_moves()))
        while not game.is_over and game.deals_finished == 0:
            seat = game.to_act
            assert seat is not None
            world = game.resample(seat, random.Random(seed))
            assert world.view(seat) == game.view(seat)
            game.step(rng.choice(game.legal_moves()))


def test_a_view_of_a_seat_that_does_not_exist_is_refused() -> None:
    game = Game.new(Rules(shipped("bezique")), seed=1)
    assert game.players == 2
    for seat in (-1, 2, "0", None, 1.0):
        message = f"there is no seat {seat!r}: seats are 0 to 1 (0 is p1)"
        for ask in (game.view, game.resample, game.public_history):
            if seat is None and ask == game.public_history:
                continue  # None: everything, for an onlooker with every card shown
            # A seat that is not an int is refused before the call by the compiled build
            # (mypyc checks the argument's type: a TypeError of its own words).
            refusals = (ValueError,) if type(seat) is int or not compiled() else (TypeError,)
            with pytest.raises(refusals) as refused:
                ask(seat)  # type: ignore[arg-type]
            if refusals == (ValueError,):
                assert str(refused.value) == message


def test_a_world_needs_a_generator_and_step_needs_a_move_object() -> None:
    game = Game.new(Rules(shipped("bezique")), seed=1)
    with pytest.raises(TypeError) as refused:
        game.resample(0, 5)  # type: ignore[arg-type]
    assert compiled() or "rng must be a random.Random or None, not int" in str(refused.value)
    before = game.copy()
    with pytest.raises(TypeError) as refused:  # the compiled build's own words, else ours
        game.step("deal")  # type: ignore[arg-type]
    assert compiled() or "step takes a move of legal_moves" in str(refused.value)
    assert game == before and game.moves_made == 0


def test_scoring_a_lost_declaration_says_it_was_lost() -> None:
    variant = shipped("bezique")
    hands = [["KH", "QH", "KS", "QS", "KD", "QD", "AC", "9C"], ["7C", "8S", "9S", "7H"]]
    game = dealt(variant, hands, turn_up="8D", stock=["9H", "TS", "TH", "9D"])
    run(game, "play AC", "play 7C", "declare marriage_common KH QH")
    run(game, "declare marriage_common KS QS", "draw", "play QS*2", "play 7H")
    with pytest.raises(IllegalMoveError, match="declaration 2 was lost"):
        game.apply("score 2")


def test_a_declaration_with_more_copies_than_held_is_refused_for_that() -> None:
    hands = [["QS", "QS", "JD", "AC", "9H", "8H", "7H", "9C"], ["7C", "8C", "9D"]]
    game = dealt(shipped("bezique"), hands, turn_up="8D", stock=["TD", "TC"])
    run(game, "play AC", "play 7C")
    with pytest.raises(IllegalMoveError, match="you hold only 1 JD"):
        game.apply("declare double_bezique QS QS JD JD")


# -- views: lazy, and still the moment they were made ---------------------------------------
def _fields(view: PlayerView) -> dict[str, object]:
    return {name: getattr(view, name) for name in FIELDS}


def test_a_view_kept_across_moves_still_shows_the_moment_it_was_made() -> None:
    game = Game.new(shipped("bezique"), seed=4)
    rng = random.Random(4)
    for _ in range(30):
        game.step(rng.choice(game.legal_moves()))
    seat = game.to_act or 0
    early = game.view(seat)
    hand_read_now = early.hand  # one field read before the game moves, the rest after
    expected = _fields(game.view(seat))
    for _ in range(25):
        game.step(rng.choice(game.legal_moves()))
    assert early.hand is hand_read_now
    assert _fields(early) == expected
    assert early != game.view(seat)


def test_a_view_made_before_an_undo_is_not_changed_by_it() -> None:
    game = Game.new(shipped("rubicon"), seed=2)
    rng = random.Random(2)
    for _ in range(40):
        game.step(rng.choice(game.legal_moves()))
    kept = game.view(0)
    expected = _fields(game.view(0))
    game.undo()
    game.undo()
    assert _fields(kept) == expected


def test_views_of_the_same_moment_are_equal_however_they_were_read() -> None:
    game = Game.new(shipped("polish"), seed=9)
    rng = random.Random(9)
    for _ in range(20):
        game.step(rng.choice(game.legal_moves()))
    first, second = game.view(1), game.view(1)
    second.freeze()
    assert first == second and hash(first) == hash(second)
    assert "legal_moves=" in repr(first) and "hand=" in repr(second)


def test_what_the_engine_keeps_to_go_faster_is_not_part_of_a_game() -> None:
    """Worked-out values kept in the table (declaration numbers, the ways a hand can form)
    are neither copied nor compared: a copy equals the game it was made from."""
    game = _midgame("chinese", 5, 120)
    assert game._state.table.memo  # the engine has kept something
    other = game.copy()
    assert not other._state.table.memo
    assert other == game
    assert other.legal_moves() == game.legal_moves()


def test_the_compiled_rules_are_frozen_and_shared_unchanged_by_games() -> None:
    """Games share one ``Rules``: it cannot be changed once made, and playing games leaves
    every table of it as it was (nothing is cached into it)."""
    rules = Rules(shipped("rubicon"))
    before = {name: repr(getattr(rules, name)) for name in ("ways", "ledger_checks", "sevens")}
    for seed in range(3):
        game = Game.new(rules, seed=seed)
        while not game.is_over:
            game.step(random.Random(seed).choice(game.legal_moves()))
    assert {name: repr(getattr(rules, name)) for name in before} == before
    with pytest.raises(AttributeError):
        rules.face = ()  # type: ignore[misc]
    with pytest.raises(AttributeError):
        rules.cache = {}
