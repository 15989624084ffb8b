"""Reloading a temporary add-on in Firefox over WebDriver BiDi (as toolchain.browsers drives it).

`webExtension.install` of the same folder again replaces the add-on (same gecko id, same internal UUID): Firefox
re-reads everything, manifest included. Open tabs the extension may script are then reloaded, so the new content
scripts run in a fresh page, as in Chromium. Every command waits at most what is left of the reload's `Deadline`
(toolchain/dev/reload.py) and, past it, names what it waited for.
"""

from __future__ import annotations

from typing import Any

from toolchain.browsers.base import BrowserError
from toolchain.browsers.firefox import FirefoxBrowser
from toolchain.dev.changes import ChangeKind
from toolchain.dev.reload import Deadline, NotConfirmed, ReloadScope

WEB_SCHEMES = ("http://", "https://", "file://")
REINSTALL = "Firefox to reinstall the extension"


class FirefoxReloader:
    """The session's `Reloader` for Firefox."""

    def __init__(self, browser: FirefoxBrowser) -> None:
        self.browser = browser

    def reload(self, kind: ChangeKind, registered: list[dict[str, Any]], deadline: Deadline) -> ReloadScope:
        # Whatever changed: a Firefox dev manifest keeps its declared content scripts (none are registered at run
        # time), and reinstalling re-reads everything.
        reload_extension(self.browser, deadline)
        return "extension"

    def reload_tabs(self, deadline: Deadline) -> int:
        return reload_tabs(self.browser, deadline)


def reload_extension(browser: FirefoxBrowser, deadline: Deadline) -> None:
    _command(
        browser,
        deadline,
        REINSTALL,
        "webExtension.install",
        {"extensionData": {"type": "path", "path": str(browser.extension_dir)}},
    )


def reload_tabs(browser: FirefoxBrowser, deadline: Deadline) -> int:
    tree = _command(browser, deadline, "Firefox to list its tabs", "browsingContext.getTree", {"maxDepth": 0})
    pages = [c for c in tree.get("contexts", []) if str(c.get("url", "")).startswith(WEB_SCHEMES)]
    for context in pages:
        _command(
            browser,
            deadline,
            f"{context.get('url')} to reload",
            "browsingContext.reload",
            {"context": context["context"], "wait": "complete"},
        )
    return len(pages)


def _command(
    browser: FirefoxBrowser, deadline: Deadline, waiting_for: str, method: str, params: dict[str, Any]
) -> dict[str, Any]:
    try:
        return browser.command(method, params, timeout=deadline.remaining(waiting_for))
    except BrowserError:
        if deadline.passed():  # the command's own timeout: it ran out of the reload's time
            raise NotConfirmed(waiting_for) from None
        raise
