"""The plots of an analysis, as SVG files (``pip install 'bezique-interpreter[plots]'``).

Drawn with matplotlib's SVG renderer, without pyplot: nothing is shown, nothing is fetched.
Text is written as text in the system's sans-serif font (no font file is embedded or loaded),
and the files are reproducible byte for byte: the ids are salted with a fixed text and the
date and the creator's version are left out.  One figure per file; when variants are compared,
each has its colour, the same in every plot.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from interpreter.analytics.report import Analysis, even_shares, figures, sources
from interpreter.scale.histogram import Histogram

INSTALL = "pip install 'bezique-interpreter[plots]'"
STYLE: dict[str, Any] = {
    "svg.hashsalt": "bezique-analytics",
    "svg.fonttype": "none",
    "font.family": "sans-serif",
    "font.size": 10,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.grid": True,
    "grid.alpha": 0.3,
}
METADATA = {"Date": None, "Creator": None}
WIDTH, HEIGHT = 7.0, 3.6  # inches
COLOURS = ("#3b6ea8", "#c8553d", "#588b4f", "#8e5ea2", "#b8860b", "#4a8f9f")


@dataclass(frozen=True)
class Drawn:
    """A variant as the plots show it: its analysis, its name in the legend, its colour."""

    analysis: Analysis
    label: str
    colour: str


def require_matplotlib() -> None:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise ValueError(
            f"--out draws plots with matplotlib, which is not installed: {INSTALL}"
        ) from None


@contextmanager
def figure_to(path: Path, height: float = HEIGHT, width: float = WIDTH) -> Iterator[Any]:
    """A matplotlib figure, saved to ``path`` as SVG when the block ends."""
    import matplotlib
    from matplotlib.figure import Figure

    with matplotlib.rc_context(STYLE):  # type: ignore[arg-type]
        figure = Figure(figsize=(width, height), layout="constrained")
        yield figure
        figure.savefig(path, format="svg", metadata=METADATA)


def drawn(analyses: Sequence[Analysis]) -> list[Drawn]:
    """Each variant's label and colour: its name, or ``A: name`` and ``B: name`` when two
    compared variants have the same name."""
    names = [a.variant.name for a in analyses]
    same = len(set(names)) < len(names)
    return [
        Drawn(a, f"{chr(65 + i)}: {name}" if same else name, COLOURS[i % len(COLOURS)])
        for i, (a, name) in enumerate(zip(analyses, names, strict=True))
    ]


def write_plots(analyses: Sequence[Analysis], folder: Path) -> list[Path]:
    """The plots of one analysis, or of several compared, into ``folder``: the files
    written."""
    require_matplotlib()
    folder.mkdir(parents=True, exist_ok=True)
    shown = drawn(analyses)
    written = [_deal_points(shown, folder / "deal-points.svg")]
    races = [d for d in shown if not d.analysis.one_deal]
    legend = len(shown) > 1  # a plot of one of the variants compared says which
    if races:
        written.append(_game_lengths(races, folder / "game-lengths.svg", legend))
    one_deal = [d for d in shown if d.analysis.one_deal]
    if one_deal:
        written.append(_game_values(one_deal, folder / "game-values.svg", legend))
    written.append(_sources(shown, folder / "sources.svg"))
    written.append(_figures(shown, folder / "figures.svg"))
    return written


def _stairs(axes: Any, histogram: Histogram, shown: Drawn, alone: bool, bars: int) -> None:
    """A histogram as a step line (filled when alone), in % of its values."""
    counted = histogram.bars(bars)
    if not counted:
        return
    total = max(1, histogram.count)
    edges = [low for low, _, _ in counted] + [counted[-1][1]]
    axes.stairs(
        [100 * count / total for _, _, count in counted],
        edges,
        fill=alone,
        color=shown.colour,
        alpha=0.7 if alone else 1.0,
        linewidth=1.5,
        label=shown.label,
    )


def _deal_points(shown: Sequence[Drawn], path: Path) -> Path:
    with figure_to(path) as figure:
        axes = figure.subplots()
        for one in shown:
            _stairs(axes, one.analysis.detail.deal_points, one, len(shown) == 1, 40)
        axes.set_xlabel("points a seat scores in a deal")
        axes.set_ylabel("% of seats' deals")
        axes.set_title("Deal scores")
        if len(shown) > 1:
            axes.legend(frameon=False)
    return path


def _game_lengths(shown: Sequence[Drawn], path: Path, legend: bool) -> Path:
    with figure_to(path) as figure:
        axes = figure.subplots()
        width = 0.8 / len(shown)
        for index, one in enumerate(shown):
            histogram = one.analysis.detail.game_lengths
            total = max(1, histogram.count)
            counted = sorted(histogram.bins.items())
            xs = [deals + (index - (len(shown) - 1) / 2) * width for deals, _ in counted]
            shares = [100 * count / total for _, count in counted]
            axes.bar(xs, shares, width=width, color=one.colour, label=one.label)
        axes.xaxis.get_major_locator().set_params(integer=True)
        axes.set_xlabel("deals in a game")
        axes.set_ylabel("% of games")
        axes.set_title("Game lengths")
        if legend:
            axes.legend(frameon=False)
    return path


def _game_values(shown: Sequence[Drawn], path: Path, legend: bool) -> Path:
    with figure_to(path) as figure:
        axes = figure.subplots()
        for one in shown:
            _stairs(axes, one.analysis.detail.game_values, one, len(shown) == 1, 30)
        axes.set_xlabel("value of a game (points)")
        axes.set_ylabel("% of games")
        axes.set_title("Game values")
        if legend:
            axes.legend(frameon=False)
    return path


def _sources(shown: Sequence[Drawn], path: Path) -> Path:
    rows: dict[str, list[float]] = {}
    for index, one in enumerate(shown):
        for entry in sources(one.analysis):
            share = entry["share"]
            assert isinstance(share, float | int)
            rows.setdefault(str(entry["source"]), [0.0] * len(shown))[index] = 100 * share
    names = sorted(rows, key=lambda name: (-max(rows[name]), name))
    height = max(HEIGHT, 0.22 * len(names) * len(shown) + 1.2)
    with figure_to(path, height) as figure:
        axes = figure.subplots()
        step = 0.8 / len(shown)
        for index, one in enumerate(shown):
            ys = [row + (index - (len(shown) - 1) / 2) * step for row in range(len(names))]
            values = [rows[name][index] for name in names]
            axes.barh(ys, values, height=step, color=one.colour, label=one.label)
        axes.set_yticks(range(len(names)), [name.replace("_", " ") for name in names])
        axes.invert_yaxis()
        axes.grid(axis="y", visible=False)
        axes.set_xlabel("% of all points scored")
        axes.set_title("Where the points come from")
        if len(shown) > 1:
            axes.legend(frameon=False, loc="lower right")
    return path


def _figures(shown: Sequence[Drawn], path: Path) -> Path:
    """Each headline figure on its own scale, a dot per variant with its 95 % interval; for
    a share, a dashed line where it would be if nothing favoured anyone."""
    from matplotlib.lines import Line2D

    labels: list[str] = []
    evens: dict[str, float] = {}
    for one in shown:
        even = even_shares(one.analysis)
        for f in figures(one.analysis):
            if f.label not in labels:
                labels.append(f.label)
            if f.key in even:
                evens[f.label] = even[f.key]
    units = {f.label: f.unit for one in shown for f in figures(one.analysis)}
    with figure_to(path, 0.6 + 0.7 * len(labels)) as figure:
        rows = figure.subplots(len(labels), 1, squeeze=False)[:, 0]
        for axes, label in zip(rows, labels, strict=True):
            scale = 100 if units[label] == "share" else 1
            for index, one in enumerate(shown):
                found = [f for f in figures(one.analysis) if f.label == label]
                if not found:
                    continue
                value = found[0].estimate.value * scale
                interval = found[0].estimate.interval()
                error = None
                if interval is not None:
                    low, high = interval[0] * scale, interval[1] * scale
                    error = [[max(0.0, value - low)], [max(0.0, high - value)]]
                axes.errorbar([value], [-index], xerr=error, fmt="o", color=one.colour, capsize=3)
            if label in evens:
                axes.axvline(100 * evens[label], color="#888888", linestyle="--", linewidth=1)
            axes.set_yticks([])
            axes.set_ylim(-len(shown) + 0.4, 0.6)
            unit = " (% of games)" if units[label] == "share" else f" ({units[label]})"
            axes.set_title(label + unit, loc="left", fontsize=9)
            axes.grid(axis="y", visible=False)
        if len(shown) > 1:
            handles = [
                Line2D([], [], marker="o", linestyle="", color=one.colour, label=one.label)
                for one in shown
            ]
            figure.legend(handles=handles, loc="outside upper right", frameon=False, ncols=2)
    return path


COMPARED = ("points_per_deal", "game_length", "dealer_advantage", "skill_margin", "upsets")
"""The figures the comparison of all variants plots, one file each."""


def write_comparison(reports: Sequence[dict[str, Any]], folder: Path) -> list[Path]:
    """From the JSON reports of several variants (``analysis.json``), one plot per figure of
    :data:`COMPARED`: a row per variant that has it, its value and its 95 % interval; the
    files are ``compare-KEY.svg``."""
    require_matplotlib()
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for key in COMPARED:
        rows = [(r["variant"], r["figures"][key]) for r in reports if key in r["figures"]]
        if not rows:
            continue
        path = folder / f"compare-{key.replace('_', '-')}.svg"
        first = rows[0][1]
        scale = 100 if first["unit"] == "share" else 1
        with figure_to(path, 0.9 + 0.3 * len(rows)) as figure:
            axes = figure.subplots()
            for y, (_, figure_data) in enumerate(rows):
                value = figure_data["value"] * scale
                ci = figure_data["ci95"]
                error = None
                if ci is not None:
                    error = [[max(0.0, value - ci[0] * scale)], [max(0.0, ci[1] * scale - value)]]
                axes.errorbar([value], [y], xerr=error, fmt="o", color=COLOURS[0], capsize=3)
            axes.set_yticks(range(len(rows)), [name for name, _ in rows])
            axes.invert_yaxis()
            axes.grid(axis="y", visible=False)
            unit = {"share": "% of games", "points": "points per deal", "deals": "deals"}
            axes.set_xlabel(unit[first["unit"]])
            axes.set_title(f"{first['label']}, with 95 % intervals", loc="left", fontsize=10)
        written.append(path)
    return written
