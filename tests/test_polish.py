"""Polish Bézique (Open Bézique, Fildinski): the Britannica's worked examples, each named after
it, and the rules of open cards."""

from __future__ import annotations

import random

import pytest

from interpreter.engine import Game, IllegalMoveError, Phase, Play
from tests.support import dealt, points, run, shipped, texts, variant_with


def polish(
    hands: list[list[str]], turn_up: str, opened: list[str], stock: list[str] | None = None
) -> Game:
    """Seat 1 (the non-dealer) leads; seat 0 already has ``opened`` among its open cards."""
    game = dealt(shipped("polish"), hands, dealer=0, turn_up=turn_up, stock=stock or [])
    state = game._state.table
    for face in opened:
        card = next(c for c in state.stock[1:] if game.rules.face[c] == face)
        state.stock.remove(card)
        state.open[0].add(card)
        state.opened[0][game.rules.face_number[card]] += 1  # kept counted, as the engine does
    return game


def declared(game: Game, seat: int = 0) -> list[tuple[str, int]]:
    return [(e.what, e.points) for e in game.events if e.kind == "declare" and e.player == seat]


def test_britannica_compound_declaration_of_430() -> None:
    opened = ["KH", "KD", "KC", "QH", "QD", "QC", "AS", "TS", "JS"]
    game = polish([["KS"], ["QS"]], turn_up="9S", opened=opened)
    run(game, "play QS", "play KS")
    assert game.phase is Phase.DECLARE and game.to_act == 0
    run(
        game,
        "declare marriage_royal KS^ QS^",
        "declare four_kings KS^1 KH* KD* KC*",
        "declare four_queens QS^1 QH* QD* QC*",
        "declare sequence AS* TS* KS^1.2 QS^1.3 JS*",
    )
    assert points(game) == (430, 0)
    assert [what for what, _ in declared(game)] == [
        "marriage_royal",
        "four_kings",
        "four_queens",
        "sequence",
    ]


def test_britannica_seven_exchanged_for_a_turned_up_ace_scores_130() -> None:
    game = polish([["7S"], ["AH"]], turn_up="AS", opened=["AD", "AC"])
    run(game, "play AH", "play 7S", "exchange 7S", "declare four_aces AS* AH^ AD* AC*")
    assert game.scores == (130, 0)  # 10 + 10 + 10 + 100
    assert game.view(1).turn_up is not None and str(game.view(1).turn_up) == "7S"
    assert "AS" in [str(f) for _, f in game.view(1).open[0]]


def test_britannica_a_fourth_king_won_makes_four_kings() -> None:
    game = polish([["AH"], ["KH"]], turn_up="9S", opened=["KS", "KD", "KC"])
    run(game, "play KH", "play AH", "declare four_kings KS* KH^ KD* KC*")
    assert game.scores == (90, 0)  # 80 and the ace won


def test_britannica_a_fifth_king_does_not_score_kings_again() -> None:
    game = polish(
        [["AH", "AD"], ["KH", "KD"]], turn_up="9S", opened=["KS", "KD", "KC"], stock=["9C", "9C"]
    )
    run(
        game,
        "play KH",
        "play AH",
        "declare four_kings KS* KH^ KD* KC*",
        "draw",
        "play AD",
        "play KD",
    )
    assert not [t for t in texts(game) if "four_kings" in t]
    assert game.scores == (100, 0)  # 80 and two aces


def test_britannica_a_queen_in_the_hand_cannot_be_declared() -> None:
    game = polish([["QS", "AH", "JD"], ["9H", "8D"]], turn_up="9C", opened=["QH", "QD", "QC"])
    run(game, "play 9H", "play AH")
    assert not [t for t in texts(game) if t.startswith("declare four_queens")]
    assert "QS" in [str(f) for _, f in game.view(0).hand]


def test_britannica_an_omitted_declaration_cannot_be_amended_after_drawing() -> None:
    opened = ["KH", "KD", "KC", "QH", "QD", "QC", "AS", "TS", "JS"]
    game = polish([["KS", "AD"], ["QS", "7D"]], turn_up="9S", opened=opened)
    run(game, "play QS", "play KS", "declare marriage_royal KS^ QS^", "draw", "play AD", "play 7D")
    assert not [t for t in texts(game) if t.startswith("declare")]  # no card of this trick
    with pytest.raises(IllegalMoveError):
        game.apply("declare four_kings KS*1 KH* KD* KC*")
    assert game.scores == (50, 0)  # 40 and the ace of diamonds


def test_every_declaration_includes_a_card_of_the_trick_just_won() -> None:
    game = polish([["AH"], ["9H"]], turn_up="9S", opened=["KS", "KH", "KD", "KC"])
    run(game, "play 9H", "play AH")
    assert game.phase is not Phase.DECLARE  # four kings lie open but none came in this trick


def test_open_cards_can_never_be_played() -> None:
    game = polish([["KS"], ["QS"]], turn_up="9S", opened=["KH", "AS"])
    run(game, "play QS", "play KS", "draw")
    played = {m.card for m in game.legal_moves() if isinstance(m, Play)}
    assert played and not played & game._state.table.open[0]
    assert sorted(str(f) for _, f in game.view(1).open[0]) == ["AS", "KH", "KS", "QS"]


def test_a_plain_ten_goes_to_the_tricks_and_a_trump_ten_is_an_open_card() -> None:
    game = polish([["TS", "AH"], ["9S", "TH"]], turn_up="9S", opened=[], stock=["8C", "8C"])
    run(game, "play 9S", "play TS", "draw", "play AH", "play TH")
    assert sorted(str(f) for _, f in game.view(1).open[0]) == ["AH", "TS"]
    assert game.scores[0] == 30  # aces and tens score as soon as won


def test_declarations_continue_in_the_last_eight_tricks() -> None:
    found = 0
    for seed in range(10):
        game = Game.new(shipped("polish"), seed=seed)
        rng = random.Random(seed)
        while not game.deal_results:
            moves = game.legal_moves()
            declares = [m for m in moves if m.kind == "declare"]
            if declares and game.view(0).stock_size == 0:
                found += 1
            game.step(declares[0] if declares else rng.choice(moves))
    assert found > 0


def test_an_overlay_changes_the_target_and_which_cards_are_open() -> None:
    variant = variant_with("polish", **{"game.target": 1000, "open_cards.trump_ranks": []})
    assert variant.game.target == 1000
    game = dealt(variant, [["TS"], ["9S"]], dealer=0, turn_up="9S")
    run(game, "play 9S", "play TS")
    assert game.view(1).open[0] == ()


def test_britannica_a_seven_won_among_open_cards_leaves_them_when_exchanged() -> None:
    """'The seven of trumps can be exchanged by the winner of the trick containing it': under
    an overlay where sevens are open cards, the seven won goes among the winner's open cards,
    and exchanged it leaves them (no longer counted for declaring) while the turn-up taken
    joins them."""
    variant = variant_with("polish", **{"open_cards.ranks": ["A", "K", "Q", "J", "7"]})
    game = dealt(variant, [["7S"], ["AH"]], dealer=0, turn_up="AS")
    run(game, "play AH", "play 7S")

    def open_faces() -> list[str]:
        return sorted(str(face) for _, face in game.view(1).open[0])

    assert open_faces() == ["7S", "AH"]
    run(game, "exchange 7S")
    assert open_faces() == ["AH", "AS"]
    assert str(game.view(1).turn_up) == "7S"
    counted = game._state.table.opened[0]  # the counts the sieve reads
    assert counted[game.rules.face_index["7S"]] == 0
    assert counted[game.rules.face_index["AS"]] == 1
