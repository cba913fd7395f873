"""Rubicon Bézique: the Portland Club's laws 15, 16, 25, 32–49 and 52–55 that the engine
enforces, and the worked examples of Hoyle, the laws and the Britannica's Grand Bézique, each
named after its source."""

from __future__ import annotations

import random

import pytest

from interpreter.engine import Game, IllegalMoveError, Phase, Rules
from interpreter.engine.tricks import endgame_playable
from interpreter.loader.semantic import unsupported
from tests.support import dealt, points, run, shipped, texts, variant_with


def rubicon(hands: list[list[str]], stock: list[str] | None = None) -> Game:
    return dealt(shipped("rubicon"), hands, stock=stock or [])


def declares(game: Game, prefix: str) -> list[str]:
    return [t for t in texts(game) if t.startswith(prefix)]


# -- carte blanche -------------------------------------------------------------------------
BLANK = ["AS", "AH", "AD", "AC", "TS", "9S", "9H", "8S", "8H"]


def test_law_15_carte_blanche_is_declared_before_playing_a_card() -> None:
    game = rubicon([BLANK, ["7S", "7H", "7D"]])
    assert texts(game)[0] == "carte-blanche"
    run(game, "carte-blanche")
    assert points(game) == (50, 0)
    assert sorted(str(f) for f in game.view(1).known[0]) == sorted(BLANK)  # shown
    late = rubicon([BLANK, ["7S", "7H", "7D"]])
    run(late, "play 9S", "play 7S")
    assert "carte-blanche" not in texts(late)
    with pytest.raises(IllegalMoveError, match="carte blanche is over"):
        late.apply("carte-blanche")


def test_law_16_carte_blanche_again_for_each_card_drawn_until_a_court_card() -> None:
    game = rubicon([BLANK, ["7S", "7H", "7S", "8C"]], stock=["7D", "9C", "9D", "9C", "KD"])
    run(game, "carte-blanche", "play 9S", "play 7S", "draw")
    run(game, "carte-blanche", "play 9H", "play 7H", "draw")
    run(game, "carte-blanche", "play 8S", "play 7S", "draw")
    assert "carte-blanche" not in texts(game)  # the king of diamonds ends it
    assert [e.points for e in game.events if e.what == "carte_blanche"] == [50, 50, 50]


def test_law_43_carte_blanche_with_four_aces_scores_both() -> None:
    game = rubicon([BLANK, ["7S"]])
    run(game, "carte-blanche", "play 9S", "play 7S", "declare four_aces AS AH AD AC")
    assert points(game) == (150, 0)


# -- tricks and the stock ------------------------------------------------------------------
def test_law_25_tricks_lie_in_a_heap_until_a_brisque_is_won() -> None:
    game = rubicon([["9S", "9H", "AC"], ["7S", "7H", "7C"]])
    run(game, "play 9S", "play 7S", "draw")
    assert [str(f) for f in game.view(1).heap] == ["9S", "7S"]
    run(game, "play 9H", "play 7H", "draw")
    assert len(game.view(1).heap) == 4
    run(game, "play AC", "play 7C")
    assert game.view(0).heap == ()  # the winner of the brisque takes them all up


def test_law_32_an_odd_last_card_of_the_stock_is_not_drawn() -> None:
    variant = variant_with("rubicon", **{"deck.remove": ["7C"]})
    game = Game.new(variant, seed=3)
    rng = random.Random(3)
    while not game.is_over:
        game.step(rng.choice(game.legal_moves()))
    assert len(game._state.table.undrawn) == 1
    tricks = sum(1 for e in game.events if e.kind == "trick")
    assert tricks == (127 - 1) // 2


def test_law_33_declared_cards_lie_face_up_until_played_or_the_stock_is_exhausted() -> None:
    game = rubicon([["KH", "QH", "AC"], ["7C"]])
    run(game, "play AC", "play 7C", "declare marriage_royal KH QH")
    assert sorted(str(f) for _, f in game.view(1).table[0]) == ["KH", "QH"]
    rng = random.Random(1)
    while game.view(0).stock_size:
        game.step(rng.choice(game.legal_moves()))
    assert game.view(1).table[0] == ()  # back in the hand, and still known
    assert game.view(0).stock_size == 0


# -- re-forming ----------------------------------------------------------------------------
def test_law_34_four_queens_again_with_a_fifth_queen_after_one_is_played() -> None:
    game = rubicon([["QS", "QH", "QD", "QC", "AC"], ["7C", "7S"]], stock=["QS"])
    run(game, "play AC", "play 7C", "declare four_queens QS QH QD QC", "draw")
    run(game, "play QS*1", "play 7S", "declare four_queens QS QH*1 QD*1 QC*1")
    assert points(game) == (120, 0)


def test_law_34_re_forming_needs_a_declared_card_played_first() -> None:
    game = rubicon([["QS", "QH", "QD", "QC", "AC", "AC", "KH"], ["7C", "8C"]], stock=["QS"])
    run(game, "play AC", "play 7C", "declare four_queens QS QH QD QC", "draw", "play AC", "play 8C")
    assert not declares(game, "declare four_queens")
    with pytest.raises(IllegalMoveError, match="first play a card of declaration 1"):
        game.apply("declare four_queens QS QH*1 QD*1 QC*1")


def test_law_35_two_marriages_in_one_suit_make_two_more() -> None:
    hands = [["KH", "KH", "QH", "QH", "AC", "AC", "AD", "AD"], ["7C", "8C", "7D", "8D"]]
    game = rubicon(hands)
    run(game, "play AC", "play 7C", "declare marriage_royal KH QH", "draw")
    run(game, "play AC", "play 8C", "declare marriage_royal KH QH", "draw")
    run(game, "play AD", "play 7D", "declare marriage_royal KH*1 QH*2", "draw")
    run(game, "play AD", "play 8D", "declare marriage_royal KH*2 QH*1")
    assert points(game) == (160, 0)  # 4 × 40 (Hoyle's K1Q2, K2Q1)
    assert not declares(game, "declare marriage")


def test_britannica_a_widow_may_remarry_once_the_spouse_is_played() -> None:
    hands = [["KH", "QH", "AC", "AC", "QS", "JD"], ["7C", "8C", "7D"]]
    game = dealt(shipped("grand"), hands, turn_up="8S", stock=["KH"])
    run(game, "play AC", "play 7C", "declare marriage_common KH QH", "draw", "play AC", "play 8C")
    assert game.phase is Phase.DECLARE  # bézique keeps the window open
    with pytest.raises(IllegalMoveError, match="still married"):
        game.apply("declare marriage_common KH QH*1")  # bigamy
    run(game, "draw", "play KH*1", "play 7D", "declare marriage_common KH QH*1")
    assert points(game) == (40, 0)


def test_britannica_four_aces_again_with_a_fifth_ace() -> None:
    hands = [["AS", "AH", "AD", "AC", "AC", "KC"], ["7C", "8C"]]
    game = dealt(shipped("grand"), hands, turn_up="8S")
    run(
        game,
        "play KC",
        "play 7C",
        "declare four_aces AS AH AD AC",
        "draw",
        "play AC*1",
        "play 8C",
        "declare four_aces AS*1 AH*1 AD*1 AC",
    )
    assert points(game) == (200, 0)


def test_law_36_marriage_then_sequence() -> None:
    hands = [["AH", "TH", "KH", "QH", "JH", "AC", "AC"], ["7C", "8C"]]
    game = rubicon(hands)
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


def test_law_37_no_marriage_from_a_sequence_king_but_a_fresh_pair_may_marry() -> None:
    hands = [["AH", "TH", "KH", "QH", "JH", "KH", "AC", "AC"], ["7C", "8C"]]
    game = rubicon(hands, stock=["QH"])
    run(game, "play AC", "play 7C", "declare sequence AH TH KH QH JH", "draw", "play AC", "play 8C")
    assert declares(game, "declare marriage") == ["declare marriage_royal KH QH"]
    with pytest.raises(IllegalMoveError, match="superior combination"):
        game.apply("declare marriage_royal KH*1 QH")
    run(game, "declare marriage_royal KH QH")
    assert points(game) == (290, 0)


def test_law_38_beziques_declared_apart_may_be_united_into_a_double() -> None:
    hands = [["QS", "QS", "JD", "JD", "AC", "AC", "AD"], ["7C", "8C", "7D"]]
    game = rubicon(hands)
    run(
        game,
        "play AC",
        "play 7C",
        "declare bezique QS JD",
        "draw",
        "play AC",
        "play 8C",
        "declare bezique QS JD",
        "draw",
        "play AD",
        "play 7D",
        "declare double_bezique QS*1 QS*2 JD*1 JD*2",
    )
    assert points(game) == (580, 0)


def test_law_38_cards_of_a_double_never_form_a_single_again() -> None:
    hands = [["QS", "QS", "JD", "JD", "AC", "AC", "KH", "QH"], ["7C", "8C"]]
    game = rubicon(hands)
    run(
        game,
        "play AC",
        "play 7C",
        "declare double_bezique QS QS JD JD",
        "draw",
        "play AC",
        "play 8C",
    )
    assert not declares(game, "declare bezique")
    with pytest.raises(IllegalMoveError, match="superior combination"):
        game.apply("declare bezique QS*1 JD*1")


# -- declaring and scoring -----------------------------------------------------------------
def test_law_39_law_49_a_player_need_not_declare_nor_score() -> None:
    game = rubicon([["KH", "QH", "AC"], ["7C"]])
    run(game, "play AC", "play 7C")
    assert "draw" in texts(game)
    run(game, "draw")
    assert points(game) == (0, 0)


def test_law_40_the_table_of_scores() -> None:
    table = {c.id: c.points for c in shipped("rubicon").combinations if c.enabled}
    assert table == {
        "marriage_royal": 40,
        "marriage_common": 20,
        "sequence": 250,
        "sequence_plain": 150,
        "bezique": 40,
        "double_bezique": 500,
        "triple_bezique": 1500,
        "quadruple_bezique": 4500,
        "four_aces": 100,
        "four_kings": 80,
        "four_queens": 60,
        "four_knaves": 40,
    }
    blank = shipped("rubicon").carte_blanche
    assert blank is not None and blank.points == 50


def test_law_41_the_first_marriage_scored_makes_trumps_and_counts_40() -> None:
    game = rubicon([["KH", "QH", "KS", "QS", "AC", "AC"], ["7C", "8C"]])
    assert game.trump is None
    run(game, "play AC", "play 7C")
    assert declares(game, "declare marriage_common") == []  # the first is always in trumps
    run(game, "declare marriage_royal KH QH")
    assert game.trump == "H" and points(game) == (40, 0)
    run(game, "draw", "play AC", "play 8C", "declare marriage_common KS QS")
    assert points(game) == (60, 0)


def test_law_41_a_sequence_scored_before_any_marriage_makes_trumps() -> None:
    game = rubicon([["AD", "TD", "KD", "QD", "JD", "AC"], ["7C"]])
    run(game, "play AC", "play 7C", "declare sequence AD TD KD QD JD")
    assert game.trump == "D" and points(game) == (250, 0)


def test_law_41_trumps_are_fixed_by_a_marriage_scored_not_one_held_to_score() -> None:
    game = rubicon([["KH", "QH", "JS", "JH", "JD", "JC", "AC"], ["7C"]])
    run(
        game,
        "play AC",
        "play 7C",
        "declare four_knaves JS JH JD JC",
        "declare marriage_royal KH QH",
    )
    assert game.trump is None


def test_law_42_only_the_winner_of_a_trick_declares() -> None:
    game = rubicon([["AC"], ["KH", "QH", "7C"]])
    run(game, "play AC", "play 7C", "draw")
    assert not [t for t in texts(game) if t.startswith("declare")]
    assert game.to_act == 0


def test_law_43_law_44_one_declaration_at_a_time_the_other_to_score() -> None:
    hands = [["KH", "QH", "JS", "JH", "JD", "JC", "AC", "AC"], ["7C", "8C"]]
    game = rubicon(hands)
    run(
        game,
        "play AC",
        "play 7C",
        "declare four_knaves JS JH JD JC",
        "declare marriage_royal KH QH",
    )
    assert points(game) == (40, 0)
    pending = [e for e in game.view(0).entries[0] if not e.scored]
    assert [(e.no, e.combo) for e in pending] == [(2, "marriage_royal")]


def test_law_45_what_is_to_score_is_scored_on_a_later_trick_before_drawing() -> None:
    hands = [["KH", "QH", "JS", "JH", "JD", "JC", "AC", "AC"], ["7C", "8C"]]
    game = rubicon(hands)
    run(
        game,
        "play AC",
        "play 7C",
        "declare four_knaves JS JH JD JC",
        "declare marriage_royal KH QH",
        "draw",
        "play AC",
        "play 8C",
        "score 2",
    )
    assert points(game) == (80, 0) and game.trump == "H"


def test_law_46_what_is_to_score_is_lost_when_a_card_of_it_is_played() -> None:
    hands = [["KH", "QH", "JS", "JH", "JD", "JC", "AC"], ["7C", "8H"]]
    game = rubicon(hands)
    run(
        game,
        "play AC",
        "play 7C",
        "declare four_knaves JS JH JD JC",
        "declare marriage_royal KH QH",
        "draw",
        "play KH*2",
        "play 8H",
    )
    assert not [t for t in texts(game) if t.startswith("score")]
    assert [e.no for e in game.view(0).entries[0] if not e.scored] == [2]  # lost, still listed


def test_law_47_a_marriage_to_score_is_lost_when_its_sequence_is_scored() -> None:
    hands = [["KH", "QH", "AH", "JS", "JH", "JD", "JC", "AC", "AC"], ["7C", "8C"]]
    game = rubicon(hands, stock=["TH"])
    run(
        game,
        "play AC",
        "play 7C",
        "declare four_knaves JS JH JD JC",
        "declare marriage_royal KH QH",
        "draw",
        "play AC",
        "play 8C",
        "declare sequence AH TH KH*2 QH*2 JH*1",
    )
    assert points(game) == (290, 0)
    assert [e.no for e in game.view(0).entries[0] if not e.scored] == [
        2
    ]  # lost, still listed  # the marriage is gone


def test_law_48_an_inferior_bezique_to_score_is_lost_when_a_double_is_scored() -> None:
    hands = [["QS", "QS", "JD", "JD", "KH", "QH", "AC", "AC"], ["7C", "8C"]]
    game = rubicon(hands)
    run(
        game,
        "play AC",
        "play 7C",
        "declare marriage_royal KH QH",
        "declare bezique QS JD",
        "draw",
        "play AC",
        "play 8C",
    )
    run(game, next(t for t in texts(game) if t.startswith("declare double_bezique")))
    assert points(game) == (540, 0)
    assert [e.no for e in game.view(0).entries[0] if not e.scored] == [2]  # lost, still listed


def test_hoyle_four_kings_then_bezique_and_forty_for_marriage_to_score() -> None:
    hands = [["KS", "KH", "KD", "KC", "QS", "JD", "AC", "AC", "AD"], ["7C", "8C", "7D"]]
    game = rubicon(hands)
    run(
        game,
        "play AC",
        "play 7C",
        "declare four_kings KS KH KD KC",
        "draw",
        "play AC",
        "play 8C",
        "declare bezique QS JD",
        "declare marriage_royal KS*1 QS*2",
    )
    assert points(game) == (120, 0)
    run(game, "draw", "play AD", "play 7D", "score 3")
    assert points(game) == (160, 0) and game.trump == "S"


# -- the last tricks -----------------------------------------------------------------------
def _to_endgame(seed: int) -> Game:
    game = Game.new(shipped("rubicon"), seed=seed, dealer=0)
    rng = random.Random(seed)
    while game.view(0).stock_size:
        game.step(rng.choice(game.legal_moves()))
    return game


def test_law_52_no_declaration_after_the_stock_is_exhausted() -> None:
    game = _to_endgame(2)
    rng = random.Random(2)
    while not game.is_over:
        moves = game.legal_moves()
        assert all(m.kind in ("play", "carte_blanche") for m in moves)
        game.step(rng.choice(moves))


def test_law_53_law_54_the_winner_of_the_last_trick_scores_50() -> None:
    game = _to_endgame(4)
    rng = random.Random(4)
    while not game.is_over:
        game.step(rng.choice(game.legal_moves()))
    last = [e for e in game.events if e.what == "last_trick"]
    tricks = [e for e in game.events if e.kind == "trick"]
    assert len(last) == 1 and last[0].points == 50 and last[0].player == tricks[-1].player
    assert len(tricks) == 64  # 55 stock tricks and 9 more


def test_law_55_in_the_last_nine_tricks_follow_suit_and_win_the_card_led() -> None:
    variant = shipped("rubicon")
    rules = Rules(variant)
    hand = [rules.by_face["KC"][0], rules.by_face["7C"][0], rules.by_face["AH"][0]]
    led = [rules.by_face["QC"][0]]
    legal = endgame_playable(hand, led, rules.suit, rules.end_strength, "H", variant.endgame)
    assert [rules.face[c] for c in legal] == ["KC"]
    void = [rules.by_face["7H"][0], rules.by_face["AD"][0]]
    legal = endgame_playable(void, led, rules.suit, rules.end_strength, "H", variant.endgame)
    assert [rules.face[c] for c in legal] == ["7H"]


# -- regressions found in review ------------------------------------------------------------
def test_law_41_a_royal_marriage_held_to_score_is_a_common_one_when_other_trumps_are_fixed() -> (
    None
):
    hands = [["QS", "JD", "KH", "QH", "AC", "AC", "7D"], ["KS", "QS", "7C", "AD", "8C"]]
    game = rubicon(hands)
    run(
        game,
        "play AC",
        "play 7C",
        "declare bezique QS JD",
        "declare marriage_royal KH QH",
        "draw",
        "play 7D",
        "play AD",
        "declare marriage_royal KS QS",
        "draw",
    )
    assert game.trump == "S"
    waiting = [(e.combo, e.points) for e in game._state.table.ledger[0] if e.waiting]
    assert waiting == [("marriage_common", 20)]  # no longer in trumps: 20 to score, not 40
    run(game, "play 8C", "play AC")
    assert declares(game, "declare") + declares(game, "score") == ["score 2"]
    before = points(game)[0]
    run(game, "score 2")
    assert points(game)[0] == before + 20


def _hearts_in_sequence_to_score(opponent_ace: str) -> Game:
    """p1 wins the first trick, scores a bézique and shows the hearts sequence 'to score'
    before any trumps; p2 holds the king and queen of spades and ``opponent_ace``."""
    hands = [
        ["AH", "TH", "KH", "QH", "JH", "QS", "JD", "AC", "7D"],
        ["KS", "QS", "7C", opponent_ace, "8C", "9C"],
    ]
    game = rubicon(hands, stock=["AC", "9D", "9D", "9S"])
    run(game, "play AC", "play 7C", "declare bezique QS JD", "declare sequence AH TH KH QH JH")
    return game


def test_law_37_a_sequence_held_to_score_bars_its_marriage_when_other_trumps_are_fixed() -> None:
    """Hearts shown in sequence 'to score' before trumps exist; the opponent's marriage makes
    spades trumps.  The sequence is now a plain one, still to score (150), and its king and
    queen, 'once declared in sequence', never marry (law 37)."""
    game = _hearts_in_sequence_to_score(opponent_ace="AD")
    run(game, "draw", "play 7D", "play AD", "declare marriage_royal KS QS", "draw")
    assert game.trump == "S"
    run(game, "play 8C", "play AC")
    assert declares(game, "declare") + declares(game, "score") == ["score 2"]
    with pytest.raises(IllegalMoveError):
        game.step(game.parse_move("declare marriage_common KH QH"))
    before = points(game)[0]
    run(game, "score 2")
    assert points(game)[0] == before + 150


def test_law_46_a_sequence_lost_before_other_trumps_are_fixed_still_bars_its_marriage() -> None:
    game = _hearts_in_sequence_to_score(opponent_ace="AH")
    run(game, "draw", "play JH*2", "play AH", "declare marriage_royal KS QS", "draw")
    run(game, "play 8C", "play AC")
    assert game.trump == "S"
    assert [e.lost for e in game._state.table.ledger[0]] == [False, True]  # the sequence
    assert declares(game, "declare") + declares(game, "score") == []


def test_law_16_each_player_shows_his_own_card_drawn() -> None:
    h0 = ["AS", "TS", "9S", "8S", "7S", "AH", "TH", "9H", "8H"]
    h1 = ["AD", "TD", "9D", "8D", "7D", "AC", "TC", "9C", "8C"]
    game = dealt(shipped("rubicon"), [h0, h1], dealer=1, stock=["7H", "7C"])
    run(game, "carte-blanche", "play AS", "carte-blanche", "play 7D", "carte-blanche")
    again = [e.text for e in game.events if e.kind == "carte_blanche"][-1]
    assert again == "carte blanche again: 7♥"  # his own draw, not his opponent's 7♣
    assert "7C" not in [str(f) for f in game.view(1).known[0]]


def test_foster_window_is_refused_until_the_dealer_can_claim_before_the_lead() -> None:
    """Foster: carte blanche 'only before the first trick is played to'.  Law 15's window
    ('before playing a card') already lets the second player claim after the lead, so the two
    would play alike: the loader refuses Foster's window as not supported yet."""
    variant = variant_with("rubicon", **{"carte_blanche.window": "before_first_trick"})
    assert [p.path for p in unsupported(variant)] == [("carte_blanche", "window")]
    assert not unsupported(shipped("rubicon"))
