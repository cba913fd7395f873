"""The declaring window after a trick won: the quota of declarations (Hoyle's and Foster's one
scored per trick, the others 'to score'; the Portland Club's laws 42-49; the Britannica's
several sharing no card; Polish one of each kind), scoring a waiting declaration, passing the
right to the partner (bicyclecards.com), and the refusals a player reads when a declaration
is typed wrong."""

from __future__ import annotations

import pytest

from interpreter.engine import Game, IllegalMoveError, Phase, Rules, ScorePending, window
from interpreter.engine.ledger import Pruned
from tests.support import dealt, deck_order, points, run, shipped, texts, variant_with
from tests.test_polish import polish


def _refusal(game: Game, move: str) -> str:
    with pytest.raises(IllegalMoveError) as refused:
        game.apply(move)
    return refused.value.reason


def _quota(game: Game, combo_id: str) -> tuple[bool, list[str]]:
    """What the window's quota leaves out of ``combo_id`` before filling (its pruning):
    whether every filling, and the faces of the cards no filling may hold."""
    rules, state = game.rules, game._state
    check = {check.rule: check for check in window.CHECKS}["the quota of the window"]
    assert check.prune is not None
    pruned = Pruned(rules, state, state.to_act)
    check.prune(pruned, rules.combo_by_id[combo_id])
    return pruned.closed, sorted(rules.face[card] for card in pruned.banned)


# -- the quota ---------------------------------------------------------------------------------
def test_laws_42_49_one_declaration_scored_the_others_to_score() -> None:
    """Rubicon: a second marriage after the first one scored is shown 'to score' (law 42
    onwards); it scores after a later trick, not after this one."""
    game = dealt(shipped("rubicon"), [["KH", "QH", "KS", "QS", "AC"], ["7C"]])
    run(game, "play AC", "play 7C", "declare marriage_royal KS QS")
    assert _quota(game, "marriage_common") == (False, [])
    assert texts(game) == ["declare marriage_common KH QH", "draw"]
    run(game, "declare marriage_common KH QH")
    assert texts(game) == ["draw"]
    assert [(e.no, e.scored) for e in game.view(0).entries[0]] == [(1, True), (2, False)]
    assert points(game) == (40, 0)


def test_hoyle_without_to_score_one_declaration_a_trick_and_no_more() -> None:
    variant = variant_with("rubicon", **{"declare.pending_allowed": False})
    game = dealt(variant, [["KH", "QH", "KS", "QS", "AC"], ["7C"]])
    run(game, "play AC", "play 7C")
    assert _quota(game, "marriage_royal") == (False, [])
    run(game, "declare marriage_royal KS QS")
    assert _quota(game, "marriage_common") == (True, [])
    assert texts(game) == ["draw"]
    assert _refusal(game, "declare marriage_common KH QH") == (
        "only one combination may be scored after each trick"
    )


def test_britannica_several_declarations_after_a_trick_sharing_no_card() -> None:
    variant = variant_with(
        **{"declare.scores_per_trick": "disjoint_many", "declare.pending_allowed": False}
    )
    game = dealt(variant, [["KS", "QS", "JD", "AC"], ["7C", "8C"]], turn_up="8D", stock=["AC"])
    run(game, "play AC", "play 7C")
    assert _quota(game, "marriage_common") == (False, [])
    run(game, "declare bezique QS JD")
    assert _quota(game, "marriage_common") == (False, ["JD", "QS"])
    assert texts(game) == ["draw"]
    assert _refusal(game, "declare marriage_common KS QS*1") == (
        "Q♠ is already in a combination declared after this trick"
    )


def test_britannica_polish_one_combination_of_each_kind_after_a_trick() -> None:
    opened = ["KH", "KD", "KC", "QH", "QD", "QC", "AS", "TS", "JS"]
    game = _polish(opened)
    run(game, "play QS", "play KS", "declare four_kings KS^ KH* KD* KC*")
    assert _quota(game, "four_kings") == (True, [])
    assert _quota(game, "four_queens") == (False, [])
    assert texts(game) == [
        "declare marriage_royal KS^1 QS^",
        "declare sequence AS* TS* KS^1 QS^ JS*",
        "declare four_queens QS^ QH* QD* QC*",
        "draw",
    ]
    assert _refusal(game, "declare four_kings KS^1 KH*1 KD*1 KC*1") == (
        "a four kings has already been declared after this trick"
    )


def _polish(opened: list[str]) -> Game:
    return polish([["KS", "AD"], ["QS", "7D"]], turn_up="9S", opened=opened)


# -- scoring a waiting declaration -------------------------------------------------------------
def _waiting_marriage() -> Game:
    """Bézique: a bézique scored and the royal marriage shown 'to score' after one trick;
    seat 0 wins the next with the sequence of trumps to declare."""
    hands = [["AH", "TH", "KH", "QH", "JH", "QS", "JD", "AC"], ["7C", "8C", "9C", "7S", "8S"]]
    stock = ["9S", "9D", "8D", "TD", "KD", "KC"]
    game = dealt(shipped("bezique"), hands, turn_up="9H", stock=stock)
    run(game, "play AC", "play 7C", "declare bezique QS JD", "declare marriage_royal KH QH")
    assert "score 2" not in texts(game)  # not after the trick it was shown in
    run(game, "draw", "play QS*1", "play 8C")
    return game


def test_hoyle_a_declaration_to_score_scores_after_a_later_trick_in_place_of_a_new_one() -> None:
    game = _waiting_marriage()
    assert texts(game) == ["declare sequence AH TH KH*2 QH*2 JH", "score 2", "draw"]
    scoring = next(m for m in game.legal_moves() if str(m) == "score 2")
    assert isinstance(scoring, ScorePending)
    assert (scoring.combo, scoring.points) == ("marriage_royal", 40)  # what it scores
    assert _refusal(game, "score 1") == "declaration 1 is not waiting to score; waiting: 2"
    assert _refusal(game, "score 9") == "declaration 9 is not waiting to score; waiting: 2"
    run(game, "score 2")
    assert points(game) == (40 + 40, 0)
    assert texts(game) == ["declare sequence AH TH KH*2 QH*2 JH", "draw"]  # 'to score'
    assert [(e.no, e.scored) for e in game.view(0).entries[0]] == [(1, True), (2, True)]


def test_hoyle_one_score_a_trick_even_for_a_declaration_waiting() -> None:
    """A waiting declaration scored after a trick uses that trick's one score: with the
    quota met it is not scored, though others may still be shown."""
    hands = [["AH", "TH", "KH", "QH", "JH", "QS", "JD", "AC"], ["7C", "8C", "9C", "7S", "8S"]]
    stock = ["9S", "9D", "8D", "TD", "KD", "KC"]
    game = dealt(shipped("bezique"), hands, turn_up="9H", stock=stock)
    run(game, "play AC", "play 7C", "declare bezique QS JD", "declare marriage_royal KH QH")
    assert _refusal(game, "score 2") == "you have already scored a combination after this trick"


# -- passing the right (bicyclecards.com) ------------------------------------------------------
def _modern_partners() -> Game:
    hands = [["KD", "QD", "AC"], ["7C"], ["KH", "QH", "7D"], ["8C"]]
    game = dealt(shipped("four-handed-partners-modern"), hands, dealer=3, turn_up="9S")
    run(game, "play AC", "play 7C", "play 7D", "play 8C")
    return game


def test_bicyclecards_the_right_is_passed_by_the_winner_before_he_declares() -> None:
    game = _modern_partners()
    assert texts(game) == ["declare marriage_common KD QD", "yield", "draw"]
    run(game, "declare marriage_common KD QD")
    assert _refusal(game, "yield") == "the right to declare is passed before declaring anything"
    passed = _modern_partners()
    run(passed, "yield")
    assert [(e.kind, e.player) for e in passed.events if e.kind == "yield"] == [("yield", 0)]
    assert passed.to_act == 2 and passed.phase is Phase.DECLARE
    assert texts(passed) == ["declare marriage_common KH QH", "draw"]
    assert _refusal(passed, "yield") == "only the winner of the trick may pass the right to declare"


def test_bicyclecards_a_winner_who_declares_keeps_the_right_from_his_partner() -> None:
    """The right passes to the partner only when the winner passes it: once the winner has
    declared and drawn, his partner (holding a marriage) does not declare after him."""
    game = _modern_partners()
    run(game, "declare marriage_common KD QD", "draw")
    assert game.phase is Phase.PLAY and game.to_act == 0


def test_hoyle_the_right_to_declare_is_not_passed() -> None:
    game = dealt(shipped("bezique"), [["QS", "JD", "AC"], ["7C"]], turn_up="9H")
    run(game, "play AC", "play 7C")
    assert "yield" not in texts(game)
    assert _refusal(game, "yield") == (
        "in this variant the right to declare is not passed to the partner"
    )


# -- a declaration typed wrong -----------------------------------------------------------------
def test_a_declaration_typed_wrong_is_refused_with_the_reason() -> None:
    game = dealt(shipped("bezique"), [["QS", "JD", "KH", "AC"], ["7C"]], turn_up="9H")
    run(game, "play AC", "play 7C")
    assert _refusal(game, "declare bezque QS JD") == (
        "there is no combination 'bezque' in this variant (did you mean 'bezique' (bézique) "
        "or 'double_bezique' (double bézique)?)"
    )
    assert _refusal(game, "declare bezique QS QS") == "you hold only 1 QS"
    assert _refusal(game, "declare bezique QS JH") == "you do not hold JH"
    assert _refusal(game, "declare marriage_common QS JD") == (
        "Q♠ and J♦ do not form common marriage"
    )
    assert _refusal(game, "declare sequence QS JD KH") == "Q♠, J♦ and K♥ do not form sequence"
    assert _refusal(game, "score 1") == "declaration 1 is not waiting to score"
    assert _refusal(game, "declare bezique JD QS") == (
        "write the cards as the move list shows them: bezique is declared with your copies "
        "in a different order"
    )


def test_law_41_no_plain_marriage_before_trumps_are_fixed() -> None:
    game = dealt(shipped("rubicon"), [["KH", "QH", "AH", "TH", "JH", "AC"], ["7C"]])
    run(game, "play AC", "play 7C")
    assert texts(game) == [
        "declare marriage_royal KH QH",
        "declare sequence AH TH KH QH JH",
        "draw",
    ]
    assert _refusal(game, "declare marriage_common KH QH") == (
        "marriage in a plain suit needs trumps, and no trump suit is fixed yet"
    )


# -- the turn-up taken for the seven (Enquire Within 123 iii) ----------------------------------
def test_enquire_within_the_turn_up_taken_for_the_seven_is_not_declared_whichever_card() -> None:
    """The very card taken for the seven of trumps is barred after that trick, the first card
    of the deck (the ace of spades, numbered 0) like any other."""
    variant = variant_with("bezique", **{"seven.turn_up_declarable": False})
    faces = deck_order(variant, [["7S", "AH", "AD", "AC", "AC"], ["7C"]], turn_up="AS")
    rules = Rules(variant)
    copies = {face: list(cards) for face, cards in rules.by_face.items()}
    order = [copies[face].pop(0) for face in faces]
    game = Game.new(variant, deck_order=order, dealer=1, seed=0)
    run(game, "play AC", "play 7C", "exchange 7S")
    assert game._state.table.window.taken == 0
    assert [t for t in texts(game) if t.startswith("declare")] == []
    assert _refusal(game, "declare four_aces AS AH AD AC") == (
        "A♠, just taken for the seven of trumps, may not be declared after this trick"
    )


def test_hoyle_a_marriage_waiting_to_score_bars_only_its_own_cards() -> None:
    """The royal marriage waits 'to score'; after the next trick another marriage, of other
    cards, may still be declared, and the waiting one scored instead."""
    hands = [["KH", "QH", "KS", "QS", "JD", "AC", "AD", "9C"], ["7C", "7D", "8C"]]
    game = dealt(shipped("bezique"), hands, turn_up="9H", stock=["9S", "9D", "8D", "8S"])
    run(game, "play AC", "play 7C", "declare bezique QS JD", "declare marriage_royal KH QH")
    run(game, "draw", "play AD", "play 7D")
    assert texts(game) == ["declare marriage_common KS QS*1", "score 2", "draw"]
    run(game, "declare marriage_common KS QS*1")
    assert points(game) == (40 + 20, 0)
