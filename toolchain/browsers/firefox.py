"""Firefox ESR with an unpacked extension, driven over WebDriver BiDi (no geckodriver) by a small websockets client.

    firefox-esr --headless --no-remote --profile P --remote-debugging-port 0 --remote-allow-system-access
    -> stderr "WebDriver BiDi listening on ws://127.0.0.1:N"; session.new; webExtension.install {type: "path"}

--remote-allow-system-access is what lets us navigate to moz-extension:// pages, and also what lets BiDi list
and evaluate in the browser's own chrome window (`browsingContext.getTree {"moz:scope": "chrome"}`), with
access to privileged APIs. The extension gets a fixed internal UUID through the `extensions.webextensions.uuids`
pref, so its pages are known before install.

Extension errors: BiDi's log.entryAdded does not see the background page (it is not a browsing context BiDi
reports), and the stdout prefs (devtools.console.stdout.*) print console.error without saying who called it. So
from the chrome realm we register a tiny JSProcessActor ("probe") in every process; in each process it reads the
console service (uncaught exceptions and unhandled rejections) and the console API storage (console.error calls),
which both keep messages since the process started, and returns what comes from our extension. The probe module
is a file in the run dir, served as resource://xtk-probe/; the content sandbox may only read it because its folder
is added to security.sandbox.content.read_path_whitelist.
"""

from __future__ import annotations

import base64
import contextlib
import itertools
import json
import re
import subprocess
import threading
import time
import uuid
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

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
    from websockets.sync.client import ClientConnection

EXECUTABLES = ("/usr/bin/firefox-esr", "firefox-esr")
STARTUP_TIMEOUT = 30.0
COMMAND_TIMEOUT = 30.0
BACKGROUND_TIMEOUT_MS = 5000
PROBE_TIMEOUT_MS = 5000
LISTENING = re.compile(r"WebDriver BiDi listening on (ws://\S+)")
# Stable per gecko id, so a test can know the extension's pages before Firefox starts.
UUID_NAMESPACE = uuid.UUID("5f1b7c64-2d7e-4c61-9a53-0b4a1e4c2f10")

# Quiet, offline, no first-run pages; Firefox's remote agent adds its own recommended automation prefs on top.
PREFS: dict[str, bool | int | str] = {
    "app.normandy.enabled": False,
    "app.update.auto": False,
    "app.update.checkInstallTime": False,
    "app.update.enabled": False,
    "browser.aboutwelcome.enabled": False,
    "browser.newtabpage.enabled": False,
    "browser.safebrowsing.blockedURIs.enabled": False,
    "browser.safebrowsing.downloads.enabled": False,
    "browser.safebrowsing.malware.enabled": False,
    "browser.safebrowsing.phishing.enabled": False,
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage": "about:blank",
    "browser.startup.homepage_override.mstone": "ignore",
    "browser.startup.page": 0,
    "browser.tabs.closeWindowWithLastTab": False,  # closing the last tab must not quit the browser
    "browser.tabs.warnOnClose": False,
    "datareporting.healthreport.uploadEnabled": False,
    "datareporting.policy.dataSubmissionEnabled": False,
    "datareporting.policy.firstRunURL": "",
    "extensions.autoDisableScopes": 0,
    "extensions.blocklist.enabled": False,
    "extensions.getAddons.cache.enabled": False,
    "extensions.update.enabled": False,
    "messaging-system.rsexperimentloader.enabled": False,
    "network.captive-portal-service.enabled": False,
    "network.connectivity-service.enabled": False,
    "startup.homepage_welcome_url": "",
    "toolkit.telemetry.enabled": False,
    "toolkit.telemetry.server": "",
    "toolkit.telemetry.unified": False,
}

#: XTK_BROWSER_NETWORK=local: every request leaves through a proxy at a closed local port (refused at once),
#: except to this machine, which Firefox never proxies (network.proxy.allow_hijacking_localhost is false)
LOCAL_NETWORK_PREFS: dict[str, bool | int | str] = {
    "network.proxy.type": 1,
    "network.proxy.http": "127.0.0.1",
    "network.proxy.http_port": 9,
    "network.proxy.ssl": "127.0.0.1",
    "network.proxy.ssl_port": 9,
    "network.proxy.no_proxies_on": "localhost, 127.0.0.1",
    "network.proxy.allow_hijacking_localhost": False,
}

PROBE_NAME = "XtkConsole"
PROBE_HOST = "xtk-probe"
PROBE_CHILD = """\
// Runs in every Firefox process; answers with the errors this process recorded for one extension.
function describe(value) {
  try {
    if (typeof value === "string") return value;
    if (value && typeof value === "object" && "message" in value && "name" in value) {
      return `${value.name}: ${value.message}`;
    }
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

export class XtkConsoleChild extends JSProcessActorChild {
  receiveMessage({ data: { base, addonId } }) {
    const errors = [];
    const isParent = Services.appinfo.processType === Services.appinfo.PROCESS_TYPE_DEFAULT;
    // Uncaught exceptions and unhandled rejections: nsIScriptError in this process's console service.
    for (const message of Services.console.getMessageArray() ?? []) {
      if (!(message instanceof Ci.nsIScriptError)) continue;
      if (message.logLevel !== Ci.nsIConsoleMessage.error) continue;
      // The parent also holds copies forwarded from content processes, which answer for themselves.
      if (isParent && message.isForwardedFromContentProcess) continue;
      if (!String(message.sourceName).startsWith(base)) continue;
      errors.push({
        message: (message.isPromiseRejection ? "Uncaught (in promise) " : "Uncaught ") + message.errorMessage,
        source: message.sourceName, line: message.lineNumber, time: message.timeStamp,
      });
    }
    // console.error calls: the console API storage of this process.
    const storage = Cc["@mozilla.org/consoleAPI-storage;1"].getService(Ci.nsIConsoleAPIStorage);
    for (const event of storage.getEvents()) {
      if (event.level !== "error") continue;
      if (event.addonId !== addonId && !String(event.filename ?? "").startsWith(base)) continue;
      errors.push({
        message: Array.from(event.arguments ?? [], describe).join(" "),
        source: event.filename, line: event.lineNumber, time: event.timeStamp,
      });
    }
    return errors;
  }
}
"""
PROBE_PARENT = "export class XtkConsoleParent extends JSProcessActorParent {}\n"


def gecko_id_from_manifest(manifest: dict[str, Any]) -> str | None:
    for key in ("browser_specific_settings", "applications"):
        settings = manifest.get(key)
        if isinstance(settings, dict):
            gecko = settings.get("gecko")
            if isinstance(gecko, dict) and isinstance(gecko.get("id"), str):
                return str(gecko["id"])
    return None


def _user_js(prefs: dict[str, bool | int | str]) -> str:
    # JSON literals are valid JavaScript literals, which is what user.js holds.
    return "".join(f"user_pref({json.dumps(name)}, {json.dumps(value)});\n" for name, value in prefs.items())


class BiDiConnection:
    """WebDriver BiDi commands over one websocket, synchronously: send, then read until our id answers."""

    def __init__(self, url: str) -> None:
        from websockets.sync.client import connect

        # Entered through an ExitStack: websockets 17 warns when connect() is used outside `with`, and
        # older versions do not know its `legacy=True` opt-out.
        self._stack = contextlib.ExitStack()
        self._ws: ClientConnection = self._stack.enter_context(connect(url, max_size=None, open_timeout=10))
        self._ids = itertools.count(1)

    def command(self, method: str, params: dict[str, Any], *, timeout: float = COMMAND_TIMEOUT) -> dict[str, Any]:
        from websockets.exceptions import ConnectionClosed

        command_id = next(self._ids)
        deadline = time.monotonic() + timeout
        try:
            self._ws.send(json.dumps({"id": command_id, "method": method, "params": params}))
            while True:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise BrowserError(f"Firefox did not answer {method} within {timeout:g} s")
                message = json.loads(self._ws.recv(timeout=remaining))
                if message.get("id") != command_id:
                    continue  # an event, or the late answer to a command that timed out
                if message.get("type") == "error":
                    raise BrowserError(f"{method}: {message.get('error')}: {message.get('message')}")
                result: dict[str, Any] = message.get("result", {})
                return result
        except TimeoutError as error:
            raise BrowserError(f"Firefox did not answer {method} within {timeout:g} s") from error
        except ConnectionClosed as error:
            raise BrowserError(f"the connection to Firefox closed during {method}") from error

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._stack.close()


class FirefoxBrowser(ExtensionBrowser, UserActions):
    name = "firefox"

    def __init__(self, extension_dir: Path, run_dir: Path, extension_id: str | None) -> None:
        self.extension_dir = extension_dir
        self.run_dir = run_dir
        self.manifest = read_manifest(extension_dir)
        self._gecko_id = extension_id or gecko_id_from_manifest(self.manifest)
        # Known before install when there is a gecko id; otherwise read from Firefox after install.
        self._uuid = str(uuid.uuid5(UUID_NAMESPACE, self._gecko_id)) if self._gecko_id else None
        self.extension_id = self._gecko_id or ""
        self.extension_base_url = f"moz-extension://{self._uuid}/" if self._uuid else ""
        self._process: subprocess.Popen[bytes] | None = None
        self._stderr_pump: threading.Thread | None = None
        self._helpers: set[int] = set()
        self._bidi: BiDiConnection | None = None
        self._chrome_context: str | None = None
        self._blank_context: str | None = None  # the tab Firefox opens at start, reused by the first open_tab
        self._closed = False

    # --- lifecycle ---------------------------------------------------------------------------------------

    @classmethod
    def start(
        cls, extension_dir: Path, *, workdir: Path, extension_id: str | None = None, headless: bool = True
    ) -> FirefoxBrowser:
        executable = find_executable("firefox", EXECUTABLES)
        browser = cls(extension_dir, make_run_dir(workdir, "firefox"), extension_id)
        try:
            browser._launch(executable, headless)
        except BaseException:
            browser.close()
            raise
        return browser

    def _launch(self, executable: str, headless: bool = True) -> None:
        profile = self.run_dir / "profile"
        probe_dir = self.run_dir / "probe"
        profile.mkdir(parents=True)
        probe_dir.mkdir()
        (probe_dir / f"{PROBE_NAME}Child.sys.mjs").write_text(PROBE_CHILD)
        (probe_dir / f"{PROBE_NAME}Parent.sys.mjs").write_text(PROBE_PARENT)
        prefs = dict(PREFS)
        if local_network_only():
            prefs.update(LOCAL_NETWORK_PREFS)
        prefs["security.sandbox.content.read_path_whitelist"] = f"{probe_dir}/"
        if self._gecko_id and self._uuid:
            prefs["extensions.webextensions.uuids"] = json.dumps({self._gecko_id: self._uuid})
        (profile / "user.js").write_text(_user_js(prefs))

        # No crash reports or dialogs. (It does not stop Firefox from starting its crashhelper: see close.)
        env = browser_environment(self.run_dir, {"MOZ_CRASHREPORTER_DISABLE": "1"})
        with (self.run_dir / "firefox.stdout.log").open("wb") as stdout:  # the child keeps its own copy
            self._process = subprocess.Popen(
                [
                    executable,
                    *(["--headless"] if headless else []),
                    "--no-remote",
                    "--profile",
                    str(profile),
                    "--remote-debugging-port",
                    "0",
                    "--remote-allow-system-access",
                ],
                stdin=subprocess.DEVNULL,
                stdout=stdout,
                stderr=subprocess.PIPE,
                env=env,
                start_new_session=True,  # its own process group: one signal reaches every content process
            )
        url = self._wait_for_listening(self._process)
        self._helpers.update(self._find_helpers())
        self._bidi = BiDiConnection(url.rstrip("/") + "/session")
        self._bidi.command("session.new", {"capabilities": {}})
        self._blank_context = self._initial_blank_tab()
        self._install(probe_dir)

    def _wait_for_listening(self, process: subprocess.Popen[bytes]) -> str:
        """Copy stderr into the run dir in a thread (a full pipe would block Firefox) and wait for the
        remote agent's "listening" line."""
        assert process.stderr is not None
        found: list[str] = []
        ready = threading.Event()
        log = (self.run_dir / "firefox.stderr.log").open("wb")

        def pump(stream: IO[bytes]) -> None:
            with stream, log:
                for line in stream:
                    log.write(line)
                    log.flush()
                    if not found:
                        match = LISTENING.search(line.decode(errors="replace"))
                        if match:
                            found.append(match.group(1))
                            ready.set()
            ready.set()  # stderr closed: Firefox exited

        self._stderr_pump = threading.Thread(target=pump, args=(process.stderr,), name="firefox-stderr", daemon=True)
        self._stderr_pump.start()
        if not ready.wait(STARTUP_TIMEOUT) or not found:
            tail = (self.run_dir / "firefox.stderr.log").read_text(errors="replace")[-2000:]
            raise BrowserError(f"Firefox did not start its WebDriver BiDi server (exit {process.poll()}):\n{tail}")
        return found[0]

    def _find_helpers(self) -> list[int]:
        """Firefox's crashhelper (`crashhelper <firefox pid> ...`) moves to its own session and is reparented
        to init, so neither the process group nor the process tree reaches it: find it by its arguments."""
        pid = self.pid
        return [
            candidate
            for candidate in all_pids()
            if (argv := process_cmdline(candidate))
            and argv[0].endswith("crashhelper")
            and len(argv) > 1
            and argv[1] == str(pid)
        ]

    def _initial_blank_tab(self) -> str | None:
        tree = self._command("browsingContext.getTree", {"maxDepth": 0})
        contexts = tree.get("contexts", [])
        if len(contexts) == 1 and contexts[0].get("url") == "about:blank":
            return str(contexts[0]["context"])
        return None

    def _install(self, probe_dir: Path) -> None:
        try:
            result = self._command(
                "webExtension.install", {"extensionData": {"type": "path", "path": str(self.extension_dir)}}
            )
        except BrowserError as error:
            message = f"Firefox did not install the extension in {self.extension_dir}: {error}"
            raise ExtensionLoadError(message) from error
        installed_id = str(result.get("extension", ""))
        if self._gecko_id and installed_id != self._gecko_id:
            raise ExtensionLoadError(
                f"Firefox installed the extension as {installed_id!r}, expected {self._gecko_id!r}: "
                "pass firefox_extension_id or set browser_specific_settings.gecko.id"
            )
        self.extension_id = installed_id
        state = self._chrome_evaluate(
            _SETUP_SCRIPT,
            {
                "id": installed_id,
                "waitForBackground": isinstance(self.manifest.get("background"), dict),
                "backgroundTimeoutMs": BACKGROUND_TIMEOUT_MS,
                "probeHost": PROBE_HOST,
                "probeUri": probe_dir.as_uri() + "/",
                "probeName": PROBE_NAME,
            },
        )
        if "error" in state:
            raise ExtensionLoadError(f"Firefox installed {installed_id} but: {state['error']}")
        if self._uuid and state["uuid"] != self._uuid:
            raise ExtensionLoadError(
                f"the extension's internal UUID is {state['uuid']}, not {self._uuid} as set in user.js"
            )
        self._uuid = str(state["uuid"])
        self.extension_base_url = f"moz-extension://{self._uuid}/"

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        process = self._process
        try:
            if self._bidi is not None:
                with contextlib.suppress(BrowserError):
                    # The graceful way: lets Firefox close its profile and its content processes itself.
                    self._bidi.command("browser.close", {}, timeout=10)
                self._bidi.close()
        finally:
            self._bidi = None
            stopped = True
            if process is not None:
                if pid_alive(process.pid):
                    self._helpers.update(self._find_helpers())
                self._helpers.update(processes_of_run(self.run_dir))
                stopped = stop_processes(process.pid, self._helpers, grace=10.0)
                with contextlib.suppress(subprocess.TimeoutExpired):
                    process.wait(timeout=5)  # reap our child, or it lingers as a zombie
                if self._stderr_pump is not None:
                    self._stderr_pump.join(timeout=5)  # it closes the pipe when Firefox's stderr ends
            release_environment(self.run_dir)
            if not stopped:
                raise BrowserError(f"Firefox (pid {self.pid}) did not stop")

    @property
    def pid(self) -> int:
        if self._process is None:
            raise BrowserError("Firefox is not running")
        return self._process.pid

    def process_ids(self) -> list[int]:
        if self._process is None:
            return []
        pids = [self._process.pid, *descendants(self._process.pid), *self._helpers, *processes_of_run(self.run_dir)]
        return [pid for pid in dict.fromkeys(pids) if pid_alive(pid)]

    # --- BiDi helpers ------------------------------------------------------------------------------------

    def command(self, method: str, params: dict[str, Any], *, timeout: float = COMMAND_TIMEOUT) -> dict[str, Any]:
        """One WebDriver BiDi command, for callers that drive more than this interface (xtk dev's reloads)."""
        return self._command(method, params, timeout=timeout)

    def _command(self, method: str, params: dict[str, Any], *, timeout: float = COMMAND_TIMEOUT) -> dict[str, Any]:
        if self._bidi is None:
            raise BrowserError("Firefox is not running")
        return self._bidi.command(method, params, timeout=timeout)

    def _chrome_evaluate(self, function: str, arg: Any, *, timeout: float = COMMAND_TIMEOUT) -> Any:
        """Call `function` (async, JSON in and out) in the browser window's privileged chrome realm."""
        if self._chrome_context is None:
            tree = self._command("browsingContext.getTree", {"moz:scope": "chrome", "maxDepth": 0})
            windows = [c for c in tree.get("contexts", []) if c.get("url") == "chrome://browser/content/browser.xhtml"]
            if not windows:
                raise BrowserError("Firefox listed no chrome browser window (needs --remote-allow-system-access)")
            self._chrome_context = str(windows[0]["context"])
        expression = f"(async () => JSON.stringify(await ({function})(JSON.parse({json.dumps(json.dumps(arg))}))))()"
        result = self._command(
            "script.evaluate",
            {"expression": expression, "target": {"context": self._chrome_context}, "awaitPromise": True},
            timeout=timeout,
        )
        if result.get("type") != "success":
            raise BrowserError(f"privileged script failed: {result.get('exceptionDetails', {}).get('text')}")
        return json.loads(result["result"]["value"])

    # --- tabs and pages ----------------------------------------------------------------------------------

    def open_tab(self, url: str, *, new_window: bool = False) -> Tab:
        if new_window:
            context = str(self._command("browsingContext.create", {"type": "window"})["context"])
        else:
            context = self._blank_context or str(self._command("browsingContext.create", {"type": "tab"})["context"])
            self._blank_context = None
        try:
            self._command("browsingContext.navigate", {"context": context, "url": url, "wait": "complete"})
        except BrowserError as error:
            raise BrowserError(f"cannot open {url}: {error}") from error
        return Tab(browser=self.name, url=url, handle=context)

    def close_tab(self, tab: Tab) -> None:
        self._command("browsingContext.close", {"context": tab.handle})

    def evaluate(
        self,
        tab: Tab,
        expression: str,
        *,
        arg: Any = ...,
        await_promise: bool = True,
        timeout: float = 10,
    ) -> Any:
        script = evaluation_script(expression, await_promise=await_promise, timeout=timeout, arg=arg)
        result = self._command(
            "script.evaluate",
            {"expression": script, "target": {"context": tab.handle}, "awaitPromise": True},
            timeout=timeout + 10,  # the page's own timer fires first; this only covers a stuck page
        )
        if result.get("type") == "exception":
            # Only a SyntaxError in the expression gets past the wrapper's try/catch.
            text = str(result.get("exceptionDetails", {}).get("text", "Error"))
            name, _, message = text.partition(": ")
            raise JavaScriptError(name, message or text)
        return parse_evaluation_result(result.get("result", {}).get("value"))

    def click_menu_item(self, tab_id: int, menu_item_id: str, *, selection_text: str | None = None) -> None:
        result = self._chrome_evaluate(
            _MENU_CLICK_SCRIPT,
            {"id": self.extension_id, "tabId": tab_id, "menuItemId": menu_item_id, "selectionText": selection_text},
        )
        if "error" in result:
            raise BrowserError(f"cannot click menu item {menu_item_id!r}: {result['error']}")

    def evaluate_in_action_popup(self, expression: str, *, timeout: float = 10) -> Any:
        # From an extension page in a window of its own (which leaves the popup open, unlike in Chromium), the
        # popup's window is one of extension.getViews({type: "popup"}); it runs the wrapped expression itself.
        popup_path = _action_popup_path(self.manifest)
        if popup_path is None:
            return None
        probe = self.open_tab(self.extension_url(popup_path) + "?xtk-probe", new_window=True)
        try:
            script = evaluation_script(expression, await_promise=True, timeout=timeout)
            found = self.evaluate(
                probe,
                """(async (script) => {
                    const api = globalThis.browser ?? globalThis.chrome;
                    const views = api.extension.getViews({ type: "popup" });
                    return views.length === 0 ? { open: false } : { open: true, text: await views[0].eval(script) };
                })""",
                arg=script,
                timeout=timeout + 5,
            )
        finally:
            self.close_tab(probe)
        return parse_evaluation_result(found["text"]) if found["open"] else None

    def screenshot(self, tab: Tab, path: str | Path, *, selector: str | None = None) -> None:
        params: dict[str, Any] = {"context": tab.handle}
        if selector is not None:
            found = self._command(
                "script.evaluate",
                {
                    "expression": f"document.querySelector({json.dumps(selector)})",
                    "target": {"context": tab.handle},
                    "awaitPromise": False,
                    "resultOwnership": "root",
                },
            )
            shared_id = found.get("result", {}).get("sharedId")
            if not shared_id:
                raise BrowserError(f"no element matches {selector!r}")
            params["clip"] = {"type": "element", "element": {"sharedId": shared_id}}
        result = self._command("browsingContext.captureScreenshot", params)
        Path(path).write_bytes(base64.b64decode(result["data"]))

    def set_color_scheme(self, scheme: str) -> None:
        if scheme not in ("light", "dark"):
            raise ValueError(f"color scheme must be 'light' or 'dark', not {scheme!r}")
        # What the system reports (ui.systemUsesDarkTheme), and Firefox's own override of it for web content
        # (layout.css.prefers-color-scheme.content-override: 0 dark, 1 light).
        self._chrome_evaluate(
            """async ({ dark }) => {
                Services.prefs.setIntPref('ui.systemUsesDarkTheme', dark ? 1 : 0);
                Services.prefs.setIntPref('layout.css.prefers-color-scheme.content-override', dark ? 0 : 1);
                return {};
            }""",
            {"dark": scheme == "dark"},
        )
        # Prefs reach content processes over IPC, after this call returns: wait until every open page sees the
        # new scheme, so the caller's next look at a page is not a race (it was, under load).
        self._wait_for_color_scheme(scheme)

    def grant_data_collection(self, categories: list[str]) -> None:
        """Grant the extension optional data-collection permissions (`websiteContent`…), as a user accepting
        Firefox's prompt for `permissions.request({data_collection})` does: the prompt has no one to answer it in a
        headless test. The running extension sees the grant at once (`permissions.contains` is true)."""
        self._chrome_evaluate(
            """async ({ id, categories }) => {
                const { ExtensionPermissions } = ChromeUtils.importESModule(
                    'resource://gre/modules/ExtensionPermissions.sys.mjs');
                const policy = WebExtensionPolicy.getByID(id);
                if (!policy) throw new Error(`no extension ${id}`);
                await ExtensionPermissions.add(
                    id, { permissions: [], origins: [], data_collection: categories }, policy.extension);
                return {};
            }""",
            {"id": self._gecko_id, "categories": categories},
        )

    def _wait_for_color_scheme(self, scheme: str, *, timeout: float = 10) -> None:
        query = json.dumps(f"(prefers-color-scheme: {scheme})")
        deadline = time.monotonic() + timeout
        contexts = [
            str(c["context"]) for c in self._command("browsingContext.getTree", {"maxDepth": 0}).get("contexts", [])
        ]
        while contexts:
            lagging = []
            for context in contexts:
                try:
                    result = self._command(
                        "script.evaluate",
                        {
                            "expression": f"matchMedia({query}).matches",
                            "target": {"context": context},
                            "awaitPromise": False,
                        },
                    )
                except BrowserError:
                    continue  # closed meanwhile: nothing left to wait for
                if result.get("type") == "success" and result.get("result", {}).get("value") is False:
                    lagging.append(context)
            contexts = lagging
            if contexts and time.monotonic() > deadline:
                raise BrowserError(
                    f"Firefox pages still do not report prefers-color-scheme: {scheme} after {timeout:g} s"
                )
            if contexts:
                time.sleep(0.05)

    # --- errors ------------------------------------------------------------------------------------------

    def extension_errors(self) -> list[str]:
        answers = self._chrome_evaluate(
            _COLLECT_SCRIPT,
            {
                "base": self.extension_base_url,
                "addonId": self.extension_id,
                "probeName": PROBE_NAME,
                "timeoutMs": PROBE_TIMEOUT_MS,
            },
        )
        errors: list[dict[str, Any]] = []
        for answer in answers:
            if "probeError" in answer:
                # Missing the extension's own process (or the parent) would hide its errors: say so.
                if answer.get("remoteType") in (None, "extension"):
                    raise BrowserError(
                        f"cannot read errors from Firefox's {answer.get('remoteType') or 'parent'} "
                        f"process: {answer['probeError']}"
                    )
                continue
            errors.extend(answer["errors"])
        errors.sort(key=lambda error: error.get("time") or 0)
        return [format_error(e["message"], e.get("source"), e.get("line")) for e in errors]


def _action_popup_path(manifest: dict[str, Any]) -> str | None:
    action = manifest.get("browser_action") or manifest.get("action") or {}
    popup = action.get("default_popup") if isinstance(action, dict) else None
    return popup.lstrip("/") if isinstance(popup, str) and popup else None


# Privileged (chrome realm) scripts: each is an async function of one JSON argument, returning JSON.

_SETUP_SCRIPT = """async ({ id, waitForBackground, backgroundTimeoutMs, probeHost, probeUri, probeName }) => {
  const { setTimeout } = ChromeUtils.importESModule("resource://gre/modules/Timer.sys.mjs");
  const policy = WebExtensionPolicy.getByID(id);
  if (!policy) return { error: "no WebExtensionPolicy: the extension did not start" };
  // Wait for the background page, so errors it throws while it first runs are recorded before we return.
  let backgroundStarted = null;
  if (waitForBackground && policy.extension) {
    backgroundStarted = await Promise.race([
      policy.extension.promiseBackgroundStarted().then(() => true, () => true),
      new Promise((resolve) => setTimeout(() => resolve(false), backgroundTimeoutMs)),
    ]);
  }
  const resources = Services.io.getProtocolHandler("resource").QueryInterface(Ci.nsIResProtocolHandler);
  if (!resources.hasSubstitution(probeHost)) resources.setSubstitution(probeHost, Services.io.newURI(probeUri));
  try {
    ChromeUtils.registerProcessActor(probeName, {
      parent: { esModuleURI: `resource://${probeHost}/${probeName}Parent.sys.mjs` },
      child: { esModuleURI: `resource://${probeHost}/${probeName}Child.sys.mjs` },
      includeParent: true,
    });
  } catch (error) {
    if (!/already/i.test(String(error))) throw error;
  }
  return { uuid: policy.mozExtensionHostname, backgroundStarted };
}"""

# What ext-menus.js does when the user picks an extension's item: grant activeTab on the tab, then emit
# "webext-menu-menuitem-click" with the click info and the native tab, which the menus API turns into onClicked.
_MENU_CLICK_SCRIPT = """async ({ id, tabId, menuItemId, selectionText }) => {
  const extension = WebExtensionPolicy.getByID(id)?.extension;
  if (!extension) return { error: `no running extension ${id}` };
  let nativeTab;
  try {
    nativeTab = extension.tabManager.get(tabId).nativeTab;
  } catch (error) {
    return { error: `no tab ${tabId}: ${error}` };
  }
  extension.tabManager.addActiveTabPermission(nativeTab);
  const info = { menuItemId, editable: false, frameId: 0, pageUrl: nativeTab.linkedBrowser.currentURI.spec,
                 modifiers: [], button: 0 };
  if (selectionText !== null) info.selectionText = selectionText;
  extension.emit("webext-menu-menuitem-click", info, nativeTab);
  return {};
}"""

_COLLECT_SCRIPT = """async ({ base, addonId, probeName, timeoutMs }) => {
  const { setTimeout } = ChromeUtils.importESModule("resource://gre/modules/Timer.sys.mjs");
  const ask = async (process) => {
    const remoteType = process.remoteType ?? null;
    try {
      const errors = await Promise.race([
        process.getActor(probeName).sendQuery("errors", { base, addonId }),
        new Promise((_, reject) => setTimeout(() => reject(new Error("no answer")), timeoutMs)),
      ]);
      return { remoteType, errors };
    } catch (error) {
      return { remoteType, probeError: String(error) };
    }
  };
  return Promise.all(ChromeUtils.getAllDOMProcesses().map(ask));
}"""
