"""The reuse ledger: which cards may be declared as which combination, as the sources say
(Hoyle; the Portland Club's laws 33-38; the Britannica's three- and four-handed and partnership
play; bicyclecards.com's Four-Hand Bezique), each rule stated by what a player sees: the
declarations listed, the refusal of a typed one, the points scored."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from interpreter.engine import Game, IllegalMoveError, Phase, ledger
from interpreter.engine.ledger import Pruned
from tests.support import dealt, points, run, shipped, texts, two_singles, variant_with
from tests.test_inferior_bar import _sequence_to_score
from tests.test_living_haitian import LOW, combination_changed, haitian
from tests.test_polish import polish

# -- partnership play: whose declared cards may serve ------------------------------------------
PARTNERS = [
    ["QS", "JD", "AC", "AC", "7H"],  # seat 0: the bézique, then leads again
    ["7C", "8C", "9C"],
    ["KS", "QS", "JD", "7D", "8D"],  # seat 2: a king for the partner's queen of spades
    ["8S", "9S", "TC"],
]


def _partners(cards: str) -> Game:
    """Seat 0 scores a bézique (Q♠ J♦ on his table); his partner, seat 2, holding K♠ Q♠ J♦,
    then has his turn to declare."""
    variant = variant_with("four-handed-partners", **{"reuse.partner_cards": cards})
    game = dealt(variant, PARTNERS, dealer=3, turn_up="9H")
    run(game, "play AC", "play 7C", "play 7D", "play 8S", "declare bezique QS JD", "draw")
    assert game.to_act == 2 and game.phase is Phase.DECLARE
    return game


def test_britannica_partners_make_double_bezique_from_either_hand_and_nothing_else() -> None:
    """Britannica: 'to form them [a second double or a triple bézique] the béziques may be
    declared from the hand of either partner' — the béziques of a double, not a marriage or a
    single bézique with the partner's cards."""
    game = _partners("either_hand_for_multi_bezique")
    assert texts(game) == [
        "declare marriage_common KS QS",
        "declare bezique QS JD",
        "declare double_bezique QS QS+1 JD JD+1",
        "draw",
    ]
    for typed in ("declare marriage_common KS QS+1", "declare bezique QS+1 JD"):
        with pytest.raises(IllegalMoveError, match="Q♠ is not yours to declare"):
            game.apply(typed)
    run(game, "declare double_bezique QS QS+1 JD JD+1")
    assert points(game) == (40, 0, 500, 0)


def test_bicycle_partner_table_serves_the_side_history_of_a_kind() -> None:
    """bicyclecards.com: a partner's declared cards may be added to, but what they have
    scored in a kind they have scored for the side: the partner's Q♠ of a scored bézique
    makes no bézique again with my J♦."""
    game = _partners("partner_table")
    assert "declare marriage_common KS QS+1" in texts(game)
    assert [t for t in texts(game) if t.startswith("declare bezique")] == ["declare bezique QS JD"]
    with pytest.raises(IllegalMoveError, match="Q♠ has already scored in a bezique"):
        game.apply("declare bezique QS+1 JD")


# -- the Britannica's multi-bézique extension (three and four hands) -------------------------
def _second_double(extension: bool) -> Game:
    """Seat 0 scores a double bézique, wins another trick holding a third bézique pair."""
    variant = variant_with("three-handed", **{"reuse.multi_bezique_extension": extension})
    hands = [["QS", "QS", "QS", "JD", "JD", "JD", "AC", "AC"], ["7C", "7D"], ["8C", "8D"]]
    game = dealt(variant, hands, dealer=2, turn_up="9H")
    run(game, "play AC", "play 7C", "play 8C", "declare double_bezique QS QS JD JD", "draw")
    run(game, "play AC", "play 7D", "play 8D")
    return game


def test_britannica_a_second_double_bezique_only_with_the_three_and_four_handed_rule() -> None:
    """Britannica, three-handed: 'a second double bézique ... may be declared to a bézique on
    the table, which has already been used for double bézique'.  Without that rule (the
    two-handed game's, once per kind) the shared bézique has scored in a double already."""
    allowed = _second_double(True)
    assert "declare double_bezique QS*1 QS JD*1 JD" in texts(allowed)
    plain = _second_double(False)
    assert [t for t in texts(plain) if t.startswith("declare double")] == []
    with pytest.raises(IllegalMoveError, match="Q♠ has already scored in a double bezique"):
        plain.apply("declare double_bezique QS*1 QS JD*1 JD")
    assert "declare triple_bezique QS*1 QS*1 QS JD*1 JD*1 JD" in texts(plain)


def test_britannica_a_third_double_bezique_needs_a_bezique_not_yet_in_a_double() -> None:
    """Britannica: the second double is declared 'to a bézique ... already used for double
    bézique' with the other bézique new.  After two doubles sharing a bézique, the two
    béziques each used once make no third double: neither is new."""
    hands = [
        ["QS", "QS", "QS", "JD", "JD", "JD", "AC", "AC"],
        ["7C", "7D", "7S"],
        ["8C", "8D", "8S"],
    ]
    stock = ["AC", "9S", "9S", "KS", "9D", "9C"]  # the third ace, then a king to marry
    game = dealt(shipped("three-handed"), hands, dealer=2, turn_up="9H", stock=stock)
    run(game, "play AC", "play 7C", "play 8C", "declare double_bezique QS QS JD JD", "draw")
    run(game, "play AC", "play 7D", "play 8D", "declare double_bezique QS*1 QS JD*1 JD", "draw")
    run(game, "play AC", "play 7S", "play 8S")
    assert texts(game) == [
        "declare marriage_common KS QS*1.2",
        "declare marriage_common KS QS*1",
        "declare marriage_common KS QS*2",
        "draw",
    ]
    with pytest.raises(IllegalMoveError) as refused:
        game.apply("declare double_bezique QS*1 QS*2 JD*1 JD*2")
    assert refused.value.reason == "Q♠ has already scored in a double bezique"


def test_britannica_four_handed_a_double_bezique_shares_a_whole_bezique_with_each_double() -> None:
    """Britannica, four-handed (four packs): a second double bézique is declared to a bézique
    already used in a double, with the other pair new.  After two doubles sharing a bézique,
    a double may share that bézique with both, or the second's new bézique with it; but the
    queen of both doubles with a knave of the first only is no bézique of the second, so the
    queen has already scored in it."""
    hands = [
        ["QS", "QS", "JD", "JD", "QS", "JD", "QS", "AC"],
        ["7C", "7D", "8C"],
        ["8D", "9C", "9D"],
        ["7S", "8S", "TC"],
    ]
    stock = ["JD", "9S", "9S", "8H", "AC"]  # the fourth knave, then an ace for the third trick
    game = dealt(shipped("four-handed"), hands, dealer=3, turn_up="9H", stock=stock)
    run(game, "play AC", "play 7C", "play 8D", "play 7S", "declare double_bezique QS QS JD JD")
    run(game, "draw", "play QS*1", "play 7D", "play 9C", "play 8S")  # led from the table
    run(game, "declare double_bezique QS*1 QS JD*1 JD", "draw")
    run(game, "play AC", "play 8C", "play 9D", "play TC")
    doubles = [t for t in texts(game) if t.startswith("declare double_bezique")]
    assert doubles == [
        "declare double_bezique QS*1.2 QS JD*1.2 JD",
        "declare double_bezique QS*2 QS JD*2 JD",
    ]
    with pytest.raises(IllegalMoveError) as refused:
        game.apply("declare double_bezique QS*1.2 QS JD*1 JD")
    assert refused.value.reason == "Q♠ has already scored in a double bezique"


# -- a fresh card, and a card of the trick just won --------------------------------------------
def test_foster_two_singles_refused_as_a_double_for_want_of_a_card_new_in_the_class() -> None:
    game = two_singles(shipped("bezique"))
    with pytest.raises(IllegalMoveError) as refused:
        game.apply("declare double_bezique QS*1 QS*2 JD*1 JD*2")
    assert refused.value.reason == (
        "every card has been declared before in this class: add a card not yet declared"
    )


def test_britannica_every_declaration_needs_a_card_never_declared_before() -> None:
    """Britannica (fresh card 'always'): four knaves, then four queens, and no bézique of
    their cards, though no bézique has been declared."""
    variant = variant_with(
        **{
            "declare.scores_per_trick": "disjoint_many",
            "declare.pending_allowed": False,
            "declare.fresh_card_required": "always",
        }
    )
    hands = [["JD", "JS", "JH", "JC", "QS", "QH", "QD", "AC"], ["7C", "7S", "7D"]]
    game = dealt(variant, hands, turn_up="8H", stock=["QC", "9S", "7H"])
    run(game, "play AC", "play 7C", "declare four_knaves JS JH JD JC", "draw")
    run(game, "play JS*1", "play 7S", "declare four_queens QS QH QD QC", "draw")
    run(game, "play JH*1", "play 7D")
    with pytest.raises(IllegalMoveError) as refused:
        game.apply("declare bezique QS*2 JD*1")
    assert refused.value.reason == (
        "every card has been declared before: add a card not yet declared"
    )


def test_britannica_polish_every_declaration_holds_a_card_of_the_trick_just_won() -> None:
    opened = ["KH", "KD", "KC", "QH", "QD", "QC", "AS", "TS", "JS"]
    game = polish([["KS", "AD"], ["QS", "7D"]], turn_up="9S", opened=opened)
    run(game, "play QS", "play KS")
    assert texts(game) == [
        "declare marriage_royal KS^ QS^",
        "declare sequence AS* TS* KS^ QS^ JS*",
        "declare four_kings KS^ KH* KD* KC*",
        "declare four_queens QS^ QH* QD* QC*",
        "draw",
    ]
    with pytest.raises(IllegalMoveError) as refused:
        game.apply("declare marriage_common KH* QH*")
    assert refused.value.reason == "every declaration must include a card of the trick just won"
    # What the sieve is told before it fills a way: one of these cards in every declaration.
    rules, state = game.rules, game._state
    needs = [need(rules, state) for need in rules.ledger_checks.needs]
    assert [sorted(rules.face[card] for card in need or ()) for need in needs] == [["KS", "QS"]]


def test_haitian_practice_a_declaration_needs_a_card_from_the_hand() -> None:
    """Haitian practice (``fresh_card_required = "from_hand"``): the king of spades of four
    kings and the queen of spades of four queens, both on the table, make no marriage; a new
    king of spades from the hand marries that queen."""
    hands = [["KS", "KH", "KD", "KC", "QS", "QH", "QD", "QC", "AC"], LOW]
    game = dealt(haitian(), hands, stock=["AD", "9D", "AS", "9H", "KS", "7H"])
    run(game, "play AC", "play 7C", "declare marriage_royal KH QH", "draw")
    run(game, "play AD", "play 7D", "declare four_kings KS KH*1 KD KC", "draw")
    run(game, "play AS", "play 7S", "declare four_queens QS QH*1 QD QC", "draw")
    run(game, "play KH*1.2", "play 8C")
    assert texts(game) == ["declare marriage_common KS QS*3", "draw"]
    with pytest.raises(IllegalMoveError) as refused:
        game.apply("declare marriage_common KS*2 QS*3")
    assert refused.value.reason == (
        "a declaration needs a card from the hand, not only cards on the table"
    )


# -- what each check leaves out of the move list before filling (its pruning) ------------------
def _pruned(game: Game, rule: str, combo_id: str) -> tuple[list[str], list[list[str]]]:
    """What the check named ``rule`` refuses of ``combo_id`` in any filling, for the player to
    declare now (its pruning, which the sieve asks before it fills a way): the faces of the
    cards no filling may hold, and of the fillings refused as they are."""
    rules, state = game.rules, game._state
    check = {check.rule: check for check in ledger.CHECKS}[rule]
    assert check.prune is not None
    pruned = Pruned(rules, state, state.to_act)
    check.prune(pruned, rules.combo_by_id[combo_id])
    assert not pruned.closed

    def faces(cards: Iterable[int]) -> list[str]:
        return sorted(rules.face[card] for card in cards)

    return faces(pruned.banned), [faces(cards) for cards in pruned.refused]


def test_hoyle_a_card_once_scored_in_a_kind_is_left_out_of_that_kind_only() -> None:
    """Hoyle: 'A card which has once scored cannot be again used to form part of a
    combination of the same kind': the cards of both béziques scored, and nothing of a double
    bézique, a kind none of them has scored in."""
    game = two_singles(shipped("bezique"))
    once = "a card scores once in each kind"
    assert _pruned(game, once, "bezique") == (["JD", "JD", "QS", "QS"], [])
    assert _pruned(game, once, "double_bezique") == ([], [])


def test_britannica_a_double_bezique_scored_leaves_its_cards_out_only_without_the_extension() -> (
    None
):
    once = "a card scores once in each kind"
    assert _pruned(_second_double(False), once, "double_bezique") == (
        ["JD", "JD", "QS", "QS"],
        [],
    )
    assert _pruned(_second_double(True), once, "double_bezique") == ([], [])


def test_law_37_cards_of_a_waiting_sequence_are_left_out_of_marriages_and_sequences() -> None:
    """Law 37 (and Hoyle): the king and queen of a sequence shown 'to score' marry no more;
    and the waiting sequence's own cards are no second sequence while it waits."""
    game = _sequence_to_score()
    sequence = ["AH", "JH", "KH", "QH", "TH"]
    assert _pruned(game, "no inferior combination from declared cards", "marriage_royal") == (
        sequence,
        [],
    )
    assert _pruned(game, "no inferior combination from declared cards", "sequence") == ([], [])
    assert _pruned(game, "cards already waiting 'to score'", "sequence") == (sequence, [])
    assert _pruned(game, "cards already waiting 'to score'", "marriage_royal") == ([], [])
    with pytest.raises(IllegalMoveError) as refused:
        game.apply("declare sequence AH*2 TH*2 KH*2 QH*2 JH*2")
    assert refused.value.reason == "declaration 2 already holds these cards 'to score'"


def test_laws_34_35_four_aces_form_again_only_once_a_declared_ace_is_played_away() -> None:
    """Rubicon (laws 34, 35): the four aces scored may not score again as they are, nor with
    any of them, until one is played away and a new ace takes its place."""
    hands = [["AS", "AH", "AD", "AC", "AC", "AS", "KH", "QH", "7S"], ["7C", "8C", "9C", "7D", "7H"]]
    game = dealt(shipped("rubicon"), hands, stock=[])
    run(game, "play AC", "play 7C", "declare four_aces AS AH AD AC", "draw", "play 7S", "play 7D")
    aces = ["AC", "AD", "AH", "AS"]
    reform = "re-forming a combination"
    assert _pruned(game, reform, "four_aces") == (aces, [aces])
    assert _pruned(game, reform, "marriage_royal") == ([], [])
    assert texts(game) == ["declare marriage_royal KH QH", "draw"]
    with pytest.raises(IllegalMoveError) as refused:
        game.apply("declare four_aces AS*1 AH*1 AD*1 AC*1")
    assert refused.value.reason == "these very cards have already scored as four aces"
    run(game, "draw", "play AS*1", "play 7H")
    assert _pruned(game, reform, "four_aces") == ([], [aces])
    assert "declare four_aces AS AH*1 AD*1 AC*1" in texts(game)


def test_laws_34_35_each_four_aces_still_whole_is_left_out_until_one_of_its_aces_is_played() -> (
    None
):
    """Rubicon: two four aces scored, of eight different aces, are both left out while whole;
    once an ace of the first is played away only the second's aces are, though both fillings
    stay refused as they are."""
    hands = [["AS", "AH", "AD", "AC", "AS", "AH", "AD", "AC", "AC"], ["7C", "7D", "8C", "9C"]]
    game = dealt(shipped("rubicon"), hands, stock=["AC", "8D"])
    run(game, "play AC", "play 7C", "declare four_aces AS AH AD AC", "draw", "play AC", "play 7D")
    run(game, "declare four_aces AS AH AD AC")
    aces = ["AC", "AD", "AH", "AS"]
    reform = "re-forming a combination"
    assert _pruned(game, reform, "four_aces") == (sorted(aces + aces), [aces, aces])
    run(game, "draw", "play AS*1", "play 8C")
    assert _pruned(game, reform, "four_aces") == (aces, [aces, aces])


def test_law_37_the_cards_of_both_sequences_are_left_out_of_the_marriages() -> None:
    """Rubicon, law 37: after the sequence in trumps and the one in spades, no card of either
    marries."""
    hands = [["AH", "TH", "KH", "QH", "JH", "AS", "TS", "KS", "AC"], ["7C", "7D", "8C", "9C"]]
    game = dealt(shipped("rubicon"), hands, stock=["QS", "8D", "JS", "9D"])
    run(game, "play AC", "play 7C", "declare sequence AH TH KH QH JH", "draw")
    run(game, "play AH*1", "play 7D", "draw", "play TH*1", "play 8C")
    run(game, "declare sequence_plain AS TS KS QS JS")
    both = sorted(["AH", "TH", "KH", "QH", "JH", "AS", "TS", "KS", "QS", "JS"])
    bar = "no inferior combination from declared cards"
    assert _pruned(game, bar, "marriage_common") == (both, [])
    assert _pruned(game, bar, "sequence") == ([], [])


def test_hoyle_the_cards_of_both_marriages_waiting_to_score_are_left_out_of_the_kind() -> None:
    """Three marriages declared after one trick: the first scores, the other two wait 'to
    score', and the cards of both are left out of any other marriage, royal or not."""
    hands = [["KS", "QS", "KD", "QD", "KC", "QC", "AC"], ["7C", "8C", "9C", "7S", "8S"]]
    game = dealt(shipped("bezique"), hands, turn_up="9H")
    run(game, "play AC", "play 7C", "declare marriage_common KS QS")
    run(game, "declare marriage_common KD QD", "declare marriage_common KC QC")
    assert texts(game) == ["draw"]
    waiting = "cards already waiting 'to score'"
    for combo in ("marriage_common", "marriage_royal"):
        assert _pruned(game, waiting, combo) == (["KC", "KD", "QC", "QD"], [])


def test_britannica_partners_declared_cards_are_left_out_of_all_but_the_double_bezique() -> None:
    """Britannica, partnership play: the partner's bézique on the table may serve a double
    bézique, and is left out of a single bézique and a marriage."""
    game = _partners("either_hand_for_multi_bezique")
    own = "the cards are the player's"
    assert _pruned(game, own, "bezique") == (["JD", "QS"], [])
    assert _pruned(game, own, "marriage_common") == (["JD", "QS"], [])
    assert _pruned(game, own, "double_bezique") == ([], [])


# -- partnership play: one's own declarations still bind ---------------------------------------
def _partner_own(first: list[str], declared: str) -> Game:
    """Four-handed partnership Bézique: seat 0 declares ``declared`` after a trick, and wins the
    next holding K♠ (a marriage keeps his window open)."""
    hands = [[*first, "AC", "AC", "KS"], ["7C", "8C", "9C"], ["7D", "8D", "9D"], ["8S", "9S"]]
    game = dealt(shipped("four-handed-partners"), hands, dealer=3, turn_up="9H")
    run(game, "play AC", "play 7C", "play 7D", "play 8S", declared, "draw")
    run(game, "play AC", "play 8C", "play 8D", "play 9S")
    assert game.to_act == 0 and texts(game) == ["declare marriage_common KS QS*1", "draw"]
    return game


def test_law_38_with_partners_a_double_bezique_declared_bars_a_single_from_its_cards() -> None:
    """Law 38 holds for a player's own cards where the béziques are the side's history
    (Britannica partnerships): his double bézique's cards make no single bézique."""
    game = _partner_own(["QS", "QS", "JD", "JD"], "declare double_bezique QS QS JD JD")
    with pytest.raises(IllegalMoveError) as refused:
        game.apply("declare bezique QS*1 JD*1")
    assert refused.value.reason == (
        "Q♠ has been declared in double bézique, a superior combination of the same class"
    )


def test_law_38_with_partners_a_partners_sequence_does_not_bar_his_queen_from_a_double() -> None:
    """Law 38's bar is inside one class: the queen of spades of the partner's sequence (a
    marriage, not a bézique) serves the side's double bézique (Britannica), even with the
    sequence ranked above the double (an overlay: ranks count only inside a class)."""
    variant = combination_changed("four-handed-partners", "sequence", rank=3)
    hands = [
        ["QS", "JD", "JD", "7H"],
        ["7C", "8C"],
        ["AS", "TS", "KS", "QS", "JS", "AH"],
        ["8D", "9D"],
    ]
    game = dealt(variant, hands, dealer=3, turn_up="9S")
    run(game, "play 7H", "play 7C", "play AH", "play 8D", "declare sequence AS TS KS QS JS")
    run(game, "draw")
    assert game.to_act == 0  # the partner may declare in turn
    assert "declare double_bezique QS QS+1 JD JD" in texts(game)
    run(game, "declare double_bezique QS QS+1 JD JD")
    assert points(game) == (500, 0, 250, 0)


def test_hoyle_with_partners_a_bezique_scored_does_not_score_again() -> None:
    game = _partner_own(["QS", "JD"], "declare bezique QS JD")
    with pytest.raises(IllegalMoveError) as refused:
        game.apply("declare bezique QS*1 JD*1")
    assert refused.value.reason == "Q♠ has already scored in a bezique"


# -- law 47: a waiting declaration lost when a superior one of its cards scores ----------------
def test_law_47_a_marriage_waiting_to_score_is_lost_when_its_sequence_scores() -> None:
    hands = [["AH", "TH", "KH", "QH", "JH", "QS", "JD", "AC"], ["7C", "8C", "9C", "7S", "8S"]]
    stock = ["9S", "9D", "8D", "TD", "KD", "KC"]
    game = dealt(shipped("bezique"), hands, turn_up="9H", stock=stock)
    run(game, "play AC", "play 7C", "declare bezique QS JD", "declare marriage_royal KH QH")
    run(game, "draw", "play QS*1", "play 8C")
    assert texts(game) == ["declare sequence AH TH KH*2 QH*2 JH", "score 2", "draw"]
    run(game, "declare sequence AH TH KH*2 QH*2 JH")
    assert texts(game) == ["draw"]
    entries = game.view(0).entries[0]
    assert [(e.no, e.scored, e.lost) for e in entries] == [
        (1, True, False),
        (2, False, True),
        (3, True, False),
    ]
    assert points(game) == (40 + 250, 0)


# -- re-forming in Rubicon, and marriages re-paired ----------------------------------------------
def test_law_38_four_aces_again_only_after_a_declared_ace_is_played_away() -> None:
    """Rubicon: a fifth ace added to three of the four aces scored does not form them again
    while the fourth is still held: one must first be played away."""
    hands = [["AS", "AH", "AD", "AC", "AC", "AS", "KH", "QH", "7S"], ["7C", "8C", "9C", "7D", "7H"]]
    game = dealt(shipped("rubicon"), hands, stock=[])
    run(game, "play AC", "play 7C", "declare four_aces AS AH AD AC", "draw", "play 7S", "play 7D")
    with pytest.raises(IllegalMoveError) as refused:
        game.apply("declare four_aces AS AH*1 AD*1 AC*1")
    assert refused.value.reason == (
        "to form four aces again, first play a card of declaration 1 and put a new card in "
        "its place"
    )


def _two_marriages(repair: str) -> Game:
    """Rubicon with ``reuse.marriage_repair``: seat 0 scores the royal marriage (hearts
    trumps), then the marriage of spades, and wins a third trick holding another K♥."""
    variant = variant_with("rubicon", **{"reuse.marriage_repair": repair})
    hands = [["KH", "QH", "KS", "QS", "AC", "AD", "AH", "KH", "JD"], ["7C", "7D", "8C", "9C"]]
    game = dealt(variant, hands, stock=[])
    run(game, "play AC", "play 7C", "declare marriage_royal KH QH", "draw")
    run(game, "play AD", "play 7D", "declare marriage_common KS QS", "draw", "play AH", "play 8C")
    assert game.trump == "H"
    with pytest.raises(IllegalMoveError) as refused:
        game.apply("declare marriage_common KS*2 QS*2")
    assert refused.value.reason == (
        "these very cards have already scored as marriage in a plain suit"
    )
    return game


def test_hoyle_rubicon_a_new_king_marries_a_declared_queen() -> None:
    """Hoyle's Rubicon (cross-pairing): the queen of the royal marriage marries the new king."""
    game = _two_marriages("cross_pair")
    assert texts(game) == ["declare marriage_royal KH QH*1", "declare bezique QS*2 JD", "draw"]
    run(game, "declare marriage_royal KH QH*1")
    assert points(game) == (40 + 20 + 40, 0)


def test_britannica_rubicon_a_widow_remarries_only_once_the_spouse_is_played() -> None:
    game = _two_marriages("widow")
    assert texts(game) == ["declare bezique QS*2 JD", "draw"]
    with pytest.raises(IllegalMoveError) as refused:
        game.apply("declare marriage_royal KH QH*1")
    assert refused.value.reason == (
        "Q♥ is still married in declaration 1: a widow may remarry only once the spouse has "
        "been played"
    )


def test_a_card_once_married_never_marries_again_without_repair() -> None:
    game = _two_marriages("none")
    assert texts(game) == ["declare bezique QS*2 JD", "draw"]
    with pytest.raises(IllegalMoveError) as refused:
        game.apply("declare marriage_royal KH QH*1")
    assert refused.value.reason == "Q♥ has already scored in a marriage"


# -- Haitian practice and bicyclecards.com: refusals read in full ------------------------------
def test_haitian_practice_the_quinte_refused_once_its_marriage_left_the_table() -> None:
    hands = [["KH", "QH", "AC", "AH", "TH", "JH", "QH", "KS", "QS"], LOW]
    game = dealt(haitian(), hands)
    run(game, "play AC", "play 7C", "declare marriage_royal KH QH", "draw")
    run(game, "play QH*1", "play 8C")
    with pytest.raises(IllegalMoveError) as refused:
        game.apply("declare quinte AH TH KH*1 QH JH")
    assert refused.value.reason == (
        "quinte is made by adding cards to a marriage in trumps of yours still lying on the table"
    )


def test_bicyclecards_a_declaration_of_the_partners_cards_alone_is_refused() -> None:
    hands = [
        ["QS", "JD", "KS", "KH", "KD", "KC", "AC", "AC"],
        ["7C", "8C", "9C"],
        ["7D", "8D", "KD", "QD"],
        ["8S", "9S", "TS"],
    ]
    variant = variant_with("four-handed-partners", **{"reuse.partner_cards": "partner_table"})
    game = dealt(variant, hands, dealer=3, turn_up="9H")
    run(game, "play AC", "play 7C", "play 7D", "play 8S", "declare bezique QS JD", "draw")
    run(game, "draw", "play AC", "play 8C", "play 8D", "play 9S")
    run(game, "declare four_kings KS KH KD KC", "draw")
    assert game.to_act == 2
    with pytest.raises(IllegalMoveError) as refused:
        game.apply("declare marriage_common KS+2 QS+1")
    assert refused.value.reason == "add a card of your own to your partner's declared cards"


def test_law_47_rubicon_a_royal_marriage_to_score_is_lost_when_its_sequence_scores() -> None:
    """Rubicon (no fresh card required): the inferior bar alone loses the marriage waiting
    'to score' once its king and queen score in the sequence."""
    hands = [["KS", "QS", "KS", "QS", "AS", "TS", "JS", "AC", "AD"], ["7C", "7D", "8C", "9C"]]
    game = dealt(shipped("rubicon"), hands, stock=[])
    run(game, "play AC", "play 7C", "declare marriage_royal KS QS", "declare marriage_royal KS QS")
    run(game, "draw", "play AD", "play 7D")
    assert "score 2" in texts(game)
    run(game, "declare sequence AS TS KS*2 QS*2 JS")
    entries = game.view(0).entries[0]
    assert [(e.no, e.scored, e.lost) for e in entries] == [
        (1, True, False),
        (2, False, True),
        (3, True, False),
    ]
    assert "score 2" not in texts(game)


# -- which card a refusal names ------------------------------------------------------------
def test_law_37_a_marriage_refused_names_the_king_declared_in_the_sequence() -> None:
    """The king of the trump sequence with a new queen: the refusal names the king, the one
    card of the marriage declared before."""
    hands = [["AH", "TH", "KH", "QH", "JH", "QH", "QS", "AC"], ["7C", "8C", "9C", "7S", "8S"]]
    game = dealt(shipped("bezique"), hands, turn_up="9H", stock=["KS", "9D", "9S", "8D"])
    run(game, "play AC", "play 7C", "declare sequence AH TH KH QH JH", "draw")
    run(game, "play AH*1", "play 8C")
    assert texts(game) == ["declare marriage_common KS QS", "draw"]
    with pytest.raises(IllegalMoveError) as refused:
        game.apply("declare marriage_royal KH*1 QH")
    assert refused.value.reason == (
        "K♥ has been declared in sequence, a superior combination of the same class"
    )


def test_hoyle_a_bezique_refused_names_the_knave_that_has_scored_in_one() -> None:
    """A new queen of spades with the knave of diamonds of the bézique scored: the refusal
    names the knave, the one card that has scored in a bézique."""
    hands = [["QS", "JD", "QS", "KD", "QD", "AC", "AC"], ["7C", "8C", "9C", "7S", "8S"]]
    game = dealt(shipped("bezique"), hands, turn_up="9H", stock=["9D", "9S", "8D"])
    run(game, "play AC", "play 7C", "declare bezique QS JD", "draw", "play AC", "play 8C")
    assert texts(game) == ["declare marriage_common KD QD", "draw"]
    with pytest.raises(IllegalMoveError) as refused:
        game.apply("declare bezique QS JD*1")
    assert refused.value.reason == "J♦ has already scored in a bezique"


# -- the index of a ledger, kept while it stands ---------------------------------------------
def test_a_ledger_index_is_kept_until_that_players_ledger_changes() -> None:
    """``ledger.index`` is asked for each declaration the sieve puts to the checks: it is
    built once per state of the player's ledger, kept through other players' declarations,
    and built again, with the new entry, once his own ledger changes."""
    game = _partners("either_hand_for_multi_bezique")
    state = game._state
    first, partner = ledger.index(state, 0), ledger.index(state, 2)
    assert ledger.index(state, 0) is first and ledger.index(state, 2) is partner
    assert [e.combo for e in first.scored["bezique"]] == ["bezique"] and not partner.scored
    run(game, "declare double_bezique QS QS+1 JD JD+1")
    assert ledger.index(state, 0) is first
    after = ledger.index(state, 2)
    assert after is not partner and list(after.scored) == ["double_bezique"]
    assert ledger.index(state, 2) is after
