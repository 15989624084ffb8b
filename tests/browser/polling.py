"""Waiting on a page: one poll loop for every browser test (DocMind's, the examples')."""

from __future__ import annotations

import time
from typing import Any

from toolchain.browsers import ExtensionBrowser, Tab


def wait_until(browser: ExtensionBrowser, tab: Tab, condition: str, timeout: float = 15.0) -> Any:
    """Poll a JavaScript condition until it is truthy; its value."""
    deadline = time.monotonic() + timeout
    while True:
        value = browser.evaluate(tab, condition)
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {condition}")
        time.sleep(0.05)
