"""Warnings about a house rule that loads but may not say what its author meant: a combination
put in a reuse class of its own whose name is near one of the variant's classes (a misspelt
``class`` changes which cards may be used again, without an error), and a variant named as a
shipped one that it is not (commands given that name play the shipped variant)."""

from __future__ import annotations

import difflib
from collections import Counter

from interpreter.model import Variant


def class_warnings(variant: Variant, parent: Variant | None) -> list[tuple[str, str]]:
    """``(key.path, message)`` for each combination alone in a class that its parent does not
    have, when the name is near a class of the variant or its parent."""
    counts = Counter(combo.class_ for combo in variant.combinations)
    inherited = {c.class_ for c in parent.combinations} if parent else set()
    known = set(counts) | inherited
    found = []
    for combo in variant.combinations:
        name = combo.class_
        if counts[name] > 1 or name in inherited:
            continue
        near = difflib.get_close_matches(name, sorted(known - {name}), n=1, cutoff=0.75)
        if near:
            found.append(
                (
                    f"combinations[{combo.id}].class",
                    f"no other combination is in class {name!r}, so the rules for reusing "
                    f"cards within a class never apply to it: did you mean {near[0]!r}?",
                )
            )
    return found


def name_warning(variant: Variant, shipped: Variant | None) -> str | None:
    """A message when ``variant`` takes the name of a shipped variant (``shipped``, None when
    there is none of its name) and is not that variant."""
    if shipped is None or shipped == variant:
        return None
    return (
        f"{variant.name!r} is the name of a shipped variant: a command given that name plays the "
        "shipped one, not this file (give the file's path, or another name)"
    )
