"""The play of the cards: who wins a trick, the endgame duties of the last tricks, the joker's
duty, and the last trick — each checked against the rule as its source words it.

Hoyle: "If the two cards played are the same ... the trick belongs to the leader"; in the last
eight tricks "the second player must follow suit" (Hoyle), and must win the trick if he can
(Britannica; Enquire Within 123 vi: "obliged to follow suit, and he must win the trick if
possible"; law 55).  A player void in the suit led must trump (law 55), or only when a trump
would win (bicyclecards.com, modern partnership play); some tables ask to beat the card led
rather than the best card so far (Haitian practice).  The duties are checked here against
games played to their end: every card the engine lets a player play in the last tricks, and
the reason it gives for each card it refuses, is what the rule as written allows."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from interpreter.cards import SUIT_SYMBOLS
from interpreter.engine import Game, IllegalMoveError, Phase
from interpreter.model import Variant
from tests.support import dealt, run, shipped, texts, variant_with

RANKS = "AT" + "KQJ987"  # the order of the cards in play, ace high (Hoyle)
Card = tuple[str, str]  # (suit, rank)


def _beats(card: Card, best: Card, trump: str | None) -> bool:
    """Whether ``card`` beats ``best``: higher in its suit, or a trump on a plain card."""
    if card[0] == best[0]:
        return RANKS.index(card[1]) < RANKS.index(best[1])
    return card[0] == trump


def _best(trick: Sequence[Card], trump: str | None) -> int:
    """The index of the card winning ``trick`` so far (a later card must be strictly
    stronger: of two identical cards the first played wins)."""
    best = 0
    for index in range(1, len(trick)):
        if _beats(trick[index], trick[best], trump):
            best = index
    return best


def law_55(
    hand: Sequence[Card],
    trick: Sequence[Card],
    trump: str | None,
    duties: dict[str, Any],
    *,
    exempt: bool,
) -> tuple[set[Card], dict[Card, str]]:
    """The cards of ``hand`` the endgame duties allow on ``trick``, and for each card refused
    the duty the player breaks by playing it (the first that leaves it out), in his words."""
    every = set(hand)
    if not trick:
        return every, {}
    led = trick[0][0]
    best = trick[0] if duties["head_reference"] == "card_led" else trick[_best(trick, trump)]
    same = {card for card in hand if card[0] == led}
    steps: list[tuple[set[Card], str]] = []
    if duties["follow_suit"] and same:
        steps.append((same, f"must follow suit: you hold {SUIT_SYMBOLS[led]}"))
        higher = {card for card in same if _beats(card, best, trump)}
        if duties["must_head"] and best[0] == led and not exempt and higher:
            steps.append(
                (higher, "must win the trick when able: play a higher card of the suit led")
            )
    elif not (exempt or trump is None or duties["must_trump_if_void"] == "no" or same):
        trumps = {card for card in hand if card[0] == trump}
        over = {card for card in trumps if _beats(card, best, trump)}
        if trumps and (over or duties["must_trump_if_void"] == "yes"):
            steps.append(
                (trumps, f"must trump when void in the suit led: you hold {SUIT_SYMBOLS[trump]}")
            )
        if over:
            steps.append((over, "must win the trick when able: play a higher trump"))
    refused: dict[Card, str] = {}
    allowed = every
    for kept, duty in steps:
        for card in allowed - kept:
            refused[card] = duty
        allowed = kept
    return allowed, refused


def _card(face: object) -> Card:
    text = str(face)
    return text[1], text[0]


def _check_last_tricks(variant: Variant, seeds: range, partners: bool = False) -> int:
    """Play ``variant`` at random and compare every turn of the last tricks with
    :func:`law_55`; returns how many turns were checked with a duty binding."""
    duties = variant_data_endgame(variant)
    bound = 0
    for seed in seeds:
        game = Game.new(variant, seed=seed, dealer=0)
        faces = sorted(set(game.rules.face))
        rng = random.Random(seed)
        while game.deal_no == 1 and not game.is_over:
            seat = game.to_act
            # A card typed before the moves are listed (the player's own view lists them) is
            # judged on its own: each face asked, while another seat's view tells the stock.
            typed: dict[Card, bool] = {}
            other = (seat + 1) % game.rules.players if seat is not None else 0
            if game.phase is Phase.PLAY and game.view(other).stock_size == 0:
                typed = {_card(face): game.is_legal(f"play {face}") for face in faces}
            view = game.view(seat) if seat is not None else None
            if (
                seat is not None
                and view is not None
                and game.phase is Phase.PLAY
                and (view.stock_size == 0)
            ):
                hand = [_card(face) for _, face in view.hand]
                seats = [s for s, _ in view.trick]
                trick = [_card(face) for _, face in view.trick]
                exempt = bool(
                    partners
                    and duties["partner_exempt"]
                    and trick
                    and (seats[_best(trick, view.trump)] - seat) % 2 == 0
                )
                allowed, refused = law_55(hand, trick, view.trump, duties, exempt=exempt)
                assert {card for card, legal in typed.items() if legal} == allowed, (seed, hand)
                plays = {_card(t.split()[1]) for t in texts(game) if t.startswith("play ")}
                assert plays == allowed, (seed, hand, trick)
                for card in allowed:
                    assert game.is_legal(f"play {card[1]}{card[0]}"), (seed, hand, trick, card)
                for card, duty in refused.items():
                    with pytest.raises(IllegalMoveError) as error:
                        game.apply(f"play {card[1]}{card[0]}")
                    assert error.value.reason == duty, (seed, hand, trick, card)
                bound += bool(refused)
            game.apply(rng.choice(texts(game)))
    return bound


def variant_data_endgame(variant: Variant) -> dict[str, Any]:
    block = variant.endgame
    return {
        "follow_suit": block.follow_suit,
        "must_head": block.must_head,
        "must_trump_if_void": block.must_trump_if_void.value,
        "head_reference": block.head_reference.value,
        "partner_exempt": block.partner_exempt,
    }


def test_law_55_follow_suit_win_the_trick_and_trump_when_void_in_the_last_tricks() -> None:
    assert _check_last_tricks(shipped("bezique"), range(3))


def test_hoyle_in_the_last_tricks_only_follow_suit() -> None:
    """Hoyle asks the second player only to follow suit, not to win the trick."""
    assert _check_last_tricks(variant_with("bezique", **{"endgame.must_head": False}), range(2))


def test_no_duty_to_trump_when_void_if_the_rules_say_so() -> None:
    variant = variant_with("bezique", **{"endgame.must_trump_if_void": "no"})
    assert _check_last_tricks(variant, range(2))


def test_enquire_within_three_handed_beat_the_best_card_so_far() -> None:
    assert _check_last_tricks(shipped("three-handed"), range(2))


def test_haitian_note_some_tables_beat_the_card_led() -> None:
    variant = variant_with("three-handed", **{"endgame.head_reference": "card_led"})
    assert _check_last_tricks(variant, range(2))


def test_bicyclecards_trump_only_when_a_trump_would_win() -> None:
    assert _check_last_tricks(shipped("four-handed-partners-modern"), range(2), partners=True)


def test_partners_excused_from_beating_a_partners_winning_card() -> None:
    variant = variant_with("four-handed-partners-modern", **{"endgame.partner_exempt": True})
    assert _check_last_tricks(variant, range(4), partners=True)


# -- who wins a trick ------------------------------------------------------------------------------
def test_hoyle_of_two_identical_cards_the_leader_wins() -> None:
    game = dealt(shipped("bezique"), [["AC"], ["AC"]], turn_up="8H")
    run(game, "play AC", "play AC")
    assert game.to_act == 0 and game.scores == (20, 0)  # the leader's trick, two brisques


def test_hoyle_a_trump_wins_a_plain_card_and_the_higher_card_of_the_suit_led_wins() -> None:
    game = dealt(shipped("bezique"), [["AC", "9S"], ["7H", "TS"]], turn_up="8H")
    run(game, "play AC", "play 7H")  # trumped
    assert game.to_act == 1
    run(game, "draw", "play TS", "play 9S")
    assert game.to_act == 1  # the ten of the suit led beats the nine
    assert [e.player for e in game.events if e.kind == "trick"] == [1, 1]


def test_hoyle_a_card_of_another_plain_suit_does_not_win() -> None:
    game = dealt(shipped("bezique"), [["9C"], ["AS"]], turn_up="8H")
    run(game, "play 9C", "play AS")
    assert game.to_act == 0


# -- the joker's duty (Haitian, one source) --------------------------------------------------------
def _joker_led(**changes: object) -> Game:
    """Haitian, the joker's duty written in: seat 0 wins a trick, makes hearts trumps with his
    marriage and leads a joker while the stock lasts; seat 1 holds one heart."""
    variant = variant_with("haitian", **{"play.joker_led": "must_trump", **changes})
    game = dealt(variant, [["JK", "AC", "KH", "QH"], ["7H", "9S", "8S"]], dealer=1)
    run(game, "play AC", "play 9S", "declare marriage_royal KH QH", "draw", "play JK")
    assert game.trump == "H" and game.to_act == 1
    return game


def test_haitian_one_source_a_joker_led_while_the_stock_lasts_must_be_trumped() -> None:
    game = _joker_led()
    assert texts(game) == ["play 9H", "play 8H", "play 7H"]  # his trumps, and only they
    with pytest.raises(IllegalMoveError) as error:
        game.apply("play 8S")
    assert error.value.reason == "a joker was led: you must trump, you hold \u2665"
    with pytest.raises(IllegalMoveError) as error:
        game.apply("play KS")
    assert error.value.reason == "you do not hold KS"
    run(game, "play 7H")
    assert game.to_act == 1  # the trump wins the joker
    run(game, "draw", "play 8S")  # a plain card led: no duty, though seat 0 holds trumps
    plays = texts(game)
    assert "play KH*1" in plays  # a trump on his table
    assert len({play[6] for play in plays}) > 1  # and cards of other suits too


def test_haitian_practice_a_joker_led_may_be_answered_with_any_card() -> None:
    game = _joker_led(**{"play.joker_led": "any_card"})
    assert {"play 7H", "play 8S"} <= set(texts(game))


# -- every trick of a deal, and the last trick -----------------------------------------------------
def _deal_played(variant: Variant, seed: int) -> tuple[Game, str | None]:
    """A game played at random to the end of its first deal, and that deal's trumps."""
    game = Game.new(variant, seed=seed, dealer=1)
    rng = random.Random(seed)
    trump = game.trump
    while game.deals_finished == 0:
        trump = game.trump
        game.step(rng.choice(game.legal_moves()))
    return game, trump


def _tricks(game: Game) -> list[tuple[list[tuple[int, Card]], int | None, int]]:
    """Each trick of the first deal: (seat, card) as played, its winner and its number."""
    plays: list[tuple[int, Card]] = []
    found = []
    for event in game.events:
        if event.kind == "play" and event.player is not None:
            assert (event.points, event.what, event.number) == (0, "", 0)
            plays.append((event.player, _card(event.cards[0])))
        elif event.kind == "trick":
            assert (event.points, event.what) == (0, "")
            assert [_card(face) for face in event.cards] == [card for _, card in plays]
            found.append((plays, event.player, event.number))
            plays = []
    return found


def _winner(trick: list[tuple[int, Card]], trump: str | None, ranks: str) -> int:
    cards = [(card[0], RANKS[ranks.index(card[1])]) for _, card in trick]
    return trick[_best(cards, trump)][0]


def test_hoyle_some_put_the_ten_below_the_knave_in_the_last_tricks() -> None:
    """Hoyle's note: the ten ranks below the knave in the last eight tricks only; in the
    tricks of the stock it still ranks next to the ace."""
    variant = variant_with("bezique", **{"deck.endgame_ranks": list("AKQJT987")})
    stock = dealt(variant, [["KC"], ["TC"]], turn_up="8H")
    run(stock, "play KC", "play TC")
    assert stock.to_act == 1  # the ten takes the king while the stock lasts
    for seed in (1, 2):
        game, trump = _deal_played(variant, seed)
        tricks = _tricks(game)
        assert [number for _, _, number in tricks] == list(range(1, 33))
        for index, (trick, winner, _) in enumerate(tricks):
            ranks = RANKS if index < 24 else "AKQJT987"
            assert winner == _winner(trick, trump, ranks)


def test_hoyle_the_winner_of_the_last_trick_scores_10() -> None:
    game, _ = _deal_played(shipped("bezique"), 3)
    last = [(e.player, e.points, e.number) for e in game.events if e.what == "last_trick"]
    assert last == [(_tricks(game)[-1][1], 10, 0)]


def test_enquire_within_the_last_trick_is_the_last_of_the_stock() -> None:
    """The handbook's rule: the last trick scored is the one after which the last two cards
    of the stock are drawn, the 24th of 32."""
    game, _ = _deal_played(shipped("bezique-handbook"), 3)
    last = [(e.player, e.points, e.number) for e in game.events if e.what == "last_trick"]
    assert last == [(_tricks(game)[23][1], 10, 1)]
    assert game.deal_results[0].last_trick == last[0][0]


def test_a_played_card_is_seen_by_everybody() -> None:
    game = dealt(shipped("bezique"), [["AC"], ["8S"]], turn_up="8H")
    unseen = [str(face) for face in game.view(1).unseen].count("AC")
    run(game, "play AC")
    assert [str(face) for face in game.view(1).unseen].count("AC") == unseen - 1


# -- laws 45, 46: a declaration held to score ------------------------------------------------------
def _to_score() -> Game:
    hands = [["KH", "QH", "JS", "JH", "JD", "JC", "AC"], ["7C", "8H", "7D"]]
    game = dealt(shipped("rubicon"), hands, stock=["9C", "9C", "9H", "9D"])
    run(game, "play AC", "play 7C", "declare four_knaves JS JH JD JC")
    run(game, "declare marriage_royal KH QH", "draw")  # the marriage waits "to score"
    return game


def test_law_46_a_declaration_to_score_is_lost_when_a_card_of_it_is_played() -> None:
    game = _to_score()
    run(game, "play KH*2", "play 8H")
    lost = [(e.player, e.what, e.number) for e in game.events if e.kind == "lost"]
    assert lost == [(0, "marriage_royal", 2)]


def test_law_45_a_declaration_to_score_stays_when_another_declared_card_is_played() -> None:
    game = _to_score()
    run(game, "play JS*1", "play 8H")
    assert game.to_act == 0 and "score 2" in texts(game)
    assert not [e for e in game.events if e.kind == "lost"]


# -- law 33: declared cards are played from the table ----------------------------------------------
def test_law_33_declared_cards_are_played_from_the_table_marked_with_their_declarations() -> None:
    """Law 33: declared cards lie face up on the table until played; each is played under the
    numbers of the declarations it stands in (docs/notation.md), and the marks change as it
    joins a later declaration (law 36: marriage then sequence)."""
    hands = [["KH", "QH", "JS", "JH", "JD", "JC", "AC", "AH", "TH"], ["7C", "8H", "7D"]]
    game = dealt(shipped("rubicon"), hands, stock=["9C", "9C", "9S", "9D", "8C", "8D"])
    run(game, "play AC", "play 7C", "declare four_knaves JS JH JD JC")
    run(game, "declare marriage_royal KH QH", "draw")
    table = ["play KH*2", "play QH*2", "play JH*1", "play JD*1", "play JC*1"]
    assert texts(game) == ["play AH", "play TH", "play 9C", "play JS*1", *table]
    with pytest.raises(IllegalMoveError) as error:
        game.apply("play KH")
    assert error.value.reason == "you hold KH only as KH*2"
    run(game, "play JS*1", "play 8H", "score 2", "draw")
    assert texts(game) == ["play 9S", "play AH", "play TH", "play 9C", *table]
    run(game, "play 9C", "play 7D", "declare sequence AH TH KH*2 QH*2 JH*1", "draw")
    assert texts(game) == [
        "play 9S",
        "play 8C",
        "play AH*3",
        "play TH*3",
        "play KH*2.3",
        "play QH*2.3",
        "play JH*1.3",
        "play JD*1",
        "play JC*1",
    ]
    with pytest.raises(IllegalMoveError) as error:
        game.apply("play KH*2")
    assert error.value.reason == "you hold KH only as KH*2.3"
    with pytest.raises(IllegalMoveError) as error:
        game.apply("play KS")
    assert error.value.reason == "you do not hold KS"
    run(game, "play KH*2.3")
    assert [str(face) for _, face in game.view(1).trick] == ["KH"]
