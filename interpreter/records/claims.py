"""What a record claims about its game beyond its actions — the ``[result]`` table and the
``actions_digest`` — written by the recorder from the game and checked by the replay against
the game it replays: one function for each, so that what is written is what is checked."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any

from interpreter.engine import Game
from interpreter.loader.diagnostics import toml_repr
from interpreter.records.format import Record
from interpreter.records.place import RecordError


def result_of(game: Game) -> dict[str, Any]:
    """The ``[result]`` of a finished game (empty while it is not): the scores, the winner
    (left out for a drawn game), the deals played and, for a one-deal game, its value."""
    outcome = game.outcome
    if outcome is None:
        return {}
    result: dict[str, Any] = {"scores": list(outcome.scores)}
    if outcome.winner is not None:
        result["winner"] = outcome.winner
    result["deals"] = outcome.deals
    if outcome.settlement is not None:
        result["value"] = outcome.settlement.value
    return result


def actions_digest(actions: Sequence[str]) -> str:
    """``sha256:`` of a game's complete actions as the recorder writes them (every move and
    every chance line, without comments), one a line."""
    return "sha256:" + hashlib.sha256("\n".join(actions).encode("utf-8")).hexdigest()


def check_claims(record: Record, game: Game) -> None:
    """Refuse a record whose ``[result]`` or ``actions_digest`` is not that of the game its
    actions replay to; every mismatch is reported, each at its line."""
    problems = _result_problems(record, game) if record.result else []
    digest = record.actions_digest
    if digest is not None and actions_digest(game.public_history(None)) != digest:
        message = (
            "the actions replay as another game than the one this digest was written for: "
            "the record was edited or damaged"
        )
        problems.append(record.place.message(("actions_digest",), message))
    if problems:
        raise RecordError("\n".join(problems))


def _result_problems(record: Record, game: Game) -> list[str]:
    """Each key of the record's ``[result]`` that differs from the replayed game's."""
    place, said = record.place, record.result
    replayed = result_of(game)
    if not replayed:
        message = "the record has a result but its actions do not finish the game"
        return [place.message(("result",), message)]
    problems = []
    for key in dict.fromkeys([*said, *replayed]):
        if key not in said:
            message = f"missing: the replay gives {toml_repr(replayed[key])}"
        elif key not in replayed:
            message = f"the record says {toml_repr(said[key])}, the replay gives none"
        elif said[key] != replayed[key]:
            message = f"the record says {toml_repr(said[key])}, the replay gives " + toml_repr(
                replayed[key]
            )
        else:
            continue
        problems.append(place.message(("result", key), message))
    return problems
