"""The rulebook's section on closing the stock (``[closing]``), written from the data."""

from __future__ import annotations

from interpreter.model.scoring import ClosedWorth, Closing
from interpreter.rulebook.page import Page
from interpreter.rulebook.words import per_member, worth_steps


def closing(page: Page) -> str:
    v = page.variant
    c = v.closing
    if c is None:  # (the page has the section only with [closing])
        return ""
    side = "side" if v.players.partnerships else "player"
    when = []
    if c.after_tricks:
        when.append(
            f"once {c.after_tricks} trick{'s' if c.after_tricks > 1 else ''} of the deal "
            "have been played"
        )
    if c.min_stock > 1:
        when.append(f"while {c.min_stock} cards or more are left in the stock, the turn-up counted")
    moment = f", {' and '.join(when)}" if when else ""
    text = [
        f"**The player to lead may close the stock** before he leads{moment}: the turn-up is "
        "turned down and nobody draws again. The rest of the deal is played as the last "
        "tricks are (see below): each must follow suit and win the trick if he can."
        + ("" if c.last_trick else " The last trick scores nothing after a close."),
        _owed(c, v.game.target, side),
        page.texts("closing"),
    ]
    return "\n\n".join(t for t in text if t)


def _owed(c: Closing, target: int, side: str) -> str:
    paid = per_member(
        c.worth_at,
        {
            ClosedWorth.END: "at the end of the deal",
            ClosedWorth.CLOSE: "as they stood when he closed",
        },
    )
    forfeit = worth_steps(
        c.forfeit,
        below="he had fewer than {} points",
        no_trick="he had not yet taken a trick",
        when=" if, when the stock was closed, {}",
    )
    return (
        f"**The closer undertakes to reach {target} first.** If he does, he wins the game, "
        f"its game points reckoned on his adversary's points and tricks {paid}. If he does "
        f"not — the deal played out, or his adversary at {target} before him — the adversary "
        f"wins {forfeit}, or the game's own worth if that is more."
    )
