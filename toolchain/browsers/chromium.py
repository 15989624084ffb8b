"""Chromium (Debian's build) with an unpacked extension, driven by Playwright for Python.

Extension errors come from Chromium's own extension error console, the data behind the "Errors" button of
chrome://extensions. It records uncaught exceptions, unhandled rejections and console.error calls of the
service worker, the extension's pages and its content scripts, from the moment the extension starts, so also
what the service worker throws while it first runs, before Playwright could attach to it. It only collects
when developer mode is on and collection is enabled for the extension; both are preferences written into the
fresh profile before launch, which needs the extension id up front: computed from the path (or the
manifest "key") exactly as Chromium does. Reading it takes a short-lived chrome://extensions tab calling
`chrome.developerPrivate.getExtensionInfo`.

(Chromium's --log-file also shows every console line of the extension, as `INFO:CONSOLE:<line>] "<text>",
source: chrome-extension://<id>/...`, start-up included; but extension console messages are all logged at
INFO, so console.error cannot be told from console.log there. The log is kept in the run dir for post-mortems.)
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from toolchain.browsers.base import (
    BrowserError,
    ExtensionBrowser,
    ExtensionLoadError,
    JavaScriptError,
    Tab,
    UserActions,
    evaluation_script,
    format_error,
    parse_evaluation_result,
    read_manifest,
)
from toolchain.browsers.environment import (
    all_pids,
    browser_environment,
    descendants,
    find_executable,
    local_network_only,
    make_run_dir,
    pid_alive,
    process_cmdline,
    processes_of_run,
    release_environment,
    stop_processes,
)

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page, Playwright

# The real binary first: /usr/bin/chromium is a shell wrapper (it prints a harmless "[: unexpected operator").
EXECUTABLES = ("/usr/lib/chromium/chromium", "/usr/bin/chromium", "chromium")

ARGS = (
    "--no-sandbox",  # root in containers; the sandbox needs user namespaces we may not have
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--no-default-browser-check",
)

#: XTK_BROWSER_NETWORK=local: every host name but localhost resolves to nothing, at once (IP literals other than
#: 127.0.0.1 too: the rules map them as well)
LOCAL_NETWORK_ARGS = ("--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost , EXCLUDE 127.0.0.1",)

SERVICE_WORKER_TIMEOUT = 10.0
# chrome.developerPrivate is only exposed to chrome://extensions itself.
ERRORS_PAGE = "chrome://extensions/"
# store_extension_errors is a bit mask of ExtensionError types: manifest (1), runtime (2), internal (4).
ALL_ERROR_TYPES = 7


def extension_id_for(extension_dir: Path, manifest: dict[str, Any]) -> str:
    """The id Chromium gives an unpacked extension: from the manifest's public key if it has one, else from
    its absolute path; the first 128 bits of a SHA-256, written with the letters a-p."""
    key = manifest.get("key")
    data = base64.b64decode(key) if isinstance(key, str) else os.path.realpath(extension_dir).encode()
    digest = hashlib.sha256(data).hexdigest()[:32]
    return "".join(chr(ord("a") + int(digit, 16)) for digit in digest)


def _write_preferences(profile: Path, extension_id: str) -> None:
    """Developer mode plus error collection for our extension, so the error console records from start-up."""
    default = profile / "Default"
    default.mkdir(parents=True, exist_ok=True)
    preferences = {
        "extensions": {
            "ui": {"developer_mode": True},
            "settings": {extension_id: {"store_extension_errors": ALL_ERROR_TYPES}},
        }
    }
    (default / "Preferences").write_text(json.dumps(preferences))


class ChromiumBrowser(ExtensionBrowser, UserActions):
    name = "chromium"

    def __init__(self, extension_dir: Path, run_dir: Path) -> None:
        self.extension_dir = extension_dir
        self.run_dir = run_dir
        self.manifest = read_manifest(extension_dir)
        self.extension_id = extension_id_for(extension_dir, self.manifest)
        self.extension_base_url = f"chrome-extension://{self.extension_id}/"
        self._playwright: Playwright | None = None
        self._context: BrowserContext | None = None
        self._pid: int | None = None
        self._blank_page: Page | None = None  # the tab Chromium opens at start, reused by the first open_tab
        self._closed = False

    # --- lifecycle ---------------------------------------------------------------------------------------

    @classmethod
    def start(cls, extension_dir: Path, *, workdir: Path, headless: bool = True) -> ChromiumBrowser:
        executable = find_executable("chromium", EXECUTABLES)
        browser = cls(extension_dir, make_run_dir(workdir, "chromium"))
        try:
            browser._launch(executable, headless)
        except BaseException:
            browser.close()
            raise
        return browser

    def _launch(self, executable: str, headless: bool = True) -> None:
        from playwright.sync_api import sync_playwright

        profile = self.run_dir / "profile"
        _write_preferences(profile, self.extension_id)
        extension = str(self.extension_dir)
        env: dict[str, str | float | bool] = dict(browser_environment(self.run_dir))  # Playwright's env type
        self._playwright = sync_playwright().start()
        self._context = self._playwright.chromium.launch_persistent_context(
            str(profile),
            executable_path=executable,
            headless=headless,
            env=env,
            args=[
                f"--disable-extensions-except={extension}",
                f"--load-extension={extension}",
                *ARGS,
                *(LOCAL_NETWORK_ARGS if local_network_only() else ()),
                "--enable-logging",
                f"--log-file={self.run_dir / 'chromium.log'}",
                "--v=0",
            ],
        )
        self._pid = self._find_browser_pid(profile)
        pages = self._context.pages
        self._blank_page = pages[0] if len(pages) == 1 and pages[0].url == "about:blank" else None
        self._check_extension_loaded()

    def _find_browser_pid(self, profile: Path) -> int:
        """Playwright does not tell the browser's pid: it is the process with our (unique) profile on its
        command line that is not one of Chromium's helpers (those have --type=)."""
        marker = f"--user-data-dir={profile}"
        for pid in all_pids():
            argv = process_cmdline(pid)
            if marker in argv and not any(arg.startswith("--type=") for arg in argv):
                return pid
        raise BrowserError(f"cannot find the Chromium process using profile {profile}")

    def _check_extension_loaded(self) -> None:
        """Wait for the service worker when there is one; its URL must carry the id we computed, since the
        error-collection preference was written for that id."""
        assert self._context is not None
        background = self.manifest.get("background")
        if isinstance(background, dict) and background.get("service_worker"):
            worker_url = self._wait_for_service_worker()
            if worker_url is not None:
                found = worker_url.split("/")[2]
                if found != self.extension_id:
                    raise ExtensionLoadError(
                        f"Chromium gave the extension the id {found}, expected {self.extension_id}: "
                        "extension errors would not be collected"
                    )
                return
        # No service worker (none declared, or it never started): ask the extensions page whether it loaded.
        self._extension_info()

    def _wait_for_service_worker(self) -> str | None:
        assert self._context is not None
        deadline = time.monotonic() + SERVICE_WORKER_TIMEOUT
        while time.monotonic() < deadline:
            for worker in self._context.service_workers:
                if worker.url.startswith("chrome-extension://"):
                    return worker.url
            try:
                self._context.wait_for_event("serviceworker", timeout=250)
            except Exception:  # playwright's TimeoutError: poll again
                pass
        return None

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        pid = self._pid
        helpers = processes_of_run(self.run_dir)  # found while alive: they leave the tree (crashpad handlers)
        try:
            if self._context is not None:
                self._context.close()
        except Exception:
            pass  # the browser may already be gone; the pid check below is what counts
        finally:
            self._context = None
            try:
                if self._playwright is not None:
                    self._playwright.stop()
            finally:
                self._playwright = None
                stopped = stop_processes(pid, helpers, grace=5.0)
                # Anything else still naming our run dir (say, the main pid was never learnt): same treatment.
                stopped = stop_processes(None, processes_of_run(self.run_dir), grace=2.0) and stopped
                release_environment(self.run_dir)
                if not stopped:
                    raise BrowserError(f"Chromium (pid {pid}) did not stop")

    @property
    def pid(self) -> int:
        if self._pid is None:
            raise BrowserError("Chromium is not running")
        return self._pid

    def process_ids(self) -> list[int]:
        pids = [self._pid, *descendants(self._pid)] if self._pid is not None and pid_alive(self._pid) else []
        return list(dict.fromkeys([*pids, *processes_of_run(self.run_dir)]))

    # --- tabs and pages ----------------------------------------------------------------------------------

    @property
    def context(self) -> BrowserContext:
        """Playwright's browser context, for callers that drive more than this interface (xtk dev's reloads)."""
        return self._ctx

    @property
    def _ctx(self) -> BrowserContext:
        if self._context is None:
            raise BrowserError("Chromium is not running")
        return self._context

    def open_tab(self, url: str, *, new_window: bool = False) -> Tab:
        # Headless Chromium keeps every page visible, so a tab of its own window is just a new page.
        page = self._blank_page or self._ctx.new_page()
        self._blank_page = None
        try:
            page.goto(url, wait_until="load")
        except Exception as error:
            raise BrowserError(f"cannot open {url}: {error}") from error
        return Tab(browser=self.name, url=url, handle=page)

    def close_tab(self, tab: Tab) -> None:
        page: Page = tab.handle
        if not page.is_closed():
            page.close()

    def evaluate(
        self,
        tab: Tab,
        expression: str,
        *,
        arg: Any = ...,
        await_promise: bool = True,
        timeout: float = 10,
    ) -> Any:
        page: Page = tab.handle
        script = evaluation_script(expression, await_promise=await_promise, timeout=timeout, arg=arg)
        try:
            text = page.evaluate(script)
        except Exception as error:
            raise _protocol_error(error) from error
        return parse_evaluation_result(text)

    def click_menu_item(self, tab_id: int, menu_item_id: str, *, selection_text: str | None = None) -> None:
        workers = [w for w in self._ctx.service_workers if w.url.startswith(self.extension_base_url)]
        if not workers:
            raise BrowserError("the extension has no running service worker to deliver the menu click to")
        try:
            result = workers[0].evaluate(
                _MENU_CLICK_SCRIPT, {"tabId": tab_id, "menuItemId": menu_item_id, "selectionText": selection_text}
            )
        except Exception as error:
            raise _protocol_error(error) from error
        if "error" in result:
            raise BrowserError(f"cannot click menu item {menu_item_id!r}: {result['error']}")

    def evaluate_in_action_popup(self, expression: str, *, timeout: float = 10) -> Any:
        # The popup is a target Playwright does not list as a page: reach it over CDP from a page we know.
        pages = [page for page in self._ctx.pages if not page.is_closed()]
        if not pages:
            raise BrowserError("no open tab to reach the popup from")
        known: set[str] = set()
        for page in pages:
            session = self._ctx.new_cdp_session(page)
            known.add(session.send("Target.getTargetInfo")["targetInfo"]["targetId"])
            session.detach()
        cdp = self._ctx.new_cdp_session(pages[0])
        try:
            popup_path = _action_popup_path(self.manifest)
            popups = [
                target
                for target in cdp.send("Target.getTargets")["targetInfos"]
                if target["type"] == "page"
                and target["targetId"] not in known
                and popup_path
                and target["url"].split("?")[0] == self.extension_url(popup_path)
            ]
            if not popups:
                return None
            answers: list[dict[str, Any]] = []
            cdp.on("Target.receivedMessageFromTarget", lambda event: answers.append(event))
            session_id = cdp.send("Target.attachToTarget", {"targetId": popups[0]["targetId"], "flatten": False})[
                "sessionId"
            ]
            script = evaluation_script(expression, await_promise=True, timeout=timeout)
            message = {
                "id": 1,
                "method": "Runtime.evaluate",
                "params": {"expression": script, "awaitPromise": True, "returnByValue": True},
            }
            cdp.send("Target.sendMessageToTarget", {"sessionId": session_id, "message": json.dumps(message)})
            deadline = time.monotonic() + timeout + 5
            while time.monotonic() < deadline:
                for answer in answers:
                    reply = json.loads(answer["message"])
                    if reply.get("id") == 1:
                        value = reply.get("result", {}).get("result", {}).get("value")
                        return parse_evaluation_result(value)
                pages[0].wait_for_timeout(20)  # lets Playwright deliver the CDP events
            raise BrowserError(f"the popup did not answer within {timeout:g} s")
        finally:
            cdp.detach()

    def screenshot(self, tab: Tab, path: str | Path, *, selector: str | None = None) -> None:
        page: Page = tab.handle
        if selector is None:
            page.screenshot(path=str(path), type="png")
        else:
            page.locator(selector).first.screenshot(path=str(path), type="png")

    def set_color_scheme(self, scheme: str) -> None:
        if scheme not in ("light", "dark"):
            raise ValueError(f"color scheme must be 'light' or 'dark', not {scheme!r}")
        for page in self._ctx.pages:
            page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]  # a str, checked to be one of the two above

    # --- errors ------------------------------------------------------------------------------------------

    def extension_errors(self) -> list[str]:
        info = self._extension_info()
        if not info.get("errorCollection", {}).get("isActive"):
            raise BrowserError(f"Chromium is not collecting errors for extension {self.extension_id}")
        errors = []
        for entry in info.get("runtimeErrors", []):
            if entry.get("severity") != "ERROR":  # the console also keeps warnings when asked to; we do not
                continue
            frames = entry.get("stackTrace") or [{}]
            # The same error repeated is one entry with a count: keep one line per occurrence.
            line = format_error(entry.get("message", ""), entry.get("source"), frames[0].get("lineNumber"))
            errors.extend([line] * max(1, int(entry.get("occurrences", 1))))
        return errors

    def _extension_info(self) -> dict[str, Any]:
        """`developerPrivate.getExtensionInfo` from a chrome://extensions tab, closed right after so it never
        shows up in the extension's own tabs.query()."""
        page = self._ctx.new_page()
        try:
            # "commit" is enough: the API is bound when the document is created, and skipping the WebUI's own
            # loading makes this 0.2 s instead of 0.5 s. The script still waits for the binding, to be safe.
            page.goto(ERRORS_PAGE, wait_until="commit")
            result = page.evaluate(_EXTENSION_INFO_SCRIPT, self.extension_id)
        finally:
            page.close()
        if "error" in result:
            hint = ""
            if self.manifest.get("manifest_version") == 2:
                hint = " (this Chromium no longer runs manifest_version 2 extensions)"
            raise ExtensionLoadError(
                f"Chromium did not load the extension in {self.extension_dir}{hint}: {result['error']}"
            )
        info: dict[str, Any] = result["info"]
        return info


# chrome.Event#dispatch runs the listeners the way the browser's own click does (the menu must exist: the
# extension's contextMenus.create ran). A click also grants activeTab on that tab; here the page is already open.
_MENU_CLICK_SCRIPT = """async ({ tabId, menuItemId, selectionText }) => {
  let tab;
  try {
    tab = await chrome.tabs.get(tabId);
  } catch (error) {
    return { error: `no tab ${tabId}: ${error.message}` };
  }
  const info = { menuItemId, editable: false, frameId: 0, pageUrl: tab.url ?? "" };
  if (selectionText !== null) info.selectionText = selectionText;
  chrome.contextMenus.onClicked.dispatch(info, tab);
  return {};
}"""

_EXTENSION_INFO_SCRIPT = """async (id) => {
  for (let waited = 0; !globalThis.chrome?.developerPrivate && waited < 5000; waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  if (!globalThis.chrome?.developerPrivate) return { error: "chrome.developerPrivate is not available" };
  return new Promise((resolve) => chrome.developerPrivate.getExtensionInfo(id, (info) =>
    resolve(chrome.runtime.lastError ? { error: chrome.runtime.lastError.message } : { info })));
}"""


def _action_popup_path(manifest: dict[str, Any]) -> str | None:
    action = manifest.get("action") or manifest.get("browser_action") or {}
    popup = action.get("default_popup") if isinstance(action, dict) else None
    return popup.lstrip("/") if isinstance(popup, str) and popup else None


def _protocol_error(error: Exception) -> BrowserError:
    """A Playwright error from evaluate: a SyntaxError in the expression is the caller's JavaScript error,
    anything else (closed page, crashed renderer) is the browser's."""
    message = str(error).split("\n", 1)[0]
    for prefix in ("Page.evaluate: ", "Frame.evaluate: "):
        message = message.removeprefix(prefix)
    if message.startswith("SyntaxError"):
        name, _, text = message.partition(": ")
        return JavaScriptError(name, text)
    return BrowserError(message)
