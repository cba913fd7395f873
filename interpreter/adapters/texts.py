"""What a seat sees, in words: the text forms of the information state and the observation.

Each says at least what its tensor (:mod:`.tensors`) says, so two equal texts of one seat
always go with equal tensors, as OpenSpiel's API asks of an information state:

* ``information_string``: the deal's whole history as the seat saw it (the cut, the hands
  dealt with ``??`` for unseen cards, every move and draw), then the stage and the seat to
  act now.  The last line is needed because the engine's history leaves out another seat's
  ``draw`` that ends its declaring turn (whether he said it would tell what he held): when
  no cards are drawn after it (declaring in the last tricks, or the turn handed to a
  partner), only the stage and the seat to act show that it was made.
* ``observation_string``: the seat's view now, every piece of the observation tensor named
  (an empty piece left out).

Pure Python.
"""

from __future__ import annotations

from collections.abc import Iterable

from interpreter.adapters.episode import Episode
from interpreter.engine import Phase, PlayerView


def information_string(episode: Episode, seat: int) -> str:
    """The deal's history as ``seat`` saw it, then ``now: <stage>, pN to act``: two equal
    strings mean one information state."""
    lines = [f"p{seat + 1} of {episode.spec.players}", *episode.history_lines(seat)]
    return "\n".join([*lines, f"now: {_now(episode)}"])


def _now(episode: Episode) -> str:
    game = episode.game
    if game is None:
        return "dealing"
    if episode.is_over:
        return "over"
    return f"{game.phase.value}, p{(game.to_act or 0) + 1} to act"


def observation_string(episode: Episode, seat: int) -> str:
    """The seat's view now, in words (``render`` shows it too)."""
    parts = [f"p{seat + 1} of {episode.spec.players}"]
    if episode.cut is not None:
        parts.append(f"p{episode.cut + 1} won the cut")
    game = episode.game
    if game is None:
        return "; ".join([*parts, "dealing"])
    if episode.is_over:
        dealer = game.deal_results[0].dealer
        points = " ".join(map(str, episode.points()))
        return "; ".join([*parts, "over", f"dealer p{dealer + 1}", f"points {points}"])
    view = game.view(seat)
    parts.append(_now(episode))
    if view.phase is not Phase.ELECT:
        parts.append(f"dealer p{view.dealer + 1}")
    return "; ".join(parts + _cards(view) + _declarations(view))


def _faces(faces: Iterable[object]) -> str:
    return " ".join(str(face) for face in faces) or "-"


def _plays(plays: Iterable[tuple[int, object]]) -> str:
    return " ".join(f"p{who + 1}:{face}" for who, face in plays)


def _cards(view: PlayerView) -> list[str]:
    """The trump, the stock and the cards, as the observation tensor's pieces give them."""
    parts = [
        f"trump {view.trump or '-'}",
        f"turn-up {view.turn_up or '-'}",
        f"stock {view.stock_size}",
        f"tricks played {view.trick_no}",
        f"hand {_faces(face for _, face in view.hand)}",
        "table " + " | ".join(_faces(face for _, face in cards) for cards in view.table),
    ]
    if any(view.open):
        parts.append("open " + " | ".join(_faces(f for _, f in cards) for cards in view.open))
    if any(view.known):
        parts.append("known " + " | ".join(_faces(faces) for faces in view.known))
    parts.append("cards held " + " ".join(map(str, view.hand_sizes)))
    return parts + _tricks(view)


def _tricks(view: PlayerView) -> list[str]:
    """The trick, the last trick, the heap and the points."""
    parts = [f"trick {_plays(view.trick) or '-'}"]
    if view.last_trick_winner is not None:
        last = _plays(view.last_trick)
        parts.append(f"last trick {last} won by p{view.last_trick_winner + 1}")
    if view.heap:
        parts.append(f"heap {_faces(view.heap)}")
    parts.append("points " + " ".join(map(str, view.deal_points)))
    return parts


def _declarations(view: PlayerView) -> list[str]:
    """Every declaration of every seat, by number, scored, waiting "to score" or lost."""
    made = []
    for other, entries in enumerate(view.entries):
        for entry in sorted(entries, key=lambda e: e.no):
            state = "scored" if entry.scored else "lost" if entry.lost else "waiting"
            made.append(f"p{other + 1} {entry.combo} {state}")
    return [f"declared {', '.join(made)}"] if made else []
