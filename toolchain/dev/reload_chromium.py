"""Reloading an unpacked extension in Chromium (Playwright over Debian's binary, as toolchain.browsers drives it).

`chrome.runtime.reload()` evaluated in the running service worker re-reads the whole folder from disk, manifest
included, so a manifest change needs nothing more. When no worker runs (MV3 stops an idle one), chrome://extensions'
own `developerPrivate.reload` does the same. Content scripts are not re-injected into open tabs by Chromium: the
tabs whose page the extension may script are reloaded. Content scripts a dev session registered at run time are
re-read without reloading the extension (`update_content_scripts`), when an edit reached only them.

Every wait is bounded by the reload's `Deadline` (toolchain/dev/reload.py) and, past it, names what it waited for.
"""

from __future__ import annotations

from typing import Any

from toolchain.browsers.base import BrowserError
from toolchain.browsers.chromium import ChromiumBrowser
from toolchain.dev.reload import Deadline, NotConfirmed

# Deferred, so the evaluation answers before the worker goes away.
_RELOAD = "setTimeout(() => chrome.runtime.reload(), 0)"
_DEVELOPER_RELOAD = """async (id) => {
  for (let waited = 0; !globalThis.chrome?.developerPrivate && waited < 5000; waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await chrome.developerPrivate.reload(id, { failQuietly: true });
}"""
_UPDATE = "(scripts) => chrome.scripting.updateContentScripts(scripts)"
WEB_SCHEMES = ("http://", "https://", "file://")
NEW_WORKER = "the extension's new service worker"


class ChromiumReloader:
    """The session's `Reloader` for Chromium."""

    def __init__(self, browser: ChromiumBrowser) -> None:
        self.browser = browser

    def reload_extension(self, deadline: Deadline) -> None:
        reload_extension(self.browser, deadline)

    def update_content_scripts(self, registered: list[dict[str, Any]]) -> bool:
        return update_content_scripts(self.browser, registered)

    def reload_tabs(self, deadline: Deadline) -> int:
        return reload_tabs(self.browser, deadline)


def reload_extension(browser: ChromiumBrowser, deadline: Deadline) -> None:
    """Reload, and return once the new service worker has started (when the extension has one): the extension is
    loaded again then, its content scripts registered, so reloading tabs now runs the new ones."""
    background = browser.manifest.get("background")
    if not (isinstance(background, dict) and background.get("service_worker")):
        _trigger_reload(browser, deadline)
        return
    base = browser.extension_base_url
    try:
        with browser.context.expect_event("serviceworker", predicate=lambda worker: worker.url.startswith(base),
                                          timeout=_ms(deadline, NEW_WORKER)):
            _trigger_reload(browser, deadline)
    except (BrowserError, NotConfirmed):
        raise
    except Exception as error:
        if _is_timeout(error) or deadline.passed():
            raise NotConfirmed(NEW_WORKER) from None
        raise BrowserError(f"Chromium did not reload the extension: {error}") from error


def update_content_scripts(browser: ChromiumBrowser, registered: list[dict[str, Any]]) -> bool:
    """Have Chromium re-read the run-time registered content scripts (toolchain/dev/runtime_scripts.py), the
    background left running. False when that could not be done: no service worker runs to ask (MV3 stops an idle
    one), it stopped meanwhile, or the update failed (the extension's own code unregistered the scripts). The
    caller then reloads the extension, whose background registers them again and reports any error it meets."""
    workers = _workers(browser)
    if not workers:
        return False
    try:
        workers[-1].evaluate(_UPDATE, registered)
    except Exception:
        return False
    return True


def _workers(browser: ChromiumBrowser) -> list[Any]:
    """The extension's running service workers (none when MV3 has stopped an idle one)."""
    return [w for w in browser.context.service_workers if w.url.startswith(browser.extension_base_url)]


def _trigger_reload(browser: ChromiumBrowser, deadline: Deadline) -> None:
    workers = _workers(browser)
    if workers:
        try:
            workers[-1].evaluate(_RELOAD)
            return
        except Exception:  # the worker stopped meanwhile: reload from the extensions page instead
            pass
    page = browser.context.new_page()
    try:
        page.goto("chrome://extensions/", wait_until="commit", timeout=_ms(deadline, "chrome://extensions to open"))
        page.evaluate(_DEVELOPER_RELOAD, browser.extension_id)
    except NotConfirmed:
        raise
    except Exception as error:
        if _is_timeout(error):
            raise NotConfirmed("chrome://extensions to open") from None
        raise BrowserError(f"Chromium did not reload the extension: {error}") from error
    finally:
        page.close()


def reload_tabs(browser: ChromiumBrowser, deadline: Deadline) -> int:
    """Reload every open web page, so the new content scripts run in it. Returns how many."""
    pages = [page for page in browser.context.pages if not page.is_closed() and page.url.startswith(WEB_SCHEMES)]
    for page in pages:
        waiting_for = f"{page.url} to reload"
        try:
            page.reload(wait_until="load", timeout=_ms(deadline, waiting_for))
        except NotConfirmed:
            raise
        except Exception as error:
            if _is_timeout(error):
                raise NotConfirmed(waiting_for) from None
            raise BrowserError(f"cannot reload {page.url}: {error}") from error
    return len(pages)


def _ms(deadline: Deadline, waiting_for: str) -> float:
    """Playwright's timeout: the milliseconds left (never 0, which Playwright reads as "no limit")."""
    return max(deadline.remaining(waiting_for) * 1000, 1.0)


def _is_timeout(error: Exception) -> bool:
    # playwright.sync_api.TimeoutError, by name: the driver imports Playwright only when it starts a browser.
    return type(error).__name__ == "TimeoutError"
