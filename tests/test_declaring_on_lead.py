"""Declaring on lead, and points held until a trick is won (``declare.when = "on_lead"``,
``declare.lead_rank``, ``declare.held_until``).

Bicycle, Sixty-six: "A marriage is declared by showing both cards when leading one of them ...
A player may not score a marriage until he has won a trick; if he declares one on his first
lead, it is scored when he wins a trick."  Britannica (Sixty-six): marriages are shown by the
player to lead, "but not when following".  The ``schnapsen`` package plays the king of the
marriage shown, and holds its points until its player next wins a trick.

The overlays are of the shipped Bézique with Sixty-six's one pack of 24 cards."""

from __future__ import annotations

import random
import textwrap
from pathlib import Path

from interpreter.engine import EventKind, Game, Phase
from interpreter.loader import load_variant
from interpreter.model import Variant
from interpreter.rulebook import render
from tests.support import ONE_PACK_OF_24, dealt, hand, refused, run, texts, write

BASE = (
    """\
    extends = "bezique"
    name = "on-lead"
    seven = false
"""
    + ONE_PACK_OF_24
    + """
    [[combinations]]
    id = "double_bezique"
    enabled = false

    [declare]
    when = "on_lead"
    pending_allowed = false
    sources = ["hand"]
    """
)


def overlay(tmp_path: Path, extra: str = "") -> Variant:
    text = BASE + textwrap.indent(textwrap.dedent(extra), "    ")
    return load_variant(str(write(tmp_path, "on-lead.toml", text)))


def marriage_scores(game: Game) -> list[tuple[int | None, int]]:
    return [
        (e.player, e.points)
        for e in game.events
        if e.kind is EventKind.SCORE and e.what.startswith("marriage")
    ]


def test_bicycle_a_marriage_is_shown_as_one_of_its_cards_is_led(tmp_path: Path) -> None:
    game = dealt(overlay(tmp_path), [["KC", "QC", "AS"], ["TS"]], turn_up="9H")
    assert game.phase is Phase.PLAY and "declare marriage_common KC QC" in texts(game)
    run(game, "declare marriage_common KC QC")
    assert game.phase is Phase.PLAY and game.to_act == 0
    assert sorted(m for m in texts(game)) == ["play KC", "play QC"]
    assert {"KC", "QC"} <= set(hand(game, 0))  # shown, still in the hand
    assert {"KC", "QC"} <= {str(f) for f in game.view(1).known[0]}
    assert refused(game, "play AS") == "you declared K♣ Q♣: lead one of them"
    assert marriage_scores(game) == [(0, 20)]  # held_until = at_once: scored as shown
    run(game, "play QC")
    assert game.to_act == 1


def test_britannica_not_when_following(tmp_path: Path) -> None:
    game = dealt(overlay(tmp_path), [["AS"], ["KC", "QC"]], turn_up="9H")
    run(game, "play AS")
    assert not [m for m in texts(game) if m.startswith("declare")]
    assert refused(game, "declare marriage_common KC QC") == (
        "a combination is declared only by the player to lead, as he leads"
    )


def test_one_combination_at_each_lead(tmp_path: Path) -> None:
    game = dealt(overlay(tmp_path), [["KC", "QC", "KD", "QD"], ["TS"]], turn_up="9H")
    run(game, "declare marriage_common KC QC")
    assert refused(game, "declare marriage_common KD QD") == (
        "a combination has already been declared at this lead: lead one of its cards"
    )


def test_the_package_leads_the_king(tmp_path: Path) -> None:
    game = dealt(overlay(tmp_path, 'lead_rank = "K"\n'), [["KC", "QC"], ["TS"]], turn_up="9H")
    run(game, "declare marriage_common KC QC")
    assert texts(game) == ["play KC"]
    assert refused(game, "play QC") == "you declared K♣ Q♣: lead the king"


def test_bicycle_a_first_lead_marriage_scores_when_its_player_wins_a_trick(
    tmp_path: Path,
) -> None:
    """Declared before any trick is won, the marriage counts when its player wins one: not
    when he loses the trick it was shown in, but at the trick he wins after."""
    variant = overlay(tmp_path, 'held_until = "first_trick_won"\n')
    game = dealt(variant, [["KC", "QC", "AS"], ["AC", "TS"]], turn_up="9H", stock=["JS", "JD"])
    run(game, "declare marriage_common KC QC", "play QC", "play AC")  # p2 wins
    assert marriage_scores(game) == [] and game.view(1).held_points == (20, 0)
    assert game.to_act == 1
    run(game, "play TS", "play AS")  # p1 wins a trick: the marriage counts now
    assert marriage_scores(game) == [(0, 20)] and game.view(1).held_points == (0, 0)


def test_bicycle_after_a_trick_won_a_marriage_scores_at_once(tmp_path: Path) -> None:
    variant = overlay(tmp_path, 'held_until = "first_trick_won"\n')
    game = dealt(variant, [["AS", "KC", "QC"], ["TS", "JC"]], turn_up="9H")
    run(game, "play AS", "play TS")
    assert game.to_act == 0
    run(game, "declare marriage_common KC QC")
    assert marriage_scores(game) == [(0, 20)]


def test_the_package_holds_the_points_until_the_next_trick_won(tmp_path: Path) -> None:
    """``next_trick_won``: even after tricks won, the points wait for the next one."""
    variant = overlay(tmp_path, 'held_until = "next_trick_won"\n')
    game = dealt(variant, [["AS", "KC", "QC"], ["TS", "AC"]], turn_up="9H")
    run(game, "play AS", "play TS", "declare marriage_common KC QC")
    assert marriage_scores(game) == [] and game.view(0).held_points == (20, 0)
    run(game, "play KC", "play AC")  # p2 wins: p1's points still wait
    assert marriage_scores(game) == []
    events = [e for e in game.events if e.kind is EventKind.DECLARE]
    assert [(e.player, e.points, e.what) for e in events] == [(0, 20, "marriage_common")]


def test_the_rulebook_says_who_declares_and_when_points_count(tmp_path: Path) -> None:
    text = render(overlay(tmp_path, 'lead_rank = "K"\nheld_until = "first_trick_won"\n'))
    assert "**A combination is declared by the player to lead, as he leads**" in text
    assert "leads the king at once; never when following" in text
    assert "**A declaration's points count only once its player has won a trick**" in text


def test_a_combination_without_the_named_rank_leads_any_of_its_cards(tmp_path: Path) -> None:
    game = dealt(overlay(tmp_path, 'lead_rank = "K"\n'), [["QS", "JD"], ["TS"]], turn_up="9H")
    run(game, "declare bezique QS JD")
    assert sorted(texts(game)) == ["play JD", "play QS"]


def test_random_games_on_lead_play_to_their_end_and_add_up(tmp_path: Path) -> None:
    """Every turn has a move, every game ends, and the score events add up to the scores
    (held points counted once, when redeemed)."""
    variant = load_variant("schnapsen-platform")
    for seed in range(40):
        game = Game.new(variant, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            moves = game.legal_moves()
            assert moves
            game.step(rng.choice(moves))
        scored = [0, 0]
        for event in game.events:
            if event.kind is EventKind.SCORE and event.player is not None:
                scored[event.player] += event.points
        assert tuple(scored) == game.scores
