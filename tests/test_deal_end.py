"""The end of a deal and of a game: the brisques counted at the end of the hand (Enquire
Within 123 ix, x; the Haitian brisque war), what a finished deal records, who deals next, and
the end of a race (Hoyle's game of 1,000; Enquire Within 123 x for a tie; the Turkish and
Haitian double game) or of a one-deal Rubicon game (laws 56–61).

Enquire Within 123 x: "each ace and ten in the tricks — at the end of each deal — 10"; the
brisques are counted by each player, the non-dealer first."""

from __future__ import annotations

import random

from interpreter.engine import Game
from interpreter.engine.settlement import settle
from interpreter.model import Variant
from tests.support import shipped, variant_with

BRISQUES_TWO_PACKS = 16  # the aces and tens of two piquet packs


def first_deal(variant: Variant, seed: int, dealer: int = 0) -> Game:
    """A game of ``variant`` played at random (reproducibly) to the end of its first deal."""
    game = Game.new(variant, seed=seed, dealer=dealer)
    rng = random.Random(seed)
    while game.deals_finished == 0 and not game.is_over:
        game.step(rng.choice(game.legal_moves()))
    return game


def brisque_scores(game: Game) -> list[tuple[int | None, int, int]]:
    """(player, points, brisques) of each brisque count scored."""
    return [(e.player, e.points, e.number) for e in game.events if e.what == "brisques"]


def last_trick(game: Game) -> int | None:
    """The seat that scored the last trick of the deal."""
    return [e.player for e in game.events if e.what == "last_trick"][-1]


# -- Enquire Within 123 ix, x: the brisques counted at the end of the hand -------------------------
def test_enquire_within_123_x_each_players_brisques_counted_the_non_dealer_first() -> None:
    for dealer in (0, 1):
        game = first_deal(shipped("bezique-handbook"), seed=4, dealer=dealer)
        counted = brisque_scores(game)
        assert [seat for seat, _, _ in counted] == [1 - dealer, dealer]
        assert all(points == 10 * number for _, points, number in counted)
        assert sum(number for _, _, number in counted) == BRISQUES_TWO_PACKS
        result = game.deal_results[0]
        assert tuple(number for _, _, number in sorted(counted)) == result.brisques


def _counted_out(seed: int, dealer: int) -> tuple[int, Game] | None:
    """A target both players reach only by counting their brisques, in a deal of
    ``bezique-handbook`` won the moment the target is reached, where the dealer's total would be
    the higher; with that game played to it.  None if the deal has no such target."""
    changes = {"game.win_check": "immediate", "game.target": 100_000}
    free = first_deal(variant_with("bezique-handbook", **changes), seed=seed, dealer=dealer)
    before = [
        free.scores[seat] - sum(p for s, p, _ in brisque_scores(free) if s == seat)
        for seat in (0, 1)
    ]
    target = max(before) + 1
    if min(free.scores) < target or free.scores[dealer] <= free.scores[1 - dealer]:
        return None
    changes["game.target"] = target
    return target, first_deal(variant_with("bezique-handbook", **changes), seed=seed, dealer=dealer)


def test_enquire_within_123_x_the_first_to_count_out_wins_when_a_race_ends_at_the_target() -> None:
    """Enquire Within 123 x: "The non-dealer scores aces and tens first". In a race won the
    moment the target is reached, the non-dealer who reaches it by his brisques wins, though
    the dealer's brisques would have taken him higher: the dealer does not count them."""
    found = 0
    for seed in range(40):
        for dealer in (0, 1):
            case = _counted_out(seed, dealer)
            if case is None:
                continue
            target, game = case
            found += 1
            assert game.is_over and game.outcome is not None
            assert game.outcome.winner == 1 - dealer and game.scores[1 - dealer] >= target
            assert [seat for seat, _, _ in brisque_scores(game)] == [1 - dealer]
            assert game.scores[dealer] < target
    assert found >= 2


def test_a_finished_deal_records_its_dealer_points_brisques_and_last_trick() -> None:
    game = first_deal(shipped("bezique"), seed=5, dealer=1)
    result = game.deal_results[0]
    assert (result.deal, result.dealer) == (1, 1)
    assert result.last_trick == last_trick(game)
    assert sum(result.brisques) == BRISQUES_TWO_PACKS
    ended = [e for e in game.events if e.kind == "end_of_deal"]
    assert [(e.number, e.values) for e in ended] == [(1, result.points)]
    assert game.deal_no == 2 and game.view(0).dealer == 0  # the deal passes to the left


def test_bicyclecards_the_winner_of_the_last_trick_deals_next() -> None:
    variant = variant_with("bezique", **{"deal.rotation": "last_trick_winner"})
    for seed in (1, 2, 3):
        game = first_deal(variant, seed=seed, dealer=1)
        assert game.view(0).dealer == last_trick(game)


# -- the end of a race -----------------------------------------------------------------------------
def _race(target: int, seed: int = 6) -> Game:
    variant = variant_with("bezique", **{"game.target": target})
    return first_deal(variant, seed=seed)


def test_hoyle_the_game_is_won_by_reaching_the_target_exactly() -> None:
    scores = first_deal(shipped("bezique"), seed=6).scores
    top = max(scores)
    won = _race(top)
    assert won.is_over and won.scores == scores
    outcome = [e for e in won.events if e.kind == "game_over"]
    assert [(e.player, e.points, e.what, e.values) for e in outcome] == [
        (scores.index(top), top, "target", (scores.index(top),))
    ]
    assert [e.number for e in outcome] == [0]  # a game of 1,000 has no game points
    assert won.outcome is not None and won.outcome.winning_side == scores.index(top)
    assert not _race(top + 1).is_over


def test_hoyle_both_past_the_target_the_higher_score_wins() -> None:
    game = _race(1, seed=7)
    assert game.is_over
    over = next(e for e in game.events if e.kind == "game_over")
    scores = game.scores
    assert scores[0] != scores[1]
    assert over.player == scores.index(max(scores)) and over.what == "target"


def _double(double_below: int, seed: int = 8) -> tuple[Game, tuple[int, ...]]:
    scores = first_deal(shipped("turkish"), seed=seed).scores
    variant = variant_with(
        "turkish", **{"game.target": max(scores), "game.double_below": double_below}
    )
    return first_deal(variant, seed=seed), scores


def test_turkish_rubikon_the_game_counts_double_when_the_loser_is_below_the_line() -> None:
    scores = first_deal(shipped("turkish"), seed=8).scores
    loser = min(scores)
    for below, worth in ((loser + 1, 2), (loser, 1)):
        game, _ = _double(below)
        over = [e for e in game.events if e.kind == "game_over"]
        assert [(e.player, e.number) for e in over] == [(scores.index(max(scores)), worth)]


# -- the Haitian brisque war, and a minimum of brisques --------------------------------------------
def _war(
    seed: int, dealer: int, changes: dict[str, object], name: str = "haitian-brisque-war"
) -> Game:
    return first_deal(variant_with(name, **changes), seed=seed, dealer=dealer)


def test_haitian_brisque_war_only_the_side_with_more_brisques_scores_them() -> None:
    """Haitian brisque war: at the end of the hand the side with more brisques scores them;
    the other scores none, and loses 200 when its score is above the floor (200)."""
    for seed in (2, 5, 8):
        game = _war(seed, 1, {"brisques.war_floor": 10**6})  # no penalty: the war alone
        counts = game.deal_results[0].brisques
        more, fewer = (0, 1) if counts[0] > counts[1] else (1, 0)
        assert counts[more] > counts[fewer]
        scored = [(seat, points) for seat, points, _ in brisque_scores(game)]
        assert scored == [(more, 10 * counts[more])]
        score = game.scores[fewer]
        assert score > 0
        for floor, penalty in ((score, []), (score - 1, [(fewer, -200, counts[fewer])])):
            war = _war(seed, 1, {"brisques.war_floor": floor})
            paid = [(e.player, e.points, e.number) for e in war.events if e.what == "brisque_war"]
            assert paid == penalty
    tie = _war(7, 1, {"brisques.war_floor": 0})  # 16 brisques each: each side scores them
    assert brisque_scores(tie) == [(0, 160, 16), (1, 160, 16)]
    assert not [e for e in tie.events if e.what == "brisque_war"]


def test_haitian_partners_brisque_war_the_penalty_falls_on_the_seat_after_the_dealer() -> None:
    changes: dict[str, object] = {
        "brisques.usage": "war",
        "brisques.timing": "end_of_hand",
        "brisques.war_floor": 0,
    }
    for dealer in (0, 1, 2, 3):
        game = _war(5, dealer, changes, "haitian-partners")
        counted = [seat for seat, _, _ in brisque_scores(game)]
        order = [(dealer + offset) % 4 for offset in range(1, 5)]
        assert counted == [seat for seat in order if seat in counted]
        paid = [e.player or 0 for e in game.events if e.what == "brisque_war"]
        assert len(paid) == 1 and paid[0] not in counted
        assert paid[0] == next(seat for seat in order if seat % 2 == paid[0] % 2)


def test_haitian_a_minimum_of_brisques_below_which_none_count() -> None:
    counts = first_deal(shipped("bezique-handbook"), seed=4).deal_results[0].brisques
    low = min(counts)
    for minimum, scoring in ((low, [0, 1]), (low + 1, [counts.index(max(counts))])):
        variant = variant_with("bezique-handbook", **{"brisques.minimum": minimum})
        game = first_deal(variant, seed=4)
        assert sorted(seat or 0 for seat, _, _ in brisque_scores(game)) == scoring


# -- a match of games (Turkish) --------------------------------------------------------------------
def test_turkish_match_each_game_won_brings_game_points_until_the_match_target() -> None:
    """Each game (here of a single deal: the target is 1) is worth one game point, two when
    the loser is under the rubikon line; the scores start again from nothing at each game."""
    variant = variant_with("turkish-match", **{"game.target": 1, "match.target": 4})
    game = Game.new(variant, seed=4, dealer=0)
    rng = random.Random(4)
    while game.deals_finished == 0:
        game.step(rng.choice(game.legal_moves()))
    won = [(e.player, e.number, e.what) for e in game.events if e.kind == "game_won"]
    assert won == [(0, 2, "target")]  # seat 1 under the rubikon line: two game points
    first = next(e for e in game.events if e.kind == "game_won")
    assert (first.points, first.values) == (1, (0,))
    assert not game.is_over and game.scores == (0, 0) and game.deal_no == 2
    while not game.is_over:
        game.step(rng.choice(game.legal_moves()))
    won = [(e.player, e.number, e.what) for e in game.events if e.kind == "game_won"]
    over = [(e.player, e.points, e.what, e.number) for e in game.events if e.kind == "game_over"]
    assert won == [(0, 2, "target"), (0, 2, "target")]
    assert over == [(0, 4, "match", 4)]  # the match ends as the target is reached


# -- laws 56-61: the one-deal game of Rubicon settled ----------------------------------------------
def test_law_56_the_rubicon_game_ends_with_its_settlement() -> None:
    for seed in (9, 10):
        game = first_deal(shipped("rubicon"), seed=seed)
        outcome = game.outcome
        assert outcome is not None and outcome.settlement is not None
        over = [(e.player, e.points, e.what) for e in game.events if e.kind == "game_over"]
        settled = outcome.settlement
        assert over == [
            (settled.winner, settled.value, "settled" if settled.winner is not None else "void")
        ]
        assert settled.value > 0 and settled.winner == game.scores.index(max(game.scores))


def test_enquire_within_123_x_a_tie_goes_to_the_score_less_the_last_brisques_then_last_trick() -> (
    None
):
    """Both players reach the target with the same score (seeds found so): the higher score
    less the brisques of the last deal wins, and when that is equal too, the last trick."""
    for seed in (16, 40, 55):
        scores = first_deal(shipped("bezique"), seed=seed).scores
        assert scores[0] == scores[1]
        game = _race(scores[0], seed=seed)
        result = game.deal_results[0]
        less = [score - 10 * count for score, count in zip(scores, result.brisques, strict=True)]
        expected = max((0, 1), key=lambda seat: (less[seat], seat == result.last_trick))
        over = [(e.player, e.what, e.number) for e in game.events if e.kind == "game_over"]
        assert over == [(expected, "tie_break", 0)]
        assert game.outcome is not None and game.outcome.winning_side == expected


def test_the_deal_passes_to_the_left_among_three() -> None:
    """Enquire Within, three-handed: the deal passes to the left, as the play does."""
    game = first_deal(shipped("three-handed"), seed=1, dealer=0)
    assert [r.dealer for r in game.deal_results] == [0] and game.view(0).dealer == 1


def test_laws_57_to_60_the_one_deal_game_is_settled_on_its_scores_and_brisques() -> None:
    """Rubicon and its modern summary: the game's value is the settlement of the final scores
    with each player's brisques (laws 57-61; the modern rounded route)."""
    for name in ("rubicon", "rubicon-modern"):
        variant = shipped(name)
        for seed in range(4, 8):
            game = first_deal(variant, seed=seed)
            scores, brisques = game.scores, game.view(0).brisques
            expected = settle(
                variant.settlement,
                (scores[0], scores[1]),
                (brisques[0], brisques[1]),
                variant.brisques.usage,
            )
            assert game.outcome is not None and game.outcome.settlement == expected
            assert game.outcome.winner == expected.winner
