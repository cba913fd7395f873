"""The judge of a generated variant: written to a TOML file, loaded with ``load_variant``, and,
when the loader accepts it, played by random and greedy bots for a bounded number of moves.

Issue 12's promise, checked: a refusal is a ``VariantError`` (never another exception); a
variant accepted is a variant that plays — ``Game.new`` returns, every position has a legal
move until the game is over, every card of the deck is in exactly one place at every step,
nothing raises, a deal ends, a one-deal game ends after its deal and a race game scores.  Each
case runs under a time limit, so that a hang is reported as one, with the file.
"""

from __future__ import annotations

import random
import signal
import threading
import traceback
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import tomli_w

from interpreter.agents import make_agent
from interpreter.agents.base import Agent
from interpreter.engine import Game, Phase, Rules
from interpreter.loader import VariantError, load_variant
from interpreter.model import Variant
from interpreter.model.scoring import GameFormat
from tests.fuzzing.scoring import combinations_score


@dataclass(frozen=True)
class Budget:
    """How far each accepted variant is played: at most ``deals`` deals and ``moves`` moves,
    within ``seconds``; ``seed`` and the file's text drive the deals and the bots.  A race game
    in which nothing has scored by then is played on to ``quiet_deals`` deals, then each of its
    combinations is dealt to a player (:mod:`tests.fuzzing.scoring`), before it is reported."""

    moves: int = 3000
    deals: int = 2
    seconds: float = 10.0
    seed: int = 0
    fixed_seed: bool = False  # the seed alone, not mixed with the file's text (for shrinking)
    quiet_deals: int = 10  # a race game with no points yet is played on to this many deals


@dataclass(frozen=True)
class Verdict:
    """What became of a variant file: refused, played, or a failure (``cause`` says which
    promise was broken, in words that group failures of one cause; ``detail`` says more)."""

    accepted: bool
    cause: str = ""
    detail: str = ""
    moves: int = 0
    deals: int = 0
    unlocated: tuple[str, ...] = ()  # a refusal's problems reported without a line

    @property
    def failed(self) -> bool:
        return bool(self.cause)

    @property
    def outcome(self) -> str:
        return "failed" if self.failed else "accepted" if self.accepted else "refused"


class OutOfTime(BaseException):
    """The case ran out of time (a BaseException, so that no ``except Exception`` in the code
    under test swallows it)."""


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise :class:`OutOfTime` in the main thread after ``seconds``, and again every second
    until the block is left (an exception raised where Python ignores it, in a garbage
    collector's callback, must not end the limit).  No limit elsewhere: only the main thread
    receives signals."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def expire(signum: int, frame: object) -> None:
        raise OutOfTime

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds, 1.0)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def toml_text(doc: dict[str, Any]) -> str:
    text: str = tomli_w.dumps(doc, multiline_strings=True)
    return text


def judge(doc: dict[str, Any], folder: Path, budget: Budget = Budget()) -> Verdict:
    """Write ``doc`` as ``folder/fuzzed.toml`` and judge that file."""
    path = folder / "fuzzed.toml"
    path.write_text(toml_text(doc), encoding="utf-8")
    return judge_file(path, budget, doc)


def judge_file(path: Path, budget: Budget = Budget(), doc: dict[str, Any] | None = None) -> Verdict:
    """Load the variant file ``path`` and, if the loader accepts it, play it.  With ``doc``
    (the data written in it), an accepted file is also checked against the JSON Schema."""
    progress = _Progress()
    try:
        with time_limit(budget.seconds):
            try:
                variant = load_variant(path)
            except VariantError as error:
                unlocated = tuple(d.message for d in error.diagnostics if d.line is None)
                return Verdict(False, detail=str(error).split("\n", 1)[0], unlocated=unlocated)
            progress.accepted = True
            refused = schema_refusal(doc) if doc is not None else None
            if refused is not None:
                return progress.fail("accepted what the JSON Schema refuses", refused)
            seed = budget.seed if budget.fixed_seed else seed_of(path.read_bytes(), budget)
            return _play(variant, random.Random(seed), budget, progress)
    except OutOfTime:
        return progress.fail(f"hangs in {progress.stage}", f"no answer in {budget.seconds} s")
    except Exception as error:
        cause = f"{progress.stage} raised {type(error).__name__} in {_where(error)}"
        return progress.fail(cause, f"{type(error).__name__}: {error}"[:500])


@dataclass
class _Progress:
    stage: str = "load_variant"
    accepted: bool = False
    moves: int = 0
    deals: int = 0
    where: str = ""

    def fail(self, cause: str, detail: str) -> Verdict:
        said = f"{detail} ({self.where})" if self.where else detail
        return Verdict(self.accepted, cause, said, self.moves, self.deals)


def _where(error: BaseException) -> str:
    """The innermost frame of the project's code in the error's traceback."""
    frames = [f for f in traceback.extract_tb(error.__traceback__) if "interpreter" in f.filename]
    if not frames:
        return "?"
    frame = frames[-1]
    short = frame.filename[frame.filename.rfind("interpreter") :]
    return f"{short}:{frame.name}"


def seed_of(text: bytes, budget: Budget) -> int:
    """The seed of the deals and bots for a file: each file its own games."""
    return budget.seed ^ zlib.crc32(text)


def _play(variant: Variant, rng: random.Random, budget: Budget, progress: _Progress) -> Verdict:
    progress.stage = "Rules"
    rules = Rules(variant)
    progress.stage = "Game.new"
    game = Game.new(rules, seed=rng.getrandbits(32))
    kinds = ["greedy" if rng.random() < 0.25 else "random" for _ in range(rules.players)]
    bots = _Bots(game, [make_agent(kind, rules, rng.getrandbits(32)) for kind in kinds], progress)
    failure = bots.play(budget.deals, budget.moves)
    race = variant.game.format is GameFormat.RACE
    if failure is None and race and not _scored(game) and not game.is_over:
        # Nothing scored yet: greedy bots, who declare all they can, play on a while before
        # it is said that nothing scores.
        bots.agents = [make_agent("greedy", rules, rng.getrandbits(32)) for _ in kinds]
        failure = bots.play(budget.quiet_deals, budget.moves * budget.quiet_deals)
        if failure is None and game.deals_finished >= budget.quiet_deals and not _scored(game):
            progress.stage = "a deal made for a combination"
            if not combinations_score(rules, partial(_scores_in_a_deal, progress), rng):
                return progress.fail(
                    "a race game in which nothing can score",
                    f"no points in {budget.quiet_deals} deals, nor in a deal that hands a "
                    "player the cards of a combination",
                )
    if failure is not None:
        return failure
    progress.where = f"deal {game.deal_no}, move {progress.moves}"
    progress.stage = "Game.outcome"
    if game.is_over and game.outcome is None:
        return progress.fail("a game over without an outcome", "")
    if variant.game.format is GameFormat.SINGLE_DEAL and game.deals_finished and not game.is_over:
        return progress.fail("a one-deal game goes on after its deal", "")
    return Verdict(True, moves=progress.moves, deals=game.deals_finished)


def _scores_in_a_deal(progress: _Progress, game: Game) -> bool:
    """Whether anything scores in the game's first deal, played by greedy bots."""
    rng = random.Random(game.deal_no)
    agents = [make_agent("greedy", game.rules, rng.getrandbits(32)) for _ in range(game.players)]
    _Bots(game, agents, _Progress()).play(1, 10 * game.rules.n_cards + 100)
    return _scored(game)


def _scored(game: Game) -> bool:
    """Whether anything has scored: in the scores, or in a finished deal (a match starts each
    game again from nothing, so a game won at once leaves its scores at nothing)."""
    return any(game.scores) or any(any(result.points) for result in game.deal_results)


class _Bots:
    """The bots playing a game, each move checked."""

    def __init__(self, game: Game, agents: list[Agent], progress: _Progress) -> None:
        self.game, self.agents, self.progress = game, agents, progress
        self.deck = list(range(game.rules.n_cards))
        self.per_deal = 10 * game.rules.n_cards + 100  # far more moves than a deal can take
        self.started = 0  # the move that began this deal
        self.dealt = game.deal_no
        self.last = "Game.new"  # the kind of the last move made

    def play(self, deals: int, moves: int) -> Verdict | None:
        """Play on until ``deals`` deals are finished (or the game, or ``moves`` moves); the
        failure, if a promise is broken on the way."""
        game, progress = self.game, self.progress
        while not game.is_over and game.deals_finished < deals and progress.moves < moves:
            progress.where = f"deal {game.deal_no}, move {progress.moves}, phase {game.phase}"
            progress.stage = "legal_moves"
            if not game.legal_moves():
                return progress.fail("no legal move before the end of the game", "none listed")
            if game.phase is not Phase.ELECT:
                places = _places(game)
                if sorted(places) != self.deck:
                    when = "at the deal" if progress.moves == self.started else f"after {self.last}"
                    counted = f"{len(places)} cards counted, {len(set(places))} different"
                    return progress.fail(f"{_miscount(places, len(self.deck))} {when}", counted)
            seat = game.to_act
            if seat is None:
                return progress.fail("nobody to act before the end of the game", "to_act is None")
            progress.stage = "an agent's choice"
            move = self.agents[seat].choose(game.view(seat))
            progress.stage = "Game.apply"
            game.apply(move)
            self.last = type(move).__name__
            progress.moves += 1
            progress.deals = game.deals_finished
            if game.deal_no != self.dealt:
                self.dealt, self.started = game.deal_no, progress.moves
            elif progress.moves - self.started > self.per_deal:
                return progress.fail("a deal does not end", f"{self.per_deal} moves in one deal")
        return None


def _places(game: Game) -> list[int]:
    """Every card in every place of the deal: hands, declared cards, tricks won, open cards,
    the stock (or the stock set aside by a close), the trick on the table and the odd card
    left undrawn."""
    table = game._state.table
    places: list[int] = [*table.stock, *table.closed_stock, *table.trick, *table.undrawn]
    for seat in range(table.players):
        places += [*table.hands[seat], *table.tables[seat], *table.won[seat], *table.open[seat]]
    return places


def _miscount(places: list[int], size: int) -> str:
    """Which way the count is wrong: a card in two places, or a card nowhere."""
    doubled = len(places) > len(set(places))
    missing = len(set(places)) < size
    return "a card is " + " and ".join(
        word for word, wrong in (("doubled", doubled), ("lost", missing)) if wrong
    )


_STRICT_SCHEMA: Any = None


def schema_refusal(doc: dict[str, Any]) -> str | None:
    """Why the project's JSON Schema refuses ``doc`` (an integer is never a float or a boolean
    there), or None when it allows it — or when ``jsonschema`` is not installed (the compiled
    build's tests run without it)."""
    global _STRICT_SCHEMA
    try:
        import jsonschema
    except ImportError:  # pragma: no cover - the compiled build's test environment
        return None
    if _STRICT_SCHEMA is None:
        from interpreter.authoring.schema import json_schema

        checker = jsonschema.Draft7Validator.TYPE_CHECKER.redefine_many(
            {
                "integer": lambda _, x: isinstance(x, int) and not isinstance(x, bool),
                "number": lambda _, x: isinstance(x, int | float) and not isinstance(x, bool),
            }
        )
        draft = jsonschema.Draft7Validator
        strict = jsonschema.validators.extend(draft, type_checker=checker)  # type: ignore[no-untyped-call]
        _STRICT_SCHEMA = strict(json_schema())
    error = jsonschema.exceptions.best_match(_STRICT_SCHEMA.iter_errors(doc))
    if error is None:
        return None
    where = ".".join(str(p) for p in error.absolute_path) or "(top)"
    return f"{where}: {error.message}"[:300]
