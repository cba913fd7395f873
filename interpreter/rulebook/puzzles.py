"""Puzzle pages: the positions :mod:`interpreter.puzzles` finds, drawn as cards (on the site)
or written with suit symbols (``bezique puzzles --out``), each with its question and, folded
away, its exact answer."""

from __future__ import annotations

import html
from collections.abc import Sequence

from interpreter.cards import SUIT_NAMES, parse_face
from interpreter.puzzles import MIN_GAP, Puzzle
from interpreter.rulebook.page import card_face, red_suits

INDEX = "puzzles/index.md"


def faces(cards: Sequence[str], site: bool) -> str:
    if site:
        return "".join(card_face(card) for card in cards)
    return " ".join(parse_face(card).pretty for card in cards)


def _points(value: int) -> str:
    return f"{value} point" + ("" if value == 1 else "s")


def puzzle_text(number: int, puzzle: Puzzle, site: bool) -> list[str]:
    """One puzzle: the position, the question, the answer (folded on the site)."""
    me, other = puzzle.seat, 1 - puzzle.seat
    trumps = SUIT_NAMES[puzzle.trump] if puzzle.trump else "none"
    symbol = parse_face("A" + puzzle.trump).pretty[1:] if puzzle.trump else ""
    points = puzzle.deal_points
    tricks = len(puzzle.hand)
    if puzzle.led is None:
        turn = f"You are p{me + 1}, to lead."
    else:
        turn = f"p{other + 1} led {faces([puzzle.led], site)}; you are p{me + 1}, to follow."
    lines = [
        f"### Puzzle {number}",
        "",
        f"*From {puzzle.source}, trick {puzzle.trick}.* Trumps: {trumps} {symbol}. "
        f"Points in the deal so far: you {points[me]}, p{other + 1} {points[other]}.",
        "",
        turn,
        "",
        f"- Your hand: {faces(puzzle.hand, site)}",
        f"- p{other + 1} holds (every other card is played: you counted them): "
        f"{faces(puzzle.other, site)}",
        "",
        f"**Which card makes the most of the last {tricks} tricks?**",
        "",
    ]
    best = puzzle.answer
    every = " · ".join(
        f"{faces([c.card], site)} {c.value}"
        + ("" if c is best else f" ({c.value - best.value:+d})")
        for c in puzzle.choices
    )
    answer = (
        f"Play {faces([best.card], site)}: your side makes {_points(best.value)} from here, "
        f"with best play on both sides, {_points(puzzle.gap)} more than with any other card. "
        f"Every card: {every}."
    )
    if site:
        lines += ["<details><summary>Answer</summary>", f"<p>{answer}</p>", "</details>", ""]
    else:
        lines += [f"Answer: {answer}", ""]
    return lines


def puzzle_page(title: str, puzzles: Sequence[Puzzle], looked: str, site: bool) -> str:
    """The puzzles of one variant, in Markdown."""
    lines = [
        f"# Puzzles: {title}",
        "",
        f"Positions of the last tricks, found in {looked}, where one "
        f"card makes at least {MIN_GAP} points more than any other. Once the stock is gone "
        "both hands are known to a player who counted the cards, and the answers are exact: "
        "the engine's solver plays every card out on both sides (points are the brisques and "
        "the last trick, as this variant counts them in tricks).",
        "",
    ]
    if not puzzles:
        lines += ["No position of these had one card clearly best.", ""]
    for number, puzzle in enumerate(puzzles, 1):
        lines += puzzle_text(number, puzzle, site)
    text = "\n".join(lines).rstrip("\n") + "\n"
    return red_suits(text) if site else text


def index_text(rows: Sequence[tuple[str, str, int]], left_out: Sequence[str], deals: int) -> str:
    """The puzzles' overview: each variant's page and how many it has."""
    lines = [
        "# Puzzles",
        "",
        "Each page holds positions from the last tricks of real deals — played by the bots, "
        f"dealt from fixed seeds (the first {deals} deals) when the site is built — where one "
        f"card makes at least {MIN_GAP} points more than any other, with the exact answer. "
        "`bezique puzzles VARIANT --out DIR` finds more, in more deals the bots play or in "
        "your own game records.",
        "",
        "| variant | puzzles |",
        "|---|---|",
    ]
    for name, title, count in rows:
        shown = f"[{html.escape(title)}]({name}.md)" if count else html.escape(title)
        lines.append(f"| {shown} | {count or f'none in {deals} deals'} |")
    if left_out:
        lines += [
            "",
            "Not here: " + ", ".join(left_out) + ". Their last tricks are not card play "
            "alone between two players (more players, or declaring goes on), so no answer "
            "there is exact.",
        ]
    return "\n".join(lines) + "\n"
