"""Helpers for the browser check of the documentation site.

Building the site, serving it on the loopback interface, starting headless Chromium (what it
needs: ``tests/browser.py``), reading the links and ids of a built page, and decoding a PNG
screenshot with the standard library.
"""

from __future__ import annotations

import functools
import importlib.util
import struct
import subprocess
import sys
import threading
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from html.parser import HTMLParser
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

from tests.browser import require_browser

ROOT = Path(__file__).resolve().parents[1]

# Without the background-networking flags, Chromium's own connections are refused by the
# closed network and logged; a fresh profile keeps one run from leaking into the next.
CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--window-size=1280,900",
)

INSTALL_DOCS = "run: pip install -e '.[docs]'"


def build_site(destination: Path) -> Path:
    """Build the site strictly into ``destination``; fail the test if it cannot be built."""
    if importlib.util.find_spec("properdocs") is None:
        pytest.fail(f"ProperDocs is not installed: {INSTALL_DOCS}", pytrace=False)
    build = ["build", "-f", "mkdocs.yml", "--strict", "-q", "-d", str(destination)]
    done = subprocess.run(
        [sys.executable, "-m", "properdocs", *build],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        pytest.fail(
            f"properdocs build --strict failed ({done.returncode}):\n{done.stdout}{done.stderr}",
            pytrace=False,
        )
    return destination


def pages(site: Path) -> list[str]:
    """The path of every page of the built site, relative to its root: '', 'cli/', ..."""
    found = []
    for index in sorted(site.rglob("index.html")):
        folder = index.parent.relative_to(site).as_posix()
        found.append("" if folder == "." else folder + "/")
    return found


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextmanager
def serve(directory: Path) -> Iterator[str]:
    """Serve ``directory`` on 127.0.0.1 (a free port) in a thread; yield its base URL."""
    handler = functools.partial(_QuietHandler, directory=str(directory))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    try:
        host, port = server.server_address[:2]
        yield f"http://{host!s}:{port}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


@contextmanager
def chromium(profile: Path) -> Iterator[webdriver.Chrome]:
    """Headless Chromium driven by ChromeDriver, with the browser console logged; the test
    is skipped (or failed, when required) if they are missing: see ``tests/browser.py``."""
    browser = require_browser()
    options = webdriver.ChromeOptions()
    options.binary_location = str(browser.chromium)
    for flag in CHROMIUM_FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={profile}")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(
        service=Service(executable_path=str(browser.chromedriver)),
        options=options,
    )
    try:
        yield driver
    finally:
        driver.quit()


def console(driver: webdriver.Chrome) -> list[dict[str, Any]]:
    """The browser console's messages since the last call: level, message, source."""
    entries: list[dict[str, Any]] = driver.get_log("browser")
    return entries


@dataclass
class Page:
    """What a built HTML page refers to, and the ids that its fragments may point at."""

    references: list[tuple[str, str]] = field(default_factory=list)  # (tag.attribute, URL)
    ids: set[str] = field(default_factory=set)


class _PageParser(HTMLParser):
    ATTRIBUTES: ClassVar[dict[str, str]] = {
        "a": "href",
        "img": "src",
        "link": "href",
        "script": "src",
    }

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.page = Page()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if values.get("id"):
            self.page.ids.add(str(values["id"]))
        if tag == "a" and values.get("name"):
            self.page.ids.add(str(values["name"]))
        attribute = self.ATTRIBUTES.get(tag)
        if attribute is not None and values.get(attribute) is not None:
            self.page.references.append((f"{tag}[{attribute}]", str(values[attribute])))


@functools.cache
def parse_page(path: Path) -> Page:
    parser = _PageParser()
    parser.feed(path.read_text(encoding="utf-8"))
    parser.close()
    return parser.page


@dataclass(frozen=True)
class Png:
    width: int
    height: int
    colours: int


PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def decode_png(data: bytes) -> Png:
    """Check a non-interlaced 8-bit PNG (CRCs, filters) and count its distinct colours."""
    assert data[:8] == PNG_SIGNATURE, "not a PNG file"
    position, header, compressed = 8, b"", bytearray()
    while position < len(data):
        (length,) = struct.unpack(">I", data[position : position + 4])
        kind = data[position + 4 : position + 8]
        body = data[position + 8 : position + 8 + length]
        (crc,) = struct.unpack(">I", data[position + 8 + length : position + 12 + length])
        assert zlib.crc32(kind + body) == crc, f"bad CRC in the {kind!r} chunk"
        position += 12 + length
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            compressed += body
        elif kind == b"IEND":
            break
    width, height, depth, colour_type, _, _, interlace = struct.unpack(">IIBBBBB", header)
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[colour_type]
    assert depth == 8 and interlace == 0, f"unexpected PNG: depth {depth}, interlace {interlace}"
    stride = width * channels
    raw = zlib.decompress(bytes(compressed))
    assert len(raw) == height * (stride + 1), "the image data has the wrong length"
    previous = bytearray(stride)
    colours: set[bytes] = set()
    for y in range(height):
        start = y * (stride + 1)
        line = bytearray(raw[start + 1 : start + 1 + stride])
        row = _unfilter(raw[start], line, previous, channels)
        colours.update(bytes(row[i : i + channels]) for i in range(0, stride, channels))
        previous = row
    return Png(width, height, len(colours))


def _unfilter(kind: int, row: bytearray, above: bytearray, bpp: int) -> bytearray:
    """Undo one scanline's PNG filter (0 None, 1 Sub, 2 Up, 3 Average, 4 Paeth)."""
    if kind == 0:
        return row
    if kind == 2:
        return bytearray((x + b) & 255 for x, b in zip(row, above, strict=True))
    for i in range(len(row)):
        a = row[i - bpp] if i >= bpp else 0
        if kind == 1:
            predicted = a
        elif kind == 3:
            predicted = (a + above[i]) // 2
        elif kind == 4:
            b, c = above[i], (above[i - bpp] if i >= bpp else 0)
            pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
            predicted = a if pa <= pb and pa <= pc else b if pb <= pc else c
        else:
            raise AssertionError(f"unknown PNG filter {kind}")
        row[i] = (row[i] + predicted) & 255
    return row
