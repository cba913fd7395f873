"""What one seat sees, as JSON-ready values: the table as :class:`PlayerView` gives it (so
nothing a seat may not know is ever read), its legal moves, and what the person is asked to do.

Cards are written as faces in the notation (``"QS"``, ``"TH"``); a move is its text (``"play
QS*1"``), which the engine reads back, with its label, the words the page shows it in (``"Play
Q♠*1"``).  Seats are numbered from 0 here, as in the engine; the front-end shows them as
``p1``, ``p2``, …"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, assert_never

from interpreter.cards import SUIT_SYMBOLS, Face
from interpreter.engine import Declare, Game, Move, Phase, PlayerView, PublicEntry, ScorePending
from interpreter.engine.moves import (
    CarteBlanche,
    Claim,
    Close,
    Draw,
    Elect,
    ExchangeSeven,
    Play,
    ShowSeven,
    Yield,
    label_face,
)
from interpreter.model.scoring import GameFormat
from interpreter.play.screen import forced, move_text

Json = dict[str, Any]

_ASKED = {
    Phase.ELECT: "You won the cut: deal, or pass to let the player on your left deal.",
    Phase.DECLARE: "Your declaring window: declare or score a combination, or draw to end it.",
}
_CARD = re.compile(r"^(10|[AKQJT2-9])([SHDC])(.*)$")


def faces(cards: Sequence[tuple[int, Face]] | Sequence[Face]) -> list[str]:
    """Cards as faces (``"QS"``), whether given with their ids or not."""
    return [str(item[1] if isinstance(item, tuple) else item) for item in cards]


def move_json(move: Move, combos: dict[str, str]) -> Json:
    """A legal move: its text, its kind, the cards it names (with their marks) and, for a
    declaration or a waiting one, the combination and its points."""
    found: Json = {
        "move": str(move),
        "kind": move.kind,
        "shown": move_text(move),
        "label": move_label(move, combos),
    }
    words = str(move).split()
    match move:
        case Play() | ExchangeSeven() | ShowSeven():
            found["cards"] = words[1:]
        case Declare():
            found |= {"cards": words[2:], "combo": combos.get(move.combo, move.combo)}
            found["points"] = move.points
        case ScorePending():
            found |= {"combo": combos.get(move.combo, move.combo), "points": move.points}
            found["entry"] = move.entry
        case CarteBlanche() | Yield() | Draw() | Elect() | Close() | Claim():
            pass
        case _:
            assert_never(move)
    return found


def move_label(move: Move, combos: Mapping[str, str]) -> str:
    """How the page shows a move, as text: ``Play Q♠``, ``Declare bézique Q♠ J♦ · 40``,
    ``Score four kings (declaration 2) · 80``, ``Draw (done declaring)``.  The page draws the
    cards of its buttons as cards; the words are these."""
    match move:
        case Declare():
            shown = " ".join(map(card_text, move.labels))
            return f"Declare {combos.get(move.combo, move.combo)} {shown} · {move.points}"
        case ScorePending():
            combo = combos.get(move.combo, move.combo)
            return f"Score {combo} (declaration {move.entry}) · {move.points}"
        case ExchangeSeven():
            return f"Exchange {card_text(move.label)} for the turn-up"
        case ShowSeven():
            return f"Show {card_text(move.label)}"
        case Play():
            return f"Play {card_text(move.label)}"
        case Draw():
            return "Draw (done declaring)"
        case Elect():
            return "Deal" if move.deal else "Let the other deal"
        case CarteBlanche():
            return "Show carte blanche"
        case Yield():
            return "Yield the declaration to your partner"
        case Close():
            return "Close the stock"
        case Claim():
            return "Claim the target (stop the deal)"
    assert_never(move)


def card_text(label: str) -> str:
    """A card as the page writes it: ``Q♠``, ``10♥``, ``Q♠*1`` (a joker stays ``JK``)."""
    found = _CARD.match(label)
    if found is None:
        return label
    rank, suit, mark = found.groups()
    return ("10" if rank == "T" else rank) + SUIT_SYMBOLS[suit] + mark


def entry_json(entry: PublicEntry, combos: dict[str, str]) -> Json:
    return {
        "no": entry.no,
        "combo": combos.get(entry.combo, entry.combo),
        "cards": faces(entry.faces),
        "points": entry.points,
        "scored": entry.scored,
        "lost": entry.lost,
    }


def seat_view(game: Game, seat: int) -> Json:
    """Everything ``seat`` may know now, with its legal moves when it is to act."""
    view = game.view(seat)
    combos = game.rules.combo_names
    moves = view.legal_moves
    plays = {m.card: str(m) for m in moves if isinstance(m, Play)}
    bare = {label_face(m.label) for m in moves if isinstance(m, Play) and _bare(m)}
    return {
        "seat": seat,
        "players": view.players,
        "phase": str(view.phase),
        "to_act": view.to_act,
        "dealer": view.dealer,
        "deal": view.deal_no,
        "trick_no": view.trick_no,
        "trump": view.trump,
        "turn_up": None if view.turn_up is None else str(view.turn_up),
        "stock": view.stock_size,
        "hand": [
            _card(face, f"play {face}" if str(face) in bare else None) for _, face in view.hand
        ],
        "tables": [
            [_card(face, plays.get(card) if s == seat else None) for card, face in cards]
            for s, cards in enumerate(view.table)
        ],
        "open": [faces(cards) for cards in view.open],
        "known": [list(map(str, known)) for known in view.known],
        "hand_sizes": list(view.hand_sizes),
        "trick": [{"seat": s, "card": str(face)} for s, face in view.trick],
        "last_trick": [{"seat": s, "card": str(face)} for s, face in view.last_trick],
        "last_trick_winner": view.last_trick_winner,
        "heap": faces(view.heap),
        "entries": [[entry_json(e, combos) for e in entries] for entries in view.entries],
        "scores": list(view.scores),
        "deal_points": list(view.deal_points),
        "match_points": list(view.match_points),
        "match_target": 0 if game.variant.match is None else game.variant.match.target,
        "goal": goal(game),
        "moves": [move_json(move, combos) for move in moves],
        "asked": asked(game, view),
    }


def goal(game: Game) -> str:
    """What a game is, in words, from its rules: ``game to 1000`` (a race), ``one deal`` (the
    deal is the game), ``one deal; under 1000 the loser is rubiconed`` (Rubicon)."""
    rules = game.variant
    if rules.game.format is GameFormat.RACE:
        return f"game to {rules.game.target}"
    if rules.settlement is None:
        return "one deal"
    return f"one deal; under {rules.settlement.rubicon_threshold} the loser is rubiconed"


def asked(game: Game, view: PlayerView) -> str:
    """What the person is asked to do now (empty when it is not his turn)."""
    if not view.legal_moves:
        return ""
    if view.phase in _ASKED:
        return _ASKED[view.phase]
    text = "Your lead: play a card." if not view.trick else "Play a card to the trick."
    why = forced(game, view)
    return f"{text} {why}" if why else text


def _bare(move: Play) -> bool:
    """Whether a play names a card of the hand (no mark: not a declared or open card)."""
    return label_face(move.label) == move.label


def _card(face: Face, move: str | None) -> Json:
    return {"card": str(face), "move": move}
