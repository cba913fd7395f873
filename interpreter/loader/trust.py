"""What one loading may read, and whose values its errors may show.

*Trusted* (the default for a person's own files): ``extends`` follows any path.  *Untrusted*
(for records, and for anything a server receives): ``extends`` names a shipped variant or a
file inside the variant's own folder, written as a relative path without ``..``, and no file
read may lead out of that folder through a symbolic link; files are read up to a smaller size.

In both modes an error never shows what a file holds when the user did not name that file:
a shipped file is public, and in trusted mode so is every file inside the variant's own folder.
Such an error keeps its file and line and says only that it is not shown.
"""

from __future__ import annotations

from functools import cache, cached_property
from pathlib import Path, PurePosixPath, PureWindowsPath

from interpreter.loader.diagnostics import Diagnostic
from interpreter.loader.files import toml_files
from interpreter.loader.limits import MAX_FILE_BYTES, MAX_UNTRUSTED_FILE_BYTES
from interpreter.loader.shipped import shipped_variants_dir

WITHHELD = "not shown: this file was not named (check it by name to see the problem)"
OUTSIDE = "may name a shipped variant or a file in this variant's folder in untrusted mode"
SHIPPED_ONLY = "may name only a shipped variant in untrusted mode"
LEADS_OUT = "a file of this variant leads outside its folder (untrusted mode)"


@cache
def _shipped_root() -> Path:
    return shipped_variants_dir().resolve()


def _inside(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


class Policy:
    """The rules of one loading of the variant at ``root`` (a file, or a folder of parts; None
    for a variant given as text).  Paths are resolved only when a rule needs them: a trusted
    variant that loads cleanly needs none."""

    def __init__(self, root: Path | None, *, trusted: bool) -> None:
        self.root = root
        self.trusted = trusted

    @cached_property
    def folder(self) -> Path | None:
        """The variant's own folder, resolved: the folder of a file, a folder of parts itself;
        for a text, the working directory when trusted, else none."""
        if self.root is None:
            return Path.cwd().resolve() if self.trusted else None
        return (self.root if self.root.is_dir() else self.root.parent).resolve()

    @cached_property
    def named(self) -> frozenset[Path]:
        """What the user named, resolved: the file or folder, and the files of a folder."""
        if self.root is None:
            return frozenset()
        files = toml_files(self.root) if self.root.is_dir() else []
        return frozenset(file.resolve() for file in [self.root, *files])

    @property
    def max_bytes(self) -> int:
        return MAX_FILE_BYTES if self.trusted else MAX_UNTRUSTED_FILE_BYTES

    def extends_refusal(self, value: str) -> str | None:
        """Why the path ``value`` may not be followed by ``extends`` (a shipped name never
        comes here); None when it may be, its target then checked by :meth:`may_read`."""
        if self.trusted:
            return None
        if self.folder is None:
            return SHIPPED_ONLY
        posix, windows = PurePosixPath(value), PureWindowsPath(value)
        if posix.is_absolute() or windows.is_absolute() or windows.drive or windows.root:
            return OUTSIDE
        if ".." in posix.parts or ".." in windows.parts or "\\" in value:
            return OUTSIDE
        return None

    def may_read(self, path: Path) -> bool:
        """Whether a file or folder may be read: anything when trusted; else a named file, or
        what lies, links resolved, inside the variant's folder or among the shipped variants
        (the named file itself may be a link to anywhere)."""
        if self.trusted:
            return True
        real = path.resolve()
        if self.root is not None and real == self.root.resolve():
            return True
        return _inside(real, _shipped_root()) or (
            self.folder is not None and _inside(real, self.folder)
        )

    def discloses(self, path: Path) -> bool:
        """Whether errors may show what the file or folder at ``path`` holds."""
        real = path.resolve()
        if real in self.named or _inside(real, _shipped_root()):
            return True
        return self.trusted and self.folder is not None and _inside(real, self.folder)


def withhold(problems: list[Diagnostic], hidden: set[str]) -> list[Diagnostic]:
    """``problems`` with those in the files (as shown) of ``hidden`` reduced to where they
    are: no key path, no column, no message of what the file holds."""
    return [
        Diagnostic(p.file, p.line, None, "", WITHHELD) if p.file in hidden else p for p in problems
    ]
