"""``render(variant)``: the whole rulebook page of a variant, as Markdown."""

from __future__ import annotations

from collections.abc import Callable

from interpreter.model import Variant
from interpreter.rulebook import closing, declaring, differences, penalties, scoring, sections
from interpreter.rulebook.page import Page


def render(
    variant: Variant,
    *,
    parent: Variant | None = None,
    site: bool = False,
    called: str | None = None,
) -> str:
    """The rulebook page of ``variant``; with ``parent`` (the variant it extends), a last
    section lists the differences, and the texts it inherits that no longer fit are marked as
    the parent's.  ``site=True`` writes the page for the documentation site, beside the
    parent's page (links, card faces, red suits); by default the page stands alone.
    ``called``: how the commands the page gives name the variant, for a variant read from a
    file (its path); by default its name."""
    page = Page.of(variant, parent, site=site, called=called)
    variant, parent = page.variant, page.parent  # their texts print as written
    parts: list[tuple[str, Callable[[Page], str]]] = [
        ("", sections.overview),
        ("The cards", sections.the_cards),
        ("Choosing the dealer and dealing", sections.dealing),
        ("Playing while the stock lasts", sections.stock_play),
        ("Declarations", declaring.declarations),
        ("Using cards again", declaring.reuse),
        (declaring.seven_heading(variant), declaring.seven),
    ]
    if variant.closing is not None:
        parts.insert(4, ("Closing the stock", closing.closing))
    if variant.carte_blanche is not None:
        parts.append(("Carte blanche", declaring.carte_blanche))
    if variant.open_cards is not None:
        parts.insert(4, ("Open cards", declaring.open_cards))
    parts += [
        ("The last tricks", scoring.endgame),
        (scoring.brisques_heading(variant), scoring.last_trick_and_brisques),
        ("Winning", scoring.winning),
    ]
    if variant.penalties:
        parts.append(("Penalties", penalties.penalties))
    parts.append(("A sample deal", lambda _: scoring.sample_deal(variant)))
    out = [f"# {variant.title}"]
    if site:
        out.append(page.play_link())
    for heading, make in parts:
        body = make(page)
        out.append(f"## {heading}\n\n{body}" if heading else body)
    if parent is not None:
        out.append(f"## Differences from {parent.title}\n\n{differences.section(page, parent)}")
    out.append(
        "*Every rule and number on this page is written from the variant's data; the worked "
        "examples and the sample deal are played by the engine.*"
    )
    return page.finish("\n\n".join(out).replace("\n\n\n", "\n\n") + "\n")
