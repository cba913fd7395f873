"""A game in the terminal: the person's turns, the bots' moves, and the commands (``help``,
``hint``, ``practice``, ``undo``, ``quit``).

A move is typed as its number in the list or in the move notation; a number that is not in the
list, a word that is not a move and an illegal move are refused with the reason, and nothing
changes.  Ctrl-C and the end of input end the game with one line (status 130 and 0), and the
record, when one was asked for, is written either way."""

from __future__ import annotations

import random
import sys
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from rich.console import Console

from interpreter.arena.entrants import Entrant, checked, entrant
from interpreter.arena.hooks import Listeners
from interpreter.engine import (
    EventKind,
    Game,
    IllegalMoveError,
    Move,
    MoveSyntaxError,
    Phase,
    PlayerView,
    Rules,
)
from interpreter.model import Variant
from interpreter.model.serial import variant_hash
from interpreter.play.deal_end import breakdown, game_over
from interpreter.play.hints import NO_HINTS, Explainer, hinter
from interpreter.play.practice import SEEN, showed_a_card
from interpreter.play.screen import (
    describe,
    forced,
    held_declaration,
    legend,
    move_text,
    moves_line,
    render,
    seat_names,
)
from interpreter.play.text import Screen, plural, together
from interpreter.records import Record, Recorder
from interpreter.records import write as write_record


def _items(*items: str) -> str:
    return " · ".join(together(item) for item in items)


HELP = "\n".join(
    [
        "Commands: "
        + _items(
            "a move’s number, or the move",
            "Enter for the only move",
            "help",
            "hint",
            "practice",
            "undo",
            "quit",
        ),
        "Moves: "
        + _items(
            "play Q♠ (or just Q♠)",
            "declare bezique Q♠ J♦",
            "score 2",
            "exchange 7♥",
            "show 7♥",
            "carte-blanche",
            "yield",
            "draw (done declaring)",
            "deal",
            "pass",
        ),
        "Cards: " + _items("ranks A T K Q J 9 8 7", "suits ♠ ♥ ♦ ♣ or S H D C", "Q♠ = QS = q♠"),
        "Marks: A♠*1 is the A♠ of declaration 1, face up on the table; type it with its mark.",
        "undo, in a practice game, takes back your last move and the bots’ replies; practice "
        "makes this game one, and its record says so.",
    ]
)
"""What ``help`` prints: the commands and the notation, short."""


def combinations_help(rules: Rules) -> str:
    """The ids to type after ``declare``, with the names the screen shows."""
    named = [f"{combo.id} ({combo.name})" for combo in rules.combos]
    return "Combinations (declare ID cards…): " + _items(*named)


class Quit(Exception):
    """The person asked to stop (``quit``, or the end of input)."""


def play_terminal(
    variant: Variant,
    *,
    seed: int | None,
    seat: int,
    bot: str,
    read: Callable[[str], str] | None = None,
    console: Console | None = None,
    record: str | None = None,
    variant_name: str = "",
    embed: bool = False,
    practice: bool = False,
    pause: bool | None = None,
    reviewing: bool = False,
    rating: Rater | None = None,
) -> int:
    """Play a game with the person in ``seat`` (from 0) and the bot ``bot`` (a shipped bot's
    name or ``module:Class``) in every other; the exit status: 0, or 130 after Ctrl-C.
    ``pause``: wait for Enter at the end of each deal (by default when standard input is a
    terminal); ``reviewing``: the person's play reviewed at the end of each deal, and the deal
    rated in ``rating`` (:mod:`interpreter.rating`).  ``read``
    asks for an answer (``input``, looked up when the game starts)."""
    players = variant.players.count
    if not 0 <= seat < players:
        raise ValueError(f"--seat must be between 1 and {players}")
    if record is not None and not Path(record).parent.is_dir():
        raise ValueError(f"--record {record}: there is no folder {Path(record).parent}")
    bots = entrant(bot)  # a wrong module:Class is reported before the game starts
    if seed is None:
        seed = random.randrange(2**63)  # so that a record of the game replays exactly
    game = Game.new(variant, seed=seed)
    recorder = Recorder(
        game,
        variant_name=variant_name or variant.name,
        seats=["person" if s == seat else bot for s in range(players)],
        seed=seed,
        embed=embed,
    )
    screen = Screen(read or input, console, sys.stdin.isatty() if pause is None else pause)
    session = Session(game, seat, bots, seed, screen, practice, reviewing)
    session.rater = rating
    try:
        code = session.run()
    except Quit:
        screen.say("Game abandoned.")
        code = 0
    except KeyboardInterrupt:
        screen.say()
        screen.say("Game abandoned (Ctrl-C).")
        code = 130
    finally:  # the game so far is kept even if something went wrong
        if record is not None:
            _write(recorder, session, Path(record))
            screen.say(together(f"Record written to {record}."))  # a path is copied whole
    return code


def _write(recorder: Recorder, session: Session, path: Path) -> None:
    written = recorder.record()
    if session.practice:
        written.meta["practice"] = session.practice_note()
    try:
        path.write_text(write_record(written), encoding="utf-8")
    except OSError as error:
        raise ValueError(f"cannot write {path}: {error.strerror or error}") from None


@dataclass(frozen=True)
class Rater:
    """Where the deals a person finishes are rated (:mod:`interpreter.rating`), and as whom."""

    db: Path
    player: str
    game: str = field(default_factory=lambda: uuid.uuid4().hex)  # this game's deals


class Session:
    """One game at the terminal: what has been shown, and what can be taken back."""

    def __init__(
        self,
        game: Game,
        seat: int,
        bot: Entrant,
        seed: int,
        screen: Screen,
        practice: bool,
        reviewing: bool = False,
    ) -> None:
        self.game = game
        self.seat = seat
        self.seed = seed
        self.screen = screen
        self.practice = practice
        self.bot = bot
        self.seat_bots()
        self.names = seat_names(game, seat, bot.label)
        self.shown = 0  # events printed so far
        self.explained: set[str] = set()  # the card marks explained so far
        # Before each of the person's moves: the moves made and the events, and the move.
        self.made: list[tuple[int, int, str]] = []
        self.taken_back = 0
        self.hints: Explainer | None = None
        self.hints_sought = False  # whether the bot that gives hints has been looked for
        self.reviewing = reviewing  # each deal reviewed as it ends
        self.rater: Rater | None = None  # and rated

    def practice_note(self) -> str:
        """What the game's record says of a practice game."""
        return f"a practice game: {plural(self.taken_back, 'move')} taken back with undo"

    def seat_bots(self) -> None:
        """Make the bots of the other seats.  Bots that are told what happens (docs/agents.md)
        are made again after an undo, and told the game so far from its start."""
        game, bot = self.game, self.bot
        others = [s for s in range(game.players) if s != self.seat]
        made = {s: bot.make(game.rules, self.seed + s) for s in others}
        self.bots: dict[int, Callable[[PlayerView], Move]] = {
            s: agent.choose if bot.trusted else checked(agent, bot.label)
            for s, agent in made.items()
        }
        self.listeners = Listeners(game, [made.get(s) for s in range(game.players)])

    # -- the game ------------------------------------------------------------------------------
    def run(self) -> int:
        game, screen = self.game, self.screen
        others = ", ".join(self.names[s] for s in range(game.players) if s != self.seat)
        screen.say(
            f"{game.variant.title}: you are p{self.seat + 1}, against {others}. Type a "
            "move’s number or its text (Enter when there is only one); help lists the commands, "
            "quit ends the game."
        )
        if self.practice:
            screen.say("A practice game: undo takes back your last move and the bots’ replies.")
        while not game.is_over:
            self.show_events()
            self.listeners.tell()
            if game.to_act == self.seat:
                self.turn()
                continue
            other = game.to_act
            assert other is not None
            game.step(self.bots[other](game.view(other)))
        self.show_events()
        self.listeners.tell()
        self.game_over()
        return 0

    def show_events(self) -> None:
        game = self.game
        events = game.events
        for index, event in enumerate(events[self.shown :], start=self.shown):
            self.shown += 1
            following = events[index + 1] if index + 1 < len(events) else None
            held = held_declaration(event, following, self.names, game.rules.combo_names)
            if held:
                self.screen.say(held)
            if event.kind is EventKind.END_OF_DEAL:
                self.screen.say("\n".join(["", *breakdown(game, event.number, self.names)]))
                self.review(event.number)
                if not (game.is_over and game.deals_finished == event.number):
                    self.wait(f"Press Enter for deal {event.number + 1} ")
                continue
            line = describe(event, self.seat, self.names, game.rules.combo_names)
            if line:
                self.screen.say(line)

    def review(self, deal: int) -> None:
        """The person's play in deal ``deal`` weighed against the expert's, and its par
        (``bezique review``), unless the game was started with ``--no-review``."""
        if not self.reviewing:
            return
        from interpreter.review import review  # the search modules only when asked

        self.screen.say("Reviewing your play in this deal…")
        game = self.game
        seats = [self.bot.label if s != self.seat else "person" for s in range(game.players)]
        recorder = Recorder(game, variant_name=game.variant.name, seats=seats, seed=self.seed)
        record = recorder.record()
        result = review(record, game, self.seat, only=deal)
        self.screen.say("\n".join(result.lines()[1:]))
        reviewed = result.deals[-1] if result.deals else None
        if self.rater is not None and reviewed is not None and reviewed.par_margin is not None:
            self.screen.say(self.rate(record, deal, reviewed.par_margin))

    def rate(self, record: Record, deal: int, expert_margin: float) -> str:
        """The deal kept with its par, unrated in a game with an undo; the rating now."""
        from interpreter.rating import RatingStore, rate_deal

        rater = self.rater
        assert rater is not None
        store = RatingStore(rater.db)
        try:
            store.add(
                rate_deal(
                    record,
                    self.game,
                    self.seat,
                    deal,
                    player=rater.player,
                    game_id=rater.game,
                    rated=not self.taken_back,
                    expert_margin=expert_margin,
                )
            )
            if self.taken_back:
                return "Not rated: a move of this game was taken back (undo)."
            key = variant_hash(self.game.variant)
            now = next(r for r in store.ratings(rater.player) if r.variant_hash == key)
        finally:
            store.close()
        sure = "" if now.interval is None else f" (95 %: {now.between()})"
        return (
            f"  Your rating in {record.variant}: {now.mean:+.1f}{sure} over "
            f"{plural(now.deals, 'deal')}; bezique stats shows them all."
        )

    def wait(self, prompt: str) -> None:
        try:
            answer = self.screen.wait(prompt)
        except EOFError:
            raise Quit from None
        if answer.lower() in ("quit", "exit"):
            raise Quit

    def game_over(self) -> None:
        for line in game_over(self.game, self.names):
            self.screen.say(line)
        if self.practice:
            self.screen.say(f"This was {self.practice_note()}.")

    # -- the person's turn ---------------------------------------------------------------------
    def turn(self) -> None:
        """Show the table and the moves, and read answers until one changes the game."""
        game, screen = self.game, self.screen
        view = game.view(self.seat)
        screen.say()
        if view.phase is Phase.ELECT:
            screen.say(
                "You won the cut: deal to deal, or pass to let the player on your left deal."
            )
        else:
            screen.say(render(view, self.names))
        moves = view.legal_moves
        why = forced(game, view)
        if why:
            screen.say(why)
        only = " (Enter plays it)" if len(moves) == 1 else ""
        screen.say(moves_line(moves, game.rules.combo_names) + only)
        for line in legend(moves, self.explained):
            screen.say(line)
        while not self.answer(self.ask(), moves):
            pass

    def ask(self) -> str:
        try:
            return self.screen.ask("> ")
        except EOFError:
            self.screen.say()
            raise Quit from None

    def answer(self, text: str, moves: tuple[Move, ...]) -> bool:
        """Act on one answer; whether the game has changed (a move made or taken back)."""
        command = text.lower()
        say = self.screen.say
        if command in ("quit", "exit"):
            raise Quit
        if command == "help":
            say(HELP)
            say(combinations_help(self.game.rules))
        elif command == "hint":
            say(self.hint())
        elif command == "practice":
            say(self.start_practice())
        elif command == "undo":
            return self.undo()
        elif not text and len(moves) == 1:
            self.make(moves[0])
            return True
        elif not text:
            say(f"Type a move’s number (1–{len(moves)}) or its text; help lists the commands.")
        elif text.isascii() and text.isdigit():
            number = int(text) if len(text) <= 6 else 0
            if 1 <= number <= len(moves):
                self.make(moves[number - 1])
                return True
            shown = text if len(text) <= 6 else text[:6] + "…"
            choose = "there is only move 1" if len(moves) == 1 else f"choose 1–{len(moves)}"
            say(f"No move {shown}: {choose}.")
        else:
            return self.typed(text)
        return False

    def typed(self, text: str) -> bool:
        try:
            move = self.game.parse_move(text)
        except IllegalMoveError as error:
            self.screen.say(f"Not allowed: {move_text(error.reason)}")
            return False
        except MoveSyntaxError as error:
            self.screen.say(f"Not a move: {error}. Type help for the commands.")
            return False
        self.make(move)
        return True

    def make(self, move: Move) -> None:
        combos = self.game.rules.combo_names
        self.made.append((self.game.moves_made, self.game.event_count, move_text(move, combos)))
        self.game.step(move)

    def unrate(self, rater: Rater) -> None:
        """The deals of this game already rated, kept unrated: it has an undo."""
        from interpreter.rating import RatingStore

        store = RatingStore(rater.db)
        try:
            store.unrate(rater.game)
        finally:
            store.close()

    # -- the commands --------------------------------------------------------------------------
    def hint(self) -> str:
        if not self.hints_sought:
            self.hints, self.hints_sought = hinter(self.game.rules), True
        if self.hints is None:
            return NO_HINTS
        move, why = self.hints.explain(self.game.view(self.seat))
        return f"Hint: {together(move_text(move, self.game.rules.combo_names))}" + (
            f" — {why}." if why else "."
        )

    def start_practice(self) -> str:
        if self.practice:
            return "This is a practice game already: undo takes back your last move."
        self.practice = True
        return (
            "A practice game from now on: undo takes back your last move and the bots’ "
            "replies. The record will say that this was a practice game."
        )

    def undo(self) -> bool:
        say = self.screen.say
        if not self.practice:
            say(
                "undo is for practice games: type practice to make this one a practice game "
                "(its record will say so), or start with --practice."
            )
            return False
        if not self.made:
            say("There is no move of yours to take back.")
            return False
        before, seen, text = self.made[-1]
        if showed_a_card(self.game.events_since(seen), 0, self.seat):
            say(f"Cannot take back {text}: {SEEN}.")
            return False
        self.made.pop()
        after = self.game.moves_made - before - 1
        while self.game.moves_made > before:
            self.game.undo()
        self.shown = len(self.game.events)
        self.taken_back += 1
        if self.rater is not None and self.reviewing:
            self.unrate(self.rater)
        if self.listeners:
            self.seat_bots()
        followed = f" and the {plural(after, 'move')} that followed it" if after else ""
        say(f"Taken back: {text} (your move){followed}.")
        return True
