"""The report of ``bezique analyze`` as text tables (rich), for one variant or two compared."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from interpreter.analytics.paired import PairedRatio
from interpreter.analytics.report import (
    Analysis,
    differences,
    even_shares,
    figures,
    shown,
    shown_interval,
    sources,
)
from interpreter.scale.histogram import Histogram
from interpreter.wording import plural


def print_analysis(out: Console, analysis: Analysis) -> None:
    """One variant: its figures, its distributions, and its points by source."""
    out.print(_heading(analysis))
    table = Table(title="Figures, with 95 % intervals")
    for column in ("figure", "value", "95 % interval", "if nothing favoured anyone"):
        table.add_column(column, justify="left" if column == "figure" else "right")
    even = even_shares(analysis)
    for figure in figures(analysis):
        interval = figure.estimate.interval()
        table.add_row(
            figure.label,
            shown(figure.estimate.value, figure.unit),
            shown_interval(interval, figure.unit),
            shown(even[figure.key], "share") if figure.key in even else "",
        )
    out.print(table)
    detail = analysis.detail
    out.print(_spread("Deal scores (a seat's points in a deal)", detail.deal_points, "points"))
    if analysis.one_deal:
        out.print(_spread("Game values", detail.game_values, "points"))
    else:
        out.print(_spread("Game lengths", detail.game_lengths, "deals"))
        lengths = Table(title="Game lengths")
        lengths.add_column("deals", justify="right")
        lengths.add_column("games", justify="right")
        lengths.add_column("share", justify="right")
        total = max(1, detail.game_lengths.count)
        for deals, count in sorted(detail.game_lengths.bins.items()):
            lengths.add_row(str(deals), str(count), shown(count / total, "share"))
        out.print(lengths)
    points = Table(title="Points by source")
    for column in ("source", "per deal", "points", "share of all points"):
        points.add_column(column, justify="left" if column == "source" else "right")
    for entry in sources(analysis):
        per_deal = entry["per_deal"]
        points.add_row(
            escape(str(entry["source"])),
            "—" if per_deal is None else f"{per_deal:.3f}",
            str(entry["points"]),
            shown(float(entry["share"]), "share"),  # type: ignore[arg-type]
        )
    out.print(points)


def print_comparison(
    out: Console, a: Analysis, b: Analysis, pairs: dict[str, PairedRatio] | None = None
) -> None:
    """Two variants: what the second changes, figure by figure, with 95 % intervals (paired
    game by game where ``pairs`` has the figure: marked ¹)."""
    out.print(f"A: {_heading(a)}")
    out.print(f"B: {_heading(b)}")
    table = Table(title="What B changes (B − A, with its 95 % interval)")
    for column in ("figure", "A", "B", "B − A", "95 % interval"):
        table.add_column(column, justify="left" if column == "figure" else "right")
    rows = differences(a, b, pairs)
    for row in rows:
        unit = str(row["unit"])
        ci = row["ci95"]
        interval = None if ci is None else (float(ci[0]), float(ci[1]))  # type: ignore[index]
        table.add_row(
            str(row["label"]),
            shown(float(row["a"]), unit),  # type: ignore[arg-type]
            shown(float(row["b"]), unit),  # type: ignore[arg-type]
            shown(float(row["difference"]), unit, signed=True),  # type: ignore[arg-type]
            shown_interval(interval, unit, signed=True)
            + ("¹" if row["interval"] == "paired" else ""),
        )
    out.print(table)
    notes = []
    if any(row["interval"] == "paired" for row in rows):
        notes.append(
            "¹ paired: both variants played the same deals, game by game, so the luck of the "
            "cards cancels; the others compare two independent samples."
        )
    if any(row["unit"] == "share" for row in rows):
        notes.append("A difference of shares is in percentage points (pp).")
    if notes:
        out.print(" ".join(notes))
    shares = {str(e["source"]): [e, None] for e in sources(a)}
    for entry in sources(b):
        shares.setdefault(str(entry["source"]), [None, None])[1] = entry
    points = Table(title="Share of all points, by source")
    for column in ("source", "A", "B"):
        points.add_column(column, justify="left" if column == "source" else "right")
    for name, (first, second) in shares.items():
        points.add_row(
            escape(name),
            "—" if first is None else shown(float(first["share"]), "share"),  # type: ignore[arg-type]
            "—" if second is None else shown(float(second["share"]), "share"),  # type: ignore[arg-type]
        )
    out.print(points)


def _heading(analysis: Analysis) -> str:
    sample, skill = analysis.sample, analysis.skill
    agents = sample.agents
    who = f"{agents[0]} in every seat" if len(set(agents)) == 1 else ", ".join(agents)
    return (
        f"[bold]{escape(analysis.variant.title)}[/bold] — {sample.deals} deals "
        f"({plural(sample.games, 'complete game')}), {escape(who)}, seed {sample.seed}; skill: "
        f"{plural(analysis.board.boards, 'duplicate board')}, {skill.deals} deals, "
        f"{' against '.join(dict.fromkeys(skill.agents))}"
    )


def _spread(title: str, histogram: Histogram, unit: str) -> str:
    if not histogram.count:
        return f"{title}: none"
    return (
        f"{title}: mean {histogram.moments.mean:.1f}, sd {histogram.moments.pstdev:.1f}; "
        f"10th percentile {histogram.quantile(0.1)}, median {histogram.quantile(0.5)}, "
        f"90th percentile {histogram.quantile(0.9)} {unit}"
        + (f" (each the foot of its bin of {histogram.width})" if histogram.width > 1 else "")
    )
