"""``bezique play`` as a person meets it: typed answers through a real process, and the screen
of a real (pseudo-)terminal 80 columns wide."""

from __future__ import annotations

import fcntl
import os
import random
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time
import tomllib
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from io import StringIO
from pathlib import Path

import pytest
from rich.console import Console

from interpreter.engine import Game, IllegalMoveError, Move, Phase, PlayerView
from interpreter.loader import load_variant
from interpreter.play import play_terminal
from interpreter.play.hints import HINT_AGENT, NO_HINTS, hinter
from tests.support import bezique as run_bezique

ROOT = Path(__file__).resolve().parent.parent
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
LETTER_CARD = re.compile(r"(?<![\w♠♥♦♣])(?:10|[AKQJT2-9])[SHDC](?![a-z])")


def _env(columns: int = 80) -> dict[str, str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": str(columns)}
    env.pop("NO_COLOR", None)
    return env


bezique = partial(run_bezique, columns=80)


def moves_offered(out: str) -> int:
    """How many moves the first list on the screen offers."""
    first = out[out.index("Moves: ") :].split("\n>")[0]
    return max(int(n) for n in re.findall(r"(\d+)\. ", first))


def test_a_number_not_in_the_list_is_refused_with_the_numbers_to_choose_from() -> None:
    run = bezique("play", "bezique", "--seed", "3", answers=["9", "99", "0", "foo", "1"])
    count = moves_offered(run.stdout)
    assert run.returncode == 0 and count < 9
    for number in ("9", "99", "0"):
        assert f"No move {number}: choose 1–{count}." in run.stdout
    assert "Not a move: 'foo' is not a card" in run.stdout
    # nothing changed until the good answer: the first move of the list is then played
    first = re.search(r"Moves: 1\. (play \S+)", run.stdout)
    assert first is not None and f"p1 (you): {first[1]}" in run.stdout
    assert run.stdout.count("Moves: 1.") == 2  # the first screen, then the next one


def test_the_end_of_input_ends_the_game_in_one_line_and_keeps_the_record(
    tmp_path: Path,
) -> None:
    record = tmp_path / "game.toml"
    run = bezique("play", "polish", "--seed", "2", "--record", str(record), answers=["1", "1"])
    assert run.returncode == 0 and run.stderr == ""
    assert run.stdout.rstrip().endswith(f"Game abandoned.\nRecord written to {record}.")
    replay = bezique("replay", str(record))
    assert replay.returncode == 0 and "unfinished" in replay.stdout


def test_ctrl_c_ends_the_game_with_status_130_without_a_traceback(tmp_path: Path) -> None:
    record = tmp_path / "game.toml"
    process = subprocess.Popen(
        [sys.executable, "-m", "interpreter.cli", "play", "bezique", "--record", str(record)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        env=_env(),
    )
    assert process.stdout is not None and process.stdin is not None
    seen = b""
    while not seen.endswith(b"> "):  # the first prompt: the game waits for the person
        chunk = os.read(process.stdout.fileno(), 4096)
        assert chunk, "the game ended before asking for a move"
        seen += chunk
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    text = (seen + out).decode()
    assert process.returncode == 130 and err == b""
    assert text.rstrip().endswith(f"Game abandoned (Ctrl-C).\nRecord written to {record}.")
    assert bezique("replay", str(record)).returncode == 0


def test_help_gives_the_commands_and_the_notation() -> None:
    run = bezique("play", "bezique", "--seed", "3", answers=["help"])
    help_text = run.stdout.split("> ", 1)[1]
    for words in ("hint", "undo", "quit", "declare bezique Q♠ J♦", "S H D C", "A♠*1"):
        assert words in help_text
    # the ids to type after 'declare', with the names the screen shows
    flat = " ".join(help_text.replace("\u00a0", " ").split())
    assert "marriage_royal (royal marriage)" in flat and "double_bezique (double bézique)" in flat


def test_undo_is_for_practice_games_and_never_goes_back_across_a_card_shown(
    tmp_path: Path,
) -> None:
    """A move is taken back, the bots' replies with it, only while no card it led to was
    shown to the person (a draw): the declaration made on winning a trick is, the card that
    won it is not."""
    untouched, practised = tmp_path / "untouched.toml", tmp_path / "practised.toml"
    plain = ["--seed", "3", "--no-review"]
    three = ["1"] * 3  # the cut, the first two cards, and the input ends
    assert (
        bezique(
            "play", "schnapsen-platform", *plain, "--record", str(untouched), answers=three
        ).returncode
        == 0
    )
    answers = ["undo", "practice", *["1", "undo"] * 4]
    run = bezique("play", "schnapsen-platform", *plain, "--record", str(practised), answers=answers)
    out = run.stdout
    assert "undo is for practice games" in out
    refused = re.findall(r"Cannot take back (play \S+): a card was shown to you since", out)
    assert len(refused) == 2, out  # each trick drew a card for the person
    taken = out.index("Taken back: declare marriage K♦ Q♦ (your move).")
    assert taken > out.index("Cannot take back play A♥")
    hands = re.findall(r"Your hand: .*", out[: taken + 200])
    assert hands[-1] == hands[-2]  # the hand is again what it was before the declaration
    before, after = (tomllib.loads(f.read_text("utf-8")) for f in (untouched, practised))
    assert after["actions"] == before["actions"]  # as if the declaration had never been
    assert "practice" not in before
    assert after["practice"] == "a practice game: 1 move taken back with undo"
    assert bezique("replay", str(practised)).returncode == 0


def test_practice_from_the_command_line_says_so_at_the_end() -> None:
    run = bezique("play", "bezique", "--seed", "3", "--practice", answers=["undo"])
    assert "A practice game: undo takes back" in run.stdout
    assert "There is no move of yours to take back." in run.stdout


def test_hint_gives_the_expert_move_and_why() -> None:
    run = bezique("play", "bezique", "--seed", "3", answers=["hint"])
    assert re.search(r"> Hint: play \S+ — \w", run.stdout)


class _Expert:
    def __init__(self) -> None:
        self.seen: list[int] = []

    def explain(self, view: PlayerView) -> tuple[Move, str]:
        self.seen.append(view.player)
        return view.legal_moves[-1], "it wins a brisque"


def test_a_bot_that_explains_its_choice_gives_the_hints(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = Game.new(load_variant("bezique"), seed=1).rules
    expert = _Expert()
    made: list[str] = []

    def make(name: str, *_: object) -> object:
        made.append(name)
        return expert if name == HINT_AGENT else object()

    assert hinter(rules, names=("greedy",), make=make) is None and made == []
    hints = hinter(rules, names=("greedy", HINT_AGENT), make=make)
    assert hints is not None
    view = Game.new(load_variant("bezique"), seed=1).view(1)
    assert hints.explain(view) == (view.legal_moves[-1], "it wins a brisque")
    expert.seen.clear()
    monkeypatch.setattr(
        "interpreter.play.session.hinter", lambda *_: expert
    )  # as if the registry had it
    out = _play_in_process("bezique", ["hint"], seat=1)
    assert "Hint: pass — it wins a brisque." in out and expert.seen == [1]
    nothing = object()  # an agent without explain() gives no hints
    assert hinter(rules, names=(HINT_AGENT,), make=lambda *_: nothing) is None
    monkeypatch.setattr("interpreter.play.session.hinter", lambda *_: None)
    assert NO_HINTS in _play_in_process("bezique", ["hint"], seat=1)


def _play_in_process(variant: str, answers: Sequence[str], seat: int = 0) -> str:
    feed: Iterator[str] = iter(answers)

    def read(prompt: str) -> str:
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    screen = StringIO()
    console = Console(file=screen, width=80, highlight=False)
    play_terminal(
        load_variant(variant), seed=3, seat=seat, bot="greedy", read=read, console=console
    )
    return screen.getvalue()


@pytest.fixture(scope="module")
def two_deals() -> str:
    """What the person sees of a game of Bézique played with the first move every time, up
    to the second deal (input piped: nothing waits for Enter)."""
    run = bezique("play", "bezique", "--seed", "3", answers=["1"] * 140)
    assert run.returncode == 0 and "End of deal 1." in run.stdout
    return run.stdout


def test_the_end_of_a_deal_is_broken_down(two_deals: str) -> None:
    after = two_deals.split("End of deal 1. Points scored in it:\n", 1)[1]
    end = re.sub(r"\n +", " ", after).split("\n")  # wrapped lines joined again
    for seat, line in zip(("p1 (you)", "p2 (expert)"), end[:2], strict=True):
        name, _, rest = line.partition(": ")
        total, _, items = rest.partition(" — ")
        assert name == seat
        # the items add up to the deal's points: "four knaves 40, 9 brisques 90, …"
        points = 0
        for item in items.split(", "):
            times = re.search(r"(\d+) × (\d+)$", item)
            points += int(times[1]) * int(times[2]) if times else int(item.split()[-1])
        assert points == int(total)
    assert "brisques" in end[0] + end[1] and "last trick" in end[0] + end[1]
    assert re.match(r"Game: p1 \(you\) \d+ · p2 \(expert\) \d+ \(first to 1000\)\.", end[2])
    assert re.match(r"Deal 2 is dealt by p[12] \((you|expert)\)\.", end[3])
    assert "Press Enter" not in two_deals


def test_a_forced_play_in_the_last_tricks_is_explained(two_deals: str) -> None:
    forced = re.findall(r"Only (\S+) may be played: you must (.+)\.\nMoves: (.*)", two_deals)
    assert forced
    for card, duty, moves in forced:
        assert moves == f"1. play {card} (Enter plays it)"
        assert duty.startswith(("follow suit", "trump", "win the trick"))


def test_a_declared_card_mark_is_explained_once(two_deals: str) -> None:
    legend = re.findall(r"(\S+\*\d+) is the \S+ lying face up on the table, declared", two_deals)
    assert len(legend) == 1
    first = re.search(r"play \S+\*\d+", two_deals)  # the first move with a mark …
    assert first is not None  # … is followed by the legend before the prompt
    assert f"{legend[0]} is the" in two_deals[first.end() :].split("\n>")[0]


def test_the_screen_uses_one_notation_and_no_slips(two_deals: str) -> None:
    assert LETTER_CARD.findall(two_deals) == []
    assert "(s)" not in two_deals and "'s " not in two_deals
    assert not re.search(r"\b1 (cards|brisques)\b", two_deals)


def test_a_combination_refused_names_its_cards_with_and() -> None:
    game = Game.new(load_variant("bezique"), seed=1)
    for _ in range(500):  # the first move each time, until a winner holds a king and a queen
        view = game.view(game.to_act or 0)
        ranks = {face.rank: face for _, face in view.hand}
        if game.phase is Phase.DECLARE and "K" in ranks and "Q" in ranks:
            break
        game.step(view.legal_moves[-1] if game.phase is Phase.DECLARE else view.legal_moves[0])
    else:
        pytest.fail("no declaring turn with a king and a queen in hand")
    king = ranks["K"]
    queen = next(f for _, f in view.hand if f.rank == "Q" and f.suit != king.suit)
    with pytest.raises(IllegalMoveError) as one:
        game.parse_move(f"declare marriage_common {king}")
    assert one.value.reason == f"{king.pretty} does not form common marriage"
    with pytest.raises(IllegalMoveError) as two:
        game.parse_move(f"declare marriage_common {king} {queen}")
    assert two.value.reason == f"{king.pretty} and {queen.pretty} do not form common marriage"


def test_a_record_in_a_folder_that_does_not_exist_is_refused_before_the_game(
    tmp_path: Path,
) -> None:
    run = bezique("play", "bezique", "--record", str(tmp_path / "no" / "game.toml"))
    assert run.returncode == 2 and "there is no folder" in run.stderr and run.stdout == ""


def test_the_command_line_guide_shows_what_play_prints(two_deals: str) -> None:
    page = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    section = page.split("## `play`", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```(?:console)?\n(.*?)```", section, re.S)
    game = next(block for block in blocks if block.startswith("$ bezique play "))
    command, transcript = game.split("\n", 1)
    answers = re.findall(r"^> (.*)$", transcript, re.M)
    run = bezique(*command.split()[2:], answers=answers)
    prompts = run.stdout.split("> ")
    assert len(prompts) == len(answers) + 1
    typed = prompts[0] + "".join(f"> {a}\n{p}" for a, p in zip(answers, prompts[1:], strict=True))
    assert typed == transcript
    end = next(block for block in blocks if block.startswith("End of deal 1."))
    assert end.removesuffix("Press Enter for deal 2\n") in two_deals


# -- a real terminal -----------------------------------------------------------------------------
def in_terminal(args: Sequence[str], answer: Callable[[str], str | None], columns: int) -> str:
    """Run ``bezique ARGS`` in a pseudo-terminal ``columns`` wide; ``answer`` is given what
    the screen showed since the last answer and returns what to type (or None to wait)."""
    main, secondary = os.openpty()
    fcntl.ioctl(secondary, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
    env = {**_env(columns), "TERM": "xterm-256color"}
    process = subprocess.Popen(
        [sys.executable, "-m", "interpreter.cli", *args],
        stdin=secondary,
        stdout=secondary,
        stderr=secondary,
        cwd=ROOT,
        env=env,
        start_new_session=True,
    )
    os.close(secondary)
    screen, since = b"", 0
    deadline = time.monotonic() + 240
    try:
        while time.monotonic() < deadline:
            if not select.select([main], [], [], 0.2)[0]:
                if process.poll() is not None:
                    break
                continue
            try:
                chunk = os.read(main, 65536)
            except OSError:  # the process has ended and closed the terminal
                break
            screen += chunk
            text = screen.decode("utf-8", "replace")
            reply = answer(text[since:])
            if reply is not None:
                since = len(text)
                os.write(main, reply.encode())
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(timeout=30)
        os.close(main)
    return screen.decode("utf-8", "replace").replace("\r", "")


def _first_deal_then_quit() -> Callable[[str], str | None]:
    state = {"paused": False}

    def answer(shown: str) -> str | None:
        if re.search(r"Press Enter for deal 2 $", shown):
            state["paused"] = True
            return "\n"
        if shown.endswith("> "):
            return "quit\n" if state["paused"] else "1\n"
        return None

    return answer


@pytest.fixture(scope="module")
def at_80_columns() -> tuple[str, str]:
    args = ("play", "bezique", "--seed", "3", "--player")  # each its own rating: one deal
    return (
        in_terminal((*args, "narrow"), _first_deal_then_quit(), 80),
        in_terminal((*args, "wide"), _first_deal_then_quit(), 200),
    )


def test_at_80_columns_no_line_is_longer_and_no_word_is_cut(
    at_80_columns: tuple[str, str],
) -> None:
    narrow, wide = (ANSI.sub("", screen) for screen in at_80_columns)
    assert "Press Enter for deal 2" in narrow and narrow.rstrip().endswith("Game abandoned.")
    assert max(len(line) for line in narrow.split("\n")) <= 80
    assert max(len(line) for line in wide.split("\n")) > 80  # so the narrow one was wrapped
    assert narrow.split() == wide.split()  # the same words, none cut in two


def test_in_a_terminal_hearts_and_diamonds_are_red(at_80_columns: tuple[str, str]) -> None:
    screen = at_80_columns[0]
    red = re.findall(r"\x1b\[31m([^\x1b]*)\x1b\[0m", screen)
    assert red and all(re.fullmatch(r"(10|[AKQJT2-9])?[♥♦]([*^+][\d.]*)?", r) for r in red)
    assert "♥" in ANSI.sub("", screen) and "♠" in ANSI.sub("", screen)


def test_asked_again_in_the_same_position_the_hint_is_the_same() -> None:
    # The expert samples the hidden cards: one random stream for the whole game advised one
    # move, then another, in about half the positions of a game.
    game = Game.new(load_variant("bezique"), seed=5)
    hints, again = hinter(game.rules), hinter(game.rules)  # a second session, too
    assert hints is not None and again is not None
    pick, asked = random.Random(1), 0
    while not game.is_over and asked < 12:
        seat = game.to_act
        assert seat is not None
        if len(game.legal_moves()) > 1:
            asked += 1
            first = hints.explain(game.view(seat))
            assert hints.explain(game.view(seat)) == first
            assert again.explain(game.view(seat)) == first
            assert first[0] in game.legal_moves()
        game.step(pick.choice(game.legal_moves()))
    assert asked == 12


def test_after_winning_a_trick_the_screen_says_so_and_how_to_go_on() -> None:
    run = bezique("play", "bezique", "--seed", "3", answers=["1"] * 12)
    screens = run.stdout.split("Deal 1 · ")[1:]
    declaring = [screen for screen in screens if "You may declare now" in screen]
    assert declaring, "the person never won a trick in twelve moves"
    for screen in declaring:
        assert screen.startswith("trick ") and " won by you · " in screen.splitlines()[0]
        assert "'draw' (or its number) when you are done" in screen
    playing = [screen for screen in screens if "You may declare now" not in screen]
    assert playing and all(" won by " not in screen.splitlines()[0] for screen in playing)


def test_a_marriage_shown_on_lead_is_said_at_once_though_it_counts_later() -> None:
    """Sixty-six: the bot shows a marriage as it leads, before it has won a trick; its points
    wait, so the screen says what was shown and when it will count (its score line follows
    once the bot wins a trick).  An empty table is not printed: nothing lies on it there."""
    said = ""
    for seed in range(1, 40):
        run = bezique("play", "sixty-six", "--seed", str(seed), answers=["1"] * 12)
        if "counted once a trick is won" in run.stdout:
            said = run.stdout
            break
    assert said, "no marriage shown on lead in 40 games"
    line = next(x for x in said.splitlines() if "counted once a trick is won" in x)
    assert re.fullmatch(
        r"p2 \(expert\): shows (royal )?marriage: K[♠♥♦♣] Q[♠♥♦♣] \((20|40), counted once a "
        r"trick is won\)",
        line,
    ), line
    assert "table: —" not in said and "Your table:" not in said
    assert "p2 (expert): known in hand: " in said  # the card shown and not led


def test_each_deal_ends_with_a_review_of_the_persons_play_unless_asked_not_to() -> None:
    """The person's cards weighed against the expert's and the deal's par, after the deal's
    breakdown (``bezique review``'s lines for that deal); ``--no-review`` leaves it out."""
    answers = ["1"] * 60
    reviewed = bezique("play", "schnapsen-platform", "--seed", "4", answers=answers)
    out = reviewed.stdout
    assert reviewed.returncode == 0
    after = out[out.index("End of deal 1.") :]
    assert "Reviewing your play in this deal…" in after
    weighed = (
        r"\nDeal 1: \d+ cards? weighed \(\d+ exactly\)( and \d+ other choices?)?, \d+ mistakes?\n"
    )
    assert re.search(weighed, after), after
    assert re.search(r"\n  par: [+-]\d+ against the expert’s [+-]\d+ on the same cards: ", after)
    quiet = bezique("play", "schnapsen-platform", "--seed", "4", "--no-review", answers=answers)
    assert quiet.returncode == 0 and "Reviewing" not in quiet.stdout and "par:" not in quiet.stdout


def test_enter_plays_the_only_move_and_declarations_say_the_combination_by_name() -> None:
    """A prompt with one move takes Enter for it; the move list names a combination as the
    rulebook does (``marriage in trumps``), and typed by that name the declaration is made."""
    seen = {"enter": 0, "by name": 0, "prompts": 0}

    def answer(shown: str) -> str | None:
        if not shown.endswith("> "):
            return None
        seen["prompts"] += 1
        if seen["prompts"] > 60:
            return "quit\n"
        offered = [line for line in shown.splitlines() if line.startswith("Moves: ")]
        if offered and offered[-1].endswith("(Enter plays it)"):
            seen["enter"] += 1
            return "\n"
        named = re.search(r"\d+\. (declare [a-z ]+ [^ ]+ [^ ]+)", offered[-1] if offered else "")
        if named and "_" not in named[1]:
            seen["by name"] += 1
            return named[1].replace("\u00a0", " ") + "\n"
        return "1\n"

    out = in_terminal(("play", "rubicon", "--seed", "5", "--no-review"), answer, 80)
    assert seen["enter"] >= 3 and seen["by name"] >= 1, seen
    assert "Type a move’s number (1" not in out and "Not a move" not in out
    assert "marriage_royal" not in out and "marriage in trumps" in out
