"""Reloading a temporary add-on in Firefox over WebDriver BiDi (as toolchain.browsers drives it).

`webExtension.install` of the same folder again replaces the add-on (same gecko id, same internal UUID): Firefox
re-reads everything, manifest included. Open tabs the extension may script are then reloaded, so the new content
scripts run in a fresh page, as in Chromium.
"""

from __future__ import annotations

from toolchain.browsers.firefox import FirefoxBrowser

WEB_SCHEMES = ("http://", "https://", "file://")


def reload_extension(browser: FirefoxBrowser) -> None:
    browser.command("webExtension.install", {"extensionData": {"type": "path", "path": str(browser.extension_dir)}})


def reload_tabs(browser: FirefoxBrowser) -> int:
    contexts = browser.command("browsingContext.getTree", {"maxDepth": 0}).get("contexts", [])
    pages = [c for c in contexts if str(c.get("url", "")).startswith(WEB_SCHEMES)]
    for context in pages:
        browser.command("browsingContext.reload", {"context": context["context"], "wait": "complete"})
    return len(pages)
