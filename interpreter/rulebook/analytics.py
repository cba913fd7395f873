"""The analytics of the site: a section on each variant's page and plots on the comparison
page, read from what ``benchmarks/site_analytics.py`` wrote under ``docs/assets/analytics/``
(each variant's ``analysis.json`` and SVG plots, and the ``compare-*.svg`` plots).  Nothing is
played when the site is built; a variant without an ``analysis.json`` has no section."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from interpreter.analytics.report import shown, shown_interval

ASSETS = "assets/analytics"
"""Where the analytics are, under the site's ``docs/`` folder."""
SCRIPT = "python benchmarks/site_analytics.py"
PLOTS = (
    ("figures.svg", "The figures of the analysis, each with its 95 % interval"),
    ("deal-points.svg", "How many points a seat scores in a deal"),
    ("game-lengths.svg", "How many deals a game lasts"),
    ("game-values.svg", "The value of a one-deal game"),
    ("sources.svg", "The share of all points that each combination and bonus brings"),
)


def variant_section(name: str, docs: Path) -> str:
    """The ``Analytics`` section of ``name``'s page (linked from ``variants/NAME.md``), or
    nothing when the variant has no analysis."""
    folder = docs / ASSETS / name
    found = folder / "analysis.json"
    if not found.is_file():
        return ""
    data: dict[str, Any] = json.loads(found.read_text(encoding="utf-8"))
    skill = data["skill"]
    lines = [
        "## Analytics",
        "",
        f"Measured in play by the bots: {data['deals']} deals with greedy bots in every seat "
        f"({data['games']} complete games), and {skill['deals']} deals of duplicate play, "
        f"greedy against random ({skill['boards']} boards), seed {data['seed']}. Each figure "
        "has its 95 % interval; [Analytics](../analytics.md) says what each one means and "
        f"how they were measured (`{SCRIPT}`, or `bezique analyze {name}` for your own "
        "sample).",
        "",
        "| figure | value | 95 % interval |",
        "|---|---:|---:|",
    ]
    for figure in data["figures"].values():
        ci = figure["ci95"]
        interval = None if ci is None else (ci[0], ci[1])
        lines.append(
            f"| {figure['label']} | {shown(figure['value'], figure['unit'])} "
            f"| {shown_interval(interval, figure['unit'])} |"
        )
    lines.append("")
    for file, alt in PLOTS:
        if (folder / file).is_file():
            lines += [f"![{alt}](../{ASSETS}/{name}/{file}){{ .analytics-plot }}", ""]
    return "\n".join(lines)


def comparison_section(docs: Path) -> str:
    """The plots of every variant side by side, for the comparison page; nothing when there
    are none."""
    folder = docs / ASSETS
    plots = sorted(folder.glob("compare-*.svg")) if folder.is_dir() else []
    if not plots:
        return ""
    lines = [
        "## Measured in play",
        "",
        "Each variant played by the bots, as on its page's *Analytics* section (the same "
        f"samples, `{SCRIPT}`); a dot is the figure, a bar its 95 % interval. "
        "[Analytics](analytics.md) says what each figure means.",
        "",
    ]
    for plot in plots:
        title = plot.stem.removeprefix("compare-").replace("-", " ")
        lines += [f"![{title}, every variant]({ASSETS}/{plot.name}){{ .analytics-plot }}", ""]
    return "\n".join(lines)
