"""Exhaustive dispatch outside the engine (issue 33, item 2): a value of a rule's enum, a
combination shape, a scoring reason or a kind of move that a site does not handle fails
loudly there, instead of falling through to some other value's words or play.

Each site is a ``match`` ending in ``typing.assert_never`` (mypy --strict reports a member left
out) or a table keyed by every member of its enum (``rulebook.words.per_member`` refuses a
table that misses one, whichever member is looked up).  Here each enum field of the model,
given a value its enum lacks (a member added to the enum and handled nowhere), makes the
rulebook page fail; so does a combination of an unknown shape, for the page, the comparison
page and the greedy player; every scoring reason has words for the end-of-deal breakdown and
for the rulebook's sample deal; every kind of move has words on the web page; a record
replays each kind of chance event it writes, and refuses any other."""

from __future__ import annotations

import typing
from collections import Counter
from collections.abc import Callable
from enum import Enum
from typing import Any, Literal

import pytest
from pydantic import BaseModel

from interpreter import compiled
from interpreter.agents import greedy
from interpreter.cards import Face
from interpreter.engine import Event, EventKind, Reason, Rules, moves
from interpreter.engine.combos import Combo, Shape
from interpreter.engine.history import RECORDED
from interpreter.model import Combination, Variant
from interpreter.model.combinations import _Combination
from interpreter.model.enforcement import applies_in, field_paths
from interpreter.model.play import PerTrick, TrumpMode
from interpreter.play import deal_end
from interpreter.records.replay import _chance_of
from interpreter.rulebook import closing, comparison, declaring, scoring, sections
from interpreter.rulebook.page import Page
from interpreter.rulebook.words import per_member
from interpreter.web.views import move_json, move_label
from tests.support import shipped

NEW = "a_value_no_site_handles"
"""A stand-in for a member added to an enum: a string no member equals."""

SECTIONS: tuple[Callable[[Page], str], ...] = (
    sections.overview,
    sections.the_cards,
    sections.dealing,
    sections.stock_play,
    declaring.declarations,
    declaring.reuse,
    declaring.seven,
    declaring.carte_blanche,
    declaring.open_cards,
    closing.closing,
    scoring.endgame,
    scoring.last_trick_and_brisques,
    scoring.winning,
)
"""The sections of a rulebook page that read the rules (the sample deal is played by the
engine, which has its own dispatch)."""


def _model_at(path: str) -> type[BaseModel]:
    """The model holding the field at ``path`` (``combinations[].suit``: a shape holding it)."""
    model: type[BaseModel] = Variant
    for key in path.split(".")[:-1]:
        annotation = model.model_fields[key.removesuffix("[]")].annotation
        model = next(_models(annotation))
    return model


def _models(annotation: Any) -> typing.Iterator[type[BaseModel]]:
    todo = [annotation]
    while todo:
        item = todo.pop(0)
        if isinstance(item, type) and issubclass(item, BaseModel):
            yield item
        todo += list(typing.get_args(item))


def _enum_of(path: str) -> type[Enum] | None:
    leaf = path.split(".")[-1]
    models = list(_models(Combination)) if path.startswith("combinations[].") else [_model_at(path)]
    for model in models:
        for name, field in model.model_fields.items():
            if (field.alias or name) != leaf:
                continue
            for item in (field.annotation, *typing.get_args(field.annotation)):
                if isinstance(item, type) and issubclass(item, Enum):
                    return item
    return None


ENUM_FIELDS = tuple(path for path in field_paths() if _enum_of(path) is not None)


def _with_new_value(variant: Variant, path: str) -> Variant:
    """``variant`` with the field at ``path`` holding :data:`NEW` (alongside its values, in a
    list of values), set without validation as the enum would allow a new member."""
    *heads, leaf = path.split(".")
    if heads == ["combinations[]"]:
        combos = tuple(
            _set_new(c, leaf) if leaf in type(c).model_fields else c for c in variant.combinations
        )
        return variant.model_copy(update={"combinations": combos})
    changed = _set_path(variant, heads, leaf)
    assert isinstance(changed, Variant)
    return changed


def _set_path(block: BaseModel, heads: list[str], leaf: str) -> BaseModel:
    if not heads:
        return _set_new(block, leaf)
    inner = getattr(block, heads[0])
    assert inner is not None, f"{heads[0]} is absent from the variant the field applies in"
    return block.model_copy(update={heads[0]: _set_path(inner, heads[1:], leaf)})


def _set_new(block: BaseModel, leaf: str) -> BaseModel:
    current = getattr(block, leaf)
    value = (*current, NEW) if isinstance(current, tuple) else NEW
    return block.model_copy(update={leaf: value})


def _page_of(variant: Variant) -> str:
    page = Page(variant)
    return "\n\n".join(section(page) for section in SECTIONS)


class _Triple(_Combination):
    """A combination of a shape no site knows: a stand-in for a shape added to the model."""

    shape: Literal["triple"]


def _with_unknown_shape(variant: Variant) -> Variant:
    unknown = _Triple.model_construct(id="triple", class_="triples", points=10, shape="triple")
    return variant.model_copy(update={"combinations": (unknown, *variant.combinations)})


def test_the_walk_finds_the_enum_fields_of_the_model() -> None:
    assert {"trump.mode", "declare.sources", "brisques.usage", "combinations[].suit"} <= set(
        ENUM_FIELDS
    )


@pytest.mark.parametrize("path", ENUM_FIELDS)
def test_a_value_of_a_rule_enum_handled_nowhere_fails_the_rulebook_page(path: str) -> None:
    variant = _with_new_value(shipped(applies_in(path)), path)
    with pytest.raises((KeyError, AssertionError)):
        _page_of(variant)


@pytest.mark.parametrize("name", ["bezique", "rubicon", "chinese"])
def test_every_section_of_the_page_reads_a_shipped_variant_as_it_is(name: str) -> None:
    """The stand-in above fails the page, not the way it is read."""
    assert _page_of(Page.of(shipped(name), None, site=False).variant)


@pytest.mark.parametrize(
    "path",
    [
        "trump.mode",
        "declare.scores_per_trick",
        "reuse.mode",
        "endgame.must_trump_if_void",
        "endgame.mode",
        "brisques.usage",
        "game.format",
    ],
)
def test_a_value_of_a_rule_enum_handled_nowhere_fails_the_comparison_page(path: str) -> None:
    variant = _with_new_value(shipped(applies_in(path)), path)
    with pytest.raises((KeyError, AssertionError)):
        comparison([variant])


def test_a_combination_of_a_shape_handled_nowhere_fails_the_rulebook_page() -> None:
    variant = _with_unknown_shape(shipped("bezique"))
    with pytest.raises(AssertionError):
        sections.sequence_fixes_trumps(variant)
    with pytest.raises(AssertionError):
        _page_of(variant)


def test_a_combination_of_a_shape_handled_nowhere_fails_the_comparison_page() -> None:
    with pytest.raises(AssertionError):
        comparison([_with_unknown_shape(shipped("bezique"))])


@pytest.mark.parametrize("shape", [*Shape, NEW])
def test_the_greedy_player_values_every_shape_and_refuses_an_unknown_one(shape: str) -> None:
    rules = Rules(shipped("bezique"))
    fields = {"id": "c", "name": "c", "kind": "c", "cls": "c", "rank": 1, "points": 40}
    if shape == NEW and compiled():
        # The compiled build refuses a combination of an unknown shape as it is made.
        with pytest.raises(TypeError):
            Combo(**fields, shape=shape, ranks=("K", "Q"), of="K", count=1)  # type: ignore[arg-type]
        return
    combo = Combo(**fields, shape=shape, ranks=("K", "Q"), of="K", count=1)  # type: ignore[arg-type]
    agent = greedy.GreedyAgent(rules)
    mine = Counter({"KH": 1, "QH": 1, "QS": 1, "JD": 1})
    if shape == NEW:
        with pytest.raises((AssertionError, TypeError)):
            greedy._combo_value(combo, Face("H", "K"), mine, "H", ("QS", "JD"))
        with pytest.raises((AssertionError, TypeError)):
            agent._holds(combo, mine, "H")
    else:
        assert greedy._combo_value(combo, Face("H", "K"), mine, "H", ("QS", "JD")) >= 0
        assert agent._holds(combo, mine, "H") in (True, False)


def test_a_table_that_misses_a_member_fails_whichever_member_is_asked() -> None:
    table = {TrumpMode.TURN_UP: "turn-up"}
    with pytest.raises(KeyError, match="first_marriage_or_sequence"):
        per_member(TrumpMode.TURN_UP, table)
    full = {PerTrick.ONE: 1, PerTrick.DISJOINT_MANY: 2, PerTrick.ONE_PER_KIND: 3}
    assert per_member(PerTrick.DISJOINT_MANY, full) == 2
    with pytest.raises(KeyError):
        per_member(NEW, full)  # type: ignore[misc]


@pytest.mark.parametrize("reason", list(Reason))
def test_every_scoring_reason_has_words_in_the_breakdown_and_the_sample_deal(
    reason: Reason,
) -> None:
    assert deal_end.reason_words(reason)
    assert deal_end.REASONS[reason] == deal_end.reason_words(reason)
    assert per_member(reason, scoring.REASON_WORDS)


def test_points_for_a_reason_or_combination_handled_nowhere_fail_the_breakdown() -> None:
    from interpreter.engine import Game

    game = Game.new(shipped("bezique"), seed=1, dealer=0)
    with pytest.raises(KeyError):
        deal_end._label(NEW, game.rules.combo_names)


MOVES: tuple[moves.Move, ...] = (
    moves.Play(0, "QS"),
    moves.Declare("bezique", (0, 1), ("QS", "JD"), 40),
    moves.ScorePending(1, "bezique", 40),
    moves.ExchangeSeven(0, "7H"),
    moves.ShowSeven(0, "7H"),
    moves.CarteBlanche(),
    moves.Yield(),
    moves.Draw(),
    moves.Elect(True),
    moves.Close(),
    moves.Claim(),
)


def test_the_moves_tried_are_one_of_each_kind() -> None:
    assert {type(move) for move in MOVES} == set(typing.get_args(moves.Move))


@pytest.mark.parametrize("move", MOVES, ids=str)
def test_every_kind_of_move_has_words_on_the_web_page(move: moves.Move) -> None:
    names = {"bezique": "bézique"}
    assert move_label(move, names)
    assert move_json(move, names)["label"] == move_label(move, names)


@pytest.mark.parametrize("kind", list(EventKind))
def test_a_record_replays_each_recorded_chance_event_and_refuses_any_other(
    kind: EventKind,
) -> None:
    event = Event(kind, player=0, cards=("QS",))
    if kind in RECORDED:
        assert _chance_of(event)[2] == ["QS"]
    else:
        with pytest.raises(ValueError, match="not a recorded chance event"):
            _chance_of(event)
