"""Six-pack, eight-pack and Grand Bézique: the six-pack deal-count bonuses (Herring), the
bézique in the trump suit (crazymonkeycasino.com), Parlett's eight-pack values, the number of
tricks in each game, and the rules that distinguish them, each named after its source."""

from __future__ import annotations

import random

import pytest

from interpreter.engine import Game
from tests.support import dealt, points, run, shipped, texts


def _scores_after_count(lifted: int, guessed: int) -> tuple[int, ...]:
    game = Game.new(shipped("chinese"), seed=1, dealer=1, count_guess=(lifted, guessed))
    return game.scores


def test_herring_dealer_lifts_exactly_24_and_the_guess_is_right() -> None:
    assert _scores_after_count(24, 24) == (150, 250)  # dealer is seat 1


def test_herring_dealer_lifts_23_and_the_guess_is_right() -> None:
    assert _scores_after_count(23, 23) == (150, 0)


def test_deal_count_bonus_none_for_a_wrong_guess_and_a_wrong_count() -> None:
    assert _scores_after_count(25, 24) == (0, 0)


@pytest.mark.parametrize(
    ("marriage", "trump", "pair"),
    [
        ("KD QD", "D", "QD JS"),
        ("KH QH", "H", "QH JC"),
        ("KC QC", "C", "QC JH"),
        ("KS QS", "S", "QS JD"),
    ],
)
def test_crazymonkeycasino_bezique_is_the_queen_of_trumps_and_the_knave_of_the_other_colour(
    marriage: str, trump: str, pair: str
) -> None:
    queen, jack = pair.split()
    hand = [*marriage.split(), queen, jack, "AC", "AC"]
    game = dealt(shipped("chinese-trump-bezique"), [hand, ["7C", "8C"]])
    run(game, "play AC", "play 7C")
    assert not [t for t in texts(game) if t.startswith("declare bezique")]  # no trumps yet
    run(game, f"declare marriage_royal {marriage}", "draw", "play AC", "play 8C")
    assert game.trump == trump
    beziques = {
        " ".join(word.partition("*")[0] for word in t.split()[2:])
        for t in texts(game)
        if t.startswith("declare bezique ")
    }
    assert beziques == {f"{queen} {jack}"}


def test_six_pack_four_trump_aces_score_1000_and_outrank_any_four_aces() -> None:
    hands = [["KS", "QS", "AS", "AS", "AS", "AS", "AC", "AC", "7H"], ["7C", "8C", "8H"]]
    game = dealt(shipped("chinese"), hands)
    run(
        game,
        "play AC",
        "play 7C",
        "declare marriage_royal KS QS",
        "draw",
        "play AC",
        "play 8C",
        "declare four_trump_aces AS AS AS AS",
    )
    assert points(game) == (1040, 0)
    assert not [t for t in texts(game) if t.startswith("declare four_aces AS*2")]


def test_parlett_eight_pack_values() -> None:
    variant = shipped("eight-pack")
    points_by_id = {c.id: c.points for c in variant.combinations if c.enabled}
    assert points_by_id["quintuple_bezique"] == 9000
    assert [
        points_by_id[f"five_trump_{r}"] for r in ("aces", "tens", "kings", "queens", "knaves")
    ] == [2000, 1800, 1600, 1200, 800]
    assert variant.settlement is not None
    assert variant.settlement.rubicon_threshold == 5000
    assert variant.settlement.game_bonus == 1000
    assert variant.deal.hand_size == 15 and variant.deck.packs == 8
    assert variant.carte_blanche is None


@pytest.mark.parametrize(
    ("name", "tricks"), [("rubicon", 64), ("chinese", 96), ("eight-pack", 128), ("grand", 64)]
)
def test_trick_totals(name: str, tricks: int) -> None:
    game = Game.new(shipped(name), seed=5, dealer=0)
    rng = random.Random(5)
    while not game.deal_results and not game.is_over:
        game.step(rng.choice(game.legal_moves()))
    assert sum(1 for e in game.events if e.kind == "trick" and e.deal == 1) == tricks


def test_grand_britannica_sevens_and_the_last_trick_do_not_count_and_game_is_3000() -> None:
    variant = shipped("grand")
    assert variant.seven is None and variant.last_trick.points == 0
    assert variant.game.target == 3000 and variant.game.format.value == "race"


def test_grand_britannica_compound_declarations_among_declared_cards() -> None:
    hands = [["KH", "QH", "JS", "JH", "JD", "JC", "AC"], ["7C"]]
    game = dealt(shipped("grand"), hands, turn_up="8S")
    run(
        game,
        "play AC",
        "play 7C",
        "declare four_knaves JS JH JD JC",
        "declare marriage_common KH QH",
    )
    assert points(game) == (60, 0)


@pytest.mark.parametrize("name", ["rubicon", "chinese", "eight-pack"])
def test_one_deal_games_end_with_their_settlement(name: str) -> None:
    game = Game.new(shipped(name), seed=2)
    rng = random.Random(2)
    while not game.is_over:
        game.step(rng.choice(game.legal_moves()))
    outcome = game.outcome
    assert outcome is not None and outcome.deals == 1 and outcome.settlement is not None
    settled = outcome.settlement
    assert settled.winner == outcome.winner
    if not settled.void:
        loser = 1 - (settled.winner or 0)
        threshold = shipped(name).settlement.rubicon_threshold  # type: ignore[union-attr]
        assert settled.rubiconed == (outcome.scores[loser] < threshold) or not settled.rubiconed
        assert settled.value >= 600
