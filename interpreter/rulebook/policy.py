"""The fixed policy that plays the rulebook's sample deal.

It is not a bot and is not meant to play well: it is a short, deterministic rule that uses only
the engine's public API (:meth:`Game.legal_moves`, :meth:`Game.view`,
:meth:`Game.play_deal`) and the variant's data, so the sample deal in a rulebook changes only
when the rules (or the engine) do — never when a bot is tuned.  Every seat follows it:

1. the winner of the cut lets the other deal;
2. show carte blanche whenever it is allowed;
3. after winning a trick: exchange or show the seven of trumps if it can; otherwise make the
   declaration, or score the waiting one, worth the most points; otherwise draw (it never
   yields the right to declare to a partner);
4. to play a card: the *cheapest* card — a plain card before a trump, then the lowest rank;
   except in the last tricks (the stock exhausted), when it follows to a trick it can win: then
   the cheapest card that wins it.

Ties (two copies of one card) go to the move the engine lists first.  :func:`policy_words`
says the same in one sentence for the page.
"""

from __future__ import annotations

import re

from interpreter.cards import Face, parse_face
from interpreter.engine import (
    CarteBlanche,
    Declare,
    Draw,
    Elect,
    ExchangeSeven,
    Game,
    Move,
    Play,
    PlayerView,
    ScorePending,
    ShowSeven,
)
from interpreter.model import Variant
from interpreter.model.play import SevenScore, TrumpMode


def policy_words(variant: Variant) -> str:
    """The policy in one sentence (its subject is the seat), as the rulebook prints it for
    ``variant``: only what the variant has (no carte blanche, seven or
    declaration waiting 'to score' where it has none)."""
    seven = variant.seven
    first = "it shows carte blanche when it may; " if variant.carte_blanche is not None else ""
    exchanges = seven is not None and seven.exchange and variant.trump.mode is TrumpMode.TURN_UP
    shows = seven is not None and seven.score_trigger is SevenScore.DECLARE_AFTER_WIN
    verbs = " or ".join(v for v, on in (("exchanges", exchanges), ("shows", shows)) if on)
    sevens = f"{verbs} the seven of trumps if it can, else " if verbs else ""
    waiting = " (or scores the waiting one)" if variant.declare.pending_allowed else ""
    return (
        f"{first}after winning a trick it {sevens}makes the declaration{waiting} worth the "
        "most, else draws; and it plays its cheapest card (a plain card before a trump, then "
        "the lowest rank), except in the last tricks, where it takes a trick it can win with "
        "the cheapest card that wins it"
    )


def choose(game: Game) -> Move:
    """The policy's move for the seat to act in ``game``."""
    seat = game.to_act
    if seat is None:
        raise ValueError("nobody is to act: the game is over")
    moves = game.legal_moves()
    view = game.view(seat)
    for move in moves:
        if isinstance(move, Elect) and not move.deal:
            return move
    for move in moves:
        if isinstance(move, CarteBlanche | ExchangeSeven | ShowSeven):
            return move
    scoring = [m for m in moves if isinstance(m, Declare | ScorePending)]
    if scoring:
        return max(scoring, key=lambda m: m.points)  # max keeps the first of equal moves
    plays = [m for m in moves if isinstance(m, Play)]
    if plays:
        return _card(game, view, plays)
    return next((m for m in moves if isinstance(m, Draw)), moves[0])


def play_deal(game: Game) -> None:
    """Play ``game`` by the policy until its current deal is over (or the game is)."""
    game.play_deal([lambda moves: choose(game)] * game.players)  # it reads the game itself


def _card(game: Game, view: PlayerView, plays: list[Play]) -> Play:
    deck = game.variant.deck
    ranks = (deck.endgame_ranks or deck.ranks) if view.endgame else deck.ranks
    strength = {rank: len(ranks) - index for index, rank in enumerate(ranks)}
    held = dict(view.my_cards)
    faces = {move: held.get(move.card) or _face(move.label) for move in plays}

    def cost(move: Play) -> tuple[int, int]:
        face = faces[move]
        return int(face.suit == view.trump), strength.get(face.rank, 0)  # a joker: 0

    if view.endgame and view.trick:
        winners = [m for m in plays if _wins(faces[m], view, strength)]
        if winners:
            return min(winners, key=cost)
    return min(plays, key=cost)


def _wins(face: Face, view: PlayerView, strength: dict[str, int]) -> bool:
    """Whether ``face`` beats every card of the trick so far (of identical cards the first
    played wins)."""
    best = view.trick[0][1]
    for _, card in view.trick[1:]:
        if _beats(card, best, view.trump, strength):
            best = card
    return _beats(face, best, view.trump, strength)


def _beats(card: Face, best: Face, trump: str | None, strength: dict[str, int]) -> bool:
    if card.suit == best.suit:
        return strength.get(card.rank, 0) > strength.get(best.rank, 0)
    return card.suit == trump


def _face(label: str) -> Face:
    """The face of a card in the move notation, without its table mark (``QS*1`` → Q♠)."""
    return parse_face(re.split(r"[*^+]", label, maxsplit=1)[0])
