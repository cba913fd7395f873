"""Haitian Bésigue (issue 18): jokers, trumps by the first marriage, reuse by families, the
quinte built on the marriage in trumps, a card from the hand, the first bésigue.  Each test is
named after the page that gives the rule (the pages cited in ``variants/haitian``);
"haitian_practice" names a rule the open implementations of the game agree on, "one_source"
a reading that is an option."""

from __future__ import annotations

import random

import pytest

from interpreter.engine import Declare, Game, IllegalMoveError
from interpreter.model import Variant, variant_data, variant_from_data
from tests.support import dealt, deck_order, run, scored, shipped, texts, variant_with

LOW = ["7C", "8C", "7D", "8D", "7S", "8S", "9S", "9C", "8H"]
"""Seat 1's hand (seat 1 deals, seat 0 leads): low cards of no use."""


def haitian(**changes: object) -> Variant:
    return variant_with("haitian", **changes) if changes else shipped("haitian")


def combination_changed(name: str, combo_id: str, **changes: object) -> Variant:
    """The shipped ``name`` with keys of one combination changed (``None`` removes a key)."""
    data = variant_data(shipped(name))
    entry = next(c for c in data["combinations"] if c["id"] == combo_id)
    for key, value in changes.items():
        if value is None:
            entry.pop(key, None)
        else:
            entry[key] = value
    return variant_from_data(data)


def trumps_hearts(variant: Variant, hand: list[str], stock: list[str]) -> Game:
    """Seat 0 wins the first trick with A♣ and declares K♥ Q♥: hearts are trumps."""
    game = dealt(variant, [["KH", "QH", "AC", *hand], LOW], stock=stock)
    run(game, "play AC", "play 7C", "declare marriage_royal KH QH", "draw")
    assert game.trump == "H"
    return game


def test_french_wikipedia_four_packs_and_four_jokers() -> None:
    game = Game.new(haitian(), seed=1)
    faces = game.rules.face
    assert len(faces) == 132 and faces.count("JK") == 4 and faces.count("QS") == 4
    view = game.view(game.to_act or 0)
    assert len(view.hand) == 9 and view.stock_size == 132 - 18


def test_windowsonhaiti_the_first_marriage_declared_fixes_trumps() -> None:
    hands = [["KH", "QH", "AS", "AD", "AH", "AC", "QS", "JD", "9D"], LOW]
    game = dealt(haitian(), hands)
    run(game, "play 9D", "play 7C")
    # Before trumps only the marriage that fixes them: four aces and the bésigue wait.
    assert texts(game) == ["declare marriage_royal KH QH", "draw"]
    with pytest.raises(IllegalMoveError, match="no trumps are fixed yet"):
        game.apply("declare four_aces AS AH AD AC")
    run(game, "declare marriage_royal KH QH")
    assert game.trump == "H" and ("marriage_royal", 40) in scored(game, 0)


def test_planetehaiti_three_knaves_and_a_joker_count_as_four_knaves() -> None:
    game = trumps_hearts(haitian(), ["JS", "JH", "JC", "JK", "9D", "9H"], ["AD", "7H", "8D", "9H"])
    run(game, "play 9D", "play 8C")
    assert "declare four_knaves JK JS JH JC" in texts(game)
    run(game, "declare four_knaves JK JS JH JC")
    assert ("four_knaves", 40) in scored(game, 0)


def test_french_wikipedia_a_joker_stands_for_one_card_of_a_four_only() -> None:
    game = trumps_hearts(haitian(), ["JS", "JH", "JK", "JK", "9D", "9H"], ["AD", "7H", "8D", "9H"])
    run(game, "play 9D", "play 8C")
    assert not any(move.startswith("declare four_knaves") for move in texts(game))
    with pytest.raises(IllegalMoveError):
        game.apply("declare four_knaves JK JK JS JH")


def test_planetehaiti_no_joker_in_a_marriage_bezique_or_quinte() -> None:
    hand = ["KS", "QS", "JK", "JK", "AH", "9D"]
    game = trumps_hearts(haitian(), hand, ["AD", "7H"])
    run(game, "play 9D", "play 8C")
    moves = texts(game)
    assert "declare marriage_common KS QS" in moves
    assert not any("JK" in move for move in moves)  # not for J♦, nor for the quinte's knave


def test_haitian_practice_a_joker_led_wins_unless_trumped() -> None:
    game = trumps_hearts(haitian(), ["JK", "JK", "9D"], ["AD", "7H", "8D", "9H"])
    run(game, "play JK", "play 8C")  # a card of any other suit does not beat it
    assert game.view(0).last_trick_winner == 0
    run(game, "draw", "play JK", "play 7H")  # a trump does
    assert game.view(0).last_trick_winner == 1


def test_haitian_practice_a_joker_played_to_another_card_is_worth_nothing() -> None:
    game = dealt(haitian(), [["7S", "JK"], ["JK", "8S"]])
    run(game, "play 7S", "play JK")  # a seven led beats it (there are no trumps yet)
    assert game.view(0).last_trick_winner == 0
    led = dealt(haitian(), [["JK", "7S"], ["JK", "AS"]])
    run(led, "play JK", "play JK")  # of two jokers, the one led wins
    assert led.view(0).last_trick_winner == 0


def test_haitian_one_source_a_joker_led_must_be_trumped() -> None:
    variant = haitian(**{"play.joker_led": "must_trump"})
    game = trumps_hearts(variant, ["JK", "9D"], ["AD", "7H"])
    run(game, "play JK")
    assert texts(game) == ["play 8H", "play 7H"]  # seat 1's trumps, and only they
    with pytest.raises(IllegalMoveError, match="a joker was led: you must trump"):
        game.apply("play 8C")
    free = trumps_hearts(haitian(), ["JK", "9D"], ["AD", "7H"])
    run(free, "play JK")
    assert "play 8C" in texts(free)


def test_haitian_practice_a_card_serves_once_per_family() -> None:
    hand = ["QS", "JD", "KS", "9D", "9D", "9H"]
    stock = ["JD", "9C", "QS", "8S", "9S", "9C"]
    game = trumps_hearts(haitian(), hand, stock)
    run(game, "play 9D", "play 8C", "declare bezique QS JD", "draw")
    # The queen of the bésigue marries: the marriages are another family.
    run(game, "play 9D", "play 7D", "declare marriage_common KS QS*2", "draw")
    assert ("marriage_common", 20) in scored(game, 0)
    # A second bésigue needs a queen and a knave that have not served in a bésigue.
    run(game, "play 9H", "play 8D")
    moves = texts(game)
    assert "declare bezique QS JD" in moves
    assert not any(move.startswith("declare bezique QS*") for move in moves)


def test_haitian_practice_the_fours_in_trumps_are_of_the_family_of_the_four() -> None:
    def after_four_aces(variant: Variant) -> list[str]:
        hand = ["AH", "AH", "AH", "AS", "AD", "9D"]
        game = trumps_hearts(variant, hand, ["AH", "7D", "9D", "9S"])
        run(game, "play 9D", "play 8C", "declare four_aces AS AH AH AD", "draw")
        run(game, "play 9D", "play 7D")
        return [move for move in texts(game) if move.startswith("declare four_trump_aces")]

    family = combination_changed("haitian", "four_trump_aces", enabled=True)
    # Four aces of trumps would take two hearts aces that scored in four aces: one family.
    assert after_four_aces(family) == []
    apart = combination_changed("haitian", "four_trump_aces", enabled=True, kind="trump_aces")
    assert after_four_aces(apart) == ["declare four_trump_aces AH*2 AH*2 AH AH"]


def test_haitian_practice_the_quinte_is_built_on_the_marriage_in_trumps() -> None:
    hands = [["KH", "QH", "KH", "QH", "AC", "AH", "TH", "JH", "9D"], LOW]
    game = dealt(haitian(), hands)
    run(game, "play AC", "play 7C", "declare marriage_royal KH QH", "draw")
    run(game, "play 9D", "play 8C")
    # With the marriage on the table, not with the spare king and queen of the hand.
    quintes = [move for move in texts(game) if move.startswith("declare quinte")]
    assert quintes == ["declare quinte AH TH KH*1 QH*1 JH"]
    run(game, "declare quinte AH TH KH*1 QH*1 JH")
    assert ("quinte", 250) in scored(game, 0)


def test_haitian_practice_the_quinte_needs_the_marriage_still_on_the_table() -> None:
    hands = [["KH", "QH", "AC", "AH", "TH", "JH", "QH", "KS", "QS"], LOW]
    game = dealt(haitian(), hands)
    run(game, "play AC", "play 7C", "declare marriage_royal KH QH", "draw")
    run(game, "play QH*1", "play 8C")  # the queen of the marriage is played away
    assert "declare marriage_common KS QS" in texts(game)
    assert not any(move.startswith("declare quinte") for move in texts(game))
    with pytest.raises(IllegalMoveError, match="adding cards to a marriage in trumps of yours"):
        game.apply("declare quinte AH TH KH*1 QH JH")


def test_haitian_other_tables_declare_the_quinte_outright() -> None:
    outright = combination_changed("haitian", "quinte", builds_on=None)
    hands = [["KH", "QH", "AC", "AH", "TH", "JH", "KH", "QH", "9D"], LOW]
    game = dealt(outright, hands)
    run(game, "play AC", "play 7C", "declare marriage_royal KH QH", "draw")
    run(game, "play 9D", "play 8C")
    assert "declare quinte AH TH KH QH JH" in texts(game)


def test_haitian_practice_a_declaration_needs_a_card_from_the_hand() -> None:
    """Q♠ of a bésigue and K♠ of four kings, both on the table, would marry: a declaration of
    table cards alone, refused where a card must come from the hand."""

    def after(variant: Variant) -> list[str]:
        hand = ["QS", "JD", "KS", "KD", "KC", "9D"]
        stock = ["9D", "9S", "9D", "9S", "9C", "9S"]
        game = trumps_hearts(variant, hand, stock)
        run(game, "play 9D", "play 8C", "declare bezique QS JD", "draw")
        run(game, "play 9D", "play 7D", "declare four_kings KS KH*1 KD KC", "draw")
        run(game, "play 9D", "play 8D")
        return [move for move in texts(game) if move.startswith("declare marriage_common")]

    assert after(haitian()) == []
    assert after(haitian(**{"declare.fresh_card_required": "never"})) == [
        "declare marriage_common KS*3 QS*2"
    ]


def test_one_source_the_first_bezique_scores_100() -> None:
    variant = combination_changed("haitian", "bezique", first_points=100)
    game = trumps_hearts(variant, ["QS", "JD", "QS", "JD", "9D", "9H"], ["AD", "7D", "8S", "9S"])
    run(game, "play 9D", "play 8C")
    assert "declare bezique QS JD" in texts(game)
    declared = next(m for m in game.legal_moves() if str(m) == "declare bezique QS JD")
    assert isinstance(declared, Declare) and declared.points == 100  # what it scores
    run(game, "declare bezique QS JD", "draw", "play AD", "play 7D", "declare bezique QS JD")
    assert [p for what, p in scored(game, 0) if what == "bezique"] == [100, 40]


def test_haitian_practice_in_the_last_tricks_a_joker_led_is_trumped() -> None:
    """A joker led has no suit to follow: a player with trumps must trump it; without, he
    plays what he likes (a joker included)."""
    from interpreter.engine import Rules
    from interpreter.engine.tricks import endgame_playable

    rules = Rules(haitian())
    ids = {face: list(cards) for face, cards in rules.by_face.items()}
    joker, other = ids["JK"][0], ids["JK"][1]

    def playable(hand: list[int]) -> set[str]:
        allowed = endgame_playable(
            hand, [joker], rules.suit, rules.end_strength, "H", rules.endgame
        )
        return {rules.face[card] for card in allowed}

    assert playable([ids["7H"][0], ids["AS"][0], other]) == {"7H"}
    assert playable([ids["AS"][0], other, ids["7D"][0]]) == {"AS", "JK", "7D"}


def test_windowsonhaiti_a_variation_turns_up_a_card_for_trumps() -> None:
    """With a turn-up, a joker is never turned: the next card is, and the joker stays on top
    of the stock (a choice of ours)."""
    variant = haitian(**{"trump.mode": "turn_up", "seven.exchange": True})
    order = deck_order(variant, [["7H", "AC"], LOW], turn_up="JK", stock=["8H", "KS"])
    game = Game.new(variant, deck_order=order, dealer=1, seed=0)
    assert game.trump == "H" and game.view(0).turn_up is not None
    assert str(game.view(0).turn_up) == "8H"
    run(game, "play AC", "play 7C")
    assert "exchange 7H" in texts(game)  # the seven of trumps exchanged for the 8♥
    run(game, "draw")
    assert "JK" in [str(face) for _, face in game.view(0).hand]  # drawn first, by the winner


def test_haitian_one_source_resampling_knows_who_could_not_trump_a_joker() -> None:
    """A player who answered a joker led with no trump held none: a resampled world deals
    him none either."""
    variant = haitian(**{"play.joker_led": "must_trump"})
    no_trumps = ["7C", "8C", "7D", "8D", "7S", "8S", "9S", "9C", "9D"]
    game = dealt(variant, [["KH", "QH", "AC", "JK", "9D"], no_trumps], stock=["AD", "9C"])
    run(game, "play AC", "play 7C", "declare marriage_royal KH QH", "draw")
    run(game, "play JK", "play 8C")
    for seed in range(5):
        world = game.resample(0, random.Random(seed))
        hand = world._state.table.hands[1]
        assert not any(world.rules.suit[card] == "H" for card in hand)
