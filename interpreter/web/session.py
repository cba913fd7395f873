"""One game as people in a browser play it: a person in one seat or more, a bot in every other.

The bots move on the spot, between the people's moves, until a person is to act or the game is
over.  Each person's seat has its own log of what happened, in the words of the terminal
(:func:`interpreter.play.screen.describe`, which keeps what others were dealt or drew hidden),
with the breakdown at the end of each deal (:mod:`interpreter.play.deal_end`).

What a seat is shown is made from its :class:`~interpreter.engine.PlayerView` alone
(:func:`~interpreter.web.views.seat_view`); the whole history and the record, which name every
card, are given only once the game is over.  A hint for the person to move comes from the
bot that explains its choices (:mod:`interpreter.play.hints`), shown that seat's view alone."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from interpreter.agents import Agent, make_agent
from interpreter.engine import EventKind, Game, Move
from interpreter.play.deal_end import breakdown, game_over
from interpreter.play.hints import Explainer, hinter
from interpreter.play.practice import SEEN, showed_a_card
from interpreter.play.screen import describe
from interpreter.records import Recorder
from interpreter.records import write as write_record
from interpreter.web.views import Json, seat_view

PERSON = "person"
"""What a seat taken by a person is called in the list of seats."""
ONLOOKER = -1
"""The seat number of someone watching: he sees what every seat may see, and no hand."""
PRIVATE = ("hand", "moves", "known", "asked")
"""What a seat's view holds that an onlooker may not see."""


class SeatError(ValueError):
    """A request the game refuses: ``status`` 403 for a seat a bot plays (its cards are
    hidden), 404 for a seat the game has not, 409 for what cannot be done now."""

    def __init__(self, message: str, status: int = 409) -> None:
        super().__init__(message)
        self.status = status


@dataclass
class Log:
    """What one seat has been told so far: lines, and the breakdown of each finished deal."""

    lines: list[str] = field(default_factory=list)
    deal_ends: list[Json] = field(default_factory=list)
    read: int = 0  # the game's events turned into lines so far


class RestoreError(ValueError):
    """A stored game that does not replay: a move refused, or a bot that would now choose
    another move (the engine or the bot changed since it was stored)."""


class WebGame:
    """A game of ``seats`` (``"person"`` or a bot's name per seat), dealt from ``seed``.

    ``made`` lists every move made, ``(seat, text)``, bots' and people's alike: what a store
    keeps to bring the game back (:meth:`restore`).  ``lock`` serialises the work on this game
    alone (other games never wait for it)."""

    def __init__(
        self,
        game: Game,
        seats: Sequence[str],
        *,
        seed: int,
        variant_name: str,
        embed: bool,
        made: Iterable[tuple[int, str]] = (),
    ) -> None:
        if len(seats) != game.players:
            raise ValueError(f"the variant has {game.players} seats; {len(seats)} were given")
        if PERSON not in seats:
            raise ValueError("a game needs at least one seat for a person")
        self.game = game
        self.seats = list(seats)
        self.seed = seed
        self.variant_name = variant_name
        self.recorder = Recorder(
            game, variant_name=variant_name, seats=self.seats, seed=seed, embed=embed
        )
        self.bots: dict[int, Agent] = {
            s: make_agent(name, game.rules, seed + s)
            for s, name in enumerate(seats)
            if name != PERSON
        }
        self.logs = {s: Log() for s, name in enumerate(seats) if name == PERSON}
        self.logs[ONLOOKER] = Log()
        self.labels = list(seats)  # how each seat is called: "person", a bot, or a name
        self._shown: dict[int, Json] = {}  # each seat's view, until the game changes
        self.hints: Explainer | None = None  # made at the first hint, as the terminal does
        self.hints_sought = False
        self.made: list[tuple[int, str]] = []
        self.lock = threading.Lock()
        # Told of each deal finished by a move made here (not by a restore, nor a move made by
        # another server process): where the deal is rated.
        self.deal_ended: Callable[[WebGame, int], None] | None = None
        self.practice = False  # whether undo is offered: one person against bots only
        self.undoable: list[tuple[int, int, str]] = []  # before each person's move: moves,
        self.taken_back = 0  # events; the move
        self._replaying = True
        self._replay(made)
        self._replaying = False
        self.advance()

    def catch_up(self, made: Iterable[tuple[int, str]]) -> None:
        """Moves made elsewhere (another server process on the same store), made here too:
        each bot asked again for its own, as at a restore."""
        self._replay(made, start=len(self.made))

    def _replay(self, made: Iterable[tuple[int, str]], start: int = 0) -> None:
        """The stored moves made again, each bot asked again for its own (so that its state is
        the one it had, and its next moves are the ones it would have made)."""
        game = self.game
        for number, (seat, text) in enumerate(made, start):
            if game.is_over or game.to_act != seat:
                raise RestoreError(f"move {number + 1} ({text!r}): not p{seat + 1}'s turn")
            bot = self.bots.get(seat)
            try:
                move = game.parse_move(text)
            except ValueError as error:  # MoveSyntaxError, IllegalMoveError
                raise RestoreError(f"move {number + 1} ({text!r}): {error}") from None
            if bot is not None and str(bot.choose(game.view(seat))) != str(move):
                raise RestoreError(
                    f"move {number + 1} ({text!r}): the bot would now play otherwise"
                )
            self._step(seat, move)

    # -- moving --------------------------------------------------------------------------------
    def advance(self) -> None:
        """The bots move until a person is to act or the game is over."""
        game = self.game
        while not game.is_over:
            seat = game.to_act
            assert seat is not None
            bot = self.bots.get(seat)
            if bot is None:
                return
            move = bot.choose(game.view(seat))
            self._step(seat, move)

    def _step(self, seat: int, move: Move) -> None:
        game = self.game
        finished = game.deals_finished
        game.step(move)
        self.made.append((seat, str(move)))
        self._shown.clear()
        if game.deals_finished > finished and self.deal_ended and not self._replaying:
            self.deal_ended(self, game.deals_finished)

    def undo(self, seat: int) -> str:
        """Take back the last move of the person in ``seat`` and the bots' replies (a practice
        game: one person against bots), never across a card it led to that was shown to him
        (:mod:`interpreter.play.practice`); what was taken back."""
        self.check_person(seat)
        if not self.practice:
            raise SeatError("undo is for a person against bots: at a table, a move stays")
        if not self.undoable:
            raise SeatError("there is no move of yours to take back")
        before, seen, text = self.undoable[-1]
        game = self.game
        if showed_a_card(game.events_since(seen), 0, seat):
            raise SeatError(f"cannot take back {text}: {SEEN}")
        self.undoable.pop()
        while game.moves_made > before:
            game.undo()
        del self.made[before:]
        self.taken_back += 1
        self.logs = {s: Log() for s in self.logs}  # told again from the start
        self._shown.clear()
        return text

    def changed(self) -> None:
        """Forget the views made so far: the game was changed other than by this object's
        moves (its ``game`` replaced, a seat's label set through ``labels``)."""
        self._shown.clear()

    def label(self, seat: int, name: str) -> None:
        """How ``seat`` is called from now on (a display name, or who sits there)."""
        if self.labels[seat] != name:
            self.labels[seat] = name
            self._shown.clear()

    def move(self, seat: int, text: str) -> Move:
        """The person in ``seat`` makes the move written ``text``; the bots answer.  An
        illegal move raises ``IllegalMoveError`` (with the engine's reason) or
        ``MoveSyntaxError``, and changes nothing."""
        self.check_turn(seat)
        game = self.game
        move = game.parse_move(text)
        self.undoable.append((game.moves_made, game.event_count, str(move)))
        self._step(seat, move)
        self.advance()
        return move

    def play_for(self, seat: int, agent: Agent) -> Move:
        """``agent`` plays the move of the person in ``seat``, who is to move (a stand-in
        while he is away or out of time); the bots answer."""
        self.check_turn(seat)
        move = agent.choose(self.game.view(seat))
        self._step(seat, move)
        self.advance()
        return move

    def hint(self, seat: int) -> tuple[Move, str] | None:
        """The move the expert bot would make for the person in ``seat``, who is to move, and
        why: worked out from that seat's view alone, and changing nothing (the game, its
        record, the bots' next moves).  None when this version has no bot that explains.  The
        same hint as ``bezique play``'s and ``interpreter.agents.hint``'s: seeded from the seat's
        view alone, never from the game's seed."""
        self.check_turn(seat)
        if not self.hints_sought:
            self.hints, self.hints_sought = hinter(self.game.rules), True
        if self.hints is None:
            return None
        return self.hints.explain(self.game.view(seat))

    def check_turn(self, seat: int) -> None:
        """Refuse (409) unless the person in ``seat`` is the one to move."""
        self.check_person(seat)
        game = self.game
        if game.is_over:
            raise SeatError("the game is over")
        if game.to_act != seat:
            raise SeatError(f"it is p{(game.to_act or 0) + 1} who is to move, not p{seat + 1}")

    # -- what a seat sees ----------------------------------------------------------------------
    def check_person(self, seat: int) -> None:
        if not 0 <= seat < len(self.seats):
            raise SeatError(f"there is no seat {seat}: seats are 0 to {len(self.seats) - 1}", 404)
        if self.seats[seat] != PERSON:
            raise SeatError(
                f"seat {seat} (p{seat + 1}) is played by the {self.seats[seat]} bot: "
                "its cards are not shown",
                403,
            )

    def names(self, seat: int) -> list[str]:
        """How ``seat`` sees the table: ``p1 (you)``, ``p2 (greedy)``, ``p3 (partner,
        person)``."""
        partners = self.game.rules.partners(seat) if seat != ONLOOKER else ()
        names = []
        for other, who in enumerate(self.labels):
            label = "you" if other == seat else who
            if other in partners:
                label = f"partner, {label}"
            names.append(f"p{other + 1} ({label})")
        return names

    def view(self, seat: int, since: int = 0) -> Json:
        """What the person in ``seat`` sees now, and the lines of the log from ``since`` on."""
        self.check_person(seat)
        return self._with_log(seat, since, self._seat_view)

    def public_view(self, since: int = 0) -> Json:
        """What an onlooker sees: the table as every seat sees it (declared cards, tricks as
        the variant shows them, scores), no hand, no move, no card only a seat knows."""
        return self._with_log(ONLOOKER, since, self._public_view)

    def _with_log(self, seat: int, since: int, make: Callable[[int], Json]) -> Json:
        """``make(seat)``'s view, made once per change of the game or of the seats' labels
        (a table's mover and his live page ask for the same one), with the log's lines from
        ``since`` on."""
        shown = self._shown.get(seat)
        if shown is None:
            shown = self._shown[seat] = make(seat)
        lines = self.logs[seat].lines
        return {**shown, "log": lines[max(since, 0) :], "log_size": len(lines)}

    def _seat_view(self, seat: int) -> Json:
        game = self.game
        log = self._log(seat)
        shown = seat_view(game, seat)
        shown |= {
            "variant": {"name": self.variant_name, "title": game.variant.title},
            "target": game.variant.game.target,
            "seats": [
                {"name": name, "who": who, "partner": other in game.rules.partners(seat)}
                for other, (name, who) in enumerate(zip(self.names(seat), self.seats, strict=True))
            ],
            "deal_ends": log.deal_ends,
            "over": game.is_over,
            "game_over": game_over(game, self.names(seat)) if game.is_over else [],
            # None: no undo in this game; else whether a move of the person's can be taken
            # back now, and the game's taken-back count (a practice game's, unrated).
            "undo": self._undo_state(seat),
        }
        return shown

    def _undo_state(self, seat: int) -> Json | None:
        if not self.practice:
            return None
        if not self.undoable:
            why = "no move of yours to take back"
        elif showed_a_card(self.game.events_since(self.undoable[-1][1]), 0, seat):
            why = SEEN
        else:
            why = ""
        return {"possible": not why, "why": why, "taken_back": self.taken_back}

    def _public_view(self, _onlooker: int) -> Json:
        game = self.game
        log = self._log(ONLOOKER)
        shown = {k: v for k, v in seat_view(game, 0).items() if k not in PRIVATE}
        names = self.names(ONLOOKER)
        shown |= {
            "seat": None,
            "tables": [[{**card, "move": None} for card in cards] for cards in shown["tables"]],
            "variant": {"name": self.variant_name, "title": game.variant.title},
            "target": game.variant.game.target,
            "seats": [
                {"name": name, "who": who, "partner": False}
                for name, who in zip(names, self.labels, strict=True)
            ],
            "deal_ends": log.deal_ends,
            "over": game.is_over,
            "game_over": game_over(game, names) if game.is_over else [],
        }
        return shown

    def _log(self, seat: int) -> Log:
        """The seat's log, brought up to date with the game's events."""
        game, log = self.game, self.logs[seat]
        events = game.events
        names = self.names(seat)
        for event in events[log.read :]:
            if event.kind is EventKind.END_OF_DEAL:
                lines = breakdown(game, event.number, names)
                log.deal_ends.append({"deal": event.number, "lines": lines})
                log.lines += lines
                continue
            line = describe(event, seat, names, game.rules.combo_names)
            if line:
                log.lines.append(line)
        log.read = len(events)
        return log

    def history(self, seat: int | None) -> list[str]:
        """Every move and chance as ``seat`` saw them (``??`` for a card it did not see), in
        the record notation; everything (``None``) only once the game is over."""
        if seat is None:
            if not self.game.is_over:
                raise SeatError(
                    "the whole history names every card: it is given once the game is over"
                )
        else:
            self.check_person(seat)
        return self.game.public_history(seat)

    def review(self, seat: int, deal: int) -> Json:
        """The review of the person in ``seat``'s play in deal ``deal``, once it is over
        (``bezique review``: each card weighed against the expert's, and the par).  The game
        is read under its lock and weighed on a copy, outside it: the table goes on."""
        from interpreter.review import review  # the search modules only when asked

        with self.lock:
            self.check_person(seat)
            if not 1 <= deal <= self.game.deals_finished:
                raise SeatError(f"deal {deal} is not over: it is reviewed once it is")
            record, game = self.recorder.record(), self.game.copy()
        result = review(record, game, seat, only=deal)
        data = result.as_json()["deals"]
        assert isinstance(data, list)
        return {"deal": deal, "lines": result.lines()[1:], **(data[0] if data else {})}

    def record(self) -> str:
        """The game record (:mod:`interpreter.records`), once the game is over."""
        if not self.game.is_over:
            raise SeatError("the record names every card: it is given once the game is over")
        written = self.recorder.record()
        if self.taken_back:
            moves = "move" if self.taken_back == 1 else "moves"
            written.meta["practice"] = (
                f"a practice game: {self.taken_back} {moves} taken back with undo"
            )
        return write_record(written)
