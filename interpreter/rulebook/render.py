"""``render(variant)``: the whole rulebook page of a variant, as Markdown."""

from __future__ import annotations

from collections.abc import Callable

from interpreter.model import Variant
from interpreter.model.changes import describe_change
from interpreter.model.changes import differences as changes
from interpreter.rulebook import declaring, scoring, sections
from interpreter.rulebook.tracking import Tracked


def render(variant: Variant, *, parent: Variant | None = None) -> str:
    """The rulebook page of ``variant``; with ``parent`` (the variant it extends), a last
    section lists the differences."""
    page, _ = render_tracked(variant, parent=parent)
    return page


def render_tracked(variant: Variant, *, parent: Variant | None = None) -> tuple[str, set[str]]:
    """The page, and the set of model fields the page speaks of."""
    v = Tracked(variant)
    parts: list[tuple[str, Callable[[], str]]] = [
        ("", lambda: sections.overview(v, parent.name if parent else None)),
        ("The cards", lambda: sections.the_cards(v)),
        ("Choosing the dealer and dealing", lambda: sections.dealing(v)),
        ("Playing while the stock lasts", lambda: sections.stock_play(v)),
        ("Declarations", lambda: declaring.declarations(v)),
        ("Using cards again", lambda: declaring.reuse(v)),
        ("The seven of trumps", lambda: declaring.seven(v)),
    ]
    if variant.carte_blanche is not None:
        parts.append(("Carte blanche", lambda: declaring.carte_blanche(v)))
    else:
        v.carte_blanche  # noqa: B018 - read: the page says there is none
    if variant.open_cards is not None:
        parts.insert(4, ("Open cards", lambda: declaring.open_cards(v)))
    else:
        v.open_cards  # noqa: B018
    parts += [
        ("The last tricks", lambda: scoring.endgame(v)),
        ("Last trick and brisques", lambda: scoring.last_trick_and_brisques(v)),
        ("Winning", lambda: scoring.winning(v, variant)),
        ("A sample deal", lambda: scoring.sample_deal(variant)),
    ]
    if variant.settlement is None:
        v.settlement  # noqa: B018
    out = [f"# {v.title}"]
    for heading, make in parts:
        body = make()
        out.append(f"## {heading}\n\n{body}" if heading else body)
    if parent is not None:
        out.append("## Differences from " + parent.title + "\n\n" + differences(parent, variant))
    out.append(
        f"*Written from the variant's data (schema version {v.schema_version}) by "
        "`interpreter.rulebook.render`; every number on this page comes from the data "
        "or from the engine.*"
    )
    return "\n\n".join(out).replace("\n\n\n", "\n\n") + "\n", v.fields_read


def differences(parent: Variant, variant: Variant) -> str:
    """Each rule that differs from the parent, in words and values."""
    found = changes(parent, variant)
    if not found:
        return "The rules are the same as those of the parent variant."
    return "\n".join(f"- {describe_change(change)}" for change in found)
