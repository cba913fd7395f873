"""A hint's reasons are true of every deal of the cards its seat cannot rule out, or say who
could make them false and how likely that is; and a position has one hint, whether it is asked
of ``bezique play``, of the browser game or of ``interpreter.agents.hint``."""

from __future__ import annotations

import random
import re
from io import StringIO
from pathlib import Path
from typing import Any, ClassVar

import pytest
from rich.console import Console

from interpreter.agents import GreedyAgent, hint
from interpreter.engine import Game, Phase, Play, PlayerView
from interpreter.engine.tricks import winning_index
from interpreter.loader import load_variant
from interpreter.play import play_terminal
from interpreter.web.api import Api
from tests.support import bezique

ROOT = Path(__file__).resolve().parent.parent

HINT = re.compile(r"Hint: (.+?) — (.+)\.$", re.MULTILINE)


def _qualified(reason: str) -> bool:
    """Whether what the reason says of the trick is hedged: ``unless p2 holds …``, ``in 3 of
    6 deals of the unseen cards tried``."""
    first = reason.split(";")[0].split(", then ")[0]
    hedged = re.match(r"takes the trick in (\d+ of \d+|some) deals", first)
    return " unless " in first or hedged is not None


def _takes_unqualified(reason: str) -> bool:
    return reason.startswith("takes the trick") and not _qualified(reason)


def _later(game: Game, seat: int) -> list[int]:
    """The seats of the other side still to play to the trick once ``seat`` has played."""
    view = game.view(seat)
    played = {s for s, _ in view.trick} | {seat}
    side = game.rules.side_of[seat]
    return [
        s
        for s in range(game.players)
        if s not in played and game.rules.side_of[s] != side and view.hand_sizes[s]
    ]


def _could_hold(view: PlayerView, seat: int) -> set[str]:
    """Every card ``seat`` might hold, for all ``view``'s player knows: one he saw it keep
    (declared and still on its table, or seen going back to its hand), or one he has not seen."""
    faces = {str(face) for face in view.unseen}
    faces |= {str(face) for _, face in view.table[seat]}
    return faces | {str(face) for face in view.known[seat]}


def _beating(game: Game, seat: int, play: Play) -> set[str]:
    """The cards a seat still to play might hold that would take the trick from ``seat``'s
    side once ``play`` is in it, by the engine's rule for settling a trick."""
    rules, view = game.rules, game.view(seat)
    cards = [rules.by_face[str(face)][0] for _, face in view.trick] + [play.card]
    seats = [s for s, _ in view.trick] + [seat]
    strength = rules.strength if view.stock_size else rules.end_strength
    found = set()
    for other in _later(game, seat):
        for face in _could_hold(view, other):
            trick = [*cards, rules.by_face[face][0]]
            best = winning_index(trick, rules.suit, strength, view.trump)
            if rules.side_of[[*seats, other][best]] != rules.side_of[seat]:
                found.add(face)
    return found


def _taken_in(world: Game, seat: int, play: Play) -> list[int]:
    """Who takes the trick in ``world`` after ``play``, for each card the next seat may play
    in answer (the seats after it answering as the greedy bot would)."""
    world.step(play)
    if not world.view(seat).trick:  # the last card of the trick
        last = world.view(seat).last_trick_winner
        assert last is not None
        return [last]
    winners = []
    for reply in world.legal_moves():
        game = world.copy()
        game.step(reply)
        while game.view(seat).trick:
            to_act = game.to_act
            assert to_act is not None
            game.step(GreedyAgent(game.rules).choose(game.view(to_act)))
        winner = game.view(seat).last_trick_winner
        assert winner is not None
        winners.append(winner)
    return winners


def test_rubicon_seed_5_after_passing_the_hint_says_who_could_take_the_trick() -> None:
    """The position of the report: ``bezique play rubicon --seed 5``, ``pass``, ``hint``."""
    run = bezique(
        "play",
        "rubicon",
        "--seed",
        "5",
        "--no-review",
        answers=["pass", "hint", "quit"],
        columns=400,
    )
    shown = HINT.search(run.stdout)
    assert shown, run.stdout
    game = Game.new(load_variant("rubicon"), seed=5)
    game.step(game.parse_move("pass"))
    move, reason = game.parse_move(shown[1]), shown[2]
    assert isinstance(move, Play) and game.to_act == 0
    given = hint(game, 0)
    assert (given.move, given.reason) == (move, reason)  # the API gives the terminal's hint
    # Deals p1 cannot rule out: in some, p2 holds a card that takes the trick.
    view, rng = game.view(0), random.Random(1)
    worlds = [view.resample(rng) for _ in range(300)]
    lost = sum(1 in _taken_in(world, 0, move) for world in worlds)
    assert lost > 0
    # More often lost than won: said to be the lead that costs least, not a take to count on.
    assert reason.startswith("the lead that costs least: it takes the trick unless p2 holds ")
    said = re.search(r"\(about (\d+)% likely\)", reason)
    assert said and abs(int(said[1]) - 100 * lost / len(worlds)) < 8, (reason, lost)
    assert int(said[1]) >= 50


@pytest.mark.parametrize(
    "name",
    ["bezique", "rubicon", "three-handed", "four-handed-partners", "pinochle", "sixty-six"],
)
def test_a_trick_is_said_taken_only_when_no_card_an_opponent_might_hold_beats_it(
    name: str,
) -> None:
    """Over the positions of a deal: a plain "takes the trick" has no card that an opponent
    still to play might hold (by enumeration of the unseen cards) and that would take it, and
    in deals sampled for the seat every answer leaves the trick to its side; a hedged one
    ("unless p2 holds …") names a real danger."""
    game = Game.new(load_variant(name), seed=21)
    bots = [GreedyAgent(game.rules) for _ in range(game.players)]
    rng = random.Random(2)
    plain = hedged = 0
    while not game.is_over and not game.deals_finished and plain + hedged < 30:
        seat = game.to_act
        assert seat is not None
        plays = [m for m in game.legal_moves() if isinstance(m, Play)]
        if game.phase is Phase.PLAY and len(plays) > 1:
            given = hint(game, seat)
            if isinstance(given.move, Play) and "takes the trick" in given.reason:
                beaten = _beating(game, seat, given.move)
                if _takes_unqualified(given.reason):
                    plain += 1
                    assert not beaten, (given, sorted(beaten))
                    view = game.view(seat)
                    for world in (view.resample(rng) for _ in range(4)):
                        taken = _taken_in(world, seat, given.move)
                        assert all(game.rules.side_of[w] == game.rules.side_of[seat] for w in taken)
                elif " unless " in given.reason:
                    hedged += 1
                    assert beaten, given
                    likely = re.search(r"\(about (\d+)% likely\)", given.reason)
                    least = given.reason.startswith(("the lead that costs", "the card you need"))
                    assert likely is None or (int(likely[1]) >= 50) == least, given
        game.step(bots[seat].choose(game.view(seat)))
    assert plain and hedged, (plain, hedged)


class _Kept(Game):
    """The game ``bezique play`` makes, kept where the test can see it."""

    made: ClassVar[list[Game]] = []

    @classmethod
    def new(cls, *args: Any, **kwargs: Any) -> Game:
        game = Game.new(*args, **kwargs)
        cls.made.append(game)
        return game


@pytest.mark.parametrize(("name", "seed"), [("bezique", 8), ("rubicon", 5), ("three-handed", 3)])
def test_the_terminal_the_browser_and_the_api_give_one_hint(
    name: str, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ten positions of each game (thirty in all), the person moving at random: ``hint`` in
    ``bezique play``, the browser game's hint and ``interpreter.agents.hint`` agree."""
    monkeypatch.setattr("interpreter.play.session.Game", _Kept)
    _Kept.made = []
    api = Api()
    seats = ["person"] + ["greedy"] * (load_variant(name).players.count - 1)
    created = api.call("create", {"variant": name, "seed": seed, "seats": seats})
    web = api.games[created["game"]]
    screen, rng = StringIO(), random.Random(seed)
    compared: list[str] = []

    def read(prompt: str) -> str:
        (game,) = _Kept.made
        if len(compared) == 10:
            return "quit"
        asked = HINT.findall(screen.getvalue())
        if len(asked) == len(compared):  # a new position: ask the terminal for its hint
            return "hint"
        shown, reason = asked[-1]
        assert web.game.view(0) == game.view(0)  # the same position in both games
        given = hint(game, 0)
        assert (game.parse_move(shown), reason) == (given.move, given.reason)
        browser = api.call("hint", {"game": created["game"], "seat": 0})
        assert (game.parse_move(browser["move"]), browser["reason"]) == (given.move, reason)
        compared.append(reason)
        move = rng.choice(game.legal_moves())
        api.call("move", {"game": created["game"], "seat": 0, "move": str(move)})
        return str(game.legal_moves().index(move) + 1)

    console = Console(file=screen, width=1000, highlight=False)
    play_terminal(
        load_variant(name), seed=seed, seat=0, bot="greedy", read=read, console=console, pause=False
    )
    assert len(compared) == 10
