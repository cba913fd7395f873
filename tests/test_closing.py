"""Closing the stock (``[closing]``).

Foster's Complete Hoyle, Sixty-six: "the player whose turn it is to lead ... may turn down the
trump card, which is called closing ... After the game is closed, the players must follow suit
... and no more cards are drawn", and "if the game is closed, no one scores for the last
trick".  Schnapsen (Pagat; the tjger and Schnopsn online rules): the player on lead may close
the talon before he leads; if he then reaches 66 first he scores as usual, reckoned on his
opponent's points and tricks when he closed; if he fails, the opponent scores 2 game points,
3 if the opponent had taken no trick when the talon was closed.

The tests play the shipped Schnapsen, or small overlays of it."""

from __future__ import annotations

import random
import textwrap
from pathlib import Path

from interpreter.engine import Ending, EventKind, Game, Rules
from interpreter.loader import load_variant
from interpreter.model import Variant
from interpreter.rulebook import render
from tests.support import dealt, refused, run, texts, write


def overlay(tmp_path: Path, extra: str = "") -> Variant:
    """The shipped Schnapsen, one deal to the game (no Bummerl), with the keys ``extra``."""
    text = 'extends = "schnapsen"\nname = "closing"\nmatch = false\n\n' + textwrap.dedent(extra)
    return load_variant(str(write(tmp_path, "closing.toml", text)))


HANDS = [["AH", "TH", "AS", "TS", "QC"], ["KH", "JH", "KS", "JS", "AC"]]


def test_foster_the_player_to_lead_closes_and_nobody_draws_again(tmp_path: Path) -> None:
    game = dealt(overlay(tmp_path), HANDS, turn_up="QD")
    assert "close" in texts(game) and game.to_act == 0
    run(game, "close")
    assert [(e.kind, e.player) for e in game.events][-1] == (EventKind.CLOSE, 0)
    view = game.view(0)
    assert view.stock_size == 0 and view.turn_up is None and view.closed_by == 0
    assert view.trump == "D" and game.to_act == 0  # he still leads, trumps unchanged
    run(game, "play AH")
    assert texts(game) == ["play KH", "play JH"]  # must follow suit at once (Foster)
    run(game, "play JH")
    assert len(game.view(0).hand) == 4 and len(game.view(1).hand) == 4  # nothing drawn


def test_only_the_player_to_lead_closes_before_he_leads(tmp_path: Path) -> None:
    game = dealt(overlay(tmp_path), HANDS, turn_up="QD")
    run(game, "play AH")
    assert "close" not in texts(game)
    assert refused(game, "close") == "only the player to lead may close the stock, before he leads"


def test_foster_closing_only_after_a_trick(tmp_path: Path) -> None:
    variant = overlay(tmp_path, "[closing]\nafter_tricks = 1\n")
    game = dealt(variant, HANDS, turn_up="QD")
    assert refused(game, "close") == "the stock may be closed only after 1 trick of the deal"
    run(game, "play AH", "play KH")
    assert "close" in texts(game)


def test_closed_once(tmp_path: Path) -> None:
    game = dealt(overlay(tmp_path), HANDS, turn_up="QD")
    run(game, "close")
    assert refused(game, "close") == "the stock is already closed"


def test_tjger_a_minimum_stock_to_close(tmp_path: Path) -> None:
    variant = overlay(tmp_path, "[closing]\nmin_stock = 12\n")
    game = dealt(variant, HANDS, turn_up="QD")
    assert refused(game, "close") == (
        "the stock may be closed only while 12 cards or more are left in it, the turn-up "
        "counted (10 left)"
    )


def test_foster_no_score_for_the_last_trick_after_closing(tmp_path: Path) -> None:
    """With a last trick worth 10 (Sixty-six), a closed deal's last trick scores nothing; with
    ``closing.last_trick`` it does.  (The cards dealt hold too few points for 66.)"""
    for keeps in (False, True):
        extra = "[last_trick]\npoints = 10\n\n[closing]\nlast_trick = " + str(keeps).lower()
        hands = [["QC", "JC", "KH", "QH", "JH"], ["KS", "QS", "JS", "KD", "JD"]]  # nobody at 66
        game = dealt(overlay(tmp_path, extra + "\n"), hands, turn_up="QD")
        rng = random.Random(0)
        run(game, "close")
        while not game.is_over:
            game.apply(rng.choice(texts(game)))
        last = [e for e in game.events if e.kind is EventKind.SCORE and e.what == "last_trick"]
        assert bool(last) is keeps


def _schedule(points: int, took_trick: bool) -> int:
    """Schnapsen's game points, from the loser's points and tricks (Pagat)."""
    if not took_trick:
        return 3
    return 2 if points < 33 else 1


def test_schnapsen_what_the_closer_wins_or_owes(tmp_path: Path) -> None:
    """Random deals, each closed at some lead: a closer who reaches 66 first is paid on his
    opponent as he stood at the close; one who fails pays 2, or 3 if the opponent had no trick
    then, or the game's own worth where the opponent reached 66 and that is more."""
    rules = Rules(overlay(tmp_path))
    seen: set[Ending] = set()
    for seed in range(300):
        game = Game.new(rules, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            moves = texts(game)
            close = "close" in moves and rng.random() < 0.3
            game.apply("close" if close else rng.choice([m for m in moves if m != "close"]))
        closed = game._state.table.closed
        outcome = game.outcome
        if closed is None or outcome is None:
            continue
        closer, other = closed.closer, 1 - closed.closer
        seen.add(outcome.ending)
        if outcome.ending is Ending.TARGET:
            assert outcome.winner == closer
            assert outcome.game_points == _schedule(closed.points[other], closed.tricks[other])
        else:
            assert outcome.ending is Ending.CLOSER_FAILED and outcome.winner == other
            forfeit = 2 if closed.tricks[other] else 3
            own = 0  # the game's own worth, where the opponent reached 66
            if game.scores[other] >= 66:
                own = _schedule(game.scores[closer], bool(game._state.table.won[closer]))
            assert outcome.game_points == max(forfeit, own)
    assert seen == {Ending.TARGET, Ending.CLOSER_FAILED}


def test_the_rulebook_says_who_closes_and_what_the_closer_owes(tmp_path: Path) -> None:
    text = render(overlay(tmp_path))
    assert "## Closing the stock" in text
    assert "**The player to lead may close the stock** before he leads" in text
    assert "The last trick scores nothing after a close." in text
    assert "reckoned on his adversary's points and tricks as they stood when he closed" in text
    assert "**2 game points**; **3 game points** if, when the stock was closed, he had not" in text
