"""The seven of trumps, as the sources give it: turned up, exchanged for the turn-up, shown,
played, or won in a trick — what it scores, who may exchange it, and why a move on it is
refused.

Hoyle: "The holder of the seven of trumps is entitled to exchange it for the turn-up card, at
the same time scoring ten for it. The holder of the duplicate seven of trumps scores ten for
it"; the seven turned up scores ten for the dealer.  Britannica: "The seven of trumps may be
either declared or exchanged for the turn-up after winning a trick, and before drawing ... A
seven when declared is not left on the table, but is simply shown."  Enquire Within 123 iv:
"Whenever the seven of trumps is played, except in the last eight tricks, the player scores
ten".  Polish Bézique (Britannica; Fildinski): the seven of trumps is exchanged by the winner
of the trick containing it, and scores for him whether or not he exchanges it."""

from __future__ import annotations

import random

from interpreter.engine import Game, Phase
from interpreter.model.serial import variant_data, variant_from_data
from tests.support import dealt, refused, run, shipped, texts, variant_with


def events(game: Game, kind: str) -> list[tuple[int | None, str, int, tuple[str, ...]]]:
    """(player, what, points, cards) of every event of ``kind``."""
    return [(e.player, e.what, e.points, e.cards) for e in game.events if e.kind == kind]


def sevens_scored(game: Game) -> list[tuple[int | None, str, int, tuple[str, ...]]]:
    return [s for s in events(game, "score") if s[1].startswith("seven")]


def _hoyle_after_a_trick(hand: list[str], turn_up: str = "KH") -> Game:
    """Bézique, hearts trumps: seat 0 leads the ace of clubs and wins it; his window is open."""
    game = dealt(shipped("bezique"), [["AC", *hand], ["8S"]], turn_up=turn_up)
    run(game, "play AC", "play 8S")
    assert game.phase is Phase.DECLARE and game.to_act == 0
    return game


# -- Hoyle: turned up, exchanged, shown ------------------------------------------------------------
def test_hoyle_seven_of_trumps_turned_up_scores_10_for_the_dealer() -> None:
    game = dealt(shipped("bezique"), [["AC"], ["8S"]], dealer=1, turn_up="7H")
    assert sevens_scored(game) == [(1, "seven_turned_up", 10, ("7H",))]
    assert game.scores == (0, 10)


def test_hoyle_seven_of_trumps_exchanged_for_the_turn_up_scores_10() -> None:
    game = _hoyle_after_a_trick(["7H"])
    run(game, "exchange 7H")
    assert events(game, "exchange") == [(0, "", 0, ("7H", "KH"))]
    assert sevens_scored(game) == [(0, "seven_exchange", 10, ("7H",))]
    view = game.view(1)
    assert view.turn_up is not None and str(view.turn_up) == "7H"
    assert "KH" in [str(face) for face in view.known[0]]


def test_britannica_seven_of_trumps_shown_scores_10_and_the_adversary_sees_it() -> None:
    game = _hoyle_after_a_trick(["7H"])
    unseen_before = [str(face) for face in game.view(1).unseen].count("7H")
    run(game, "show 7H")
    assert events(game, "show") == [(0, "", 0, ("7H",))]
    assert sevens_scored(game) == [(0, "seven", 10, ("7H",))]
    view = game.view(1)
    assert [str(face) for face in view.known[0]] == ["7H"]
    assert [str(face) for face in view.unseen].count("7H") == unseen_before - 1
    assert "7H" in [str(face) for _, face in game.view(0).hand]  # shown, not left on the table


def test_hoyle_both_sevens_held_one_is_exchanged_and_the_duplicate_scores_10() -> None:
    game = _hoyle_after_a_trick(["7H", "7H"])
    run(game, "exchange 7H")
    assert "show 7H" in texts(game)  # the duplicate, still in hand
    run(game, "show 7H")
    assert [points for _, _, points, _ in sevens_scored(game)] == [10, 10]
    assert "show 7H" not in texts(game)


def test_hoyle_a_seven_shown_is_still_exchanged_for_the_turn_up_but_scores_once() -> None:
    """Its ten is scored once ("at the same time scoring ten for it"); the right to the
    turn-up stays with its holder after a later trick."""
    game = dealt(shipped("bezique"), [["AC", "AD", "7H"], ["8S", "8C"]], turn_up="AH")
    run(game, "play AC", "play 8S", "show 7H", "draw", "play AD", "play 8C")
    assert "exchange 7H" in texts(game)
    run(game, "exchange 7H")
    assert sevens_scored(game) == [(0, "seven", 10, ("7H",))]
    assert "AH" in [str(face) for _, face in game.view(0).hand]


# -- why a move on the seven is refused ------------------------------------------------------------
def test_britannica_the_seven_is_exchanged_after_winning_a_trick_not_before() -> None:
    game = dealt(shipped("bezique"), [["7H", "AC"], ["8S"]], turn_up="KH")
    assert refused(game, "exchange 7H") == (
        "declaring, scoring, the seven and drawing come only after winning a trick"
    )


def test_hoyle_only_the_seven_of_trumps_is_exchanged_or_shown() -> None:
    game = _hoyle_after_a_trick(["7C", "7H"])
    assert refused(game, "exchange 7C") == "7C is not the seven of trumps"
    assert refused(game, "show 7C") == "7C is not the seven of trumps"


def test_hoyle_a_seven_not_held_is_neither_exchanged_nor_shown() -> None:
    game = _hoyle_after_a_trick(["7C", "KC", "QC"])  # a marriage to declare: the window opens
    assert refused(game, "exchange 7H") == "you do not hold the seven of trumps"
    assert refused(game, "show 7H") == "you do not hold 7H"
    assert not [t for t in texts(game) if t.startswith(("exchange", "show"))]


def test_hoyle_a_seven_scores_once_when_shown() -> None:
    game = _hoyle_after_a_trick(["7H"])
    run(game, "show 7H")
    assert refused(game, "show 7H") == "you hold no seven of trumps that has not scored"


def test_a_seven_move_written_otherwise_than_listed_is_refused_for_that() -> None:
    game = _hoyle_after_a_trick(["7H"])
    assert refused(game, "exchange 7H*") == "7H* is not written as the move list shows it"


def test_hoyle_the_seven_turned_up_is_not_exchanged_for_the_other_seven() -> None:
    """Britannica: "it would be absurd to exchange one seven for another"."""
    game = _hoyle_after_a_trick(["7H"], turn_up="7H")
    assert "exchange 7H" not in texts(game)
    assert refused(game, "exchange 7H") == "the turn-up is itself a seven of trumps"
    run(game, "show 7H")
    assert sevens_scored(game) == [(1, "seven_turned_up", 10, ("7H",)), (0, "seven", 10, ("7H",))]


def test_without_the_exchange_the_seven_is_only_shown() -> None:
    game = dealt(
        variant_with("bezique", **{"seven.exchange": False}), [["AC", "7H"], ["8S"]], turn_up="KH"
    )
    run(game, "play AC", "play 8S")
    assert [t for t in texts(game) if "7H" in t] == ["show 7H"]
    assert refused(game, "exchange 7H") == "the seven of trumps is not exchanged in this variant"


# -- Hoyle: the exchange at any time -------------------------------------------------------------
def test_hoyle_any_time_exchange_needs_no_trick_won() -> None:
    variant = variant_with("bezique", **{"seven.exchange_when": "any_time"})
    game = dealt(variant, [["7H", "AC"], ["8S"]], turn_up="KH")
    assert "exchange 7H" in texts(game)
    assert refused(game, "exchange 7C") == "you do not hold the seven of trumps"


def test_hoyle_any_time_exchange_ends_with_the_stock() -> None:
    """Once the turn-up is drawn there is nothing left to exchange the seven for: in the last
    tricks no exchange is listed, and one typed is refused for that."""
    variant = variant_with("bezique", **{"seven.exchange_when": "any_time"})
    tried = 0
    for seed in range(6):
        game = Game.new(variant, seed=seed, dealer=1)
        rng = random.Random(seed)
        while game.deal_no == 1 and not game.is_over:
            moves = texts(game)
            if game.phase is Phase.PLAY and game.view(0).stock_size == 0:
                assert not [m for m in moves if m.startswith("exchange")]
                seat = game.to_act
                assert seat is not None
                seven = f"7{game.trump}"
                if seven in [str(face) for _, face in game.view(seat).hand]:
                    assert (
                        refused(game, f"exchange {seven}") == "there is no turn-up to exchange for"
                    )
                    tried += 1
            game.apply(rng.choice(moves))
    assert tried


# -- Enquire Within 123 iv: the seven played -------------------------------------------------------
def test_enquire_within_123_iv_the_seven_played_scores_for_its_player() -> None:
    game = dealt(
        variant_with("bezique", **{"seven.score_trigger": "on_play"}),
        [["AH"], ["7H"]],
        turn_up="8H",
    )
    run(game, "play AH", "play 7H")
    assert sevens_scored(game) == [(1, "seven", 10, ("7H",))]


def test_haitian_before_trumps_are_made_no_seven_is_the_seven_of_trumps() -> None:
    """Haitian: trumps are made by the first marriage or sequence; until then a seven is a
    plain card, neither shown nor scored as played."""
    game = dealt(shipped("haitian"), [["AC", "KS", "QS", "7H"], ["8D", "7C"]], dealer=1)
    assert game.trump is None
    run(game, "play AC", "play 7C")
    assert game.phase is Phase.DECLARE and game.trump is None
    assert refused(game, "show 7H") == "7H is not the seven of trumps"
    assert sevens_scored(game) == []


# -- Polish Bézique: the seven won in a trick ------------------------------------------------------
def _polish(hands: list[list[str]]) -> Game:
    return dealt(shipped("polish"), hands, dealer=1, turn_up="KS", stock=["8C", "8H"])


def test_polish_seven_won_in_a_trick_scores_for_the_winner() -> None:
    game = _polish([["AS", "9C"], ["7S", "9H"]])
    run(game, "play AS", "play 7S")  # seat 1 loses his seven to seat 0's ace
    assert sevens_scored(game) == [(0, "seven", 10, ("7S",))]
    assert [t for t in texts(game) if "7S" in t] == ["exchange 7S"]
    run(game, "exchange 7S")
    assert sevens_scored(game) == [(0, "seven", 10, ("7S",))]  # once, not again for the exchange
    assert events(game, "exchange") == [(0, "", 0, ("7S", "KS"))]


def test_polish_only_the_seven_won_in_the_trick_just_taken_is_exchanged() -> None:
    game = _polish([["KC", "7S"], ["QC"]])
    run(game, "play KC", "play QC")  # a marriage won: the window opens, the seven is in hand
    assert not [t for t in texts(game) if "7S" in t]
    assert refused(game, "exchange 7S") == (
        "only the seven of trumps won in the trick just taken may be exchanged"
    )
    assert refused(game, "show 7S") == "the seven of trumps is not shown for points in this variant"


def test_polish_the_seven_won_by_a_partner_is_exchanged_by_him_alone() -> None:
    """Four-handed partnerships with the Polish seven: the winner of the trick holding it may
    exchange it; his partner, declaring after him, may not."""
    variant = variant_with(
        "four-handed-partners",
        **{
            "seven.exchange_when": "winner_of_trick_containing_it",
            "seven.score_trigger": "on_trick_won",
        },
    )
    game = dealt(variant, [["AH"], ["7H"], ["KD", "QD", "9S"], ["8S"]], dealer=3, turn_up="KH")
    run(game, "play AH", "play 7H", "play 9S", "play 8S")
    assert game.to_act == 0 and "exchange 7H" in texts(game)
    assert sevens_scored(game) == [(0, "seven", 10, ("7H",))]
    run(game, "draw")
    assert game.phase is Phase.DECLARE and game.to_act == 2
    assert "exchange 7H" not in texts(game)
    assert refused(game, "exchange 7H") == "only p1, who won the trick holding it, may exchange it"


def test_britannica_polish_the_ace_taken_for_the_seven_scores_as_a_brisque() -> None:
    """Britannica's example: "ace of spades is turned up ... wins the ace of hearts with the
    seven of trumps and exchanges. He scores for the exchange, 10; for the ace of hearts, 10;
    for the ace of spades, 10"."""
    game = dealt(shipped("polish"), [["7S"], ["AH"]], dealer=0, turn_up="AS")
    run(game, "play AH", "play 7S", "exchange 7S")
    brisques = [(p, n, c) for p, what, n, c in events(game, "score") if what == "brisques"]
    assert brisques == [(0, 10, ()), (0, 10, ("AS",))]
    assert game.scores == (30, 0)


def test_no_turn_up_nothing_to_exchange_the_seven_for_at_any_time() -> None:
    """Haitian has no turn-up (trumps are made by the first marriage): with Hoyle's exchange at
    any time written in, the seven still has nothing to be exchanged for, and play goes on."""
    variant = variant_with("haitian", **{"seven.exchange": True, "seven.exchange_when": "any_time"})
    game = dealt(variant, [["AC", "7H"], ["8D", "7C"]], dealer=1)
    assert game.trump is None
    assert "play 7H" in texts(game) and not [t for t in texts(game) if t.startswith("exchange")]


def test_haitian_no_turn_up_nothing_to_exchange_the_seven_for_once_trumps_are_made() -> None:
    """Haitian's note: "With no turn-up there is nothing to exchange it for" — even with the
    exchange written in, once trumps are made."""
    variant = variant_with("haitian", **{"seven.exchange": True})
    hands = [["KH", "QH", "KS", "QS", "7H", "AC", "AD"], ["8D", "7C", "8S"]]
    game = dealt(variant, hands, dealer=1)
    run(game, "play AC", "play 7C", "declare marriage_royal KH QH", "draw", "play AD", "play 8D")
    assert game.trump == "H" and game.phase is Phase.DECLARE and game.to_act == 0
    assert not [t for t in texts(game) if t.startswith("exchange")]
    assert refused(game, "exchange 7H") == "there is no turn-up to exchange for"


def test_a_seven_shown_written_otherwise_than_listed_is_refused_for_that() -> None:
    game = _hoyle_after_a_trick(["7H"])
    assert refused(game, "show 7H*") == "7H* is not written as the move list shows it"


def _no_seven_scores_again(game: Game, seed: int) -> None:
    """Play on at random, showing and exchanging whenever listed, declarations allowed after
    the stock too: both sevens of trumps have scored, so neither move is ever listed."""
    rng = random.Random(seed)
    while game.deals_finished == 0:
        moves = texts(game)
        assert not [m for m in moves if m.startswith(("show", "exchange"))], seed
        game.apply(rng.choice(moves))
    assert len(sevens_scored(game)) == 2


def test_hoyle_each_seven_of_trumps_scores_once_the_turned_up_one_too() -> None:
    """The seven turned up scores for the dealer; drawn as the last card of the stock by the
    loser of that trick, it is not shown again (declarations allowed after the stock here)."""
    variant = variant_with("bezique", **{"declare.after_stock_exhausted": True})
    for seed in range(4):
        game = dealt(variant, [["AC", "7H"], ["8S"]], turn_up="7H")
        run(game, "play AC", "play 8S", "show 7H", "draw")
        _no_seven_scores_again(game, seed)


def test_hoyle_each_seven_of_trumps_scores_once_the_exchanged_one_too() -> None:
    variant = variant_with("bezique", **{"declare.after_stock_exhausted": True})
    for seed in range(4):
        game = dealt(variant, [["AC", "7H", "7H"], ["8S"]], turn_up="KH")
        run(game, "play AC", "play 8S", "exchange 7H", "show 7H", "draw")
        _no_seven_scores_again(game, seed)


def test_a_seven_played_for_its_points_scores_nothing_more_when_exchanged_from_the_trick() -> None:
    """A house rule mixing Enquire Within (the seven scores as it is played) with the Polish
    exchange (the winner of the trick holding it exchanges it): each seven scores once."""
    variant = variant_with(
        "bezique",
        **{
            "seven.score_trigger": "on_play",
            "seven.exchange_when": "winner_of_trick_containing_it",
        },
    )
    game = dealt(variant, [["7H", "AC"], ["8S"]], turn_up="KH")
    run(game, "play 7H", "play 8S")
    assert game.phase is Phase.DECLARE and game.to_act == 0 and "exchange 7H" in texts(game)
    run(game, "exchange 7H")
    assert events(game, "exchange") == [(0, "", 0, ("7H", "KH"))]
    assert sevens_scored(game) == [(0, "seven", 10, ("7H",))]


def test_a_declared_seven_exchanged_leaves_the_table_for_the_stock() -> None:
    """A house rule scoring four sevens: the seven of trumps among them may still be exchanged
    (Hoyle: 'the holder of the seven of trumps'), and it leaves the declared cards."""
    data = variant_data(shipped("bezique"))
    data["combinations"].append(
        {
            "id": "four_sevens",
            "name": "four sevens",
            "shape": "same_rank",
            "of": "7",
            "count": 4,
            "class": "quartets",
            "points": 30,
        }
    )
    game = dealt(
        variant_from_data(data), [["AC", "AD", "7H", "7S", "7D", "7C"], ["8S", "8C"]], turn_up="KH"
    )
    run(game, "play AC", "play 8S", "declare four_sevens 7S 7H 7D 7C", "draw")
    assert "7H" in [str(face) for _, face in game.view(1).table[0]]
    run(game, "play AD", "play 8C", "exchange 7H")
    view = game.view(0)
    assert "7H" not in [str(face) for _, face in view.table[0]]
    assert "7H" not in [str(face) for _, face in view.hand]
    assert "KH" in [str(face) for _, face in view.hand] and str(view.turn_up) == "7H"


def test_a_minimum_stock_lets_the_exchange_through_at_exactly_that_many_cards() -> None:
    """Three-handed, ``exchange_min_stock = 3``: with three cards left (the turn-up counted)
    the seven may still be exchanged; below that the stock is empty (three draw each trick).
    The players keep their sevens of trumps (never exchanged or played while they may choose
    another move) so that one is still held when three cards are left."""
    variant = variant_with("three-handed", **{"seven.exchange_min_stock": 3})
    at_three = 0
    for seed in range(10):
        game = Game.new(variant, seed=seed)
        rng = random.Random(seed)
        while game.deals_finished == 0:
            moves = texts(game)
            stock = game.view(0).stock_size
            if any(m.startswith("exchange") for m in moves):
                assert stock >= 3
                at_three += stock == 3
            kept = [m for m in moves if not m.startswith("exchange") and m[-2:] != f"7{game.trump}"]
            game.apply(rng.choice(kept or moves))
    assert at_three
