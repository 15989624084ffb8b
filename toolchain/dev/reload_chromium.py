"""Reloading an unpacked extension in Chromium (Playwright over Debian's binary, as toolchain.browsers drives it).

`chrome.runtime.reload()` evaluated in the running service worker re-reads the whole folder from disk, manifest
included, so a manifest change needs nothing more. When no worker runs (MV3 stops an idle one), chrome://extensions'
own `developerPrivate.reload` does the same. Content scripts are not re-injected into open tabs by Chromium: the
tabs whose page the extension may script are reloaded. Content scripts a dev session registered at run time are
re-read without reloading the extension (`update_content_scripts`), when an edit reached only them.
"""

from __future__ import annotations

from typing import Any

from toolchain.browsers.base import BrowserError
from toolchain.browsers.chromium import ChromiumBrowser

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
RELOAD_TIMEOUT_MS = 15_000


def reload_extension(browser: ChromiumBrowser) -> None:
    """Reload, and return once the new service worker has started (when the extension has one): the extension is
    loaded again then, its content scripts registered, so reloading tabs now runs the new ones."""
    background = browser.manifest.get("background")
    if not (isinstance(background, dict) and background.get("service_worker")):
        _trigger_reload(browser)
        return
    base = browser.extension_base_url
    with browser.context.expect_event("serviceworker", predicate=lambda worker: worker.url.startswith(base),
                                      timeout=RELOAD_TIMEOUT_MS):
        _trigger_reload(browser)


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


def _trigger_reload(browser: ChromiumBrowser) -> None:
    workers = _workers(browser)
    if workers:
        try:
            workers[-1].evaluate(_RELOAD)
            return
        except Exception:  # the worker stopped meanwhile: reload from the extensions page instead
            pass
    page = browser.context.new_page()
    try:
        page.goto("chrome://extensions/", wait_until="commit")
        page.evaluate(_DEVELOPER_RELOAD, browser.extension_id)
    except Exception as error:
        raise BrowserError(f"Chromium did not reload the extension: {error}") from error
    finally:
        page.close()


def reload_tabs(browser: ChromiumBrowser) -> int:
    """Reload every open web page, so the new content scripts run in it. Returns how many."""
    pages = [page for page in browser.context.pages if not page.is_closed() and page.url.startswith(WEB_SCHEMES)]
    for page in pages:
        try:
            page.reload(wait_until="load")
        except Exception as error:
            raise BrowserError(f"cannot reload {page.url}: {error}") from error
    return len(pages)
