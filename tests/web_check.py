"""Helpers for the browser game's tests: ``bezique serve``'s application on a free port of
127.0.0.1 in a thread, and playing by clicking the ``data-move`` elements of the page."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import uvicorn
from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By

from interpreter.web.server import address, app, listen


@contextmanager
def serving() -> Iterator[str]:
    """The web application served on 127.0.0.1 (a free port) in a thread; yield the address
    of its /play page."""
    sock = listen(0)
    server = uvicorn.Server(uvicorn.Config(app(), log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 20
        while not server.started and thread.is_alive() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert server.started, "the server did not start"
        yield address(sock)
    finally:
        server.should_exit = True
        thread.join(timeout=20)
        sock.close()


def wait_for(browser: webdriver.Chrome, check: Callable[[], Any], seconds: float, what: str) -> Any:
    """Poll ``check`` until it gives something true; fail saying ``what`` was awaited."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            found = check()
        except StaleElementReferenceException:
            found = None
        if found:
            return found
        if time.monotonic() > deadline:
            notice = browser.find_elements(By.CSS_SELECTOR, ".bz-notice")
            said = notice[0].text if notice else ""
            raise AssertionError(f"waited {seconds} s for {what}; the page says: {said!r}")
        time.sleep(0.05)


def idle(browser: webdriver.Chrome) -> bool:
    """Whether the page is not waiting for an answer of the engine."""
    return bool(
        browser.execute_script(
            "return document.querySelector('#bezique-app').dataset.busy !== 'yes'"
        )
    )


def click_move(browser: webdriver.Chrome, seconds: float = 20) -> str:
    """Click the first element that carries a legal move (``data-move``); the move's text."""

    def first() -> Any:
        if not idle(browser):
            return None
        found = browser.find_elements(By.CSS_SELECTOR, ".bz-game [data-move]")
        return found[0] if found else None

    element = wait_for(browser, first, seconds, "a legal move to click")
    move = str(element.get_attribute("data-move"))
    element.click()
    wait_for(browser, lambda: idle(browser), seconds, f"the answer to {move!r}")
    return move


def game_state(browser: webdriver.Chrome) -> dict[str, str]:
    """The deal, trick and whether the game is over, as the page's game element says."""
    state: dict[str, str] = browser.execute_script(
        "const game = document.querySelector('.bz-game');"
        "if (!game) return {};"
        "return {deal: game.dataset.deal, trick: game.dataset.trick, over: game.dataset.over};"
    )
    return state


def overflow(browser: webdriver.Chrome) -> int:
    """How many pixels the page is wider than the window (0: nothing overflows)."""
    extra: int = browser.execute_script(
        "return Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"
        " - document.documentElement.clientWidth;"
    )
    return extra
