"""Every point of the two-pack game on which the sources disagree, each with the default and
its alternative: declarations per trick, the bézique cards, the seven of trumps, when brisques
count, the duties and the ten's rank in the last tricks, the fresh card, the target and when it
is checked, the first dealer and the rotation of the deal.  Which trick is the last and the
fresh card are also covered by the worked examples (tests/test_worked_examples_two_pack.py)."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest

from interpreter.engine import Game, IllegalMoveError, Phase, Rules, ending
from interpreter.engine.tricks import endgame_playable, winning_index
from interpreter.loader import VariantError, load_variant
from interpreter.model import Variant
from interpreter.rulebook import render
from tests.support import dealt, points, run, scored, shipped, texts, two_singles, variant_with


def _ids(rules: Rules, faces: str) -> list[int]:
    """One physical card per face (the second copy when a face repeats)."""
    taken: dict[str, int] = {}
    ids = []
    for face in faces.split():
        copies = rules.by_face[face]
        ids.append(copies[taken.get(face, 0)])
        taken[face] = taken.get(face, 0) + 1
    return ids


# declarations per trick ------------------------------------------------------------------------
def test_one_per_trick_without_to_score_refuses_a_second_declaration() -> None:
    variant = variant_with(**{"declare.pending_allowed": False})
    game = dealt(variant, [["KS", "QS", "JD", "AC", "7D"], ["7C"]], turn_up="8D")
    run(game, "play AC", "play 7C", "declare bezique QS JD")
    assert not [t for t in texts(game) if t.startswith("declare")]
    with pytest.raises(IllegalMoveError, match="only one combination may be scored"):
        game.apply("declare marriage_common KS QS*1")
    assert points(game) == (40, 0)


def test_disjoint_many_scores_two_declarations_after_one_trick() -> None:
    variant = variant_with(**{"declare.scores_per_trick": "disjoint_many"})
    game = dealt(variant, [["KH", "QH", "QS", "JD", "AC"], ["7C"]], turn_up="8D")
    run(game, "play AC", "play 7C", "declare bezique QS JD", "declare marriage_common KH QH")
    assert points(game) == (60, 0)


# the bézique cards -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("turn_up", "pair"), [("8S", "QC JH"), ("8D", "QC JH"), ("8H", "QS JD"), ("8C", "QS JD")]
)
def test_enquire_within_bezique_is_clubs_and_hearts_with_spades_or_diamonds_trumps(
    turn_up: str, pair: str
) -> None:
    hand = ["QS", "JD", "QC", "JH", "AC"] if turn_up != "8C" else ["QS", "JD", "QC", "JH", "AD"]
    lead, follow = ("AC", "7C") if turn_up != "8C" else ("AD", "7D")
    game = dealt(shipped("bezique-clubs-hearts"), [hand, [follow]], turn_up=turn_up)
    run(game, f"play {lead}", f"play {follow}")
    beziques = [t for t in texts(game) if t.startswith("declare bezique ")]
    assert beziques == [f"declare bezique {pair}"]


def test_default_bezique_is_always_queen_of_spades_and_knave_of_diamonds() -> None:
    game = dealt(shipped("bezique"), [["QS", "JD", "QC", "JH", "AC"], ["7C"]], turn_up="8S")
    run(game, "play AC", "play 7C")
    assert [t for t in texts(game) if t.startswith("declare bezique ")] == ["declare bezique QS JD"]


# the seven of trumps ---------------------------------------------------------------------------
def test_hoyle_exchange_the_seven_after_winning_a_trick() -> None:
    game = dealt(shipped("bezique"), [["7H", "AC"], ["7C"]], turn_up="KH")
    assert "exchange 7H" not in texts(game)  # not before winning a trick
    run(game, "play AC", "play 7C", "exchange 7H")
    assert points(game) == (10, 0)
    view = game.view(0)
    assert view.turn_up is not None and str(view.turn_up) == "7H"
    assert "KH" in [str(face) for _, face in view.hand]
    assert "KH" in [str(face) for face in game.view(1).known[0]]  # the opponent saw it


def test_without_a_seven_of_trumps_its_moves_are_refused_for_that() -> None:
    variant = variant_with(**{"seven": False})
    game = Game.new(variant, seed=2, dealer=1)
    for text in ("exchange 7S", "show 7H"):
        with pytest.raises(IllegalMoveError) as refused:
            game.apply(text)
        assert refused.value.reason == "this variant has no seven of trumps to exchange or show"


def test_enquire_within_seven_scores_when_played_even_if_the_trick_is_lost() -> None:
    variant = variant_with(**{"seven.score_trigger": "on_play"})
    game = dealt(variant, [["AH"], ["7H"]], turn_up="8H")
    run(game, "play AH", "play 7H")
    assert points(game) == (0, 10)
    assert not [t for t in texts(game) if t.startswith("show")]


# when brisques count ---------------------------------------------------------------------------
def test_hoyle_brisques_scored_as_the_trick_is_won() -> None:
    game = dealt(shipped("bezique"), [["AC"], ["TC"]], turn_up="8H")
    run(game, "play AC", "play TC")
    assert game.scores == (20, 0)


def test_enquire_within_brisques_counted_at_the_end_of_the_hand() -> None:
    game = dealt(shipped("bezique-handbook"), [["AC"], ["TC"]], turn_up="8H")
    run(game, "play AC", "play TC")
    assert game.scores == (0, 0)


# the last tricks: duties, revokes, the rank of the ten -----------------------------------------
def _legal(variant: Variant, hand: str, trick: str, trump: str) -> list[str]:
    rules = Rules(variant)
    cards = endgame_playable(
        _ids(rules, hand),
        _ids(rules, trick),
        rules.suit,
        rules.end_strength,
        trump,
        variant.endgame,
    )
    return sorted(rules.face[c] for c in cards)


def test_britannica_must_follow_and_head_the_trick() -> None:
    assert _legal(shipped("bezique"), "KC 7C AH", "QC", "H") == ["KC"]
    assert _legal(shipped("bezique"), "9C 7C AH", "QC", "H") == ["7C", "9C"]


def test_britannica_void_must_trump() -> None:
    assert _legal(shipped("bezique"), "7H AD", "QC", "H") == ["7H"]


def test_hoyle_follow_suit_only_and_free_to_trump_when_void() -> None:
    hoyle = variant_with(**{"endgame.must_head": False, "endgame.must_trump_if_void": "no"})
    assert _legal(hoyle, "KC 7C AH", "QC", "H") == ["7C", "KC"]
    assert _legal(hoyle, "7H AD", "QC", "H") == ["7H", "AD"]


def test_without_the_duty_to_follow_only_a_player_void_in_the_suit_led_must_trump() -> None:
    """A house rule that lifts the duty to follow: holding the suit led, any card may go; the
    duty to trump binds only a player who holds none of it, as the rulebook says."""
    free = variant_with(**{"endgame.follow_suit": False, "endgame.must_head": False})
    assert _legal(free, "KC 7H AD", "QC", "H") == ["7H", "AD", "KC"]
    assert _legal(free, "7H AD", "QC", "H") == ["7H"]
    page = render(free)
    assert "there is **no duty to follow suit**" in page
    assert "when you hold no card of the suit led, **trump** if you can" in page


def test_the_duty_to_head_needs_the_duty_to_follow(tmp_path: Path) -> None:
    """Turning off the duty to follow alone is refused at the key the overlay wrote (the duty
    to head is inherited)."""
    house = tmp_path / "house.toml"
    house.write_text(
        'extends = "bezique"\nname = "house"\ntitle = "House"\n\n[endgame]\nfollow_suit = false\n'
    )
    with pytest.raises(VariantError) as refused:
        load_variant(str(house))
    assert str(refused.value) == (
        f"{house}:6: endgame.follow_suit: without the duty to follow suit there is no duty to "
        "win the trick with a card of the suit led: set endgame.must_head = false too"
    )


def test_with_no_duty_at_all_the_last_tricks_are_played_as_the_others() -> None:
    free = variant_with(
        **{
            "endgame.follow_suit": False,
            "endgame.must_head": False,
            "endgame.must_trump_if_void": "no",
        }
    )
    assert _legal(free, "KC 7H AD", "QC", "H") == ["7H", "AD", "KC"]
    assert _legal(free, "7H AD", "QC", "H") == ["7H", "AD"]
    page = render(free)
    assert "tricks are played as the others were: **any card held may be played**" in page
    assert "stricter" not in page and "fails in these duties" not in page


def test_third_hand_rule_trump_only_if_it_wins() -> None:
    """Britannica's three-hand rule: 'if not able to follow suit, nor to win the trick by
    trumping, may throw away any card'."""
    variant = variant_with("three-handed", **{"endgame.must_trump_if_void": "only_if_winning"})
    assert _legal(variant, "7H AD", "QC", "H") == ["7H"]
    assert _legal(variant, "7H AD", "QC KH", "H") == ["7H", "AD"]


def test_yes_and_only_if_winning_part_when_no_trump_can_win() -> None:
    """Third hand, void in clubs, holds only the seven of trumps, which cannot beat the king
    of trumps already played: under `yes` (the modern Rubicon summary: 'If the player cannot
    follow suit, then he/she must trump in') he must still trump; under `only_if_winning`
    (Britannica) he may throw any card.  When a trump can win, both make him play it."""
    yes = variant_with("three-handed", **{"endgame.must_trump_if_void": "yes"})
    only = variant_with("three-handed", **{"endgame.must_trump_if_void": "only_if_winning"})
    assert _legal(yes, "7H AD 9S", "QC KH", "H") == ["7H"]
    assert _legal(only, "7H AD 9S", "QC KH", "H") == ["7H", "9S", "AD"]
    assert _legal(yes, "AH 7H AD", "QC KH", "H") == ["AH"]
    assert _legal(only, "AH 7H AD", "QC KH", "H") == ["AH"]


def _endgame_decisions(variant: Variant, seed: int) -> list[tuple[Game, list[str]]]:
    game = Game.new(variant, seed=seed, dealer=0)
    rng = random.Random(seed)
    found = []
    while not game.deal_results and not game.is_over:
        if game.phase is Phase.PLAY and game.view(0).stock_size == 0 and game._state.table.trick:
            found.append((game.copy(), [str(m) for m in game.legal_moves()]))
        game.step(rng.choice(game.legal_moves()))
    return found


def test_a_revoke_is_refused_with_its_reason_and_changes_nothing() -> None:
    refused = 0
    for seed in range(6):
        for game, legal in _endgame_decisions(shipped("bezique"), seed):
            seat = game.to_act
            assert seat is not None
            held = sorted({game.rules.face[c] for c in game._state.table.hands[seat]})
            for face in held:
                if f"play {face}" in legal:
                    continue
                before = (game.events, game.scores)
                with pytest.raises(IllegalMoveError, match=r"must (follow suit|win|trump)"):
                    game.apply(f"play {face}")
                assert (game.events, game.scores) == before
                refused += 1
    assert refused > 0


def test_hoyle_note_ten_below_the_knave_in_the_last_tricks() -> None:
    whist = variant_with(**{"deck.endgame_ranks": ["A", "K", "Q", "J", "T", "9", "8", "7"]})
    for variant, winner in ((shipped("bezique"), 0), (whist, 1)):
        rules = Rules(variant)
        trick = _ids(rules, "TC JC")
        assert winning_index(trick, rules.suit, rules.end_strength, "H") == winner
        assert winning_index(trick, rules.suit, rules.strength, "H") == 0


# the fresh card --------------------------------------------------------------------------------
def test_hoyle_reading_without_fresh_card_two_singles_make_a_double() -> None:
    game = two_singles(variant_with(**{"declare.fresh_card_required": "never"}))
    run(game, "declare double_bezique QS*1 QS*2 JD*1 JD*2")
    assert points(game) == (580, 0)


# the target and when it is checked -------------------------------------------------------------
@pytest.mark.parametrize("target", [300, 1000])
def test_race_ends_at_the_end_of_the_deal_that_reaches_the_target(target: int) -> None:
    game = Game.new(variant_with(**{"game.target": target}), seed=target)
    rng = random.Random(target)
    while not game.is_over:
        game.step(rng.choice(game.legal_moves()))
    outcome = game.outcome
    assert outcome is not None and outcome.winner is not None
    totals = [0, 0]
    for number, deal in enumerate(outcome.deal_scores, start=1):
        totals = [a + b for a, b in zip(totals, deal, strict=True)]
        assert (max(totals) >= target) == (number == outcome.deals)
    assert outcome.scores[outcome.winner] == max(outcome.scores)
    kinds = [e.kind for e in game.events]
    assert kinds[-2:] == ["end_of_deal", "game_over"]


def test_enquire_within_tie_goes_to_the_higher_score_less_the_last_brisques() -> None:
    game = Game.new(shipped("bezique"), seed=1, dealer=0)
    state = game._state
    state.scores = [1050, 1050]
    state.table.brisques = [80, 60]
    state.table.last_trick_winner = 0
    ending.finish_race(game.rules, state)
    assert state.winner == 1
    state.table.brisques = [60, 60]
    ending.finish_race(game.rules, state)
    assert state.winner == 0  # then the winner of the last trick


def test_brisques_that_never_scored_do_not_break_a_tie() -> None:
    """A house rule that counts no brisques: a score holds none to take off, so a tie goes to
    the winner of the last trick, and the rulebook says only that."""
    variant = variant_with(**{"brisques.usage": "none"})
    game = Game.new(variant, seed=1, dealer=0)
    state = game._state
    state.scores = [1050, 1050]
    state.table.brisques = [80, 60]  # won in tricks, scored nowhere
    state.table.last_trick_winner = 0
    ending.finish_race(game.rules, state)
    assert state.winner == 0
    page = render(variant)
    assert "if they are equal, the winner of the last trick" in page
    assert "without the brisques of the last deal" not in page


# the first dealer and the rotation of the deal -------------------------------------------------
def _first_cut(variant: Variant, seed: int) -> tuple[Game, list[int]]:
    game = Game.new(variant, seed=seed)
    cut = next(e for e in game.events if e.kind == "cut")
    faces = [word for word in cut.text.split()[1:] if not word.startswith("p")]
    rules = game.rules
    strengths = [rules.deck.strength(face[:-1].replace("10", "T")) for face in faces]
    return game, strengths


@pytest.mark.parametrize("seed", range(5))
def test_cut_rules(seed: int) -> None:
    game, strengths = _first_cut(shipped("bezique"), seed)
    high = strengths.index(max(strengths))
    assert game.phase is Phase.ELECT and game.to_act == high
    assert texts(game) == ["deal", "pass"]
    game.apply("pass")
    assert game.view(0).dealer == 1 - high
    game, strengths = _first_cut(variant_with(**{"cut.rule": "high_deals"}), seed)
    assert game.view(0).dealer == strengths.index(max(strengths))
    game, strengths = _first_cut(variant_with(**{"cut.rule": "low_deals"}), seed)
    assert game.view(0).dealer == strengths.index(min(strengths))


@pytest.mark.parametrize("rotation", ["left", "last_trick_winner"])
def test_deal_rotation(rotation: str) -> None:
    game = Game.new(variant_with(**{"deal.rotation": rotation}), seed=3, dealer=0)
    rng = random.Random(3)
    while not game.is_over:
        game.step(rng.choice(game.legal_moves()))
    results = game.deal_results
    for previous, current in itertools.pairwise(results):
        expected = 1 - previous.dealer if rotation == "left" else previous.last_trick
        assert current.dealer == expected


def test_exchanging_the_second_seven_after_showing_the_first_scores_ten() -> None:
    game = dealt(shipped("bezique"), [["7H", "7H", "AC"], ["7C"]], dealer=1, turn_up="AH")
    run(game, "play AC", "play 7C", "show 7H", "exchange 7H")
    assert [p for what, p in scored(game, 0) if what.startswith("seven")] == [10, 10]


def test_a_declared_card_typed_with_its_old_mark_in_the_last_tricks_is_refused() -> None:
    game = Game.new(shipped("bezique"), seed=1, dealer=0)
    rng = random.Random(1)
    while game.view(0).stock_size or game._state.table.trick:
        game.step(rng.choice(game.legal_moves()))
    seat = game.to_act or 0
    face = str(game.view(seat).hand[0][1])
    with pytest.raises(IllegalMoveError, match=f"you hold {face} only as {face}"):
        game.apply(f"play {face}*")
