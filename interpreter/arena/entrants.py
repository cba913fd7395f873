"""Agents as the arena names them: a shipped bot's name (``greedy``), a class from outside the
project (``mypackage.bots:MyBot``), or, in the Python API, an agent object.

An outside class is imported as Python imports any module: from the installed packages and
``PYTHONPATH`` (the current folder is not searched unless ``PYTHONPATH`` names it).  Its
constructor is given, by keyword, ``rules`` (the compiled :class:`~interpreter.engine.Rules`)
if it has a parameter of that name, and ``seed`` (a whole number) if it has one; a constructor
that takes ``**kwargs`` gets both.  Any other parameter must have a default.  The agent made
must have a ``name`` (a string) and a ``choose(view)`` method (docs/agents.md).

Every problem is a :class:`ValueError` (an :class:`AgentError`) that names the agent: a module
that is not found, a name it does not have, something that is not a class, a class or object
that does not follow the protocol, and, during play, a move that is not one of the legal moves.
The moves of the shipped bots are trusted; every other agent's are checked.
"""

from __future__ import annotations

import difflib
import inspect
import re
from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from typing import Any

from interpreter.agents import AGENT_NAMES, Agent, make_agent
from interpreter.engine import Move, PlayerView, Rules

_DOTTED = re.compile(r"^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*$")
_SHOWN_MOVES = 6  # legal moves listed in the message about an illegal one


class AgentError(ValueError):
    """An agent that cannot be made, or that broke the agent protocol."""


@dataclass(frozen=True)
class Entrant:
    """An agent to seat: ``label`` names it in summaries and records (the name or the
    ``module:Class`` given; an object's ``name``); ``make(rules, seed)`` gives the agent of
    one game (the object itself, every time, for an object); ``trusted``: a shipped bot, whose
    moves are not checked."""

    label: str
    make: Callable[[Rules, int], Agent]
    trusted: bool


def known_agents() -> str:
    """The agents that may be named, for messages: ``random, greedy or module:Class``."""
    return f"{', '.join(AGENT_NAMES)} or module:Class"


def entrant(agent: str | Agent) -> Entrant:
    """The entrant for a name, a ``module:Class`` (imported now, so that a wrong one is
    reported before anything is played), or an agent object."""
    if not isinstance(agent, str):
        _check_object(agent, "")
        label = agent.name
        return Entrant(label, lambda rules, seed: agent, trusted=False)
    spec = agent.strip()
    if ":" not in spec:
        if spec not in AGENT_NAMES:
            raise AgentError(f"unknown agent {spec!r}; known agents: {known_agents()}")
        return Entrant(spec, lambda rules, seed: make_agent(spec, rules, seed), trusted=True)
    cls = agent_class(spec)
    keywords = _keywords(spec, cls)

    def make(rules: Rules, seed: int) -> Agent:
        given = {"rules": rules, "seed": seed}
        made = cls(**{key: given[key] for key in keywords})
        _check_object(made, spec)
        return made  # type: ignore[no-any-return]

    return Entrant(spec, make, trusted=False)


def agent_class(spec: str) -> type:
    """The class that ``module:Class`` names, imported and checked to have a ``choose``
    method."""
    module_name, _, class_name = spec.partition(":")
    if not _DOTTED.match(module_name) or not _DOTTED.match(class_name):
        raise AgentError(
            f"agent {spec!r}: write an agent from outside the project as module:Class, "
            "e.g. mybots:Cautious"
        )
    try:
        module = import_module(module_name)
    except ModuleNotFoundError as error:
        missing = error.name or module_name
        if not (module_name == missing or module_name.startswith(missing + ".")):
            raise  # the module was found, and itself imports one that is missing
        raise AgentError(
            f"agent {spec!r}: no module named {missing!r} (modules are imported from the "
            "installed packages and PYTHONPATH; the current folder only if PYTHONPATH "
            "names it, e.g. PYTHONPATH=.)"
        ) from None
    found: Any = module
    for part in class_name.split("."):
        if not hasattr(found, part):
            classes = [name for name, value in vars(found).items() if isinstance(value, type)]
            close = difflib.get_close_matches(part, classes, n=1, cutoff=0.5)
            close = close or [name for name in classes if name.lower() == part.lower()]
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise AgentError(f"agent {spec!r}: module {module_name} has no {class_name!r}{hint}")
        found = getattr(found, part)
    if not isinstance(found, type):
        raise AgentError(f"agent {spec!r}: {class_name} is a {type(found).__name__}, not a class")
    choose = getattr(found, "choose", None)
    if not callable(choose):
        raise AgentError(
            f"agent {spec!r}: {class_name} does not follow the agent protocol: it has no "
            "choose(view) method"
        )
    _check_choose(choose, f"agent {spec!r}: {class_name}", bound=False)
    return found


_STARS: dict[inspect._ParameterKind, str] = {
    inspect.Parameter.VAR_POSITIONAL: "*",
    inspect.Parameter.VAR_KEYWORD: "**",
}


def _check_choose(choose: Any, what: str, *, bound: bool) -> None:
    """``choose`` can be called with the view alone (after ``self``, when not ``bound``)."""
    try:
        signature = inspect.signature(choose)
    except (TypeError, ValueError):  # no signature to read (written in C): trusted
        return
    try:
        signature.bind(*[None] * (1 if bound else 2))
    except TypeError:
        shown = ", ".join(_STARS.get(p.kind, "") + p.name for p in signature.parameters.values())
        raise AgentError(
            f"{what} does not follow the agent protocol: its choose({shown}) must take one "
            "argument, the view (choose(self, view) in the class)"
        ) from None


def _keywords(spec: str, cls: type) -> tuple[str, ...]:
    """The keywords the constructor of ``cls`` takes of ``rules`` and ``seed``."""
    try:
        signature = inspect.signature(cls)
    except (TypeError, ValueError):  # no signature to read (a class written in C): nothing
        return ()
    parameters = signature.parameters.values()
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters):
        return ("rules", "seed")
    for p in parameters:
        needed = p.default is inspect.Parameter.empty and p.kind not in (
            inspect.Parameter.VAR_POSITIONAL,
            inspect.Parameter.VAR_KEYWORD,
        )
        if needed and (p.name not in ("rules", "seed") or p.kind is p.POSITIONAL_ONLY):
            raise AgentError(
                f"agent {spec!r}: {cls.__name__}() needs {p.name!r}, but an agent is made "
                "with only rules= and seed= (give the other parameters defaults)"
            )
    return tuple(
        p.name
        for p in parameters
        if p.name in ("rules", "seed") and p.kind is not inspect.Parameter.POSITIONAL_ONLY
    )


def _check_object(agent: object, spec: str) -> None:
    what = f"agent {spec!r}" if spec else f"agent {agent!r}"
    name = getattr(agent, "name", None)
    if not isinstance(name, str) or not name.strip():
        raise AgentError(
            f"{what} does not follow the agent protocol: it has no name (a non-empty string)"
        )
    choose = getattr(agent, "choose", None)
    if not callable(choose):
        raise AgentError(
            f"{what} does not follow the agent protocol: it has no choose(view) method"
        )
    _check_choose(choose, what, bound=True)


def checked(agent: Agent, label: str) -> Callable[[PlayerView], Move]:
    """``agent.choose``, refusing a move that is not one of the view's legal moves; the legal
    move itself is returned (the engine's own object)."""
    choose = agent.choose

    def check(view: PlayerView) -> Move:
        move = choose(view)
        legal = view.legal_moves
        try:
            return legal[legal.index(move)]
        except ValueError:
            pass
        shown = ", ".join(str(m) for m in legal[:_SHOWN_MOVES])
        more = ", …" if len(legal) > _SHOWN_MOVES else ""
        raise AgentError(
            f"agent {label!r} (p{view.player + 1}) returned {_text(move)}, which is not one of "
            f"its legal moves: {shown}{more}"
        ) from None

    return check


def _text(move: object) -> str:
    """A move as written in the notation; anything else as Python shows it."""
    if isinstance(move, str):
        return f"the string {move!r} (return one of view.legal_moves, not its text)"
    text = repr(move)
    if type(move).__module__ == "interpreter.engine.moves":
        text = repr(str(move))
    return text[:80] + ("…" if len(text) > 80 else "")
