"""Who could still take a trick from a card about to be played, from what its player knows.

A hint that says a card "takes the trick" must be true whatever the unseen cards are: the
cards the player has not seen (in other hands, in the stock) could be anywhere, so any of them
may be in the hand of a seat still to play, as may the cards that seat is known to hold
(declared cards still on its table, cards seen going back to its hand).  :func:`threat` lists
the cards among those that would beat the trick's best card once the player's card is in it,
and the chance that a seat still to play holds one (every way of dealing the unseen cards
counted alike, as :meth:`~interpreter.engine.PlayerView.resample` deals them)."""

from __future__ import annotations

from dataclasses import dataclass
from math import comb

from interpreter.cards import JOKER_SUIT, SUIT_NAMES, parse_face
from interpreter.engine import PlayerView, Rules
from interpreter.engine.moves import label_face
from interpreter.engine.tricks import winning_index


@dataclass(frozen=True, slots=True)
class Threat:
    """What could still happen to a trick once the player's card is in it."""

    ours: bool  # the best card of the trick is then the player's side's
    best: str  # that card's face
    holders: tuple[int, ...]  # the seats of the other side still to play to the trick
    beaters: tuple[str, ...]  # the faces they might hold that would take the trick
    seen: tuple[tuple[int, str], ...]  # the beaters known to be in one of their hands
    chance: float  # that one of them holds a beater (1.0 when one is seen)

    @property
    def certain(self) -> bool:
        """The player's side takes the trick whatever the unseen cards are."""
        return self.ours and not self.beaters


def threat(rules: Rules, view: PlayerView, label: str) -> Threat:
    """The :class:`Threat` to the trick in ``view`` once the card ``label`` is played to it."""
    me = view.player
    cards = [_card(rules, str(face)) for _, face in view.trick] + [_card(rules, label_face(label))]
    seats = [seat for seat, _ in view.trick] + [me]
    strength = rules.strength if view.stock_size else rules.end_strength
    trump = view.trump
    best = winning_index(cards, rules.suit, strength, trump)
    holders = _holders(rules, view, seats)

    def beats(face: str) -> bool:
        trick = [*cards, _card(rules, face)]
        return winning_index(trick, rules.suit, strength, trump) == len(cards)

    shown = [(seat, face) for seat in holders for face in _shown(view, seat)]
    seen = tuple(sorted({(seat, face) for seat, face in shown if beats(face)}))
    held = _unknown(view, holders)
    unseen = [str(face) for face in view.unseen] if held else []
    hidden = [face for face in unseen if beats(face)]
    faces = {face for _, face in seen} | set(hidden)
    return Threat(
        ours=rules.side_of[seats[best]] == rules.side_of[me],
        best=rules.face[cards[best]],
        holders=holders,
        beaters=tuple(sorted(faces, key=lambda face: rules.order[_card(rules, face)])),
        seen=seen,
        chance=1.0 if seen else _some(len(unseen), len(hidden), held),
    )


def _holders(rules: Rules, view: PlayerView, played: list[int]) -> tuple[int, ...]:
    """The seats of the other side, with cards, that have not played to the trick yet."""
    side = rules.side_of[view.player]
    return tuple(
        seat
        for seat in range(view.players)
        if seat not in played and rules.side_of[seat] != side and view.hand_sizes[seat]
    )


def _card(rules: Rules, face: str) -> int:
    return rules.by_face[face][0]


def _shown(view: PlayerView, seat: int) -> list[str]:
    """The cards ``seat`` is known to hold: declared and still on its table, or seen going
    back into its hand."""
    return [str(face) for _, face in view.table[seat]] + [str(face) for face in view.known[seat]]


def _unknown(view: PlayerView, seats: tuple[int, ...]) -> int:
    """How many cards of the hands of ``seats`` are not known: any unseen card may be one."""
    return sum(max(0, view.hand_sizes[seat] - len(_shown(view, seat))) for seat in seats)


def _some(unseen: int, beaters: int, held: int) -> float:
    """The chance that ``held`` cards dealt from ``unseen`` include one of ``beaters``."""
    held = min(held, unseen)
    if not beaters or not held:
        return 0.0
    return 1.0 - comb(unseen - beaters, held) / comb(unseen, held)


def describe(rules: Rules, threat: Threat, trump: str | None) -> str:
    """``p2 holds a higher club or a trump (about 40% likely)``; ``p2 plays the K♣ it
    holds``: what would take the trick from the player's side."""
    if threat.seen:
        seat, face = threat.seen[0]
        return f"p{seat + 1} plays the {pretty(face)} it holds"
    who = " or ".join(f"p{seat + 1}" for seat in threat.holders)
    if len(threat.beaters) <= 2:
        what = " or ".join(pretty(face) for face in threat.beaters)
    else:
        what = " or ".join(_kinds(rules, threat, trump))
    percent = min(99, max(1, round(100 * threat.chance)))
    return f"{who} holds {what} (about {percent}% likely)"


def pretty(face: str) -> str:
    return parse_face(face).pretty


def _kinds(rules: Rules, threat: Threat, trump: str | None) -> list[str]:
    """``a higher club``, ``a trump``, ``a joker``: the beaters by kind, in that order."""
    led = rules.suit[_card(rules, threat.best)]
    suits = {rules.suit[_card(rules, face)] for face in threat.beaters}
    kinds = []
    if led in suits:
        name = "trump" if led == trump else SUIT_NAMES.get(led, "card").removesuffix("s")
        kinds.append(f"a higher {name}")
    if trump is not None and trump != led and trump in suits:
        kinds.append("a trump")
    if JOKER_SUIT in suits - {led}:
        kinds.append("a joker")
    return kinds
