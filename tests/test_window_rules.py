"""The declaring window's rules as a player sees them: what a declaration tells the table (the
``declare``, ``pending`` and ``trumps`` events, the cards shown), trumps fixed by a marriage
merely declared (``trump.fixed_on = "declared"``), the Britannica's several declarations after
a trick sharing no card with any of them, declarations in the last tricks (the cards stay in
the hand, known to all), and the refusals of a declaration typed wrong — the combination
misspelt ('did you mean …'), cards that do not form it, a waiting declaration that is not
there, a right to pass with no partner."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from interpreter.engine import Declare, Game, IllegalMoveError, Phase
from interpreter.model import Variant
from tests.support import dealt, points, run, shipped, texts, variant_with
from tests.test_living_haitian import LOW, haitian, trumps_hearts


def _refusal(game: Game, move: str) -> str:
    with pytest.raises(IllegalMoveError) as refused:
        game.apply(move)
    return refused.value.reason


def _told(game: Game, *kinds: str) -> list[tuple[str, int | None, tuple[str, ...], int, str, int]]:
    """The events of ``kinds`` as the table reads them: kind, seat, cards, points, what, number."""
    return [
        (e.kind.value, e.player, tuple(e.cards), e.points, str(e.what), e.number)
        for e in game.events
        if e.kind in kinds
    ]


# -- what a declaration tells the table --------------------------------------------------------
def test_hoyle_a_declaration_scored_and_one_shown_to_score_are_announced_with_their_cards() -> None:
    """Bézique: after a trick the bézique scores 40 and the royal marriage is shown 'to score'
    (one score a trick): the table is told each one's cards, points and number, and the score
    carries the bézique's cards."""
    hands = [["QS", "JD", "KH", "QH", "AC"], ["7C"]]
    game = dealt(shipped("bezique"), hands, turn_up="9H")
    run(game, "play AC", "play 7C", "declare bezique QS JD", "declare marriage_royal KH QH")
    assert _told(game, "declare", "pending") == [
        ("declare", 0, ("QS", "JD"), 40, "bezique", 1),
        ("pending", 0, ("KH", "QH"), 40, "marriage_royal", 2),
    ]
    assert [(e.cards, e.points, e.what) for e in game.events if e.kind == "score"][-1] == (
        ("QS", "JD"),
        40,
        "bezique",
    )
    assert points(game) == (40, 0)


def test_hoyle_declared_cards_are_shown_to_the_table() -> None:
    """The cards of a declaration are laid face up: the opponent no longer counts them among
    the cards he has not seen, and forgets none of those he has."""
    game = dealt(shipped("bezique"), [["KH", "QH", "AC"], ["7C"]], turn_up="9H")
    run(game, "play AC", "play 7C")
    before = Counter(str(face) for face in game.view(1).unseen)
    run(game, "declare marriage_royal KH QH")
    after = Counter(str(face) for face in game.view(1).unseen)
    assert before - after == Counter({"KH": 1, "QH": 1})
    assert not after - before


def test_britannica_several_declarations_share_no_card_with_any_of_them() -> None:
    """Grand Bézique: after the bézique and a marriage of other cards, four knaves holding the
    bézique's knave of diamonds is refused — the cards of every declaration after the trick
    count, not only the last one's."""
    hands = [["QS", "JD", "KH", "QH", "JS", "JH", "JC", "AC"], ["7C"]]
    game = dealt(shipped("grand"), hands, turn_up="9S")
    run(game, "play AC", "play 7C")
    assert "declare four_knaves JS JH JD JC" in texts(game)
    run(game, "declare bezique QS JD", "declare marriage_common KH QH")
    assert texts(game) == ["draw"]
    assert _refusal(game, "declare four_knaves JS JH JD*1 JC") == (
        "J♦ is already in a combination declared after this trick"
    )


# -- trumps fixed on declaring -----------------------------------------------------------------
def _marriage_to_score(fixed_on: str) -> Game:
    """Rubicon, no trumps yet: four aces score after the first trick, then the marriage of
    hearts is shown 'to score'."""
    variant = variant_with("rubicon", **{"trump.fixed_on": fixed_on})
    hands = [["AS", "AH", "AD", "AC", "KH", "QH", "KC", "QC", "9D"], ["7C"]]
    game = dealt(variant, hands)
    run(game, "play 9D", "play 7C", "declare four_aces AS AH AD AC")
    run(game, "declare marriage_royal KH QH")
    return game


def test_law_41_a_marriage_shown_to_score_does_not_make_trumps() -> None:
    """'The first marriage scored makes the trump suit' (law 41): held 'to score', the
    marriage of hearts fixes nothing, and clubs could still be trumps."""
    game = _marriage_to_score("scored")
    assert game.trump is None
    assert _told(game, "trumps") == []
    assert texts(game) == ["declare marriage_royal KC QC", "draw"]


def test_trumps_fixed_on_declaring_a_marriage_shown_to_score_makes_trumps() -> None:
    """``trump.fixed_on = "declared"``: the marriage of hearts makes hearts trumps as it is
    shown, though it waits 'to score'; the marriage of clubs is then a plain one."""
    game = _marriage_to_score("declared")
    assert game.trump == "H"
    assert _told(game, "pending", "trumps") == [
        ("pending", 0, ("KH", "QH"), 40, "marriage_royal", 2),
        ("trumps", 0, (), 0, "H", 0),
    ]
    assert texts(game) == ["declare marriage_common KC QC", "draw"]


def test_law_41_only_the_first_marriage_makes_trumps() -> None:
    """Rubicon: the first marriage of hearts makes hearts trumps; a second one, after the
    next trick, is a marriage in trumps and announces nothing more."""
    hands = [["KH", "QH", "KH", "QH", "AC", "AC", "9D"], ["7C", "8C"]]
    game = dealt(shipped("rubicon"), hands, stock=["7D", "8D"])
    run(game, "play AC", "play 7C", "declare marriage_royal KH QH", "draw")
    run(game, "play AC", "play 8C", "declare marriage_royal KH QH")
    assert game.trump == "H"
    assert _told(game, "trumps") == [("trumps", 0, (), 0, "H", 0)]
    assert points(game) == (40 + 40, 0)


# -- the last tricks ---------------------------------------------------------------------------
def _declaring_in_the_last_tricks() -> tuple[Game, Declare]:
    """The house rule of declaring after the stock is exhausted: the first deal (of a few
    seeded ones, played at random without declaring) in which the winner of a last trick may
    declare two or more cards of his hand."""
    variant = variant_with("bezique", **{"declare.after_stock_exhausted": True})
    for seed in range(40):
        game = Game.new(variant, seed=seed)
        rng = random.Random(seed)
        while game.deals_finished == 0:
            actor = game.to_act
            assert actor is not None
            if game.phase is Phase.DECLARE and game.view(actor).stock_size == 0:
                hand = game._state.table.hands[actor]
                found = [
                    m
                    for m in game.legal_moves()
                    if isinstance(m, Declare) and len(m.cards) > 1 and set(m.cards) <= hand
                ]
                if found:
                    return game, found[0]
            game.step(rng.choice([m for m in game.legal_moves() if not isinstance(m, Declare)]))
    raise AssertionError("no declaration from the hand in the last tricks of forty deals")


def test_declaring_after_the_stock_cards_declared_stay_in_the_hand_known_to_all() -> None:
    """A house rule (``declare.after_stock_exhausted``).  When the stock is exhausted the
    declared cards 'are taken up by their owners' (Britannica), so cards declared in the last
    tricks are shown and stay in the hand, known to the opponent and no longer among the cards
    he has not seen."""
    game, move = _declaring_in_the_last_tricks()
    seat = game.to_act
    assert seat is not None
    other = 1 - seat
    shown = Counter(game.rules.face[card] for card in move.cards)
    hand = Counter(str(face) for face in game.view(seat).hand)
    unseen = Counter(str(face) for face in game.view(other).unseen)
    laid = len(game.view(seat).table[seat])
    game.step(move)
    assert Counter(str(face) for face in game.view(seat).hand) == hand
    assert len(game.view(seat).table[seat]) == laid
    assert Counter(str(face) for face in game.view(other).known[seat]) >= shown
    assert unseen - Counter(str(face) for face in game.view(other).unseen) == shown


# -- refusals ----------------------------------------------------------------------------------
def _window(variant: Variant, hand: list[str], turn_up: str | None = "9H") -> Game:
    """Seat 0 wins the first trick with A♣, holding ``hand`` besides, and may declare."""
    game = dealt(variant, [[*hand, "AC"], ["7C"]], turn_up=turn_up)
    run(game, "play AC", "play 7C")
    assert game.phase is Phase.DECLARE
    return game


def test_a_misspelt_combination_is_answered_with_the_nearest_ones() -> None:
    """The suggestions come from the ids and from the names the player sees, accents or not,
    up to three different combinations."""
    game = _window(shipped("bezique"), ["QS", "JD", "KH", "QH"])
    no = "there is no combination"
    assert _refusal(game, "declare royal_mariage KH QH") == (
        f"{no} 'royal_mariage' in this variant (did you mean 'marriage_royal' (royal marriage) "
        "or 'marriage_common' (common marriage)?)"
    )
    assert _refusal(game, "declare bésique QS JD") == (
        f"{no} 'bésique' in this variant (did you mean 'bezique' (bézique)?)"
    )
    # the name the player sees, accents and all, is the combination itself
    assert str(game.parse_move("declare bézique QS JD")) == "declare bezique QS JD"
    assert _refusal(game, "declare fours_kings KH") == (
        f"{no} 'fours_kings' in this variant (did you mean 'four_kings' (four kings) or "
        "'four_knaves' (four knaves) or 'four_queens' (four queens)?)"
    )
    assert _refusal(game, "declare xyz KH") == f"{no} 'xyz' in this variant"


def test_a_misspelt_combination_of_the_eight_pack_game() -> None:
    game = _window(shipped("eight-pack"), ["KH", "QH"], turn_up=None)
    no = "there is no combination"
    assert _refusal(game, "declare five_aces KH") == (
        f"{no} 'five_aces' in this variant (did you mean 'five_trump_aces' (five aces of "
        "trumps) or 'four_aces' (four aces) or 'five_trump_knaves' (five knaves of trumps)?)"
    )
    assert _refusal(game, "declare sequence_in_trump KH") == (
        f"{no} 'sequence_in_trump' in this variant (did you mean 'sequence' (sequence in "
        "trumps) or 'sequence_plain' (sequence in a plain suit)?)"
    )


def test_haitian_the_besigue_is_found_by_its_name() -> None:
    """Haitian calls the bézique 'bésigue': a player who types the start of that name, with
    the accent or without, is pointed to the combination's id."""
    game = dealt(haitian(), [["KH", "QH", "AS", "AH", "AD", "AC", "AC", "9D"], LOW])
    run(game, "play 9D", "play 7C")
    for typed in ("besi", "bési"):
        assert _refusal(game, f"declare {typed} KH") == (
            f"there is no combination '{typed}' in this variant (did you mean 'bezique' (bésigue)?)"
        )


def test_cards_typed_that_do_not_form_the_combination() -> None:
    """Two copies of the queen of spades are two cards, which do not form a bézique; one card
    alone forms nothing."""
    game = _window(shipped("bezique"), ["QS", "QS", "JD"])
    assert _refusal(game, "declare bezique QS QS") == "Q♠ and Q♠ do not form bézique"
    assert _refusal(game, "declare bezique QS QS QS") == "you hold only 2 QS"
    assert _refusal(game, "declare bezique QS") == "Q♠ does not form bézique"


def test_haitian_once_trumps_are_fixed_cards_that_do_not_form_four_aces() -> None:
    """With hearts trumps the Haitian rule of declaring the trump-fixing marriage first no
    longer applies: four cards typed wrong are refused for what they are."""
    game = trumps_hearts(haitian(), ["AS", "AH", "AD", "AC", "9D"], ["8D", "9S"])
    run(game, "play 9D", "play 8C")
    assert texts(game) == ["declare four_aces AS AH AD AC", "draw"]
    assert _refusal(game, "declare four_aces AS AH AD QH*1") == (
        "A♠, A♥, A♦ and Q♥ do not form four aces"
    )


def test_hoyle_scoring_a_declaration_that_is_not_waiting_names_those_that_are() -> None:
    """Two marriages wait 'to score' after the bézique scored: asked for another number, the
    player is told which are waiting."""
    game = _window(shipped("bezique"), ["QS", "JD", "KH", "QH", "KC", "QC"])
    run(game, "declare bezique QS JD", "declare marriage_royal KH QH")
    run(game, "declare marriage_common KC QC")
    assert _refusal(game, "score 9") == "declaration 9 is not waiting to score; waiting: 2, 3"


def test_britannica_partners_a_bezique_waiting_to_score_is_barred_by_the_partners_double() -> None:
    """Four hands in partnership: seat 0 scores the royal marriage and shows the bézique 'to
    score'; his partner then declares double bézique with those two cards and his own pair
    ('the béziques may be declared from the hand of either partner').  After seat 0's next
    trick the single bézique cannot be scored: its cards stand in a superior combination."""
    hands = [
        ["TC", "KH", "QH", "QS", "JD", "KD", "QD"],
        ["7C", "7D", "7S", "8D"],
        ["QS", "JD", "9S", "8H", "8S"],
        ["8C", "7H", "9C", "9D"],
    ]
    game = dealt(shipped("four-handed-partners"), hands, dealer=3, turn_up="9H", stock=["AS"])
    run(game, "play TC", "play 7C", "play 9S", "play 8C")
    run(game, "declare marriage_royal KH QH", "declare bezique QS JD", "draw")
    run(game, "declare double_bezique QS QS+2 JD JD+2", "draw")
    run(game, "play AS", "play 7S", "play 8S", "play 9C")
    assert texts(game) == ["declare marriage_common KD QD", "draw"]
    assert _refusal(game, "score 2") == (
        "Q♠ has been declared in double bézique, a superior combination of the same class"
    )


def test_the_right_to_declare_passed_with_no_partner_to_pass_it_to() -> None:
    """Two players under the rule of passing the right (``declare.right = "winner_may_pass"``):
    there is no one to pass it to."""
    variant = variant_with("bezique", **{"declare.right": "winner_may_pass"})
    game = _window(variant, ["QS", "JD"])
    assert texts(game) == ["declare bezique QS JD", "draw"]
    assert _refusal(game, "yield") == "there is no partner to pass the declaration to"
