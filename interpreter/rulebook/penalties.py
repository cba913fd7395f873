"""The rulebook's section on penalties: the mistakes at the table the sources punish, which
the engine never lets happen."""

from __future__ import annotations

from interpreter.model.enforcement import table_rule
from interpreter.rulebook.page import Page


def penalties(page: Page) -> str:
    """The penalties of ``[[penalties]]``, one row each, with their sources."""
    rows = ["| Mistake | Penalty | Source |", "|---|---|---|"]
    for entry in page.variant.penalties:
        offence = entry.offence[:1].upper() + entry.offence[1:]
        rows.append(f"| {_cell(offence)} | {_cell(entry.penalty)} | {_cell(entry.source or '')} |")
    lead = table_rule(
        "The sources set these penalties for mistakes at the table. The engine lets no one "
        "draw or play out of turn or hold too many cards, so none of them is ever due in a "
        "game it plays."
    )
    return lead + "\n\n" + "\n".join(rows)


def _cell(text: str) -> str:
    """``text`` in a table cell: a ``|`` written so that it does not end the cell."""
    return text.replace("|", "\\|").replace("\n", " ")
