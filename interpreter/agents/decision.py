"""An expert's decision and the reason for it: the move with what its search found, and a
sentence a player understands, built from it — what the card does in the trick (takes it, and
what it then lets you declare; lets it go cheaply), what it keeps for a combination, and how
much better it looked than the next best card; in the last tricks, the points each card
brings with best play."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Literal, assert_never

from interpreter.agents.greedy import side_points
from interpreter.agents.knowledge import Sense, suit_ok
from interpreter.agents.odds import describe, threat
from interpreter.agents.search import Trial, face_of
from interpreter.cards import parse_face
from interpreter.engine import (
    CarteBlanche,
    Claim,
    Declare,
    Draw,
    Elect,
    ExchangeSeven,
    Move,
    Play,
    PlayerView,
    Rules,
    ScorePending,
    ShowSeven,
    Yield,
)
from interpreter.engine.moves import label_face
from interpreter.engine.rules import Combo, Shape

CLEAR = 1.0
"""A lead in points smaller than this is not worth mentioning."""


DecisionKind = Literal["only", "trick", "endgame", "declare", "other"]
"""How the expert chose: the only legal move, a trick weighed over sampled worlds, the last
tricks solved exactly, a declaration, or any other move (a draw, an election)."""


@dataclass
class Decision:
    """A move and what the expert found when choosing it (for
    :meth:`~interpreter.agents.expert.ExpertAgent.explain`)."""

    move: Move
    kind: DecisionKind
    trials: list[Trial] = field(default_factory=list)  # trick: every card tried, best first
    values: dict[str, float] = field(default_factory=dict)  # endgame: points by card face
    worlds: int = 0  # worlds looked at
    duel: bool = False  # endgame: the last tricks are duels, and this is one of them
    sense: Sense | None = None


def pretty(face: str) -> str:
    return parse_face(label_face(face)).pretty


def reason(rules: Rules, view: PlayerView, decision: Decision) -> str:
    """Why ``decision.move``, in a sentence."""
    match decision.kind:
        case "trick":
            return _trick(rules, view, decision)
        case "endgame":
            return _endgame(rules, view, decision)
        case "only":
            return _only(decision.move)
        case "declare" | "other":
            return _declare(rules, view, decision.move)
    assert_never(decision.kind)


def _only(move: Move) -> str:
    if isinstance(move, Draw):
        return "nothing to declare now"
    if isinstance(move, Play):
        return "the only card you may play"
    return "the only move you have"


# -- declaring -----------------------------------------------------------------------------------
def _declare(rules: Rules, view: PlayerView, move: Move) -> str:
    scoring = [m for m in view.legal_moves if isinstance(m, Declare | ScorePending)]
    match move:
        case ExchangeSeven():
            turn = view.turn_up
            taken = f" {turn.pretty}" if turn is not None else ""
            return f"scores for the seven and takes the better turn-up{taken} into your hand"
        case ShowSeven():
            return "the seven of trumps scores as it is shown"
        case Declare() | ScorePending():
            name = rules.combo_names.get(move.combo, move.combo)
            text = f"{move.points} points for the {name}"
            if len(scoring) > 1:
                text += ", the most you can score after this trick (the rest can wait)"
            return text
        case Draw():
            return "nothing here is worth declaring"
        case Yield():
            return "your partner has the better declaration"
        case CarteBlanche():
            return "a hand without a court card scores as carte blanche"
        case Elect() if not move.deal:
            return "the other player deals and you lead the first trick"
        case Claim():
            have = side_points(rules, view)
            return f"you have {have}: claim {rules.scoring.target} and the deal is yours"
    return "the expert's choice here"


# -- a card to a trick -------------------------------------------------------------------------
def _trick(rules: Rules, view: PlayerView, decision: Decision) -> str:
    best = decision.trials[0]
    parts = [_trick_part(rules, view, best, decision.worlds)]
    if decision.sense is not None and rules.declare.from_hand:  # (not open cards: Polish)
        kept = _kept(rules, decision.sense, face_of(best.move))
        if kept:
            parts.append(kept)
    text = "; ".join(parts)
    if len(decision.trials) > 1:
        second = decision.trials[1]
        lead = best.score - second.score
        if lead >= CLEAR:
            points = round(lead)
            text += f" (about {points} point{'s' if points != 1 else ''} better than "
            text += f"{pretty(second.move.label)})"
    return text


LIKELY = 50
"""A threat at least this likely, in percent as the reason says it: the card is said to be
played as the one needed least, which takes the trick only if the threat is not there."""


def _trick_part(rules: Rules, view: PlayerView, trial: Trial, worlds: int) -> str:
    """What the card does in the trick: a take is said plainly only when no card a seat
    still to play might hold could beat it; else who could, and how likely that is."""
    leading = not view.trick
    then = ""
    if trial.declarations:
        who = "your side" if rules.partners(view.player) else "you"
        then = f", then {who} may {trial.declarations.most_common(1)[0][0]}"
    odds = threat(rules, view, trial.move.label)
    if odds.certain or (odds.ours and trial.wins > 0.01):
        brisques = _brisque_ranks(rules)
        taken = [face.pretty for _, face in view.trick if face.rank in brisques]
        text = "takes the trick"
        if taken:
            text += f" and the {_listed(taken)} in it"
        if not odds.certain:
            text += f" unless {describe(rules, odds, view.trump)}"
        if not odds.certain and round(100 * odds.chance) >= LIKELY:  # lost as often as not
            least = "the lead that costs least" if leading else "the card you need least"
            text = f"{least}: it {text}"
        return text + then
    if trial.wins <= 0.01:
        if leading:
            return "the lead that costs least: you need this card least"
        return "lets the trick go with the card you need least"
    tried = f"{round(trial.wins * worlds)} of {worlds}" if worlds > 1 else "some"
    return f"takes the trick in {tried} deals of the unseen cards tried{then}"


def _brisque_ranks(rules: Rules) -> set[str]:
    return set(rules.variant.deck.brisque_ranks)


def _kept(rules: Rules, sense: Sense, played: str) -> str:
    """``keeps Q♠ and J♦ for bézique``: the combination the cards kept are likeliest worth."""
    held = Counter(sense.held)
    if held[played]:
        held[played] -= 1
    best: tuple[float, Combo, list[str]] | None = None
    for combo in sense.combos:
        for faces in _partial(rules, combo, held, sense.trump):
            if len(faces) < 2 and combo.shape is not Shape.BEZIQUE:
                continue
            value = combo.points * sense.completion(combo, held, faces[0])
            if best is None or value > best[0]:
                best = (value, combo, faces)
    if best is None or best[0] < 5:
        return ""
    _, combo, faces = best
    return f"keeps {_listed([pretty(face) for face in faces])} for the {combo.name}"


def _listed(items: list[str]) -> str:
    """``Q♠, J♦ and J♦``."""
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _partial(rules: Rules, combo: Combo, held: Counter[str], trump: str | None) -> list[list[str]]:
    """The held cards towards each way of forming ``combo`` (at least one card)."""
    found: list[list[str]] = []
    if combo.shape is Shape.SAME_SUIT:
        for suit in rules.deck.suits:
            if suit_ok(combo.suit, suit, trump):
                faces = [rank + suit for rank in combo.ranks if held[rank + suit]]
                if faces:
                    found.append(faces)
    elif combo.shape is Shape.SAME_RANK:
        faces = []
        for suit in rules.deck.suits:
            if suit_ok(combo.suit, suit, trump):
                faces += [combo.of + suit] * held[combo.of + suit]
        if faces:
            found.append(faces[: combo.count])
    else:
        pair = rules.bezique_pair(trump)
        if pair is not None:
            faces = [face for face in pair for _ in range(min(held[face], combo.count))]
            if len(faces) >= max(1, combo.count):
                found.append(faces)
    return found


# -- the last tricks -------------------------------------------------------------------------------
def _endgame(rules: Rules, view: PlayerView, decision: Decision) -> str:
    face = label_face(decision.move.label) if isinstance(decision.move, Play) else ""
    values = decision.values
    mine = values.get(face, 0.0)
    others = sorted(((v, f) for f, v in values.items() if f != face), reverse=True)
    side = "you take" if len(rules.sides[rules.side_of[view.player]]) == 1 else "your side takes"
    where = "in this duel" if decision.duel else "in the last tricks"
    if rules.players == 2:
        text = f"with best play {side} {round(mine)} more points {where} (worked out exactly)"
    else:
        text = (
            f"with best play {side} about {round(mine)} more points {where} "
            f"(worked out in {decision.worlds} deals of the unseen cards)"
        )
    if not others:
        return text
    if rules.players > 2:  # the other cards' values are only bounds
        return text + "; no other card does better"
    value, other = others[0]
    if mine - value < CLEAR:
        return text + f"; {pretty(other)} does as well"
    return text + f"; {pretty(other)} gives {round(value)}"
