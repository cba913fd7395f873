"""Playing games into a summary: the table at which the bots of a simulation sit."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Sequence
from operator import itemgetter

from interpreter.agents import Agent
from interpreter.agents.base import MovesOnly
from interpreter.arena.entrants import Entrant, checked
from interpreter.arena.hooks import Listeners
from interpreter.engine import EventKind, Game, RawEvent, Reason, Rules, as_event
from interpreter.engine.events import DEAL, KIND, WHAT
from interpreter.engine.game import Chooser
from interpreter.records import Record, Recorder
from interpreter.scale.summary import Summary


class Table:
    """Plays the games of a simulation into its summary."""

    def __init__(
        self,
        summary: Summary,
        rules: Rules,
        on_deal: Callable[[], None] | None,
        on_record: Callable[[Record], None] | None,
        embed: bool,
    ) -> None:
        self.summary, self.rules = summary, rules
        self.on_deal, self.on_record, self.embed = on_deal, on_record, embed

    def play(
        self,
        game_seed: int,
        entrants: Sequence[Entrant],
        bots: Sequence[Agent],
        limit: int | None,
        note: str,
        agent_seeds: Sequence[int] = (),
    ) -> Game:
        """One game, until it is over or ``limit`` deals of the summary have been played; a
        finished game is counted and recorded (``note`` said in its record, and the seeds the
        bots were made with, so that a review can deal its par with the same bots)."""
        summary = self.summary
        game = Game.new(self.rules, seed=game_seed)
        recorder = self._recorder(game, entrants, game_seed)
        choose = [
            bot.choose if e.trusted else checked(bot, e.label)
            for e, bot in zip(entrants, bots, strict=True)
        ]
        among = [_among(e, bot) for e, bot in zip(entrants, bots, strict=True)]
        listeners = Listeners(game, bots)
        hooked = bool(listeners)
        if hooked:
            listeners.tell()
        # Bots that read only the legal moves, with nothing to record or tell: the game
        # plays each deal through by itself.
        choosers = [chooser for chooser in among if chooser is not None]
        whole_deals = recorder is None and not hooked and len(choosers) == len(among)
        counted = scanned = 0
        while limit is None or summary.deals < limit:
            seat = game.to_act
            if seat is None:  # the game is over
                break
            if whole_deals:
                game.play_deal(choosers)
            else:
                # The game's own methods called by name: direct calls once compiled.
                chooser = among[seat]
                if chooser is not None:  # a bot that reads only the legal moves: no view
                    move = chooser(game.legal_moves())
                else:
                    move = choose[seat](game.view(seat))
                if recorder is None:
                    game.step(move)
                else:
                    recorder.step(move)
                if hooked:
                    listeners.tell()
            if counted < game.deals_finished:  # a deal (or more) has just ended
                counted, scanned = self._count_deals(game, counted, scanned)
        if game.is_over:
            self._finish(game, recorder, note, agent_seeds)
        return game

    def _recorder(self, game: Game, entrants: Sequence[Entrant], game_seed: int) -> Recorder | None:
        """A recorder of ``game`` when finished games are handed over as records; else None."""
        if self.on_record is None:
            return None
        return Recorder(
            game,
            variant_name=self.summary.variant,
            seats=[e.label for e in entrants],
            seed=game_seed,
            embed=self.embed,
        )

    def _count_deals(self, game: Game, counted: int, scanned: int) -> tuple[int, int]:
        """Count the deals of ``game`` finished since the first ``counted`` (its events read
        from ``scanned`` on), telling ``on_deal`` of each; the new ``counted`` and ``scanned``."""
        summary, on_deal = self.summary, self.on_deal
        while counted < game.deals_finished:
            scanned = _count_deal(summary, game, counted, scanned)
            counted += 1
            if on_deal is not None:
                on_deal()
        return counted, scanned

    def _finish(
        self, game: Game, recorder: Recorder | None, note: str, agent_seeds: Sequence[int]
    ) -> None:
        """Count the finished ``game`` and hand over its record (with ``note``, if any)."""
        self.summary.games += 1
        if recorder is not None and self.on_record is not None:
            record = recorder.record()
            if note:
                record.meta["duplicate"] = note
            if agent_seeds:
                record.meta["agent_seeds"] = " ".join(map(str, agent_seeds))
            self.on_record(record)
        _count_game(self.summary, game)


def _among(entrant: Entrant, bot: Agent) -> Chooser | None:
    """A shipped bot's choice among the legal moves alone, where that is all it reads (its
    ``choose`` is that of :class:`MovesOnly`, not one of its own); None otherwise."""
    if not (entrant.trusted and isinstance(bot, MovesOnly)):
        return None
    chooses: object = type(bot).choose
    return bot.choose_among if chooses is MovesOnly.choose else None


def _count_game(summary: Summary, game: Game) -> None:
    outcome = game.outcome
    if outcome is None:
        return
    if outcome.winning_side is not None:
        summary.side_wins[outcome.winning_side] += 1
        for seat in outcome.sides[outcome.winning_side]:  # partners win together
            summary.game_wins[seat] += 1
    if outcome.settlement is not None:
        summary.game_values.add(outcome.settlement.value)
        summary.rubicons += outcome.settlement.rubiconed
        summary.void_games += outcome.settlement.void
    if summary.detail is not None and game.deal_results:
        summary.detail.add_game(outcome, game.deal_results[0].dealer)


_SEVENS = frozenset((Reason.SEVEN, Reason.SEVEN_EXCHANGE, Reason.SEVEN_TURNED_UP))
_DECLARE, _SCORE = EventKind.DECLARE, EventKind.SCORE
_COUNTED = frozenset((_DECLARE, _SCORE))
_DEAL_OF = itemgetter(DEAL)


def _count_deal(summary: Summary, game: Game, index: int, start: int) -> int:
    """Count one finished deal; events are read from ``start`` on, and the position after
    this deal's events is returned, so that each event is read once."""
    result = game.deal_results[index]
    summary.deals += 1
    for seat, points in enumerate(result.points):
        summary.deal_points[seat].add(points)
        summary.brisques[seat] += result.brisques[seat]
    if result.last_trick is not None:
        summary.last_tricks[result.last_trick] += 1
    # The deal's events, up to the first of the next deal (events come in deal order, and are
    # read as the game keeps them: plain tuples, fields by position): the combinations
    # declared, and the sevens scored; the scores are made into events only for the detailed
    # summary.  The few declarations and scores are picked out first, by a comprehension.
    deal = result.deal
    events = game.raw_events(start)
    read = bisect_right(events, deal, key=_DEAL_OF)
    declared: list[str] = []
    scores: list[RawEvent] = []
    for event in [event for event in events[:read] if event[KIND] in _COUNTED]:
        if event[DEAL] == deal:
            if event[KIND] is _DECLARE:
                declared.append(event[WHAT])
            else:
                scores.append(event)
    combinations = summary.combinations  # counted one by one: a few a deal
    for what in declared:
        combinations[what] += 1
    for scored in scores:
        if scored[WHAT] in _SEVENS:
            combinations[scored[WHAT]] += 1
    if summary.detail is not None:
        summary.detail.add_deal(result, [as_event(scored) for scored in scores])
    return start + read
