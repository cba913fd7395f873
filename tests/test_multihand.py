"""Three- and four-handed Bézique, individual and partnership: the Britannica and Enquire
Within 128 and 129 by default, bicyclecards.com's Four-Hand Bezique as options, and the number
of tricks that follows from the deal, each rule a named test."""

from __future__ import annotations

import random

from interpreter.engine import Game, Phase, Rules
from interpreter.engine.tricks import endgame_playable
from tests.support import dealt, points, run, shipped, texts


def playout(game: Game, seed: int, *, one_deal: bool = True) -> Game:
    rng = random.Random(seed)
    while not game.is_over and not (one_deal and game.deal_results):
        game.step(rng.choice(game.legal_moves()))
    return game


# -- three-handed --------------------------------------------------------------------------
def test_enquire_within_the_trump_card_is_the_twenty_fifth() -> None:
    variant = shipped("three-handed")
    order = [f"{r}{s}" for _ in range(3) for s in "SHDC" for r in "ATKQJ987"]
    game = Game.new(variant, deck_order=order, dealer=0)
    turn_up = game.view(0).turn_up
    assert turn_up is not None and str(turn_up) == order[24]
    assert len(Rules(shipped("three-handed-two-packs")).deck) == 63


def test_three_handed_has_32_tricks_and_21_with_two_packs() -> None:
    for name, tricks in (("three-handed", 32), ("three-handed-two-packs", 21)):
        game = playout(Game.new(shipped(name), seed=1, dealer=0), 1)
        assert sum(1 for e in game.events if e.kind == "trick" and e.deal == 1) == tricks


def test_enquire_within_three_handed_is_played_to_the_left() -> None:
    game = Game.new(shipped("three-handed"), seed=2, dealer=0)
    assert game.to_act == 1  # the player on the dealer's left leads
    playout(game, 2)
    game.step(random.Random(0).choice(game.legal_moves())) if not game.is_over else None
    assert game.view(0).dealer == 1  # the deal passes to the left


def test_britannica_triple_bezique_scores_1500() -> None:
    hands = [["QS", "QS", "QS", "JD", "JD", "JD", "AC"], ["7C"], ["8C"]]
    game = dealt(shipped("three-handed"), hands, dealer=2, turn_up="9H")
    run(game, "play AC", "play 7C", "play 8C", "declare triple_bezique QS QS QS JD JD JD")
    assert points(game) == (1500, 0, 0)


def test_britannica_a_second_double_on_a_bezique_already_in_a_double() -> None:
    hands = [["QS", "QS", "QS", "JD", "JD", "JD", "AC", "AC"], ["7C", "7D"], ["8C", "8D"]]
    game = dealt(shipped("three-handed"), hands, dealer=2, turn_up="9H")
    run(
        game,
        "play AC",
        "play 7C",
        "play 8C",
        "declare double_bezique QS QS JD JD",
        "draw",
        "play AC",
        "play 7D",
        "play 8D",
    )
    seconds = [t for t in texts(game) if t.startswith("declare double_bezique")]
    assert seconds == ["declare double_bezique QS*1 QS JD*1 JD"]  # one pair reused, one new
    run(game, seconds[0])
    assert points(game)[0] == 1000


def test_britannica_third_hand_may_throw_any_card_when_he_cannot_win_by_trumping() -> None:
    variant = shipped("three-handed")
    rules = Rules(variant)
    ids = {face: list(rules.by_face[face]) for face in ("QC", "KH", "7H", "AD", "JC")}
    trick = [ids["QC"][0], ids["KH"][0]]  # clubs led, over-trumped with the king of hearts
    hand = [ids["7H"][0], ids["AD"][0]]
    legal = endgame_playable(hand, trick, rules.suit, rules.end_strength, "H", variant.endgame)
    assert sorted(rules.face[c] for c in legal) == ["7H", "AD"]
    legal = endgame_playable(hand, trick[:1], rules.suit, rules.end_strength, "H", variant.endgame)
    assert [rules.face[c] for c in legal] == ["7H"]  # the trump wins: he must trump


# -- four-handed ---------------------------------------------------------------------------
def test_four_handed_has_32_tricks_or_40_when_the_last_are_duels() -> None:
    # 24 tricks of four cards while the stock lasts, then 8 more of four cards — or, as two
    # duels, 16 of two cards (the Britannica's way).
    for name, tricks in (
        ("four-handed", 40),
        ("four-handed-partners", 40),
        ("four-handed-partners-modern", 32),
    ):
        game = playout(Game.new(shipped(name), seed=3, dealer=0), 3)
        assert sum(1 for e in game.events if e.kind == "trick" and e.deal == 1) == tricks


def test_four_handed_the_winner_draws_first_then_round_to_the_left() -> None:
    hands = [["7C"], ["AC"], ["8C"], ["9C"]]
    game = dealt(
        shipped("four-handed"), hands, dealer=0, turn_up="9H", stock=["KS", "KH", "KD", "KC"]
    )
    run(game, "play AC", "play 8C", "play 9C", "play 7C")
    draws = [(e.player, e.text) for e in game.events if e.kind == "draw"]
    assert draws == [(1, "KS"), (2, "KH"), (3, "KD"), (0, "KC")]


def test_four_handed_identical_cards_go_to_the_first_played() -> None:
    hands = [["AC"], ["AC"], ["AC"], ["AC"]]
    game = dealt(shipped("four-handed"), hands, dealer=3, turn_up="9H")
    run(game, "play AC", "play AC", "play AC", "play AC")
    assert [e.player for e in game.events if e.kind == "trick"] == [0]


def test_britannica_the_last_eight_tricks_are_two_duels() -> None:
    game = Game.new(shipped("four-handed"), seed=5, dealer=0)
    rng = random.Random(5)
    while game.view(0).stock_size:
        game.step(rng.choice(game.legal_moves()))
    leader = game.to_act
    assert leader is not None
    first = [e for e in game.events if e.kind == "duel"][-1]
    assert first.text == f"p{leader + 1} and p{(leader + 1) % 4 + 1} play their last tricks"
    seen: list[set[int]] = []
    trick: set[int] = set()
    while not game.deal_results:
        seat = game.to_act
        assert seat is not None
        trick.add(seat)
        game.step(rng.choice(game.legal_moves()))
        if not game._state.table.trick:
            seen.append(trick)
            trick = set()
    duel1 = {leader, (leader + 1) % 4}
    assert seen[:8] == [duel1] * 8
    assert seen[8:] == [{(leader + 2) % 4, (leader + 3) % 4}] * 8


# -- partnerships --------------------------------------------------------------------------
def test_britannica_a_player_may_declare_when_his_partner_wins_a_trick() -> None:
    hands = [["AC"], ["7C"], ["KH", "QH", "7D"], ["8C"]]
    game = dealt(shipped("four-handed-partners"), hands, dealer=3, turn_up="9S")
    run(game, "play AC", "play 7C", "play 7D", "play 8C")
    assert game.phase is Phase.DECLARE and game.to_act == 2  # p1 had nothing; his partner
    run(game, "declare marriage_common KH QH")
    assert points(game)[2] == 20


def test_britannica_double_bezique_from_either_partners_declared_cards() -> None:
    hands = [["QS", "JD", "AC", "AC"], ["7C", "7H"], ["QS", "JD", "7D", "8D"], ["8C", "8H"]]
    game = dealt(shipped("four-handed-partners"), hands, dealer=3, turn_up="9S")
    run(game, "play AC", "play 7C", "play 7D", "play 8C", "declare bezique QS JD", "draw")
    assert game.to_act == 2  # now the partner, from his own cards
    run(game, "declare bezique QS JD", "draw", "play AC", "play 7H", "play 8D", "play 8H")
    doubles = [t for t in texts(game) if t.startswith("declare double_bezique")]
    assert doubles == ["declare double_bezique QS*1 QS+1 JD*1 JD+1"]
    run(game, doubles[0])
    assert points(game) == (540, 0, 40, 0)


def test_partners_scores_are_combined_and_the_side_wins_together() -> None:
    game = playout(Game.new(shipped("four-handed-partners"), seed=8), 8, one_deal=False)
    outcome = game.outcome
    assert outcome is not None and outcome.winning_side is not None
    assert outcome.side_scores == (
        outcome.scores[0] + outcome.scores[2],
        outcome.scores[1] + outcome.scores[3],
    )
    assert outcome.side_scores[outcome.winning_side] == max(outcome.side_scores) >= 2000


def test_bicyclecards_the_winner_may_pass_the_right_to_declare_to_his_partner() -> None:
    hands = [["KD", "QD", "AC"], ["7C"], ["KH", "QH", "7D"], ["8C"]]
    game = dealt(shipped("four-handed-partners-modern"), hands, dealer=3, turn_up="9S")
    run(game, "play AC", "play 7C", "play 7D", "play 8C")
    assert game.to_act == 0 and "yield" in texts(game)
    run(game, "yield")
    assert game.to_act == 2
    run(game, "declare marriage_common KH QH", "draw")
    assert points(game) == (0, 0, 20, 0)


def test_bicyclecards_every_player_must_beat_the_highest_card_so_far_even_his_partners() -> None:
    modern = shipped("four-handed-partners-modern")
    rules = Rules(modern)
    card = {face: rules.by_face[face][0] for face in ("QC", "KC", "AC", "9C")}
    trick = [card["QC"], card["KC"]]  # partner (second) holds the trick with the king
    hand = [card["AC"], card["9C"]]
    legal = endgame_playable(hand, trick, rules.suit, rules.end_strength, "H", modern.endgame)
    assert [rules.face[c] for c in legal] == ["AC"]
    exempt = endgame_playable(
        hand, trick, rules.suit, rules.end_strength, "H", modern.endgame, exempt=True
    )
    assert sorted(rules.face[c] for c in exempt) == ["9C", "AC"]


def test_a_two_player_and_a_four_player_game_share_no_state() -> None:
    def alone(name: str) -> tuple[object, ...]:
        return playout(Game.new(shipped(name), seed=12), 12).events

    solo = {name: alone(name) for name in ("bezique", "four-handed-partners")}
    games = {name: Game.new(shipped(name), seed=12) for name in solo}
    rngs = {name: random.Random(12) for name in solo}
    while any(not g.deal_results for g in games.values()):
        for name, game in games.items():
            if not game.deal_results:
                game.step(rngs[name].choice(game.legal_moves()))
    assert {name: g.events for name, g in games.items()} == solo


def test_law_46_a_double_held_to_score_falls_when_the_partner_plays_a_card_of_it() -> None:
    hands = [["QS", "JD", "7C", "AS"], ["8C", "8D"], ["QS", "JD", "AC"], ["9C", "7D"]]
    game = dealt(shipped("four-handed-partners"), hands, dealer=3, turn_up="8H")
    run(
        game,
        "play 7C",
        "play 8C",
        "play AC",
        "play 9C",
        "declare bezique QS JD",
        "draw",
        "declare bezique QS JD",
        "declare double_bezique QS*1 QS+1 JD*1 JD+1",
        "draw",
        "play QS*1",
        "play 7D",
        "play AS",
        "play 8D",
    )
    assert "score 2" not in texts(game)
    assert [e.no for e in game.view(0).entries[0] if not e.scored] == [2]  # lost, still listed


def test_britannica_the_sides_beziques_are_one_history() -> None:
    hands = [
        ["QS", "JD", "7C", "8S"],
        ["8C", "8D"],
        ["KS", "QS", "JD", "JC", "JC", "JS", "AH", "9H"],
        ["9C", "7D"],
    ]
    game = dealt(shipped("four-handed-partners"), hands, dealer=3, turn_up="8H")
    run(
        game,
        "play 7C",
        "play 8C",
        "play AH",
        "play 9C",
        "declare marriage_common KS QS",
        "declare four_knaves JS JD JC JC",
        "draw",
        "declare double_bezique QS QS+1 JD JD+2",
        "draw",
        "play 9H",
        "play 7D",
        "play 8S",
        "play 8D",
    )
    assert not [t for t in texts(game) if t.startswith("declare bezique")]
