"""Reloading an unpacked extension in Chromium (Playwright over Debian's binary, as toolchain.browsers drives it).

`chrome.runtime.reload()` evaluated in the running service worker re-reads the whole folder from disk, manifest
included, so a manifest change needs nothing more. When no worker runs (MV3 stops an idle one), chrome://extensions'
own `developerPrivate.reload` does the same. Content scripts are not re-injected into open tabs by Chromium: the
tabs whose page the extension may script are reloaded. Content scripts a dev session registered at run time are
re-read without reloading the extension (`update_content_scripts`), when an edit reached only them.

Every wait is bounded by the reload's `Deadline` (toolchain/dev/reload.py) and, past it, names what it waited for.
The worker is asked over CDP (a message to its target, its answer awaited WORKER_ANSWER seconds at most), not with
Playwright's `Worker.evaluate`, which has no timeout: a worker stuck in a loop (`for (;;) {}` in the background
being edited) would hold xtk forever. A worker that does not answer is reloaded from chrome://extensions, which
stops it from the browser's side.
"""

from __future__ import annotations

import json
import time
from typing import Any

from toolchain.browsers.base import BrowserError
from toolchain.browsers.chromium import ChromiumBrowser
from toolchain.dev.changes import ChangeKind
from toolchain.dev.reload import Deadline, NotConfirmed, ReloadScope

# Deferred, so the evaluation answers before the worker goes away.
_RELOAD = "setTimeout(() => chrome.runtime.reload(), 0)"
_DEVELOPER_RELOAD = """async ([id, ms]) => {
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  for (let waited = 0; !globalThis.chrome?.developerPrivate && waited < ms; waited += 20) await sleep(20);
  await Promise.race([chrome.developerPrivate.reload(id, { failQuietly: true }), sleep(ms)]);
}"""
_UPDATE = "chrome.scripting.updateContentScripts({scripts})"
WEB_SCHEMES = ("http://", "https://", "file://")
NEW_WORKER = "the extension's new service worker"
#: How long a running worker may take to answer: it answers in milliseconds unless its thread is stuck.
WORKER_ANSWER = 2.0


class ChromiumReloader:
    """The session's `Reloader` for Chromium."""

    def __init__(self, browser: ChromiumBrowser) -> None:
        self.browser = browser

    def reload(self, kind: ChangeKind, registered: list[dict[str, Any]], deadline: Deadline) -> ReloadScope:
        if kind is ChangeKind.CONTENT_SCRIPT and registered and update_content_scripts(self.browser, registered):
            return "content_scripts"
        reload_extension(self.browser, deadline)
        return "extension"

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
        with browser.context.expect_event(
            "serviceworker", predicate=lambda worker: worker.url.startswith(base), timeout=_ms(deadline, NEW_WORKER)
        ):
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
    one), it stopped meanwhile, it did not answer (stuck), or the update failed (the extension's own code
    unregistered the scripts). The caller then reloads the extension, whose background registers them again and
    reports any error it meets."""
    return _ask_worker(browser, _UPDATE.format(scripts=json.dumps(registered)), WORKER_ANSWER)


def _ask_worker(browser: ChromiumBrowser, expression: str, within: float) -> bool:
    """Evaluate `expression` (its promise awaited) in the extension's newest service worker; True when it answered
    within `within` seconds without an exception. Over CDP from an open tab (Playwright lists workers but its
    `evaluate` cannot be given a timeout); False when no worker runs or no tab is open to reach it from."""
    pages = [page for page in browser.context.pages if not page.is_closed()]
    if not pages:
        return False
    cdp = browser.context.new_cdp_session(pages[0])
    try:
        workers = [
            target
            for target in cdp.send("Target.getTargets")["targetInfos"]
            if target["type"] == "service_worker" and target["url"].startswith(browser.extension_base_url)
        ]
        if not workers:
            return False
        answers: list[dict[str, Any]] = []
        cdp.on("Target.receivedMessageFromTarget", lambda event: answers.append(event))
        target = {"targetId": workers[-1]["targetId"], "flatten": False}
        session = cdp.send("Target.attachToTarget", target)["sessionId"]
        message = {"id": 1, "method": "Runtime.evaluate", "params": {"expression": expression, "awaitPromise": True}}
        cdp.send("Target.sendMessageToTarget", {"sessionId": session, "message": json.dumps(message)})
        end = time.monotonic() + within
        while time.monotonic() < end:
            for answer in answers:
                reply = json.loads(answer["message"])
                if reply.get("id") == 1:
                    return "error" not in reply and "exceptionDetails" not in reply.get("result", {})
            pages[0].wait_for_timeout(2)  # lets Playwright deliver the CDP events
        return False
    except Exception:  # the tab or the worker went away meanwhile
        return False
    finally:
        try:
            cdp.detach()
        except Exception:
            pass


def _trigger_reload(browser: ChromiumBrowser, deadline: Deadline) -> None:
    if _ask_worker(browser, _RELOAD, min(WORKER_ANSWER, deadline.remaining(NEW_WORKER))):
        return
    # No worker runs, it stopped meanwhile, or it is stuck: reload from the extensions page, which stops it.
    page = browser.context.new_page()
    try:
        page.goto("chrome://extensions/", wait_until="commit", timeout=_ms(deadline, "chrome://extensions to open"))
        page.evaluate(_DEVELOPER_RELOAD, [browser.extension_id, int(_ms(deadline, "chrome://extensions to reload"))])
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
