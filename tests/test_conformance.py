"""Conformance: every shipped variant plays to the end with the engine's invariants holding at
every step (every card accounted for, legal moves until the end, scores only
from scoring events, same seed same game, copy equals original, notation round-trips)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from interpreter.engine import Ending, Game, IllegalMoveError, Phase
from interpreter.loader import shipped_variant_names
from interpreter.model import Variant
from tests.support import shipped, variant_with

NAMES = shipped_variant_names()


def test_there_are_shipped_variants() -> None:
    assert "bezique" in NAMES
    assert len(NAMES) >= 3


def check_invariants(game: Game) -> None:
    state = game._state.table
    rules = game.rules
    places: list[int] = []
    for seat in range(state.players):
        places += state.hands[seat]
        places += state.tables[seat]
        places += state.won[seat]
        places += state.open[seat]
        assert not state.hands[seat] & state.tables[seat]
    places += state.stock + list(state.closed_stock) + state.trick + state.undrawn
    if game.phase is not Phase.ELECT:  # before the first deal no card is out
        assert sorted(places) == list(range(rules.n_cards)), "a card is lost or doubled"
    totals = [0] * state.players
    won = False
    for event in game.events:
        if event.kind == "game_won":  # a match: the next game's scores start from nothing
            won = True
        if event.kind == "deal" and won:
            totals, won = [0] * state.players, False
        if event.kind == "score":
            assert event.player is not None
            totals[event.player] += event.points
    assert totals == list(game.scores), "scores changed without a scoring event"
    if not game.is_over:
        assert game.legal_moves(), "no legal move before the end"
        assert game.to_act is not None


def playout(game: Game, rng: random.Random, *, max_deals: int = 1, audit: bool = True) -> None:
    while not game.is_over and game.deal_no <= max_deals:
        moves = game.legal_moves()
        if audit:
            check_invariants(game)
            for move in moves:
                assert str(game.parse_move(str(move))) == str(move)
            view = game.view(game.to_act or 0)
            assert {c for c, _ in view.hand} == game._state.table.hands[view.player]
            ledger = [
                [(e.no, e.combo, e.scored) for e in seat] for seat in game._state.table.ledger
            ]
            assert [[(e.no, e.combo, e.scored) for e in seat] for seat in view.entries] == ledger
        game.apply(rng.choice(moves))
    check_invariants(game)


@pytest.mark.parametrize("name", NAMES)
def test_whole_game_plays_to_the_end(name: str) -> None:
    game = Game.new(shipped(name), seed=11)
    playout(game, random.Random(11), max_deals=10_000, audit=False)
    assert game.is_over
    outcome = game.outcome
    assert outcome is not None
    if shipped(name).game.format.value == "race":
        assert outcome.winner is not None and outcome.winning_side is not None
        # (a deal played out short of the target, a failed close or a false claim is won all
        # the same)
        ends = [e.what for e in game.events if e.kind in ("game_won", "game_over")]
        last_game = [what for what in ends if what != Ending.MATCH][-1]
        if last_game not in (Ending.LAST_TRICK, Ending.CLOSER_FAILED, Ending.FALSE_CLAIM):
            assert max(outcome.side_scores) >= shipped(name).game.target
        assert outcome.winner in outcome.sides[outcome.winning_side]
    else:
        assert outcome.deals == 1 and outcome.settlement is not None
        assert outcome.winner == outcome.settlement.winner
    # The deals of the last game (a match's games each start from nothing).
    won = [e.deal for e in game.events if e.kind == "game_won"]
    first = won[-2] + 1 if len(won) > 1 else 1
    if shipped(name).match is not None:
        assert max(outcome.match_points) >= shipped(name).match.target  # type: ignore[union-attr]
    assert sum(
        outcome.deal_scores[i - 1][s]
        for i in range(first, outcome.deals + 1)
        for s in range(len(outcome.scores))
    ) == sum(outcome.scores)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_invariants_hold_at_every_step(name: str, seed: int) -> None:
    playout(Game.new(shipped(name), seed=seed), random.Random(seed))


@pytest.mark.parametrize("name", NAMES)
def test_same_seed_same_game(name: str) -> None:
    games = []
    for _ in range(2):
        game = Game.new(shipped(name), seed=7)
        playout(game, random.Random(3), audit=False)
        games.append(game.events)
    assert games[0] == games[1]


def _into_the_game(name: str, moves: int) -> int:
    """``moves`` into a game of Bézique's hands, fewer where a hand is five or six cards and
    a game may be one deal of a dozen moves (Schnapsen): still in the middle of it."""
    return moves if shipped(name).deal.hand_size > 6 else 7


@pytest.mark.parametrize("name", NAMES)
def test_copy_plays_on_like_the_original(name: str) -> None:
    game = Game.new(shipped(name), seed=4)
    rng = random.Random(4)
    for _ in range(_into_the_game(name, 40)):
        game.apply(rng.choice(game.legal_moves()))
    twin = game.copy()
    state = rng.getstate()
    playout(game, rng, audit=False)
    rng.setstate(state)
    playout(twin, rng, audit=False)
    assert game.events == twin.events
    assert game.scores == twin.scores


@pytest.mark.parametrize("name", NAMES)
def test_illegal_move_changes_nothing(name: str) -> None:
    game = Game.new(shipped(name), seed=9)
    rng = random.Random(9)
    for _ in range(_into_the_game(name, 30)):
        game.apply(rng.choice(game.legal_moves()))
    before = (game.events, game.scores, sorted(map(str, game.legal_moves())))
    held = {
        c
        for s in range(game.rules.players)
        for c in game._state.table.hands[s] | game._state.table.tables[s]
    }
    missing = next(f for f in game.rules.face if not any(game.rules.face[c] == f for c in held))
    for text in (f"play {missing}", "score 99", "declare nothing QS JD", "exchange 7S"):
        with pytest.raises(IllegalMoveError) as raised:
            game.apply(text)
        assert raised.value.reason
    assert (game.events, game.scores, sorted(map(str, game.legal_moves()))) == before


def test_legal_moves_are_distinct_and_in_a_fixed_order() -> None:
    game = Game.new(shipped("bezique"), seed=21)
    rng = random.Random(21)
    while not game.deal_results and not game.is_over:
        moves = [str(m) for m in game.legal_moves()]
        assert len(moves) == len(set(moves))
        assert moves == [str(m) for m in game.copy().legal_moves()]
        game.apply(rng.choice(game.legal_moves()))


OPTIONS: dict[str, list[Any]] = {
    "last_trick.which": ["final", "last_stock_trick"],
    "brisques.timing": ["on_trick", "end_of_hand"],
    "declare.scores_per_trick": ["one", "disjoint_many"],
    "declare.pending_allowed": [True, False],
    "declare.fresh_card_required": ["never", "same_class", "always"],
    "endgame.must_head": [True, False],
    "endgame.must_trump_if_void": ["no", "yes", "only_if_winning"],
    "seven.score_trigger": ["declare_after_win", "on_play"],
    "cut.rule": ["high_chooses", "high_deals", "low_deals"],
    "deal.rotation": ["left", "last_trick_winner"],
    "deck.endgame_ranks": [[], ["A", "K", "Q", "J", "T", "9", "8", "7"]],
    "game.target": [300, 1000, 2000],
    "game.win_check": ["end_of_deal", "immediate"],
    "play.joker_led": ["any_card", "must_trump"],
    "trump.others_before_trumps": [True, False],
    "seven.exchange_when": ["after_own_trick_win", "any_time"],
    "seven.turn_up_declarable": [True, False],
    "endgame.head_reference": ["current_winning_card", "card_led"],
}


@st.composite
def overlays(draw: st.DrawFn) -> Variant:
    base = draw(st.sampled_from(NAMES))
    keys = draw(st.sets(st.sampled_from(sorted(OPTIONS))))
    changes = {key: draw(st.sampled_from(OPTIONS[key])) for key in sorted(keys)}
    return variant_with(base, **changes)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variant=overlays(), seed=st.integers(0, 2**32))
def test_house_rule_overlays_play_to_the_end_of_a_deal(variant: Variant, seed: int) -> None:
    game = Game.new(variant, seed=seed)
    playout(game, random.Random(seed), audit=False)
    check_invariants(game)
    assert game.deal_results, "the first deal did not finish"
