"""Checks of the rules added for the living games (Haitian Bésigue, Turkish Bezik) and the
classic readings that came with them: jokers, combinations built on another, brisques counted
at the end of the hand, the race game's worth and the match, and the classes of law 38 — so
that a variant using them is accepted only when they can arise as written."""

from __future__ import annotations

from interpreter.cards import JOKER
from interpreter.loader.cards_check import Problem
from interpreter.loader.diagnostics import suggest
from interpreter.model import Bezique, SameRank, SameSuit, Variant
from interpreter.model.combinations import Combination
from interpreter.model.play import FreshCard, Zone
from interpreter.model.scoring import (
    BrisqueTiming,
    BrisqueUsage,
    GameFormat,
    PlayedOut,
    WinCheck,
    WorthStep,
)


def newer_rules_problems(variant: Variant) -> list[Problem]:
    return [
        *_jokers(variant),
        *_built_on(variant),
        *_declaring(variant),
        *_brisques(variant),
        *_race(variant),
        *_worth(variant),
        *_forfeit(variant),
        *_claim(variant),
        *_distinct_suits(variant),
    ]


def size(combo: Combination) -> int:
    """How many cards form ``combo``."""
    if isinstance(combo, SameSuit):
        return len(combo.ranks)
    return combo.count * (2 if isinstance(combo, Bezique) else 1)


def _jokers(variant: Variant) -> list[Problem]:
    problems: list[Problem] = []
    jokers = variant.deck.jokers
    for index, combo in enumerate(variant.combinations):
        if not combo.enabled:
            continue
        path = ("combinations", index)
        if combo.jokers and not jokers:
            message = f"{combo.id} may take jokers, but the deck has none (deck.jokers = 0)"
            problems.append(Problem((*path, "jokers"), message))
        elif combo.jokers >= size(combo) and not (
            isinstance(combo, SameRank) and combo.of == JOKER
        ):
            message = (
                f"{combo.id} has {size(combo)} cards: at most {size(combo) - 1} may be jokers "
                "(at least one card is not)"
            )
            problems.append(Problem((*path, "jokers"), message))
        if isinstance(combo, SameRank) and combo.of == JOKER and combo.suit != "any":
            message = "jokers have no suit: a combination of jokers takes suit = 'any'"
            problems.append(Problem((*path, "suit"), message))
    return problems


def _built_on(variant: Variant) -> list[Problem]:
    problems: list[Problem] = []
    enabled = {combo.id: combo for combo in variant.combinations if combo.enabled}
    for index, combo in enumerate(variant.combinations):
        base_id = combo.builds_on
        if base_id is None or not combo.enabled:
            continue
        path = ("combinations", index, "builds_on")
        base = enabled.get(base_id)
        if base is None:
            hint = suggest(base_id, sorted(enabled))
            message = f"{base_id!r} is not an enabled combination of this variant{hint}"
            problems.append(Problem(path, message))
        elif base_id == combo.id or size(base) >= size(combo):
            message = (
                f"{combo.id} ({size(combo)} cards) cannot be built on {base_id} "
                f"({size(base)} cards): it must add cards to it"
            )
            problems.append(Problem(path, message))
        elif isinstance(base, SameSuit) and isinstance(combo, SameSuit):
            missing = [rank for rank in base.ranks if rank not in combo.ranks]
            if missing or ("any" not in (base.suit, combo.suit) and base.suit != combo.suit):
                message = f"the cards of {base_id} are not part of {combo.id}"
                problems.append(Problem(path, message))
    return problems


def _declaring(variant: Variant) -> list[Problem]:
    declare = variant.declare
    problems: list[Problem] = []
    if declare.fresh_card_required is FreshCard.FROM_HAND and Zone.HAND not in declare.sources:
        message = "'from_hand' needs 'hand' among declare.sources"
        problems.append(Problem(("declare", "fresh_card_required"), message))
    classes = sorted({combo.class_ for combo in variant.combinations if combo.enabled})
    for index, name in enumerate(variant.reuse.reform_with_added):
        if name not in classes:
            message = (
                f"{name!r} is not a class of this variant's combinations{suggest(name, classes)}"
            )
            problems.append(Problem(("reuse", "reform_with_added", index), message))
    return problems


def _brisques(variant: Variant) -> list[Problem]:
    brisques = variant.brisques
    later = brisques.usage is BrisqueUsage.WAR or brisques.minimum > 0
    if later and brisques.timing is BrisqueTiming.ON_TRICK:
        what = "a brisque war" if brisques.usage is BrisqueUsage.WAR else "a minimum of brisques"
        message = f"{what} is settled when the hand is over: set brisques.timing = 'end_of_hand'"
        return [Problem(("brisques", "timing"), message)]
    return []


def _race(variant: Variant) -> list[Problem]:
    if variant.game.format is GameFormat.RACE:
        return []
    problems: list[Problem] = []
    if variant.game.win_check is not WinCheck.END_OF_DEAL:
        message = (
            f"'{variant.game.win_check}' checks the target of a race game: this one is one deal"
        )
        problems.append(Problem(("game", "win_check"), message))
    if variant.game.double_below:
        message = "a one-deal game is valued by its [settlement], not by double_below"
        problems.append(Problem(("game", "double_below"), message))
    if variant.game.worth:
        message = "a one-deal game is valued by its [settlement], not by [[game.worth]]"
        problems.append(Problem(("game", "worth"), message))
    if variant.game.played_out is not PlayedOut.NEXT_DEAL:
        message = "a one-deal game is valued by its [settlement]: played_out is of race games"
        problems.append(Problem(("game", "played_out"), message))
    if variant.match is not None:
        message = "a match is played of race games: this one is one deal"
        problems.append(Problem(("match",), message))
    return problems


def _forfeit(variant: Variant) -> list[Problem]:
    """What a failed closer owes needs a step that always holds, and a race to end."""
    closing = variant.closing
    if closing is None:
        return []
    problems = _base_step(closing.forfeit, ("closing", "forfeit"), 2, "what any failed close costs")
    if variant.game.format is not GameFormat.RACE:
        message = "closing is played in a race to a target: this game is one deal"
        problems.append(Problem(("closing",), message))
    return problems


def _distinct_suits(variant: Variant) -> list[Problem]:
    """Cards of one rank in different suits need as many suits, and suited cards."""
    problems: list[Problem] = []
    suits = len(variant.deck.suits)
    for index, combo in enumerate(variant.combinations):
        if not isinstance(combo, SameRank) or not combo.distinct_suits:
            continue
        path = ("combinations", index, "distinct_suits")
        if combo.of == JOKER:
            problems.append(Problem(path, "jokers have no suit: they cannot be of different suits"))
        elif combo.count > suits:
            message = f"{combo.count} cards of different suits: the deck has {suits} suits"
            problems.append(Problem(path, message))
    return problems


def _claim(variant: Variant) -> list[Problem]:
    """A claim is of one side against one adversary, and a false one must cost something."""
    game = variant.game
    if game.win_check is not WinCheck.CLAIM:
        if game.false_claim != (WorthStep(points=2),):
            message = "a false claim is paid only where the target is claimed: win_check = 'claim'"
            return [Problem(("game", "false_claim"), message)]
        return []
    problems = _base_step(
        game.false_claim, ("game", "false_claim"), 2, "what any false claim costs"
    )
    sides = len(variant.players.partnerships) or variant.players.count
    if sides != 2:
        message = f"a claim is made against one adversary: this game has {sides} sides"
        problems.append(Problem(("game", "win_check"), message))
    return problems


def _worth(variant: Variant) -> list[Problem]:
    """The game-points schedule: one home for a game's worth, so not with ``double_below``
    (its one step of two points), and a step that always holds (the base worth)."""
    game = variant.game
    if not game.worth:
        return []
    problems: list[Problem] = []
    if game.double_below:
        message = (
            f"double_below = {game.double_below} is the step {{ points = 2, below = "
            f"{game.double_below} }} of [[game.worth]]: write it there, not both"
        )
        problems.append(Problem(("game", "double_below"), message))
    return problems + _base_step(game.worth, ("game", "worth"), 1, "the worth of any other game")


def _base_step(
    steps: tuple[WorthStep, ...], path: tuple[str, ...], points: int, what: str
) -> list[Problem]:
    """A schedule of game points needs a step that always holds: the one to add pays
    ``points``, ``what`` it stands for."""
    if any(not step.below and not step.no_trick for step in steps):
        return []
    return [Problem(path, f"no step always holds: add {{ points = {points} }}, {what}")]
