"""The arena: duplicate play and its intervals, agents from outside the project (named
``module:Class`` or given as objects), and the optional hooks of the agent protocol."""

from __future__ import annotations

import json
import math
import statistics
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from interpreter.agents import GreedyAgent
from interpreter.arena.duplicate import seatings
from interpreter.arena.entrants import AgentError
from interpreter.arena.hooks import HIDDEN, Listeners
from interpreter.arena.paired import Ratio, t_quantile
from interpreter.cli import main
from interpreter.engine import Event, EventKind, Game, Move, PlayerView, Rules
from interpreter.loader import load_variant
from interpreter.records import Record, replay
from interpreter.simulate import Summary, simulate
from tests.support import bezique

ROOT = Path(__file__).resolve().parent.parent
BOTS = ROOT / "tests" / "fixtures" / "agents"


@pytest.fixture
def outside(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The folder of ``outside_bots`` on ``sys.path``, as ``PYTHONPATH`` would put it."""
    monkeypatch.syspath_prepend(str(BOTS))
    yield
    sys.modules.pop("outside_bots", None)


def outside_bots() -> object:
    import outside_bots  # type: ignore[import-not-found]

    return outside_bots


class Passer:
    """The greedy bot under another name (wrapped, not subclassed: in the compiled build an
    interpreted class cannot inherit from a compiled one)."""

    name = "passer"

    def __init__(self, rules: Rules) -> None:
        self._greedy = GreedyAgent(rules)

    def choose(self, view: PlayerView) -> Move:
        return self._greedy.choose(view)


# -- duplicate play -------------------------------------------------------------------------------
def test_a_board_deals_the_same_cards_to_the_swapped_agents() -> None:
    variant = load_variant("rubicon")
    records: list[Record] = []
    rules = Rules(variant)
    simulate(
        variant,
        2,
        seed=3,
        agents=[Passer(rules), "greedy"],
        duplicate=True,
        on_record=records.append,
    )
    assert len(records) == 4  # two boards, each played in two seatings
    for first, second in (records[0:2], records[2:4]):
        assert first.seed == second.seed  # the same deck
        assert (first.seats, second.seats) == (["passer", "greedy"], ["greedy", "passer"])
        assert first.meta["duplicate"].endswith("seating 1 of 2")
        assert second.meta["duplicate"].endswith("seating 2 of 2")
        dealt = [
            [a for a in r.actions if " is dealt " in a or "turn" in a] for r in (first, second)
        ]
        assert dealt[0] == dealt[1] and len(dealt[0]) >= 2  # each seat the same cards
    assert records[0].seed != records[2].seed


def test_seatings_swap_two_sides_and_rotate_three_players() -> None:
    assert seatings(Rules(load_variant("bezique"))) == [(0, 1), (1, 0)]
    assert seatings(Rules(load_variant("three-handed"))) == [(0, 1, 2), (2, 0, 1), (1, 2, 0)]
    # partners stay together: the side p1 + p3 and the side p2 + p4 change places
    assert seatings(Rules(load_variant("four-handed-partners"))) == [(0, 1, 2, 3), (1, 0, 3, 2)]


def test_the_interval_is_the_paired_t_interval_worked_out_by_hand() -> None:
    variant = load_variant("rubicon")
    records: list[Record] = []
    summary = simulate(
        variant, 4, seed=11, agents=["random", "greedy"], duplicate=True, on_record=records.append
    )
    # each board: greedy's points less random's, per deal, over the board's two seatings
    leads = []
    for board in (records[i : i + 2] for i in range(0, 8, 2)):
        lead = 0
        for record in board:
            points = replay(record, variant).deal_results[0].points
            greedy = record.seats.index("greedy")
            lead += points[greedy] - points[1 - greedy]
        leads.append(lead / 2)
    mean = statistics.fmean(leads)
    half = 3.182446305284263 * statistics.stdev(leads) / math.sqrt(4)  # t, 3 degrees of freedom
    data = summary.as_json()["duplicate"]
    assert isinstance(data, dict)
    greedy, random_ = data["agents"][1], data["agents"][0]
    assert (greedy["agent"], greedy["first_seat"], random_["agent"]) == ("greedy", "p2", "random")
    assert greedy["difference"] == round(mean, 2) == -random_["difference"]
    assert greedy["ci95"] == [round(mean - half, 2), round(mean + half, 2)]
    assert random_["ci95"] == [round(-mean - half, 2), round(-mean + half, 2)]
    assert data["boards"] == 4 and data["seatings"] == 2 and data["deals"] == 8


def test_t_quantiles_and_a_ratio_of_uneven_boards() -> None:
    # Student's t, upper 97.5 % points, from the printed tables
    for df, t in ((1, 12.706), (2, 4.303), (5, 2.571), (30, 2.042), (120, 1.980), (10**6, 1.960)):
        assert round(t_quantile(df), 3) == t
    ratio = Ratio()
    for y, d in ((30, 2), (-10, 2), (50, 4)):  # boards of 2, 2 and 4 deals
        ratio.add(y, d)
    assert ratio.mean == 70 / 8  # every deal weighs the same
    residuals = [y - ratio.mean * d for y, d in ((30, 2), (-10, 2), (50, 4))]
    error = math.sqrt(3 * sum(r * r for r in residuals) / 2) / 8
    assert ratio.standard_error == pytest.approx(error, rel=1e-12)
    one = Ratio()
    one.add(5, 1)
    assert one.interval() is None  # one board: no interval


def test_duplicate_json_and_text_name_agents_sides_and_intervals(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["simulate", "four-handed-partners", "--deals", "8", "--duplicate", "--seed", "2"]
    assert main([*args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)["duplicate"]
    assert set(data) == {"boards", "seatings", "deals", "agents", "sides"}
    assert [a["agent"] for a in data["agents"]] == ["random", "greedy", "random", "greedy"]
    for entry in [*data["agents"], *data["sides"]]:
        low, high = entry["ci95"]
        assert low <= entry["difference"] <= high
    assert [s["first_seats"] for s in data["sides"]] == [["p1", "p3"], ["p2", "p4"]]
    assert data["sides"][0]["difference"] == -data["sides"][1]["difference"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "Per agent (duplicate)" in out and "Per side (duplicate, partners added)" in out
    assert "95 % interval" in out and "each played in 2 seatings" in out


def test_duplicate_play_is_reproducible_and_its_summary_does_not_grow() -> None:
    variant = load_variant("rubicon")
    runs = [simulate(variant, deals, seed=7, duplicate=True) for deals in (3, 3, 12)]
    assert runs[0].as_json()["duplicate"] == runs[1].as_json()["duplicate"]
    few, many = runs[0].duplicate, runs[2].duplicate
    assert few is not None and many is not None and (few.boards, many.boards) == (3, 12)
    assert repr(few).count(",") == repr(many).count(",")  # as many numbers kept


def test_a_race_game_board_is_whole_games(capsys: pytest.CaptureFixture[str]) -> None:
    summary = simulate(
        load_variant("bezique"), 5, seed=1, agents=["greedy", "random"], duplicate=True
    )
    board = summary.duplicate
    assert board is not None and board.boards >= 1
    assert summary.games == 2 * board.boards  # never cut short
    assert board.deals == summary.deals >= 2 * 5


# -- agents from outside the project -----------------------------------------------------------
def test_an_outside_class_plays_in_simulate_from_the_command_line() -> None:
    run = bezique(
        "simulate",
        "rubicon",
        "--deals",
        "2",
        "--duplicate",
        "--agents",
        "outside_bots:Cautious,greedy",
        "--json",
        paths=[BOTS],
    )
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    assert data["agents"] == ["outside_bots:Cautious", "greedy"]
    assert data["duplicate"]["agents"][0]["agent"] == "outside_bots:Cautious"


def test_an_outside_class_plays_in_play_from_the_command_line(tmp_path: Path) -> None:
    record = tmp_path / "game.toml"
    run = bezique(
        "play",
        "rubicon",
        "--seed",
        "4",
        "--bot",
        "outside_bots:Cautious",
        "--record",
        str(record),
        answers="1\n" * 400,
        paths=[BOTS],
    )
    assert run.returncode == 0, run.stderr
    assert "p2 (outside_bots:Cautious)" in run.stdout and "Game over" in run.stdout
    written = tomllib.loads(record.read_text(encoding="utf-8"))
    assert written["seats"] == ["person", "outside_bots:Cautious"]
    assert any(action.startswith("p2 play ") for action in written["actions"])


def test_the_example_bot_of_the_guide_plays_duplicate_deals(tmp_path: Path) -> None:
    page = (ROOT / "docs" / "agents.md").read_text(encoding="utf-8")
    after = page[page.index("<!-- example: mybots -->") :]
    (tmp_path / "mybots.py").write_text(after.split("```python\n")[1].split("```")[0])
    run = bezique(
        "simulate", "bezique", "--deals", "3", "--duplicate", "--agents", "mybots:Cautious",
        "--json", paths=[tmp_path],
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)["duplicate"]
    assert [a["agent"] for a in data["agents"]] == ["mybots:Cautious"] * 2
    assert data["agents"][0]["difference"] == -data["agents"][1]["difference"]


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("no_such_bots:Bot", "agent 'no_such_bots:Bot': no module named 'no_such_bots'"),
        (
            "outside_bots:Missing",
            "agent 'outside_bots:Missing': module outside_bots has no 'Missing'",
        ),
        (
            "outside_bots:cautious",
            "module outside_bots has no 'cautious' (did you mean 'Cautious'?)",
        ),
        (
            "outside_bots:not_a_class",
            "outside_bots:not_a_class': not_a_class is a function, not a class",
        ),
        (
            "outside_bots:Mute",
            "Mute does not follow the agent protocol: it has no choose(view) method",
        ),
        ("outside_bots:Nameless", "does not follow the agent protocol: it has no name"),
        (
            "outside_bots:Engineish",
            "Engineish does not follow the agent protocol: its choose(self, game, seat) must "
            "take one argument, the view (choose(self, view) in the class)",
        ),
        (
            "outside_bots:Demanding",
            "Demanding() needs 'depth', but an agent is made with only rules=",
        ),
        ("outside_bots:", "write an agent from outside the project as module:Class"),
    ],
)
def test_a_bad_outside_agent_is_refused_with_its_reason(
    spec: str, message: str, outside: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", "bezique", "--deals", "1", "--agents", f"greedy,{spec}"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("bezique: ") and message in err and err.count("\n") == 1


def test_an_unknown_name_lists_the_agents_and_the_outside_form(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["play", "bezique", "--bot", "clever"]) == 2
    assert (
        "unknown agent 'clever'; known agents: random, greedy, expert or module:Class"
        in capsys.readouterr().err
    )


@pytest.mark.parametrize(
    ("spec", "returned"), [("Cheater", "'play ZZ'"), ("Talker", "the string '")]
)
def test_a_move_that_is_not_legal_names_the_agent_and_the_move(
    spec: str, returned: str, outside: None
) -> None:
    with pytest.raises(AgentError) as refused:
        simulate(load_variant("rubicon"), 1, agents=["greedy", f"outside_bots:{spec}"])
    message = str(refused.value)
    assert message.startswith(f"agent 'outside_bots:{spec}' (p2) returned {returned}")
    assert "which is not one of its legal moves: " in message


def test_agent_objects_play_in_the_python_api(outside: None) -> None:
    bots = outside_bots()
    variant = load_variant("bezique")
    cautious = bots.Cautious(Rules(variant), seed=1)  # type: ignore[attr-defined]
    summary = simulate(variant, 3, agents=[cautious, "greedy"])
    assert summary.agents == ("cautious", "greedy") and summary.deals == 3
    with pytest.raises(AgentError, match="it has no choose"):
        simulate(variant, 1, agents=[bots.Mute(), "greedy"])  # type: ignore[attr-defined]


# -- the hooks ---------------------------------------------------------------------------------
def test_a_listening_agent_is_told_every_event_as_its_seat_saw_it(outside: None) -> None:
    bots = outside_bots()
    game = Game.new(load_variant("bezique"), seed=5)
    agents = [bots.Listener(), bots.Listener()]  # type: ignore[attr-defined]
    listeners = Listeners(game, agents)
    listeners.tell()
    while game.deals_finished < 2:
        seat = game.to_act
        assert seat is not None
        # asked to choose, an agent has been told everything that happened before
        assert len(agents[seat].events) == len(game.events)
        game.step(agents[seat].choose(game.view(seat)))
        listeners.tell()
    for seat, agent in enumerate(agents):
        assert agent.seats == [seat] and len(agent.events) == len(game.events)
        for told, real in zip(agent.events, game.events, strict=True):
            hidden = not real.visible_to(seat) and bool(real.cards)
            assert told.cards == ((HIDDEN,) * len(real.cards) if hidden else real.cards)
        hands = [e for e in agent.events if e.kind is EventKind.HAND]
        assert all((e.player == seat) == (HIDDEN not in e.cards) for e in hands)
        assert agent.deals == list(game.deal_results[:2]) and agent.games == []


class Counting:
    """Greedy, counting the games, deals and events it is told of, by seat."""

    def __init__(self, rules: Rules) -> None:
        self.greedy = GreedyAgent(rules)
        self.name = "counting"
        self.seats: list[int] = []
        self.deals = self.games = self.events = 0

    def choose(self, view: PlayerView) -> Move:
        return self.greedy.choose(view)

    def game_start(self, seat: int) -> None:
        self.seats.append(seat)

    def observe(self, event: Event) -> None:
        self.events += 1

    def deal_over(self, result: object) -> None:
        self.deals += 1

    def game_over(self, outcome: object) -> None:
        self.games += 1


def test_simulate_tells_agents_of_games_and_deals_in_every_seat() -> None:
    variant = load_variant("rubicon")
    counting = Counting(Rules(variant))
    summary: Summary = simulate(variant, 3, agents=[counting, "random"], duplicate=True)
    assert counting.seats == [0, 1] * 3  # the seats swap on each board
    assert counting.games == summary.games == 6 and counting.deals == 6
    assert counting.events > 6 * 20
