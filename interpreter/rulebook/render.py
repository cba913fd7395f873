"""``render(variant)``: the whole rulebook page of a variant, as Markdown."""

from __future__ import annotations

from collections.abc import Callable

from interpreter.model import Variant
from interpreter.model.changes import describe_change
from interpreter.model.changes import differences as changes
from interpreter.rulebook import declaring, scoring, sections


def render(variant: Variant, *, parent: Variant | None = None) -> str:
    """The rulebook page of ``variant``; with ``parent`` (the variant it extends), a last
    section lists the differences."""
    v = variant
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
    if variant.open_cards is not None:
        parts.insert(4, ("Open cards", lambda: declaring.open_cards(v)))
    parts += [
        ("The last tricks", lambda: scoring.endgame(v)),
        ("Last trick and brisques", lambda: scoring.last_trick_and_brisques(v)),
        ("Winning", lambda: scoring.winning(v, variant)),
        ("A sample deal", lambda: scoring.sample_deal(variant)),
    ]
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
    return "\n\n".join(out).replace("\n\n\n", "\n\n") + "\n"


def differences(parent: Variant, variant: Variant) -> str:
    """Each rule that differs from the parent, in words and values."""
    found = changes(parent, variant)
    if not found:
        return "The rules are the same as those of the parent variant."
    return "\n".join(f"- {describe_change(change)}" for change in found)
