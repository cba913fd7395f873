"""Checks that need the whole validated variant: the cards every combination needs exist in
the deck in enough copies (:mod:`interpreter.loader.cards_check`), the deal fits the deck, the
game can be won, ids are unique — and the rules this version of the engine cannot play yet
(:data:`UNSUPPORTED`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from pydantic import BaseModel

from interpreter.cards import JOKER, parse_face
from interpreter.loader.cards_check import (
    Problem,
    combination_problems,
    deck_copies,
    known_ranks,
    ranks_text,
)
from interpreter.loader.diagnostics import KeyPath, Origin, toml_repr
from interpreter.loader.merge import duplicate_id_message
from interpreter.loader.newer import newer_rules_problems
from interpreter.loader.playable import cut_can_be_decided, race_can_end
from interpreter.model import Variant
from interpreter.model.play import (
    CarteBlancheWindow,
    DeclareRight,
    EndgameMode,
    PartnerCards,
    TrumpMode,
    Zone,
)
from interpreter.model.scoring import GameFormat

Where = Callable[[KeyPath], Origin]
"""Where a key path was written (file, line): used to name the first of two duplicates."""


UNSUPPORTED: tuple[tuple[str, Callable[[Variant], bool], str], ...] = (
    (
        "carte_blanche.requires_trick_win",
        lambda v: v.carte_blanche is not None and v.carte_blanche.requires_trick_win,
        "carte blanche is declared before the player's first card, so it is scored "
        "without winning a trick, as law 42 says",
    ),
    (
        "carte_blanche.window",
        lambda v: (
            v.carte_blanche is not None
            and v.carte_blanche.window is CarteBlancheWindow.BEFORE_FIRST_TRICK
        ),
        "carte blanche is declared before the player's own first card, law 15; Foster's "
        "'before the first trick is played to' would need a turn for the dealer before the lead",
    ),
    (
        "endgame.declared_back_to_hand",
        lambda v: (
            v.declare.declared_to in (Zone.TABLE, Zone.OPEN)  # else refused for itself (_zones)
            and v.endgame.declared_back_to_hand is not (v.declare.declared_to is Zone.TABLE)
        ),
        "when the stock is exhausted, declared cards lying on the table are taken back into "
        "the hand, and open cards stay open",
    ),
    (
        "declare.declared_to",
        lambda v: _declared_elsewhere(v.declare.declared_to, v.declare.sources),
        "declared cards stay where they come from: cards from the hand or the table lie on "
        "the table, open cards stay among the open cards",
    ),
)
"""Rules the engine cannot play yet: (key path, is the variant using it?, what it can do).
Delete a row when the engine learns the rule."""


def _declared_elsewhere(declared_to: Zone, sources: Sequence[Zone]) -> bool:
    """``declared_to`` names a place the engine would not put declared cards: open cards
    stay open and cards from the hand go to the table, so 'open' needs no hand among the
    sources and 'table' needs no open cards among them."""
    if declared_to is Zone.OPEN:
        return Zone.HAND in sources
    return Zone.OPEN in sources


def semantic_problems(variant: Variant, where: Where) -> list[Problem]:
    """Every problem of a validated variant, in the order of the checks."""
    copies = deck_copies(variant.deck)
    return [
        *_unique_ids(variant, where),
        *_deck(variant, copies),
        *combination_problems(variant, copies),
        *_deal(variant, sum(copies.values())),
        *_game(variant),
        *_zones(variant),
        *_seats(variant),
        *_duties(variant),
        *newer_rules_problems(variant),
        *unsupported(variant),
    ]


def _unique_ids(variant: Variant, where: Where) -> list[Problem]:
    problems: list[Problem] = []
    first: dict[str, int] = {}
    for index, combo in enumerate(variant.combinations):
        if combo.id in first:
            origin = where(("combinations", first[combo.id], "id"))
            problems.append(
                Problem(("combinations", index, "id"), duplicate_id_message(combo.id, origin))
            )
        else:
            first[combo.id] = index
    return problems


def _listed_twice(path: KeyPath, items: Sequence[str], what: str) -> list[Problem]:
    seen: set[str] = set()
    problems: list[Problem] = []
    for index, item in enumerate(items):
        if item in seen:
            problems.append(Problem((*path, index), f"{what} {item!r} is listed twice"))
        seen.add(item)
    return problems


def _deck(variant: Variant, copies: Counter[tuple[str, str]]) -> list[Problem]:
    deck = variant.deck
    problems = [
        *_listed_twice(("deck", "ranks"), deck.ranks, "rank"),
        *_listed_twice(("deck", "suits"), deck.suits, "suit"),
        *known_ranks(deck, ("deck", "brisque_ranks"), deck.brisque_ranks),
    ]
    removed: Counter[tuple[str, str]] = Counter()
    for index, card in enumerate(deck.remove):
        face = parse_face(card)
        removed[face.rank, face.suit] += 1
        if face.rank not in deck.ranks or face.suit not in deck.suits:
            problems.append(Problem(("deck", "remove", index), f"{card} is not in the deck"))
        elif removed[face.rank, face.suit] == deck.packs + 1:
            problems.append(
                Problem(
                    ("deck", "remove", index),
                    f"{card} is removed more often than the deck holds it ({deck.packs})",
                )
            )
    if deck.endgame_ranks and sorted(deck.endgame_ranks) != sorted(deck.ranks):
        problems.append(
            Problem(
                ("deck", "endgame_ranks"),
                f"must list each rank of the deck once ({ranks_text(deck)}), in endgame order",
            )
        )
    ranks = (*deck.ranks, JOKER) if deck.jokers else deck.ranks  # a joker cuts lowest
    if not cut_can_be_decided(variant.players.count, copies, ranks):
        message = (
            f"the cut can never be decided: {variant.players.count} players cutting this deck "
            "always tie for the highest or the lowest card"
        )
        problems.append(Problem(("deck", "ranks"), message))
    if variant.seven is not None and variant.seven.rank not in deck.ranks:
        message = f"{variant.seven.rank!r} is not a rank of the deck ({ranks_text(deck)})"
        problems.append(Problem(("seven", "rank"), message))
    if variant.carte_blanche is not None:
        court = variant.carte_blanche.court_ranks
        problems += known_ranks(deck, ("carte_blanche", "court_ranks"), court)
    for rank in variant.brisques.values:
        if rank not in deck.ranks:
            message = f"{rank!r} is not a rank of the deck ({ranks_text(deck)})"
            problems.append(Problem(("brisques", "values", rank), message))
    return problems


def _turn_up_after(variant: Variant) -> list[Problem]:
    """The turn-up between packets needs a turn-up, no jokers (which are never turned up), and
    a packet dealt after it."""
    after = variant.deal.turn_up_after
    if after is None:
        return []
    path = ("deal", "turn_up_after")
    if variant.trump.mode != TrumpMode.TURN_UP:
        return [Problem(path, "no card is turned up (trump.mode is not 'turn_up')")]
    if variant.deck.jokers:
        return [Problem(path, "a joker is never turned up: the turn-up is taken after the deal")]
    rounds = len(variant.deal.packets)
    if after >= rounds:
        message = (
            f"deal.turn_up_after = {after} must be less than the {rounds} rounds of packets "
            "(deal.packets); leave it out to turn up the card after the whole deal"
        )
        return [Problem(path, message, (("deal", "packets"),))]
    return []


def _deal(variant: Variant, deck_size: int) -> list[Problem]:
    deal = variant.deal
    players = variant.players.count
    problems: list[Problem] = []
    for index, size in enumerate(deal.packets):
        if size < 1:
            message = f"a packet holds at least one card, not {size}"
            problems.append(Problem(("deal", "packets", index), message))
    if sum(deal.packets) != deal.hand_size:
        message = (
            f"deal.packets add up to {sum(deal.packets)}, not deal.hand_size = {deal.hand_size}"
        )
        problems.append(Problem(("deal", "packets"), message, (("deal", "hand_size"),)))
    turn_up = 1 if variant.trump.mode == TrumpMode.TURN_UP else 0
    problems += _turn_up_after(variant)
    dealt = players * deal.hand_size
    if dealt + turn_up > deck_size:
        plus = " + the turn-up" if turn_up else ""
        message = (
            f"{players} players × {deal.hand_size} cards{plus} need {dealt + turn_up} cards "
            f"but the deck has {deck_size}"
        )
        problems.append(Problem(("deal", "hand_size"), message, (("deal",), ("deck",))))
    elif turn_up and (deck_size - dealt) % players:
        # With a turn-up the last card drawn must be the turn-up; without one, an odd last
        # card is simply not drawn (law 32).
        message = (
            f"the stock after the deal has {deck_size - dealt} cards ({deck_size} in the deck, "
            f"{dealt} dealt), which {players} players cannot draw evenly: the last draw could "
            "not be made"
        )
        problems.append(Problem(("deal", "hand_size"), message, (("deal",), ("deck",))))
    return problems


def _game(variant: Variant) -> list[Problem]:
    problems: list[Problem] = []
    if variant.game.target <= 0:
        problems.append(Problem(("game", "target"), "must be more than 0"))
    scoring = [c for c in variant.combinations if c.enabled and c.points > 0]
    if variant.game.format == GameFormat.RACE and not scoring:
        message = "a race game needs at least one enabled combination that scores points"
        if not variant.combinations:  # most likely a house rule that forgot its parent
            message += (
                ", and this variant has none (to change a shipped variant, start the file "
                'with extends = "bezique")'
            )
        problems.append(Problem(("combinations",), message))
    elif variant.game.format == GameFormat.RACE and not race_can_end(variant, scoring):
        message = (
            "no one could ever reach the target: no combination here can be declared (each "
            "needs more cards than a player can declare from), and neither brisques nor the "
            "last trick score"
        )
        problems.append(Problem(("game", "target"), message))
    count = variant.players.count
    seen: set[int] = set()
    for side, seats in enumerate(variant.players.partnerships):
        for position, seat in enumerate(seats):
            path: KeyPath = ("players", "partnerships", side, position)
            if not 0 <= seat < count:
                message = f"there is no seat {seat} with {count} players (seats 0 to {count - 1})"
                problems.append(Problem(path, message))
            elif seat in seen:
                problems.append(Problem(path, f"seat {seat} is in more than one place"))
            seen.add(seat)
    return problems


def _seats(variant: Variant) -> list[Problem]:
    """Rules about several players need the seats and partners they speak of."""
    count = variant.players.count
    pairs = variant.players.partnerships
    problems: list[Problem] = []
    if pairs and sorted(s for side in pairs for s in side) != list(range(count)):
        message = f"partnerships must place every seat 0 to {count - 1} exactly once"
        problems.append(Problem(("players", "partnerships"), message))
    if not pairs:
        if variant.declare.right != DeclareRight.TRICK_WINNER:
            message = f"{variant.declare.right.value!r} needs partnerships"
            problems.append(Problem(("declare", "right"), message))
        if variant.reuse.partner_cards != PartnerCards.OWN_ONLY:
            message = f"{variant.reuse.partner_cards.value!r} needs partnerships"
            problems.append(Problem(("reuse", "partner_cards"), message))
    if variant.endgame.mode == EndgameMode.PAIRED_DUELS and count != 4:
        message = f"the last tricks as two duels need four players, not {count}"
        problems.append(Problem(("endgame", "mode"), message))
    if variant.game.format == GameFormat.SINGLE_DEAL and count != 2:
        message = f"a one-deal game is settled between two players, not {count}"
        problems.append(Problem(("game", "format"), message))
    return problems


def _duties(variant: Variant) -> list[Problem]:
    """The duty to win the trick with a card of the suit led is part of following suit (the
    Britannica, Enquire Within 123 vi, law 55): without the one the other means nothing.  The
    problem is put on ``follow_suit``, the key a house rule turns off (``must_head`` is most
    likely inherited)."""
    endgame = variant.endgame
    if endgame.follow_suit or not endgame.must_head:
        return []
    message = (
        "without the duty to follow suit there is no duty to win the trick with a card of "
        "the suit led: set endgame.must_head = false too"
    )
    return [Problem(("endgame", "follow_suit"), message)]


def _zones(variant: Variant) -> list[Problem]:
    """Declarations come from zones that exist, and go where cards can lie."""
    declare = variant.declare
    problems: list[Problem] = []
    if Zone.TRICK in declare.sources:
        message = (
            "'trick' is not a zone to declare from: the cards of a trick won are in the "
            "winner's open cards; use must_use_trick_card to require one"
        )
        problems.append(Problem(("declare", "sources"), message))
    if Zone.OPEN in declare.sources and variant.open_cards is None:
        message = "declaring from 'open' cards needs an [open_cards] table"
        problems.append(Problem(("declare", "sources"), message))
    if declare.declared_to not in (Zone.TABLE, Zone.OPEN):
        where = declare.declared_to.value
        message = f"declared cards lie on the 'table' or among the 'open' cards, not in {where!r}"
        problems.append(Problem(("declare", "declared_to"), message))
    if declare.declared_to is Zone.OPEN and Zone.OPEN not in declare.sources:
        message = "declared_to = 'open' needs 'open' among declare.sources"
        problems.append(Problem(("declare", "declared_to"), message))
    return problems


def unsupported(variant: Variant) -> list[Problem]:
    """One problem for each rule of :data:`UNSUPPORTED` that the variant uses."""
    problems: list[Problem] = []
    for dotted, uses, can_do in UNSUPPORTED:
        if not uses(variant):
            continue
        value: Any = variant
        for key in dotted.split("."):
            value = getattr(value, key)
        said = dotted if isinstance(value, BaseModel) else f"{dotted} = {toml_repr(value)}"
        message = f"{said} is not supported yet by this engine ({can_do})"
        problems.append(Problem(tuple(dotted.split(".")), message))
    return problems


__all__ = ["UNSUPPORTED", "Problem", "deck_copies", "semantic_problems", "unsupported"]
