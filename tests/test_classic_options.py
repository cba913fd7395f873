"""The classic rules the schema could not say before issue 18, each an option named after its
source: Enquire Within 123 iii (the turn-up taken for the seven is not declared after that
trick), bicyclecards.com's declaring with a partner's declared cards (``partner_table``),
Hoyle's exchange of the seven at any time, a race won the moment the target is reached, and
law 38 read literally (equal bézique combinations formed again with added cards)."""

from __future__ import annotations

import random

import pytest

from interpreter.engine import EventKind, Game, IllegalMoveError, Phase, Rules
from tests.support import dealt, deck_order, run, scored, texts, variant_with


# -- Enquire Within 123 iii ---------------------------------------------------------------------
def _after_exchange(declarable: bool) -> list[str]:
    """Bézique, hearts trumps (K♥ turned up): seat 0 wins a trick holding 7♥ and Q♥ and
    exchanges the seven for the king."""
    variant = variant_with("bezique", **{"seven.turn_up_declarable": declarable})
    game = dealt(variant, [["7H", "QH", "AC"], ["7C"]], turn_up="KH")
    run(game, "play AC", "play 7C", "exchange 7H")
    return texts(game)


def test_enquire_within_123_iii_the_card_exchanged_is_not_used_in_that_declaration() -> None:
    assert "declare marriage_royal KH QH" in _after_exchange(True)  # Hoyle: no such rule
    moves = _after_exchange(False)
    assert "declare marriage_royal KH QH" not in moves
    variant = variant_with("bezique", **{"seven.turn_up_declarable": False})
    game = dealt(variant, [["7H", "QH", "AC", "AD"], ["7C", "7D"]], turn_up="KH")
    run(game, "play AC", "play 7C", "exchange 7H")
    with pytest.raises(IllegalMoveError, match="just taken for the seven of trumps"):
        game.apply("declare marriage_royal KH QH")
    run(game, "draw", "play AD", "play 7D")  # the next trick won: the king may marry
    assert "declare marriage_royal KH QH" in texts(game)


def test_the_card_exchanged_leaves_another_copy_of_its_face_free_to_declare() -> None:
    """Enquire Within bars the very card taken for the seven, not its face: with a second king
    of hearts in the hand, the royal marriage is declared with that one, listed and typed
    alike, whichever copy the engine numbered first."""
    variant = variant_with("bezique", **{"seven.turn_up_declarable": False})
    faces = deck_order(variant, [["7H", "QH", "KH", "AC"], ["7C"]], dealer=1, turn_up="KH")
    rules = Rules(variant)
    copies = {face: list(cards) for face, cards in rules.by_face.items()}
    copies["KH"].reverse()  # the turn-up gets the lower number of the two kings of hearts
    game = Game.new(variant, deck_order=[copies[f].pop(0) for f in faces], dealer=1, seed=0)
    run(game, "play AC", "play 7C", "exchange 7H")
    table = game._state.table
    taken = table.window.taken
    kings = sorted(c for c in table.hands[0] if game.rules.face[c] == "KH")
    assert len(kings) == 2 and taken == kings[0]  # the barred copy is the first one
    assert "declare marriage_royal KH QH" in texts(game)
    game.apply("declare marriage_royal KH QH")
    declared = next(e for e in game.events if e.kind is EventKind.DECLARE)
    assert declared.what == "marriage_royal"
    assert taken in table.hands[0] and kings[1] in table.tables[0]


# -- bicyclecards.com: declaring with the partner's declared cards ----------------------------
PARTNERS = [
    ["QS", "JD", "AC", "AC", "7H"],  # seat 0: the bézique, then leads again
    ["7C", "8C", "9C"],
    ["KS", "QS", "JD", "7D", "8D"],  # seat 2: a king for the partner's queen of spades
    ["8S", "9S", "TC"],
]


def _partners(cards: str) -> Game:
    variant = variant_with("four-handed-partners", **{"reuse.partner_cards": cards})
    game = dealt(variant, PARTNERS, dealer=3, turn_up="9H")
    run(game, "play AC", "play 7C", "play 7D", "play 8S", "declare bezique QS JD", "draw")
    assert game.to_act == 2 and game.phase is Phase.DECLARE  # the partner's turn to declare
    return game


def test_bicyclecards_a_player_adds_his_own_cards_to_his_partners_declared_cards() -> None:
    assert "declare marriage_common KS QS+1" in texts(_partners("partner_table"))
    assert "declare marriage_common KS QS+1" not in texts(_partners("own_only"))
    game = _partners("partner_table")
    run(game, "declare marriage_common KS QS+1")
    assert ("marriage_common", 20) in scored(game, 2)


def test_bicyclecards_double_bezique_only_from_one_players_cards() -> None:
    doubles = [t for t in texts(_partners("partner_table")) if "double_bezique" in t]
    assert doubles == []
    either = [t for t in texts(_partners("either_hand_for_multi_bezique")) if "double" in t]
    assert either == ["declare double_bezique QS QS+1 JD JD+1"]


def test_bicyclecards_not_a_combination_the_partner_could_not_declare() -> None:
    """The king and queen of the partner's sequence do not marry (bicyclecards.com's own
    example)."""
    hands = [
        ["AH", "TH", "KH", "QH", "JH", "AC"],
        ["7C", "8C"],
        ["KH", "KD", "QD", "7D"],  # a king of trumps, and a marriage of his own to declare
        ["8S", "9S"],
    ]
    variant = variant_with("four-handed-partners", **{"reuse.partner_cards": "partner_table"})
    game = dealt(variant, hands, dealer=3, turn_up="9H")
    run(game, "play AC", "play 7C", "play 7D", "play 8S", "declare sequence AH TH KH QH JH")
    run(game, "draw")
    assert game.to_act == 2 and game.phase is Phase.DECLARE
    assert texts(game) == ["declare marriage_common KD QD", "draw"]
    with pytest.raises(IllegalMoveError, match="superior combination"):
        game.apply("declare marriage_royal KH QH+1")


def test_bicyclecards_at_least_one_card_of_his_own() -> None:
    hands = [
        ["QS", "JD", "KS", "KH", "KD", "KC", "AC", "AC"],
        ["7C", "8C", "9C"],
        ["7D", "8D", "KD", "QD"],  # a marriage of his own opens his turn to declare
        ["8S", "9S", "TS"],
    ]
    variant = variant_with("four-handed-partners", **{"reuse.partner_cards": "partner_table"})
    game = dealt(variant, hands, dealer=3, turn_up="9H")
    run(game, "play AC", "play 7C", "play 7D", "play 8S", "declare bezique QS JD", "draw")
    run(game, "draw", "play AC", "play 8C", "play 8D", "play 9S")
    run(game, "declare four_kings KS KH KD KC", "draw")
    assert game.to_act == 2 and game.phase is Phase.DECLARE
    # His Q♦ marries his own K♦ or his partner's; the partner's K♠ and Q♠ would marry, but
    # neither is his.
    assert texts(game) == [
        "declare marriage_common KD QD",
        "declare marriage_common KD+2 QD",
        "draw",
    ]
    with pytest.raises(IllegalMoveError, match="add a card of your own"):
        game.apply("declare marriage_common KS+2 QS+1")


# -- Hoyle: the exchange of the seven at any time ----------------------------------------------
def _hoyle(when: str) -> Game:
    variant = variant_with("bezique", **{"seven.exchange_when": when})
    return dealt(variant, [["7H", "AC", "AD", "9S"], ["7C", "7D", "8S"]], turn_up="KH")


def test_hoyle_the_holder_of_the_seven_exchanges_it_before_any_trick() -> None:
    """Hoyle: "The holder of the seven of trumps is entitled to exchange it for the turn-up
    card" -- no moment, no condition: at his very first lead, before any trick is won."""
    game = _hoyle("any_time")
    assert game.phase is Phase.PLAY and game.to_act == 0
    assert "exchange 7H" in texts(game)
    run(game, "exchange 7H")
    assert ("seven_exchange", 10) in scored(game, 0)
    assert game.phase is Phase.PLAY and game.to_act == 0  # and he leads, with the king
    assert "play KH" in texts(game) and "play 7H" not in texts(game)
    assert "exchange 7H" not in texts(game)  # once: the seven now lies under the stock


def test_hoyle_the_follower_may_exchange_the_seven_before_playing_to_the_lead() -> None:
    variant = variant_with("bezique", **{"seven.exchange_when": "any_time"})
    game = dealt(variant, [["AC", "AD"], ["7H", "7C"]], turn_up="KH")
    run(game, "play AC")
    assert game.to_act == 1 and "exchange 7H" in texts(game)
    run(game, "exchange 7H", "play KH")  # and trumps the ace with the king taken
    assert ("seven_exchange", 10) in scored(game, 1)
    assert game.phase is Phase.DECLARE and game.to_act == 1


def test_hoyle_the_seven_may_still_be_exchanged_later_in_the_deal() -> None:
    game = _hoyle("any_time")
    run(game, "play AC", "play 7C", "draw", "play AD", "play 7D", "draw")
    assert game.phase is Phase.PLAY and game.to_act == 0
    assert "exchange 7H" in texts(game)  # at his turn to lead, not only after winning
    run(game, "exchange 7H")
    assert ("seven_exchange", 10) in scored(game, 0)


def test_britannica_the_seven_is_exchanged_only_after_winning_a_trick() -> None:
    game = _hoyle("after_own_trick_win")
    run(game, "play AC", "play 7C", "draw", "play AD", "play 7D", "draw")
    assert "exchange 7H" not in texts(game)
    with pytest.raises(IllegalMoveError, match="only after winning a trick"):
        game.apply("exchange 7H")


# -- a race won the moment the target is reached -----------------------------------------------
def _first_to(win_check: str, seed: int) -> Game:
    variant = variant_with("bezique", **{"game.win_check": win_check, "game.target": 200})
    game = Game.new(variant, seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        game.step(rng.choice(game.legal_moves()))
    return game


@pytest.mark.parametrize("seed", range(4))
def test_a_race_won_the_moment_the_target_is_reached(seed: int) -> None:
    game = _first_to("immediate", seed)
    events = list(game.events)
    over = next(i for i, e in enumerate(events) if e.kind is EventKind.GAME_OVER)
    last_score = max(i for i, e in enumerate(events[:over]) if e.kind is EventKind.SCORE)
    winner = events[last_score].player
    assert winner is not None and game.outcome is not None and game.outcome.winner == winner
    before = sum(e.points for e in events[:last_score] if e.kind == "score" and e.player == winner)
    assert before < 200 <= game.scores[winner]  # that very score reached the target
    between = {e.kind for e in events[last_score + 1 : over]}
    assert between <= {EventKind.END_OF_DEAL}  # nothing happened after it


def test_enquire_within_x_the_race_is_checked_at_the_end_of_the_deal() -> None:
    game = _first_to("end_of_deal", 0)
    events = list(game.events)
    over = next(i for i, e in enumerate(events) if e.kind is EventKind.GAME_OVER)
    assert events[over - 1].kind is EventKind.END_OF_DEAL
    immediate = _first_to("immediate", 0)
    assert len(immediate.events) < len(game.events)


# -- law 38 read literally --------------------------------------------------------------------
def _rubicon_second_double(classes: list[str]) -> Game:
    variant = variant_with("rubicon", **{"reuse.reform_with_added": classes})
    hands = [["QS", "QS", "QS", "JD", "JD", "JD", "AC", "AC"], ["7C", "8C"]]
    game = dealt(variant, hands, dealer=1)
    run(game, "play AC", "play 7C", "declare double_bezique QS QS JD JD", "draw")
    run(game, "play AC", "play 8C")
    return game


def test_law_38_literal_bezique_cards_form_an_equal_combination_with_added_cards() -> None:
    literal = _rubicon_second_double(["beziques"])
    doubles = [t for t in texts(literal) if t.startswith("declare double_bezique")]
    assert "declare double_bezique QS*1 QS JD*1 JD" in doubles
    run(literal, "declare double_bezique QS*1 QS JD*1 JD")
    assert [p for what, p in scored(literal, 0) if what == "double_bezique"] == [500, 500]


def test_law_34_a_declared_card_is_played_before_the_combination_is_formed_again() -> None:
    game = _rubicon_second_double([])
    assert not any(t.startswith("declare double_bezique") for t in texts(game))
    with pytest.raises(IllegalMoveError, match="first play a card of declaration 1"):
        game.apply("declare double_bezique QS*1 QS JD*1 JD")
