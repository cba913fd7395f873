"""The worked examples of the two-pack game in Hoyle, the Britannica, Enquire Within and Foster,
and the illustrative deal of an uncredited handbook, each named after its source; and the card
counts that follow from the deal."""

from __future__ import annotations

import random

import pytest

from interpreter.engine import Game, IllegalMoveError, Phase
from interpreter.model import Variant
from tests.support import dealt, points, run, scored, shipped, texts, two_singles, variant_with


def find(game: Game, prefix: str) -> str:
    """The one legal move whose text starts with ``prefix``."""
    found = [t for t in texts(game) if t.startswith(prefix)]
    assert len(found) == 1, (prefix, texts(game))
    return found[0]


def test_hoyle_score_forty_for_bezique_and_twenty_to_score() -> None:
    game = dealt(
        shipped("bezique"), [["KS", "QS", "JD", "AC"], ["7C", "8C"]], turn_up="8D", stock=["AC"]
    )
    run(game, "play AC", "play 7C", "declare bezique QS JD")
    assert points(game) == (40, 0)
    run(game, "declare marriage_common KS QS*1")  # shown, "20 to score"
    assert points(game) == (40, 0)
    assert "score 2" not in texts(game)  # one scored per trick
    run(game, "draw", "play AC", "play 8C", "score 2")
    assert points(game) == (60, 0)
    combos = [s for s in scored(game, 0) if s[0] != "brisques"]
    assert combos == [("bezique", 40), ("marriage_common", 20)]


def test_hoyle_to_score_is_lost_when_a_card_of_it_is_played() -> None:
    game = dealt(
        shipped("bezique"),
        [["KS", "QS", "JD", "AC", "7D"], ["7C", "8C"]],
        turn_up="8D",
        stock=["AC"],
    )
    run(
        game,
        "play AC",
        "play 7C",
        "declare bezique QS JD",
        "declare marriage_common KS QS*1",
        "draw",
        "play KS*2",
        "play 8C",
    )
    assert game.phase is Phase.DECLARE  # the seven of trumps keeps the window open
    assert "score 2" not in texts(game)
    with pytest.raises(IllegalMoveError, match="declaration 2 was lost"):
        game.apply("score 2")
    assert points(game) == (40, 0)


def _britannica() -> Variant:
    return variant_with(
        **{
            "declare.scores_per_trick": "disjoint_many",
            "declare.pending_allowed": False,
            "declare.fresh_card_required": "always",
        }
    )


def test_britannica_no_two_declarations_sharing_a_card_after_one_trick() -> None:
    game = dealt(
        _britannica(), [["KS", "QS", "JD", "AC"], ["7C", "8C"]], turn_up="8D", stock=["AC"]
    )
    run(game, "play AC", "play 7C", "declare bezique QS JD")
    with pytest.raises(IllegalMoveError, match="already in a combination declared after this"):
        game.apply("declare marriage_common KS QS*1")
    run(game, "draw", "play AC", "play 8C", "declare marriage_common KS QS*1")
    assert points(game) == (60, 0)


def _knaves_and_queens() -> Game:
    hands = [["JD", "JS", "JH", "JC", "QS", "QH", "QD", "AC"], ["7C", "7S", "7D"]]
    game = dealt(_britannica(), hands, turn_up="8H", stock=["QC", "9S", "7H"])
    run(game, "play AC", "play 7C", "declare four_knaves JS JH JD JC", "draw")
    return game


def test_britannica_bezique_needs_a_card_not_yet_declared() -> None:
    game = _knaves_and_queens()
    run(
        game,
        "play JS*1",
        "play 7S",
        "declare four_queens QS QH QD QC",
        "draw",
        "play JH*1",
        "play 7D",
    )
    assert game.phase is Phase.DECLARE
    assert not [t for t in texts(game) if t.startswith("declare bezique")]
    with pytest.raises(IllegalMoveError, match="every card has been declared before"):
        game.apply("declare bezique QS*2 JD*1")
    assert points(game) == (100, 0)


def test_britannica_knaves_then_bezique_then_queens_scores_140() -> None:
    game = _knaves_and_queens()
    run(
        game,
        "play JS*1",
        "play 7S",
        "declare bezique QS JD*1",
        "draw",
        "play JH*1",
        "play 7D",
        "declare four_queens QS*2 QH QD QC",
    )
    assert points(game) == (140, 0)


def _sequence_hand() -> list[list[str]]:
    return [["AH", "TH", "KH", "QH", "JH", "AC", "7H"], ["7C", "8C"]]


def test_britannica_royal_marriage_then_sequence_scores_290() -> None:
    game = dealt(shipped("bezique"), _sequence_hand(), turn_up="8H", stock=["AC"])
    run(
        game,
        "play AC",
        "play 7C",
        "declare marriage_royal KH QH",
        "draw",
        "play AC",
        "play 8C",
        "declare sequence AH TH KH*1 QH*1 JH",
    )
    assert points(game) == (290, 0)


def test_hoyle_no_marriage_from_the_king_and_queen_of_a_sequence() -> None:
    game = dealt(shipped("bezique"), _sequence_hand(), turn_up="8H", stock=["AC"])
    run(game, "play AC", "play 7C", "declare sequence AH TH KH QH JH", "draw", "play AC", "play 8C")
    assert game.phase is Phase.DECLARE
    assert not [t for t in texts(game) if t.startswith("declare marriage")]
    with pytest.raises(IllegalMoveError, match="superior combination of the same class"):
        game.apply("declare marriage_royal KH*1 QH*1")
    assert points(game) == (250, 0)


def test_britannica_queen_of_spades_in_bezique_marriage_and_four_queens() -> None:
    hands = [["QS", "JD", "JD", "KS", "QH", "QD", "QC", "AC"], ["7C", "8C", "7D"]]
    game = dealt(shipped("bezique"), hands, turn_up="8H", stock=["AC", "9S", "AD"])
    run(
        game,
        "play AC",
        "play 7C",
        "declare bezique QS JD",
        "draw",
        "play AC",
        "play 8C",
        "declare marriage_common KS QS*1",
        "draw",
        "play AD",
        "play 7D",
        "declare four_queens QS*1.2 QH QD QC",
    )
    assert points(game) == (120, 0)
    with pytest.raises(IllegalMoveError, match="already scored in a bezique"):
        game.apply("declare bezique QS*1.2.3 JD")


def _double_hand() -> list[list[str]]:
    return [["QS", "QS", "JD", "JD", "AC", "7H"], ["7C", "8C"]]


def test_foster_single_then_double_scores_540() -> None:
    game = dealt(shipped("bezique"), _double_hand(), turn_up="8H", stock=["AC"])
    run(game, "play AC", "play 7C", "declare bezique QS JD", "draw", "play AC", "play 8C")
    run(game, find(game, "declare double_bezique"))
    assert points(game) == (540, 0)


def test_foster_double_first_scores_500_and_the_single_is_lost() -> None:
    game = dealt(shipped("bezique"), _double_hand(), turn_up="8H", stock=["AC"])
    run(
        game,
        "play AC",
        "play 7C",
        "declare double_bezique QS QS JD JD",
        "draw",
        "play AC",
        "play 8C",
    )
    with pytest.raises(IllegalMoveError, match="superior combination"):
        game.apply("declare bezique QS*1 JD*1")
    assert points(game) == (500, 0)


def test_foster_two_singles_cannot_become_a_double() -> None:
    game = two_singles(shipped("bezique"))
    assert points(game) == (80, 0)
    assert game.to_act == 0
    assert not [t for t in texts(game) if "double" in t]
    with pytest.raises(IllegalMoveError, match="every card has been declared before"):
        game.apply("declare double_bezique QS*1 QS*2 JD*1 JD*2")


def test_foster_one_combination_scored_per_trick() -> None:
    hands = [["QS", "QS", "QH", "QD", "JD", "JD", "KH", "AC"], ["7C"]]
    game = dealt(shipped("bezique"), hands, turn_up="8H")
    run(game, "play AC", "play 7C", "declare double_bezique QS QS JD JD")
    run(game, find(game, "declare four_queens"))
    run(game, find(game, "declare marriage_royal"))
    assert points(game) == (500, 0)  # not 560, not 600: the others wait "to score"
    assert not [t for t in texts(game) if t.startswith("score")]


def test_hoyle_two_knaves_of_spades_and_two_of_hearts_score_40() -> None:
    game = dealt(shipped("bezique"), [["JS", "JS", "JH", "JH", "AC"], ["7C"]], turn_up="8D")
    run(game, "play AC", "play 7C", "declare four_knaves JS JS JH JH")
    assert points(game) == (40, 0)


def test_hoyle_turned_up_seven_scores_ten_to_the_dealer() -> None:
    game = dealt(shipped("bezique"), [["7H", "AC"], ["7C"]], turn_up="7H", dealer=1)
    assert points(game) == (0, 10)
    run(game, "play AC", "play 7C")
    assert "exchange 7H" not in texts(game)
    run(game, "show 7H")
    assert points(game) == (10, 10)
    assert "show 7H" not in texts(game)


def _random_deal(
    variant_name: str = "bezique", seed: int = 5, changes: dict[str, object] | None = None
) -> Game:
    variant = variant_with(variant_name, **changes) if changes else shipped(variant_name)
    game = Game.new(variant, seed=seed, dealer=0)
    rng = random.Random(seed)
    while not game.deal_results and not game.is_over:
        game.step(rng.choice(game.legal_moves()))
    return game


def _tricks_before_last_trick_score(game: Game) -> int:
    tricks = 0
    for event in game.events:
        if event.deal != 1:
            continue
        if event.kind == "trick":
            tricks += 1
        if event.kind == "score" and event.what == "last_trick":
            return tricks
    raise AssertionError("no last trick scored")


def test_hoyle_last_trick_is_the_thirty_second() -> None:
    assert _tricks_before_last_trick_score(_random_deal()) == 32


def test_enquire_within_variant_last_trick_is_the_twenty_fourth() -> None:
    game = _random_deal(changes={"last_trick.which": "last_stock_trick"})
    assert _tricks_before_last_trick_score(game) == 24


def test_handbook_deal_last_trick_at_24_and_brisques_at_the_end() -> None:
    game = _random_deal("bezique-handbook")
    assert _tricks_before_last_trick_score(game) == 24
    deal1 = [e for e in game.events if e.deal == 1]
    brisques = [e for e in deal1 if e.kind == "score" and e.what == "brisques"]
    last_trick_index = max(i for i, e in enumerate(deal1) if e.kind == "trick")
    assert all(deal1.index(b) > last_trick_index for b in brisques)
    assert sum(b.points for b in brisques) == 160  # 100 + 60 in the handbook's deal
    assert brisques[0].player == 1  # the non-dealer counts first


def test_card_counts_seventeenth_card_turned_32_tricks_160_in_brisques() -> None:
    variant = shipped("bezique")
    order = [f"{r}{s}" for _ in range(2) for s in "SHDC" for r in "ATKQJ987"]
    game = Game.new(variant, deck_order=order, dealer=0)
    view = game.view(1)
    assert view.turn_up is not None and str(view.turn_up) == order[16]
    assert view.stock_size == 48
    game = _random_deal()
    assert sum(1 for e in game.events if e.kind == "trick" and e.deal == 1) == 32
    assert sum(game.deal_results[0].brisques) == 16
