"""How one rulebook page is written: for the documentation site or as a page of its own.

A page for the site links the variant it extends (``bezique.md`` is its neighbour there), shows
each card of the combination table as a small card face and the red suits in red (the classes
are styled by ``docs/assets/site.css``).  A standalone page (``bezique rulebook my.toml -o
my.md``) names the parent plainly and keeps to plain text, so that it reads well anywhere.

Either way, a ``source``, ``note`` or ``summary`` inherited from the parent that no longer fits
the variant (:mod:`interpreter.rulebook.inherited`) is printed as the parent's."""

from __future__ import annotations

import html
import re
import shlex
from dataclasses import dataclass, field

from pydantic import BaseModel

from interpreter.cards import RANK_NAMES, SUIT_NAMES, parse_face
from interpreter.model import Variant
from interpreter.rulebook.inherited import stale
from interpreter.rulebook.literal import literal_copy

RED_SUITS = "♥♦"


@dataclass(frozen=True)
class Page:
    """The variant of a page, the variant it extends (if any) and where the page is read."""

    variant: Variant
    parent: Variant | None = None
    site: bool = False
    stale: frozenset[str] = field(default=frozenset())
    called: str = ""  # how a command names the variant: its name, or its file's path

    @classmethod
    def of(
        cls, variant: Variant, parent: Variant | None, *, site: bool, called: str | None = None
    ) -> Page:
        """The page of ``variant``, written from copies whose texts print as written
        (:mod:`interpreter.rulebook.literal`); ``called`` names the variant in the commands
        the page gives (by default its name, as a shipped variant is named)."""
        found = stale(variant, parent) if parent is not None else []
        shown_parent = literal_copy(parent) if parent is not None else None
        paths = frozenset(item.path for item in found)
        return cls(literal_copy(variant), shown_parent, site, paths, called or variant.name)

    def command(self, words: str) -> str:
        """``bezique WORDS`` for this variant: ``words`` with ``{variant}`` where it goes, the
        name quoted as a shell would need it."""
        return "bezique " + words.format(variant=shlex.quote(self.called))

    def parent_link(self) -> str:
        """The parent variant by its title: a link on the site, plain words elsewhere."""
        parent = self.parent
        if parent is None:
            return ""
        if self.site:
            return f"[{parent.title}]({parent.name}.md)"
        return f"{parent.title} (`{parent.name}`)"

    def play_link(self) -> str:
        """On the site, the link that opens a game of this variant on the Play page (the
        browser game, ``interpreter.web``)."""
        return f"[Play this variant](../play.md?variant={self.variant.name}){{ .md-button }}"

    def from_parent(self, path: str) -> bool:
        """Whether the text at ``path`` is the parent's and no longer fits this variant."""
        return path in self.stale

    def summary(self) -> str:
        text = self.variant.summary
        if text and self.from_parent("summary"):
            return f"*From {self.parent_link()}, which this variant changes:* {text}"
        return text

    def texts(self, path: str) -> str:
        """The source and note of the block at ``path`` (``""`` is the variant itself)."""
        block = self._block(path)
        if block is None:
            return ""
        prefix = f"{path}." if path else ""
        lines = []
        source = getattr(block, "source", None)
        if source:
            if self.from_parent(prefix + "source"):
                what = "the rule" if path else "some of its rules"
                lines.append(
                    f"*Source, as given for {self._parent_title()} (this variant changes "
                    f"{what}): {source}.*"
                )
            else:
                lines.append(f"*Source: {source}.*")
        note = getattr(block, "note", None)
        if note:
            title = "Note"
            if self.from_parent(prefix + "note"):
                title = f"Note from {self._parent_title()}, which this variant changes"
            lines.append(f'!!! note "{title}"\n    {note}')
        return "\n\n".join(lines)

    def combination_text(self, combo_id: str, key: str, text: str) -> str:
        """A combination's source or note, marked when it is the parent's."""
        if self.from_parent(f"combinations[{combo_id}].{key}"):
            return f"(given for {self._parent_title()}) {text}"
        return text

    def faces(self, cards: list[str]) -> str:
        """Cards (``QS``) as the page shows them: card faces on the site, ``Q♠`` elsewhere."""
        if not self.site:
            return " ".join(parse_face(c).pretty for c in cards)
        return "".join(card_face(c) for c in cards)

    def finish(self, text: str) -> str:
        """The page's last touch: the red suits in red, on the site."""
        return red_suits(text) if self.site else text

    def _parent_title(self) -> str:
        return self.parent.title if self.parent is not None else ""

    def _block(self, path: str) -> BaseModel | None:
        node: object = self.variant
        for key in path.split(".") if path else []:
            node = getattr(node, "class_" if key == "class" else key, None)
        return node if isinstance(node, BaseModel) else None


def card_face(card: str) -> str:
    """One card as a small face: the rank over the suit, red for hearts and diamonds."""
    face = parse_face(card)
    if face.is_joker:
        return (
            '<span class="card-face" role="img" aria-label="joker" title="joker">'
            "<span>J</span><span>K</span></span>"
        )
    rank = "10" if face.rank == "T" else face.rank
    symbol = face.pretty[len(face.rank) :]
    colour = " red" if symbol in RED_SUITS else ""
    label = html.escape(f"{RANK_NAMES[face.rank]} of {SUIT_NAMES[face.suit]}")
    return (
        f'<span class="card-face{colour}" role="img" aria-label="{label}" title="{label}">'
        f"<span>{rank}</span><span>{symbol}</span></span>"
    )


_SKIP = re.compile(
    r"`[^`\n]*`|<span class=\"card-face[^>]*>.*?</span></span>|<[^>]*>|^!!!.*$", re.M
)


def red_suits(text: str) -> str:
    """Each ♥ and ♦ of ``text`` in a red span, except in code, tags, card faces and the titles
    of notes."""
    out, last = [], 0
    for match in _SKIP.finditer(text):
        out.append(_paint(text[last : match.start()]))
        out.append(match.group(0))
        last = match.end()
    out.append(_paint(text[last:]))
    return "".join(out)


def _paint(text: str) -> str:
    return re.sub(f"[{RED_SUITS}]", lambda m: f'<span class="suit-red">{m.group(0)}</span>', text)
