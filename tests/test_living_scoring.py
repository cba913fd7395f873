"""The settlement of the living games (issue 18): the Haitian brisque war and its threshold,
a race game worth double when the loser is short (the Haitian anbatab, the Turkish rubikon),
and a match of several games (Turkish: to 16 game points).  Each rule is checked on whole
deals played by a seeded random policy, against what the rule says should have happened."""

from __future__ import annotations

import random

import pytest

from interpreter.engine import EventKind, Game, Reason
from interpreter.model import Variant
from tests.support import shipped, variant_with


def _deal(variant: Variant, seed: int) -> Game:
    game = Game.new(variant, seed=seed)
    rng = random.Random(seed)
    while not game.deal_results and not game.is_over:
        game.step(rng.choice(game.legal_moves()))
    return game


def _end_of_hand(game: Game) -> list[tuple[int | None, str, int]]:
    """(seat, what, points) of the scores after the last trick of the first deal."""
    events = [e for e in game.events if e.deal == 1]
    last = max(i for i, e in enumerate(events) if e.kind is EventKind.TRICK)
    return [
        (e.player, e.what, e.points)
        for e in events[last + 1 :]
        if e.kind is EventKind.SCORE and e.what in (Reason.BRISQUES, Reason.BRISQUE_WAR)
    ]


@pytest.mark.parametrize("seed", range(12))
def test_haitian_practice_the_brisque_war(seed: int) -> None:
    game = _deal(shipped("haitian-brisque-war"), seed)
    won = game.deal_results[0].brisques
    scores = _end_of_hand(game)
    if won[0] == won[1]:  # each gains his own: 160 apiece on 16 brisques each
        assert sorted(scores) == [(0, "brisques", 10 * won[0]), (1, "brisques", 10 * won[1])]
        return
    more, fewer = (0, 1) if won[0] > won[1] else (1, 0)
    assert (more, "brisques", 10 * won[more]) in scores
    assert not any(seat == fewer and what == "brisques" for seat, what, _ in scores)
    before = game.scores[fewer] + (200 if (fewer, "brisque_war", -200) in scores else 0)
    assert ((fewer, "brisque_war", -200) in scores) == (before > 200)


def test_haitian_practice_the_brisque_war_penalty_spares_a_player_under_200() -> None:
    spared = paid = 0
    for seed in range(30):
        game = _deal(shipped("haitian-brisque-war"), seed)
        won = game.deal_results[0].brisques
        if won[0] == won[1]:
            continue
        fewer = 0 if won[0] < won[1] else 1
        penalties = [p for seat, what, p in _end_of_hand(game) if what == "brisque_war"]
        if penalties:
            paid += 1
            assert game.scores[fewer] + 200 > 200
        else:
            spared += 1
            assert game.scores[fewer] <= 200
    assert spared and paid  # both cases arose


@pytest.mark.parametrize("seed", range(6))
def test_haitian_practice_no_brisque_counts_below_the_threshold(seed: int) -> None:
    variant = variant_with("haitian", **{"brisques.minimum": 16, "brisques.timing": "end_of_hand"})
    game = _deal(variant, seed)
    won = game.deal_results[0].brisques
    expected = sorted(
        (seat, "brisques", 10 * count) for seat, count in enumerate(won) if count >= 16
    )
    assert sorted(_end_of_hand(game)) == expected


def _race(variant: Variant, seed: int) -> Game:
    game = Game.new(variant, seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        game.step(rng.choice(game.legal_moves()))
    return game


@pytest.mark.parametrize("seed", range(8))
def test_french_wikipedia_en_bas_table_a_loser_under_750_pays_double(seed: int) -> None:
    variant = variant_with("haitian", **{"game.target": 600, "game.double_below": 450})
    outcome = _race(variant, seed).outcome
    assert outcome is not None and outcome.winner is not None
    loser = outcome.scores[1 - outcome.winner]
    assert outcome.game_points == (2 if loser < 450 else 1)
    assert ("pays double" in outcome.reason) == (loser < 450)


def test_a_race_game_without_a_worth_has_no_game_points() -> None:
    outcome = _race(variant_with("bezique", **{"game.target": 300}), 1).outcome
    assert outcome is not None and outcome.game_points == 0


def test_turkish_wikipedia_a_match_to_16_game_points() -> None:
    variant = variant_with(
        "turkish-match",
        **{"game.target": 500, "game.double_below": 250, "match.target": 5},
    )
    game = _race(variant, 3)
    outcome = game.outcome
    assert outcome is not None and outcome.ending == "match" and outcome.winner is not None
    won = [e for e in game.events if e.kind is EventKind.GAME_WON]
    assert outcome.games == len(won) >= 3
    per_seat = [sum(e.number for e in won if e.player == seat) for seat in (0, 1)]
    assert list(outcome.match_points) == per_seat and max(per_seat) >= 5
    assert per_seat[outcome.winner] == max(per_seat)
    # Each game starts again from nothing: the scores of the last game only.
    last = max(
        i for i, e in enumerate(game.events) if e.kind is EventKind.GAME_WON and e is won[-2]
    )
    after = [e for e in game.events[last:] if e.kind is EventKind.SCORE]
    assert [sum(e.points for e in after if e.player == s) for s in (0, 1)] == list(game.scores)
    start = 0
    for event in won:  # a game's worth is two when its loser was under 250 (the rubikon)
        end = game.events.index(event)
        scores = [0, 0]
        for e in game.events[start:end]:
            if e.kind is EventKind.SCORE and e.player is not None:
                scores[e.player] += e.points
        assert event.player is not None
        assert event.number == (2 if scores[1 - event.player] < 250 else 1)
        start = end


def test_a_single_game_is_no_match() -> None:
    outcome = _race(variant_with("turkish", **{"game.target": 500}), 2).outcome
    assert outcome is not None and outcome.ending == "target" and outcome.match_points == ()
