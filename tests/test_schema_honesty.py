"""An honest schema, tested both ways (issue 10, item 4).

Every field of the variant model is played by the engine, rulebook only, or refused by the
loader (``interpreter.model.enforcement``).  Here, for each field found by walking the model:

* a played field: another allowed value changes a seeded game (its events, scores, views or
  legal moves), or a scripted scenario named in :data:`SCRIPTED`;
* a rulebook-only field: another value plays the very same games, and where it is a rule for
  the table the rulebook marks it as not enforced by the engine;
* a refused field: the loader refuses every other value as not supported yet;
* every field: another value changes the rendered rulebook, in the shipped variant where the
  field applies (``enforcement.applies_in``).

A new field that is not classified, or has no other value to try here, fails these tests."""

from __future__ import annotations

import random
from enum import Enum
from typing import Any

import pytest
from pydantic import BaseModel

from interpreter.engine import Game, IllegalMoveError
from interpreter.engine.moves import Draw, Play
from interpreter.engine.settlement import Settled, settle
from interpreter.loader.semantic import UNSUPPORTED, unsupported
from interpreter.model import Variant
from interpreter.model.enforcement import (
    NOT_ENFORCED,
    REFUSED,
    RULEBOOK_ONLY,
    Kind,
    applies_in,
    field_paths,
    is_played,
)
from interpreter.model.scoring import Settlement
from interpreter.rulebook import render
from tests.support import dealt, run, shipped, texts, two_singles

FIELDS = field_paths()

OTHER: dict[str, Any] = {
    "name": "another-name",
    "title": "Another title",
    "summary": "Another summary.",
    "players.count": 3,
    "players.partnerships": [[0, 1], [2, 3]],
    "deck.packs": 4,
    "deck.suits": ["S", "H", "D"],
    "deck.ranks": ["A", "K", "T", "Q", "J", "9", "8", "7"],
    "deck.remove": ["8C", "8H"],
    "deck.brisque_ranks": ["A"],
    "deck.endgame_ranks": ["A", "K", "Q", "J", "T", "9", "8", "7"],
    "deal.hand_size": {"deal.hand_size": 9, "deal.packets": [3, 3, 3]},
    "deal.packets": [2, 3, 3],
    "deal.turn_up_after": 1,
    "declare.lead_rank": None,  # (in schnapsen-platform, "K": any card of the marriage)
    "closing.after_tricks": 1,
    "closing.min_stock": 8,
    "closing.forfeit[].points": {"closing.forfeit": [{"points": 4}]},
    "closing.forfeit[].below": {
        "closing.forfeit": [{"points": 2}, {"points": 5, "below": 1_000_000}]
    },
    "closing.forfeit[].no_trick": {"closing.forfeit": [{"points": 2}]},
    "deal.count_guess.target": 20,
    "deal.count_guess.dealer_exact": 300,
    "deal.count_guess.guesser_exact": 100,
    "declare.sources": ["hand"],
    "reuse.repair_kinds": [],
    "bezique.queen": "QH",
    "bezique.jack": "JC",
    "bezique.when_trump[].trumps": ["S"],
    "bezique.when_trump[].queen": "QH",
    "bezique.when_trump[].jack": "JS",
    "combinations[].id": "wedding",
    "combinations[].name": "wedding",
    "combinations[].kind": "bezique",
    "combinations[].class": "sequences",
    "combinations[].rank": 3,
    "combinations[].points": 30,
    "combinations[].shape": {"shape": "same_rank", "of": "K", "count": 2},
    "combinations[].ranks": ["K", "J"],
    "combinations[].of": "K",
    "combinations[].count": 3,
    "seven.rank": "8",
    "seven.turned_up_points": 20,
    "seven.exchange_points": 20,
    "seven.points": 20,
    "seven.exchange_min_stock": 40,
    "carte_blanche.points": 60,
    "carte_blanche.court_ranks": ["K", "Q", "J", "9"],
    "open_cards.ranks": ["A", "K", "Q"],
    "open_cards.trump_ranks": [],
    "last_trick.points": 20,
    "brisques.value": 20,
    "brisques.values": {"brisques.values": {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}},
    "game.target": 500,
    "settlement.game_bonus": 600,
    "settlement.min_difference": 200,
    "settlement.rubicon_threshold": 1500,
    "settlement.rubicon_game": 1200,
    "settlement.rubicon_brisque_lump": 400,
    "settlement.loser_min_credit": 200,
    "deck.jokers": 2,
    "combinations[].jokers": 1,
    "combinations[].builds_on": None,
    "combinations[].first_points": 60,
    "penalties[].offence": "leading with the wrong hand",
    "penalties[].penalty": "a round of drinks",
    "brisques.minimum": 14,
    "brisques.war_penalty": 100,
    "brisques.war_floor": 0,
    "game.double_below": 300,
    "game.worth[].points": {"game.worth": [{"points": 3}]},
    "game.false_claim[].points": {"game.false_claim": [{"points": 4}]},
    "game.false_claim[].below": {
        "game.false_claim": [{"points": 2}, {"points": 5, "below": 1_000_000}]
    },
    "game.false_claim[].no_trick": {
        "game.false_claim": [{"points": 2}, {"points": 5, "no_trick": True}]
    },
    "game.worth[].below": {"game.worth": [{"points": 1}, {"points": 2, "below": 1_000_000}]},
    "game.worth[].no_trick": {"game.worth": [{"points": 1}, {"points": 3, "no_trick": True}]},
    "match.target": 2,
    "reuse.reform_with_added": ["beziques"],
}
"""Another allowed value for each field that is not an enum, a flag or an optional table
(a dict sets several keys at once, where one value alone would not be a valid variant)."""

_HERE = "tests/test_schema_honesty.py::"
SCRIPTED: dict[str, str] = {
    "carte_blanche": _HERE + "test_carte_blanche_fields_change_a_blank_hand",
    "carte_blanche.points": _HERE + "test_carte_blanche_fields_change_a_blank_hand",
    "carte_blanche.court_ranks": _HERE + "test_carte_blanche_fields_change_a_blank_hand",
    "carte_blanche.repeat_on_noncourt_draw": _HERE
    + "test_carte_blanche_fields_change_a_blank_hand",
    "trump.fixed_on": _HERE + "test_fixed_on_a_marriage_shown_to_score_fixes_trumps",
    "declare.fresh_card_required": _HERE + "test_fresh_card_two_singles_and_a_double",
    "reuse.inferior_bar": _HERE + "test_inferior_bar_and_rank_double_then_single",
    "combinations[].rank": _HERE + "test_inferior_bar_and_rank_double_then_single",
    "combinations[].class": _HERE + "test_class_sequence_then_marriage",
    "combinations[].kind": _HERE + "test_kind_single_then_double",
    "reuse.multi_bezique_extension": _HERE + "test_multi_bezique_extension_second_double",
    "seven.turn_up_declarable": "tests/test_classic_options.py::"
    "test_enquire_within_123_iii_the_card_exchanged_is_not_used_in_that_declaration",
    "closing.last_trick": "tests/test_closing.py::"
    "test_foster_no_score_for_the_last_trick_after_closing",
    "seven.exchange_needs_trick": "tests/test_low_trump.py::"
    "test_foster_nine_not_exchanged_before_a_trick_is_won",
    "reuse.reform_with_added": "tests/test_classic_options.py::"
    "test_law_38_literal_bezique_cards_form_an_equal_combination_with_added_cards",
    **{
        path: _HERE + "test_settlement_fields_change_the_value_of_a_game"
        for path in field_paths()
        if path.startswith("settlement.")
    },
}
"""Played fields whose effect is shown by a scripted scenario rather than by seeded games."""


def _dumped(variant: Variant) -> dict[str, Any]:
    return variant.model_dump(mode="json", by_alias=True)


TARGET = {
    "kind": "double_bezique",
    "class": "sequence",
    "rank": "bezique",
    "builds_on": "quinte",
}
"""The combination whose reuse key the tests change (else the first that has the key)."""


def _combination_index(data: dict[str, Any], key: str) -> int:
    """The combination the test changes for ``key``."""
    combos = data["combinations"]
    if key in TARGET:
        return next(i for i, combo in enumerate(combos) if combo["id"] == TARGET[key])
    return next(i for i, combo in enumerate(combos) if key in combo)


def _get(data: dict[str, Any], path: str) -> Any:
    node: Any = data
    for key in path.split("."):
        node = node[key[:-2]][0] if key.endswith("[]") else node[key]
    return node


def _set(data: dict[str, Any], path: str, value: Any) -> None:
    head, _, leaf = path.rpartition(".")
    node: Any = data
    for key in head.split(".") if head else ():
        if key == "combinations[]":
            node = node["combinations"][_combination_index(data, leaf)]
        elif key.endswith("[]"):
            node = node[key[:-2]][0]
        else:
            node = node[key]
    if path == "combinations[].shape":
        node = data["combinations"][_combination_index(data, "ranks")]
        node.pop("ranks"), node.pop("suit")
        node.update(value)
        return
    node[leaf] = value


def _annotation(path: str) -> Any:
    model: type[BaseModel] = Variant
    *heads, leaf = path.split(".")
    for key in heads:
        field = model.model_fields[key.removesuffix("[]")]
        model = _first_model(field.annotation)
    for name, field in model.model_fields.items():
        if (field.alias or name) == leaf:
            return field.annotation
    from interpreter.model import SameRank, SameSuit

    for shape in (SameSuit, SameRank):
        for name, field in shape.model_fields.items():
            if (field.alias or name) == leaf:
                return field.annotation
    raise KeyError(path)


def _first_model(annotation: Any) -> type[BaseModel]:
    from typing import get_args

    todo = [annotation]
    while todo:
        item = todo.pop(0)
        if isinstance(item, type) and issubclass(item, BaseModel):
            return item
        todo += list(get_args(item))
    raise TypeError(annotation)


def _enum(annotation: Any) -> type[Enum] | None:
    from typing import get_args

    for item in (annotation, *get_args(annotation)):
        if isinstance(item, type) and issubclass(item, Enum):
            return item
    return None


def others(path: str) -> list[Variant]:
    """The variant where ``path`` applies, with each other allowed value of ``path``."""
    base = shipped(applies_in(path))
    data = _dumped(base)
    current: Any = None  # a list of tables empty here (game.worth) has no current value
    if path.startswith("combinations[]."):
        key = path.split(".")[-1]
        current = data["combinations"][_combination_index(data, key)][key]
    elif path not in OTHER:
        current = _get(data, path)
    annotation = _annotation(path)
    choices: list[Any]
    if path in OTHER:
        choices = [OTHER[path]]
    elif (enum := _enum(annotation)) is not None:
        choices = [member.value for member in enum if member.value != current]
    elif isinstance(current, bool):
        choices = [not current]
    elif isinstance(current, dict):
        choices = [None]  # an optional table, present here: remove it
    else:
        raise AssertionError(f"{path}: give tests/test_schema_honesty.py OTHER a value to try")
    variants = []
    for choice in choices:
        changed = _dumped(base)
        if isinstance(choice, dict) and path != "combinations[].shape":
            for key, value in choice.items():
                _set(changed, key, value)
        else:
            _set(changed, path, choice)
        variants.append(Variant.model_validate(changed))
    return variants


def trace(variant: Variant, seed: int) -> list[str]:
    """A whole game played by a seeded random policy that nearly always declares, exchanges
    or claims when it may (so that the rules of declaring are put to work): at each step the
    legal moves, the view of the player to act and the scores; at the end every event and
    the outcome."""
    game = Game.new(variant, seed=seed)
    rng = random.Random(seed)
    seen: list[str] = []
    steps = 0
    while not game.is_over and steps < 5000:
        moves = game.legal_moves()
        seat = game.to_act
        seen.append(repr((seat, [str(m) for m in moves], game.scores)))
        if seat is not None:
            seen.append(repr(game.view(seat)))
        eager = [m for m in moves if not isinstance(m, Play | Draw)]
        pick = eager if eager and rng.random() < 0.9 else moves
        game.step(pick[rng.randrange(len(pick))])
        steps += 1
    seen += [repr(event) for event in game.events]
    seen.append(repr(game.outcome))
    return seen


SEEDS = range(40)


def _plays_differently(a: Variant, b: Variant) -> bool:
    return any(trace(a, seed) != trace(b, seed) for seed in SEEDS)


def _without_sample_deal(page: str) -> str:
    """The page without the sample deal, which shows play and so changes with any rule."""
    head, _, rest = page.partition("## A sample deal")
    return head + rest.partition("\n## ")[2] if rest else page


def test_every_field_is_in_exactly_one_class() -> None:
    listed = set(RULEBOOK_ONLY) | REFUSED
    assert not set(RULEBOOK_ONLY) & REFUSED
    assert listed <= set(FIELDS), f"not fields of the model: {sorted(listed - set(FIELDS))}"
    assert len(FIELDS) == len(set(FIELDS))


def test_a_new_field_of_the_model_must_be_classified() -> None:
    """The walk finds the fields of the model, nested and optional tables included."""
    assert "deal.count_guess.target" in FIELDS and "combinations[].points" in FIELDS
    assert "seven" in FIELDS and "deal" not in FIELDS
    assert all(path in SCRIPTED or path in FIELDS for path in SCRIPTED)


PLAYED = [p for p in FIELDS if is_played(p) and p not in SCRIPTED]


@pytest.mark.parametrize("path", PLAYED)
def test_another_value_of_a_played_field_changes_a_seeded_game(path: str) -> None:
    base = shipped(applies_in(path))
    for other in others(path):
        value = _get(_dumped(other), path) if "[]" not in path else "another value"
        assert _plays_differently(base, other), f"{path} = {value!r} plays the same games"


@pytest.mark.parametrize("path", sorted(SCRIPTED))
def test_a_scripted_field_names_an_existing_scenario(path: str) -> None:
    from pathlib import Path

    file, _, name = SCRIPTED[path].partition("::")
    assert f"def {name}(" in (Path(__file__).parents[1] / file).read_text(encoding="utf-8")


NOT_PLAYED = [
    p for p, (kind, _) in RULEBOOK_ONLY.items() if kind is not Kind.FIXED and p != "schema_version"
]


@pytest.mark.parametrize("path", NOT_PLAYED)
def test_a_rulebook_only_field_plays_the_same_games(path: str) -> None:
    base = shipped(applies_in(path))
    for other in others(path):
        if path == "name" or path.startswith("combinations[]."):
            # A name is the label of moves and events; the play under it is the same.
            continue
        assert not _plays_differently(base, other), f"{path} changes the game: it is played"


FIXED = [p for p, (kind, _) in RULEBOOK_ONLY.items() if kind is Kind.FIXED]


@pytest.mark.parametrize("path", FIXED)
def test_a_fixed_rule_has_one_value(path: str) -> None:
    enum = _enum(_annotation(path))
    assert enum is not None and len(enum) == 1, f"{path}: another value needs the engine"


@pytest.mark.parametrize("path", sorted(REFUSED))
def test_a_refused_field_is_refused_by_the_loader_in_its_other_values(path: str) -> None:
    assert path in {key for key, _, _ in UNSUPPORTED}
    base = shipped(applies_in(path))
    assert not unsupported(base)
    for other in others(path):
        problems = unsupported(other)
        said = {".".join(map(str, p.path)): p.message for p in problems}
        assert "not supported yet" in said[path]


RENDERED = [p for p in FIELDS if p not in FIXED and p not in REFUSED and p != "schema_version"]
"""Fixed fields have no other value, and a variant with a refused value has no rulebook: the
loader refuses it."""


def test_the_schema_version_has_one_value() -> None:
    data = _dumped(shipped("bezique"))
    data["schema_version"] += 1
    with pytest.raises(ValueError, match="schema_version"):
        Variant.model_validate(data)


@pytest.mark.parametrize("path", RENDERED)
def test_another_value_of_any_field_changes_the_rulebook(path: str) -> None:
    base = shipped(applies_in(path))
    page = _without_sample_deal(render(base)).splitlines()
    for other in others(path):
        changed = _without_sample_deal(render(other)).splitlines()
        assert changed != page, f"{path}: another value leaves the rulebook unchanged"
        if path in RULEBOOK_ONLY and RULEBOOK_ONLY[path][0] is Kind.TABLE:
            lines = set(page) ^ set(changed)
            assert any(_marked(changed, line) for line in lines), (
                f"{path}: the rulebook does not say the engine leaves it to the table"
            )


def _marked(page: list[str], line: str) -> bool:
    """Whether ``line`` says the engine leaves its rule to the table, or is a row of a table
    whose introducing paragraph (the text just above the table) says so."""
    if NOT_ENFORCED in line.lower():
        return True
    if not line.startswith("|") or line not in page:
        return False
    index = page.index(line)
    while index > 0 and (page[index].startswith("|") or not page[index].strip()):
        index -= 1
    return NOT_ENFORCED in page[index].lower()


def test_fields_with_one_value_are_fixed_or_labels() -> None:
    """A field whose only allowed value is the one every variant has cannot change a game:
    it must be on the rulebook-only list."""
    for path in FIELDS:
        enum = _enum(_annotation(path))
        if enum is not None and len(enum) == 1:
            assert RULEBOOK_ONLY[path][0] is Kind.FIXED, path


def _blank_game(variant: Variant) -> Game:
    """Rubicon, non-dealer dealt no king, queen or knave, then drawing a nine and a king."""
    blank = ["AS", "TS", "9S", "8S", "7S", "AH", "TH", "9H", "8H"]
    other = ["AD", "TD", "9D", "8D", "7D", "AC", "TC", "9C", "8C"]
    return dealt(variant, [blank, other], dealer=1, stock=["9C", "KS", "KC", "8D", "QC"])


def _claims(variant: Variant) -> list[tuple[int, ...]]:
    """The scores after each carte blanche claimed by either player, claiming whenever he may
    and otherwise playing his first legal card, for three tricks."""
    game = _blank_game(variant)
    claimed = []
    while game.view(0).trick_no < 3 and game.deal_no == 1:
        moves = [str(m) for m in game.legal_moves()]
        game.apply("carte-blanche" if "carte-blanche" in moves else moves[0])
        if moves[0] == "carte-blanche":
            claimed.append(game.scores)
    return claimed


def test_carte_blanche_fields_change_a_blank_hand() -> None:
    base = shipped("rubicon")
    before = _claims(base)
    assert before == [(50, 0), (50, 50), (100, 50)]  # both blank; the 9♣ drawn shown again
    for path in ("carte_blanche", "carte_blanche.points", "carte_blanche.court_ranks"):
        for other in others(path):
            assert _claims(other) != before, path
    for other in others("carte_blanche.repeat_on_noncourt_draw"):
        assert _claims(other) == before[:2]


def test_settlement_fields_change_the_value_of_a_game() -> None:
    """The engine's valuation of a one-deal game (laws 56-61) over a grid of final scores."""
    base = shipped("rubicon")
    usage = base.brisques.usage

    def values(variant: Variant) -> list[Settled]:
        rules = variant.settlement or Settlement()
        return [
            settle(rules, (a, b), (x, y), usage)
            for a in range(0, 3001, 150)
            for b in range(0, 3001, 150)
            for x, y in ((0, 0), (160, 0), (0, 160), (80, 240))
        ]

    expected = values(base)
    for path in FIELDS:
        if path.startswith("settlement."):
            for other in others(path):
                assert values(other) != expected, path


def _moves_after(variant: Variant, hands: list[list[str]], script: list[str], **deal: Any) -> Any:
    game = dealt(variant, hands, **deal)
    run(game, *script)
    return texts(game), game.trump


def _differs(path: str, scenario: Any) -> None:
    base = shipped(applies_in(path))
    expected = scenario(base)
    for other in others(path):
        assert scenario(other) != expected, path


def test_fixed_on_a_marriage_shown_to_score_fixes_trumps() -> None:
    """Rubicon, no turn-up: bézique scored, a marriage in hearts shown to score with it."""
    hands = [["QS", "JD", "KH", "QH", "AC"], ["7C"]]
    script = ["play AC", "play 7C", "declare bezique QS JD", "declare marriage_royal KH QH"]
    _differs("trump.fixed_on", lambda v: _moves_after(v, hands, script, dealer=1))


def test_fresh_card_two_singles_and_a_double() -> None:
    """Bézique: two singles, each of a fresh pair, then the double of the four cards."""

    def double(variant: Variant) -> str:
        game = two_singles(variant)
        try:
            game.apply("declare double_bezique QS*1 QS*2 JD*1 JD*2")
        except IllegalMoveError as error:
            return str(error)
        return "declared"

    _differs("declare.fresh_card_required", double)


_SEQUENCE = [["AH", "TH", "KH", "QH", "JH", "AC", "AC"], ["7C", "8C"]]
_THEN = ["play AC", "play 7C", "declare sequence AH TH KH QH JH", "draw", "play AC", "play 8C"]


def test_inferior_bar_and_rank_double_then_single() -> None:
    """Rubicon (no fresh card needed): a double bézique, then a single from its cards
    (law 38)."""
    hands = [["QS", "QS", "JD", "JD", "AC", "AC"], ["7C", "8C"]]
    script = ["play AC", "play 7C", "declare double_bezique QS QS JD JD", "draw"]
    script += ["play AC", "play 8C"]
    for path in ("reuse.inferior_bar", "combinations[].rank"):
        _differs(path, lambda v: _moves_after(v, hands, script, dealer=1))


def test_class_sequence_then_marriage() -> None:
    """Bézique: a sequence, then a royal marriage of its king and queen."""
    _differs(
        "combinations[].class",
        lambda v: _moves_after(v, _SEQUENCE, _THEN, turn_up="8H"),
    )


def test_kind_single_then_double() -> None:
    """Bézique: a single bézique, then a double made of it and a fresh pair (Foster's 540)."""
    hands = [["QS", "QS", "JD", "JD", "AC", "AC"], ["7C", "8C"]]
    script = ["play AC", "play 7C", "declare bezique QS JD", "draw", "play AC", "play 8C"]
    _differs("combinations[].kind", lambda v: _moves_after(v, hands, script, turn_up="8H"))


def test_multi_bezique_extension_second_double() -> None:
    """Three-handed: a double bézique, then a second double from one of its pairs and a
    fresh pair (Britannica)."""
    hands = [["QS", "QS", "QS", "JD", "JD", "JD", "AC", "AC"], ["7C", "9C"], ["8C", "9C"]]
    script = [
        "play AC",
        "play 7C",
        "play 8C",
        "declare double_bezique QS QS JD JD",
        "draw",
        "play AC",
        "play 9C",
        "play 9C",
    ]
    _differs(
        "reuse.multi_bezique_extension",
        lambda v: _moves_after(v, hands, script, dealer=2, turn_up="8H"),
    )
