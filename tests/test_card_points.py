"""Card points by rank (``brisques.values``): every card won in a trick counts the points of
its rank, as in the marriage games.

Foster's Complete Hoyle, Sixty-six: "The cards count: ace 11, ten 10, king 4, queen 3, knave 2"
— 30 a suit, 120 in the pack of twenty-four.  The nines count nothing.

The tests use a small overlay of the shipped Bézique with a one-pack deck of twenty-four cards
and Foster's table; without ``values`` the brisques count ``brisques.value`` each, as before."""

from __future__ import annotations

import random
import textwrap
from pathlib import Path

import pytest

from interpreter.engine import EventKind, Game, Reason, Rules
from interpreter.loader import VariantError, load_variant
from interpreter.model import Variant
from interpreter.rulebook import render
from tests.support import ONE_PACK_OF_24, dealt, run, shipped, write

FOSTER = (
    """\
    extends = "bezique"
    name = "card-points"
"""
    + ONE_PACK_OF_24
    + """
    [seven]
    rank = "9"

    [[combinations]]
    id = "double_bezique"
    enabled = false

    [brisques]
    source = "Foster's Complete Hoyle, Sixty-six: ace 11, ten 10, king 4, queen 3, knave 2"
    """
)
FOSTER_VALUES = "values = { A = 11, T = 10, K = 4, Q = 3, J = 2 }\n"


def foster(tmp_path: Path, extra: str = "", values: str = FOSTER_VALUES) -> Variant:
    """The one-pack overlay with Foster's card points (and ``extra`` keys of ``[brisques]``)."""
    text = FOSTER + textwrap.indent(values + extra, "    ")
    return load_variant(str(write(tmp_path, "card-points.toml", text)))


def card_points(game: Game, deal: int = 1) -> list[tuple[int | None, int, tuple[str, ...]]]:
    """(player, points, cards) of every card-points score of ``deal``."""
    return [
        (e.player, e.points, e.cards)
        for e in game.events
        if e.kind is EventKind.SCORE and e.what == Reason.CARD_POINTS and e.deal == deal
    ]


def random_deal(variant: Variant, seed: int) -> Game:
    """A game played by random moves to the end of its first deal."""
    game = Game.new(Rules(variant), seed=seed)
    rng = random.Random(seed)
    while not game.is_over and game.deals_finished == 0:
        game.step(rng.choice(game.legal_moves()))
    return game


def test_foster_sixty_six_ace_11_ten_10_king_4_queen_3_knave_2_120_in_the_pack(
    tmp_path: Path,
) -> None:
    rules = Rules(foster(tmp_path))
    worth = {rules.face[card]: rules.card_points[card] for card in range(rules.n_cards)}
    assert worth == {
        f"{rank}{suit}": points
        for rank, points in zip("ATKQJ9", (11, 10, 4, 3, 2, 0), strict=True)
        for suit in "SHDC"
    }
    assert sum(rules.card_points) == 120
    assert rules.counts == tuple(points > 0 for points in rules.card_points)  # not the nines


def test_foster_a_trick_won_scores_the_points_of_its_cards(tmp_path: Path) -> None:
    """Seat 0 leads the ace of clubs and seat 1 plays the king: 11 + 4 to seat 0."""
    game = dealt(foster(tmp_path), [["AC"], ["KC"]], turn_up="JH")
    run(game, "play AC", "play KC")
    assert card_points(game) == [(0, 15, ("AC", "KC"))]
    assert game.view(1).brisques == (15, 0)
    assert game.scores == (15, 0)


def test_foster_the_nines_count_nothing(tmp_path: Path) -> None:
    """A trick of two nines scores nothing, and no event says it did."""
    game = dealt(foster(tmp_path), [["9C"], ["9S"]], turn_up="JH")
    run(game, "play 9C", "play 9S")
    assert card_points(game) == []
    assert game.scores == (0, 0)


def test_foster_every_card_counted_once_a_deal_adds_up_to_120(tmp_path: Path) -> None:
    variant = foster(tmp_path)
    for seed in range(5):
        game = random_deal(variant, seed)
        assert sum(points for _, points, _ in card_points(game)) == 120
        assert sum(game.deal_results[0].points) >= 120 + 10  # and the last trick


def test_card_points_counted_at_the_end_of_the_hand(tmp_path: Path) -> None:
    """Counted when the hand is over: one score per seat, the points of every card he won."""
    variant = foster(tmp_path, 'timing = "end_of_hand"\n')
    game = random_deal(variant, 3)
    scores = card_points(game)
    assert len(scores) == 2 and sum(points for _, points, _ in scores) == 120
    assert all(cards == () for _, _, cards in scores)
    numbers = [
        e.number for e in game.events if e.kind is EventKind.SCORE and e.what == Reason.CARD_POINTS
    ]
    assert sum(numbers) == 20  # the twenty cards that count (not the four nines)


def test_the_minimum_still_counts_the_brisque_cards(tmp_path: Path) -> None:
    """``brisques.minimum`` counts the brisques (aces and tens) a seat won, not his points: a
    seat with fewer than three scores no card points."""
    extra = 'timing = "end_of_hand"\nminimum = 3\n'
    variant = foster(tmp_path, extra)
    seen = set()
    for seed in range(12):
        game = random_deal(variant, seed)
        scored = {player for player, _, _ in card_points(game)}
        for seat, won in enumerate(game.deal_results[0].brisques):
            assert (seat in scored) == (won >= 3)
            seen.add(won >= 3)
    assert seen == {True, False}


def test_bezique_without_values_counts_ten_a_brisque() -> None:
    rules = Rules(shipped("bezique"))
    assert rules.counts == rules.brisque
    assert rules.card_points == tuple(10 if b else 0 for b in rules.brisque)
    assert not rules.scoring.by_rank


def test_the_rulebook_gives_the_table_and_the_total_of_the_pack(tmp_path: Path) -> None:
    page = render(foster(tmp_path))
    assert "## Last trick and card points" in page
    assert "## Last trick and brisques" not in page
    assert (
        "Every card won in a trick counts its **card points** to its winner: ace 11, ten 10, "
        "king 4, queen 3, knave 2 (120 in the pack), scored as soon as the trick is won. Nines "
        "count nothing." in page
    )
    assert "told under *Last trick and card points*" in page


def _diagnostics(tmp_path: Path, values: str) -> list[str]:
    with pytest.raises(VariantError) as caught:
        foster(tmp_path, values=values)
    return [str(d) for d in caught.value.diagnostics]


def test_a_rank_outside_the_deck_is_refused_where_it_is_written(tmp_path: Path) -> None:
    said = _diagnostics(tmp_path, "values = { A = 11, 7 = 1 }\n")
    assert said == [
        f"{tmp_path / 'card-points.toml'}:21: brisques.values.7: '7' is not a rank of the "
        "deck (A T K Q J 9)"
    ]


@pytest.mark.parametrize(
    ("written", "message"),
    [
        ("{ A = -1 }", "greater than or equal to 0"),
        ('{ A = "eleven" }', "valid integer"),
        ("{ A = 1.5 }", "valid integer"),
    ],
)
def test_points_are_whole_numbers_not_below_zero(
    tmp_path: Path, written: str, message: str
) -> None:
    said = _diagnostics(tmp_path, f"values = {written}\n")
    assert len(said) == 1 and ":21: brisques.values.A: " in said[0] and message in said[0]
