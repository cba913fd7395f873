"""The sampling bot of docs/engine.md runs as printed, and plays only from what it may know."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[1] / "docs" / "engine.md"


def _example(marker: str) -> str:
    page = ENGINE.read_text(encoding="utf-8")
    after = page[page.index(f"<!-- example: {marker} -->") :]
    found = re.search(r"```python\n(.*?)```", after, re.DOTALL)
    assert found is not None
    return found.group(1)


def test_the_sampling_bot_of_the_engine_guide_plays_a_deal() -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(_example("sampling bot"), str(ENGINE), "exec"), {"__name__": "example"})
    points = out.getvalue().strip()
    assert re.fullmatch(r"\(\d+, \d+\)", points), points


def test_the_sampling_bot_does_not_read_the_hidden_cards() -> None:
    """Its choices are the same whatever the unseen cards are: it is given a resampled copy of
    the game (a world that looks the same to its seat) and must choose the same move."""
    namespace: dict[str, object] = {"__name__": "example"}
    source = _example("sampling bot").split("\nrules = Rules(")[0]
    exec(compile(source, str(ENGINE), "exec"), namespace)
    from interpreter.engine import Game, Rules
    from interpreter.loader import load_variant

    sampler = namespace["Sampler"]
    rules = Rules(load_variant("bezique"))
    game = Game.new(rules, seed=5, dealer=1)
    import random

    rng = random.Random(5)
    checked = 0
    while game.deals_finished == 0 and checked < 4:
        if game.to_act == 0 and len(game.legal_moves()) > 1:
            world = game.resample(0, random.Random(checked))
            first = sampler(rules, worlds=2, seed=9).best(game, 0)  # type: ignore[operator]
            second = sampler(rules, worlds=2, seed=9).best(world, 0)  # type: ignore[operator]
            assert str(first) == str(second)
            checked += 1
        game.step(rng.choice(game.legal_moves()))
    assert checked == 4
