"""What the engine does with each field of the variant model: the one place that says it.

Every field path of the model (:func:`field_paths`; ``source`` and ``note`` aside) is in
exactly one of three classes:

* **played** — the engine plays it: another allowed value changes a game.  This is every field
  not listed below; ``tests/test_schema_honesty.py`` shows, field by field, a seeded game or a
  scripted scenario that another value changes.
* **rulebook only** (:data:`RULEBOOK_ONLY`) — the field is printed in the rulebook but cannot
  change a game the engine plays.  Three kinds (:class:`Kind`): a rule for the players at the
  table that the engine does not enforce (the rulebook marks it with :func:`table_rule`); a
  rule with one allowed value, which the engine always applies; a name or description.
* **refused** (:data:`REFUSED`) — the engine plays one value; the loader refuses the others as
  not supported yet (``interpreter.loader.semantic.UNSUPPORTED``).

A field *applies* to a variant when the rule it sets can arise in that variant: its table is
present, and the situation it governs can happen (a settlement needs a one-deal game, a
partner's rights need partnerships, the duty to trump with a losing trump needs a third card in
the trick).  :data:`APPLIES_IN` names a shipped variant where each such field applies; every
other field applies to ``bezique``.  The tests change each field in that variant.
"""

from __future__ import annotations

import types
from collections.abc import Mapping
from enum import StrEnum
from typing import Any, Union, get_args, get_origin

from pydantic import BaseModel

from interpreter.model.variant import Variant


class Kind(StrEnum):
    TABLE = "table"
    """A rule for the players at the table; the engine does not enforce it."""
    FIXED = "fixed"
    """One allowed value: a rule the engine always applies, stated so a file can cite it."""
    LABEL = "label"
    """Names or describes the variant or a combination; changes no rule."""


RULEBOOK_ONLY: Mapping[str, tuple[Kind, str]] = {
    "endgame.revoke_penalty": (
        Kind.TABLE,
        "the engine never lets a player revoke or fail to win when bound to, so no penalty is "
        "ever due",
    ),
    "last_trick.mandatory": (
        Kind.TABLE,
        "the engine always scores the last trick for its winner (law 54 binds a player who "
        "might forget)",
    ),
    "declare.partner_consultation": (
        Kind.TABLE,
        "asking a partner is table talk: the engine has no move for it, and each partner "
        "declares from his own cards whatever the answer",
    ),
    "deal.first_recipient": (
        Kind.FIXED,
        "the player on the dealer's left receives the first packet (with two players, the "
        "dealer's opponent); the former value non_dealer named the same seat",
    ),
    "play.lead": (
        Kind.FIXED,
        "the player on the dealer's left, the first dealt to, leads (Hoyle; Britannica); the "
        "former value non_dealer named the same seat",
    ),
    "play.identical_cards": (
        Kind.FIXED,
        "of two identical cards the one played first wins (Hoyle, Britannica)",
    ),
    "play.obligations": (
        Kind.FIXED,
        "while the stock lasts any card may be played (Hoyle, Britannica)",
    ),
    "play.draw_order": (
        Kind.FIXED,
        "the trick winner draws first, then each player to his left",
    ),
    "play.odd_stock_card": (
        Kind.FIXED,
        "a last stock card that cannot go round is not drawn (law 32)",
    ),
    "penalties[].offence": (
        Kind.TABLE,
        "the engine allows no mistake a penalty is set for (a card drawn or played out of "
        "turn, too many cards held), so none is ever due",
    ),
    "penalties[].penalty": (
        Kind.TABLE,
        "the engine allows no mistake a penalty is set for, so none is ever due",
    ),
    "schema_version": (Kind.LABEL, "the version of the schema the file is written for"),
    "name": (Kind.LABEL, "the variant's short name"),
    "title": (Kind.LABEL, "the rulebook's title"),
    "summary": (Kind.LABEL, "the rulebook's overview"),
    "combinations[].id": (Kind.LABEL, "the combination's key, used by overlays and moves"),
    "combinations[].name": (Kind.LABEL, "the combination's name shown to players"),
}
"""Fields printed in the rulebook that cannot change a game the engine plays, with why."""

REFUSED: frozenset[str] = frozenset(
    {
        "carte_blanche.requires_trick_win",
        "carte_blanche.window",
        "declare.declared_to",
        "endgame.declared_back_to_hand",
    }
)
"""Fields whose only value the engine plays is the one each variant has; the loader refuses
the others (each has a row in ``interpreter.loader.semantic.UNSUPPORTED``)."""

APPLIES_IN: Mapping[str, str] = {
    "bezique.when_trump[].trumps": "bezique-clubs-hearts",
    "bezique.when_trump[].queen": "bezique-clubs-hearts",
    "bezique.when_trump[].jack": "bezique-clubs-hearts",
    "deal.count_guess.target": "chinese",
    "deal.count_guess.dealer_exact": "chinese",
    "deal.count_guess.guesser_exact": "chinese",
    "carte_blanche.points": "rubicon",
    "carte_blanche.court_ranks": "rubicon",
    "carte_blanche.window": "rubicon",
    "carte_blanche.repeat_on_noncourt_draw": "rubicon",
    "carte_blanche.requires_trick_win": "rubicon",
    "open_cards": "polish",
    "open_cards.ranks": "polish",
    "open_cards.trump_ranks": "polish",
    "declare.declared_to": "polish",
    "declare.must_use_trick_card": "polish",
    "declare.after_stock_exhausted": "polish",
    "declare.right": "four-handed-partners",
    "declare.partner_consultation": "four-handed-partners",
    "reuse.partner_cards": "four-handed-partners",
    "reuse.multi_bezique_extension": "three-handed",
    "players.partnerships": "four-handed-partners",
    "endgame.mode": "four-handed-partners",
    "endgame.head_reference": "four-handed-partners-modern",
    "endgame.partner_exempt": "four-handed-partners-modern",
    "endgame.must_trump_if_void": "three-handed",
    "reuse.inferior_bar": "rubicon",
    "combinations[].rank": "rubicon",
    "reuse.marriage_repair": "rubicon",
    "reuse.reform_trigger": "rubicon",
    "reuse.repair_kinds": "rubicon",
    "trump.fixed_on": "rubicon",
    "deal.count_guess": "chinese",
    "carte_blanche": "rubicon",
    "settlement.game_bonus": "rubicon",
    "settlement.min_difference": "rubicon",
    "settlement.rubicon_threshold": "rubicon",
    "settlement.rubicon_game": "rubicon",
    "settlement.rubicon_brisque_lump": "rubicon",
    "settlement.loser_min_credit": "rubicon",
    "settlement.rounding": "rubicon",
    "settlement.formula": "rubicon",
    "settlement.tie_rule": "rubicon",
    "settlement.brisques_can_flip_winner": "rubicon",
    "last_trick.mandatory": "rubicon",
    "deck.jokers": "haitian",
    "play.joker_led": "haitian",
    "trump.others_before_trumps": "haitian",
    "combinations[].jokers": "haitian",
    "combinations[].distinct_suits": "pinochle",
    "combinations[].builds_on": "haitian",
    "combinations[].first_points": "haitian",
    "brisques.minimum": "haitian",
    "brisques.war_penalty": "haitian-brisque-war",
    "brisques.war_floor": "haitian-brisque-war",
    "game.double_below": "haitian",
    "match": "turkish-match",
    "closing": "schnapsen",
    "closing.after_tricks": "schnapsen",
    "closing.min_stock": "schnapsen",
    "closing.last_trick": "schnapsen",
    "closing.worth_at": "schnapsen",
    "closing.forfeit[].points": "schnapsen",
    "closing.forfeit[].below": "schnapsen",
    "closing.forfeit[].no_trick": "schnapsen",
    "game.false_claim[].points": "sixty-six",
    "game.false_claim[].below": "sixty-six",
    "game.false_claim[].no_trick": "sixty-six",
    "declare.when": "schnapsen",
    "declare.lead_rank": "schnapsen-platform",
    "declare.held_until": "schnapsen",
    "match.target": "turkish-match",
    "reuse.reform_with_added": "rubicon",
}
"""The shipped variant where a field applies, for the fields that do not apply to
``bezique`` (see the module's docstring)."""


DEFAULTED: frozenset[str] = frozenset({"settlement"})
"""Optional tables whose absence means their defaults (an absent ``[settlement]`` is the
valuation of laws 56–61), so that present or absent is not a rule of its own."""


def applies_in(path: str) -> str:
    """The shipped variant in which ``path`` is tried."""
    return APPLIES_IN.get(path, "bezique")


def field_paths(model: type[BaseModel] = Variant, prefix: str = "") -> tuple[str, ...]:
    """Every field of the model, in schema order: ``deal.packets``; ``combinations[].points``
    for the fields of the items of a list of tables.  A table that is always present is not a
    field of its own (its fields are); an optional table is (present or absent), and so is a
    list of values.  ``source`` and ``note`` are left out: they never change a rule."""
    paths: list[str] = []
    for name, field in model.model_fields.items():
        key = field.alias or name
        if key in ("source", "note"):
            continue
        path = f"{prefix}{key}"
        annotation = field.annotation
        optional = get_origin(annotation) in (Union, types.UnionType) and type(None) in get_args(
            annotation
        )
        listed = _list_of_models(annotation)
        nested = _models(annotation)
        if listed:
            for sub in nested:
                paths += [p for p in field_paths(sub, f"{path}[].") if p not in paths]
        elif nested:
            if optional and path not in DEFAULTED:
                paths.append(path)
            for sub in nested:
                paths += field_paths(sub, f"{path}.")
        else:
            paths.append(path)
    return tuple(paths)


def _models(annotation: Any) -> list[type[BaseModel]]:
    found: list[type[BaseModel]] = []
    todo = [annotation]
    while todo:
        item = todo.pop(0)
        if isinstance(item, type) and issubclass(item, BaseModel):
            found.append(item)
        else:
            todo += [a for a in get_args(item) if a is not Ellipsis]
    return found


def _list_of_models(annotation: Any) -> bool:
    for item in (annotation, *get_args(annotation)):
        if get_origin(item) is tuple and _models(item):
            return True
    return False


def is_played(path: str) -> bool:
    return path not in RULEBOOK_ONLY and path not in REFUSED


NOT_ENFORCED = "a rule for the table, not enforced by the engine"
"""The words the rulebook adds to each rule the engine does not enforce."""


def table_rule(text: str) -> str:
    """``text`` (a sentence or more), marked as a rule the engine does not enforce."""
    return f"{text} *({NOT_ENFORCED[0].upper()}{NOT_ENFORCED[1:]}.)*"


__all__ = [
    "APPLIES_IN",
    "NOT_ENFORCED",
    "REFUSED",
    "RULEBOOK_ONLY",
    "Kind",
    "applies_in",
    "field_paths",
    "is_played",
    "table_rule",
]
