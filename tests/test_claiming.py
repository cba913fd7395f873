"""Claiming the target in the middle of a deal (``game.win_check = "claim"``), as Sixty-six
plays it.

The Britannica ('sixty-six'): the aim is "to be the first to correctly announce the attainment
of 66 or more points".  casinospiegel.net ('66'): whoever believes he has 66 and is to lead may
end the deal at any time; "Wer sich irrt und beim Nachzählen nicht 66 Punkte erreicht,
verliert zwei Striche"; and after showing a marriage he leads one of its cards only "if he
wants to play on".  Foster's Complete Hoyle: one game point, two if the loser has not 33,
three if he has not won a trick.

The tests play the shipped Sixty-six (a match of 7 game points; each deal is one game of it)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter.engine import Ending, EventKind, Game
from interpreter.loader import VariantError, load_variant
from interpreter.rulebook import render
from tests.support import dealt, refused, run, shipped, texts, write

# Trumps clubs.  p1 (seat 0, the non-dealer) leads; p2 follows as the test says.
HANDS = [["AH", "AS", "KC", "QC", "9H", "9S"], ["TH", "TS", "JH", "JS", "JD", "9D"]]
TURN_UP = "JC"


def game_won(game: Game) -> tuple[str, int | None, int]:
    """What the first game of the match ended in: how, for whom, for how many game points."""
    won = next(e for e in game.events if e.kind is EventKind.GAME_WON)
    return won.what, won.player, won.number


def sixty_six() -> Game:
    return dealt(shipped("sixty-six"), HANDS, turn_up=TURN_UP)


def test_a_true_claim_ends_the_deal_and_wins_it_by_the_schedule() -> None:
    """Two aces that take two tens (42), then the royal marriage shown (40): 82, claimed at
    once; p2 has no trick, so the game is worth three game points (Foster's schwarz)."""
    game = sixty_six()
    run(game, "play AH", "play TH", "play AS", "play TS")
    run(game, "declare marriage_royal KC QC")
    assert game.scores == (82, 0)
    assert "claim" in texts(game)  # before leading from the marriage (casinospiegel.net)
    assert [m for m in texts(game) if m.startswith("play")] == ["play KC", "play QC"]
    run(game, "claim")
    at = next(i for i, e in enumerate(game.events) if e.kind is EventKind.CLAIM)
    ended = game.events[at : at + 3]
    assert [e.kind for e in ended] == [EventKind.CLAIM, EventKind.END_OF_DEAL, EventKind.GAME_WON]
    assert [ended[0].text, ended[2].text] == [
        "p1 claims 66",
        "game won: p1 reaches 66, claimed, a game worth 3",
    ]
    assert game_won(game) == (Ending.CLAIM, 0, 3)
    assert game.deals_finished == 1 and not game.is_over  # the next game of the match


def test_a_false_claim_gives_the_adversary_two_game_points() -> None:
    game = sixty_six()
    run(game, "play AH", "play TH")
    assert game.scores == (21, 0)
    run(game, "claim")
    assert game_won(game) == (Ending.FALSE_CLAIM, 1, 2)
    won = next(e for e in game.events if e.kind is EventKind.GAME_WON)
    assert won.text == "game won: a false claim of 66: p2 wins, a game worth 2"


def test_points_held_until_a_trick_is_won_do_not_count_for_a_claim() -> None:
    """The royal marriage shown on the first lead counts only once p1 wins a trick
    (Britannica: 'annulled if the marriage holder fails to win a trick'): a claim now is
    false, whatever the marriage would make."""
    game = sixty_six()
    run(game, "declare marriage_royal KC QC")
    assert game.scores == (0, 0)
    run(game, "claim")
    assert game_won(game) == (Ending.FALSE_CLAIM, 1, 2)


def test_only_the_player_to_lead_claims() -> None:
    game = sixty_six()
    run(game, "play AH")
    assert "claim" not in texts(game)
    assert refused(game, "claim") == "only the player to lead may claim the target, before he leads"
    assert game.scores == (0, 0) and game.to_act == 1  # the refusal changed nothing


def test_a_target_reached_and_not_claimed_is_played_on() -> None:
    """Nobody is obliged to claim: at 82 p1 plays on, and the deal played out goes to the
    higher total at 66 or more (Foster), worth the schedule on the loser at the end."""
    game = sixty_six()
    run(game, "play AH", "play TH", "play AS", "play TS", "declare marriage_royal KC QC")
    rng = random.Random(1)
    while game.deals_finished == 0:
        game.apply(rng.choice([m for m in texts(game) if m not in ("claim", "close")]))
    what, winner, worth = game_won(game)
    assert (what, winner) == (Ending.TARGET, 0)
    deal_end = next(e for e in game.events if e.kind is EventKind.END_OF_DEAL)
    loser = deal_end.values[1]
    took = any(e.kind is EventKind.TRICK and e.player == 1 for e in game.events)
    assert worth == (3 if not took else 2 if loser < 33 else 1)


def test_a_closer_who_claims_falsely_owes_the_more_of_the_two() -> None:
    """p1 closes after his first trick, p2 without a trick then, and claims at 21: the false
    claim costs 2, the failed close 3 (Pagat): p2 wins 3."""
    game = sixty_six()
    run(game, "play AH", "play TH", "close", "claim")
    assert game_won(game) == (Ending.FALSE_CLAIM, 1, 3)


def test_a_variant_without_claims_refuses_one() -> None:
    hands = [["AH", "AS", "KC", "QC", "JH"], ["TH", "TS", "JS", "JD", "QD"]]
    game = dealt(shipped("schnapsen"), hands, turn_up=TURN_UP)
    assert "claim" not in texts(game)
    assert (
        refused(game, "claim") == "in this variant the target is not claimed: it is counted for you"
    )


def test_random_claims_end_each_deal_as_the_claim_was() -> None:
    """Random play (the stock never closed) with claims made at random: every claim ends its
    deal at once, true when the claimant's points (without points held) reached 66, false
    otherwise."""
    variant = shipped("sixty-six")
    claims = {True: 0, False: 0}
    for seed in range(60):
        game = Game.new(variant, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            moves = texts(game)
            if "claim" in moves and rng.random() < 0.15:
                seat, before = game.to_act, game.scores
                assert seat is not None
                deals = game.deals_finished
                game.apply("claim")
                true = before[seat] >= 66
                claims[true] += 1
                assert game.deals_finished == deals + 1
                won = [
                    e for e in game.events if e.kind in (EventKind.GAME_WON, EventKind.GAME_OVER)
                ]
                last = won[-1] if won[-1].what != Ending.MATCH else won[-2]
                assert last.what == (Ending.CLAIM if true else Ending.FALSE_CLAIM)
                continue
            game.apply(rng.choice([m for m in moves if m not in ("claim", "close")]))
    assert claims[True] and claims[False]


def test_the_rulebook_says_how_to_claim_and_what_a_false_claim_costs() -> None:
    text = render(shipped("sixty-six"))
    assert "**A player who has 66 claims it**, when it is his turn to lead" in text
    assert "if it is false his adversary wins** **2 game points**" in text


@pytest.mark.parametrize(
    ("extra", "path", "message"),
    [
        (
            "[[game.false_claim]]\npoints = 3\n",
            "game.false_claim",
            "a false claim is paid only where the target is claimed: win_check = 'claim'",
        ),
        (
            '[game]\nwin_check = "claim"\n\n[[game.false_claim]]\npoints = 3\nno_trick = true\n',
            "game.false_claim",
            "no step always holds: add { points = 2 }, what any false claim costs",
        ),
    ],
)
def test_claims_are_checked_when_loaded(
    tmp_path: Path, extra: str, path: str, message: str
) -> None:
    text = 'extends = "schnapsen"\nname = "claims"\n\n' + extra
    with pytest.raises(VariantError) as error:
        load_variant(str(write(tmp_path, "claims.toml", text)))
    assert f"{path}: {message}" in str(error.value)


def test_a_claim_is_against_one_adversary(tmp_path: Path) -> None:
    text = 'extends = "three-handed"\nname = "claims"\n\n[game]\nwin_check = "claim"\n'
    with pytest.raises(VariantError) as error:
        load_variant(str(write(tmp_path, "claims.toml", text)))
    assert "game.win_check: a claim is made against one adversary: this game has 3 sides" in str(
        error.value
    )


def test_the_bots_claim_a_target_they_have_and_never_a_false_one() -> None:
    """The expert (and the hint, which is the expert's) claims at 82 and says why; in random
    positions neither bot ever claims short of 66."""
    from interpreter.agents import ExpertAgent, GreedyAgent

    game = sixty_six()
    run(game, "play AH", "play TH", "play AS", "play TS", "declare marriage_royal KC QC")
    expert = ExpertAgent(game.rules, seed=0)
    assert expert.explain(game.view(0)) == (
        next(m for m in game.legal_moves() if m.kind == "claim"),
        "you have 82: claim 66 and the deal is yours",
    )
    greedy = GreedyAgent(game.rules)
    for seed in range(20):
        game = Game.new(shipped("sixty-six"), seed=seed)
        rng = random.Random(seed)
        while game.deals_finished == 0:
            view = game.view(game.to_act or 0)
            if any(m.kind == "claim" for m in view.legal_moves):
                short = view.scores[view.player] < 66
                for bot in (greedy, expert):
                    chose = bot.choose(view)
                    assert chose.kind != "claim" or not short
            game.apply(rng.choice([m for m in texts(game) if m != "claim"]))
