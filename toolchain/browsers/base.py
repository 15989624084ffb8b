"""The one interface every browser driver implements, so a test can be parametrized over browsers.

    with launch("firefox", build_dir, workdir=tmp_path) as browser:  # toolchain.browsers.launcher
        page = browser.open_extension_page("popup/index.html")
        assert browser.evaluate(page, "document.title") == "Popup"
        assert browser.extension_errors() == []

JavaScript is evaluated through one wrapper shared by all drivers (`evaluation_script`): the value is
JSON.stringify'd in the page and parsed here, and a thrown exception comes back as data, so both browsers
return the same Python values and raise the same `JavaScriptError`.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import Any, Final, Literal

BrowserName = Literal["chromium", "firefox"]
BROWSERS: Final[tuple[BrowserName, ...]] = ("chromium", "firefox")


class BrowserError(Exception):
    """Something went wrong driving a browser (launch, protocol, a closed tab...)."""


class BrowserNotInstalledError(BrowserError):
    """The browser binary is missing; the message names the Debian package to install."""


class ExtensionLoadError(BrowserError):
    """The browser started but did not load the extension."""


class JavaScriptError(BrowserError):
    """JavaScript evaluated by `ExtensionBrowser.evaluate` threw (or rejected, or timed out)."""

    def __init__(self, name: str, message: str, stack: str = "") -> None:
        super().__init__(f"{name}: {message}" if name else message)
        self.name = name
        self.message = message
        self.stack = stack


@dataclass(eq=False)
class Tab:
    """A top-level tab. `handle` is the driver's own: a Playwright Page, or a WebDriver BiDi context id."""

    browser: str
    url: str
    handle: Any = field(repr=False)


class ExtensionBrowser(ABC):
    """A running headless browser with one unpacked extension loaded. A context manager: leaving it stops
    the browser (by its own process id), also when the block raised."""

    name: str
    #: "chrome-extension://<id>/" or "moz-extension://<uuid>/", always with the trailing slash.
    extension_base_url: str
    #: The extension's id: Chromium's 32-letter id, or Firefox's gecko id.
    extension_id: str
    #: Where this run's profile, HOME, TMPDIR and browser logs live.
    run_dir: Path

    def __enter__(self) -> ExtensionBrowser:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    @property
    @abstractmethod
    def pid(self) -> int:
        """The browser's main process id."""

    @abstractmethod
    def process_ids(self) -> list[int]:
        """The browser's live processes right now: main process, its descendants, and known helpers."""

    def extension_url(self, path: str) -> str:
        return self.extension_base_url + path.lstrip("/")

    @abstractmethod
    def open_tab(self, url: str, *, new_window: bool = False) -> Tab:
        """A tab navigated to `url`, returned once the page's load is complete.

        With `new_window` it opens in a window of its own, so the tabs already open stay visible
        (`document.visibilityState`): Firefox hides a window's other tabs, as a real popup would not."""

    def open_extension_page(self, path: str, *, new_window: bool = False) -> Tab:
        """A tab showing one of the extension's pages, e.g. "popup/index.html?tabId=3"."""
        return self.open_tab(self.extension_url(path), new_window=new_window)

    @abstractmethod
    def evaluate(
        self,
        tab: Tab,
        expression: str,
        *,
        arg: Any = ...,
        await_promise: bool = True,
        timeout: float = 10,
    ) -> Any:
        """The JSON value of a JavaScript expression evaluated in the tab's page.

        With `await_promise` a promise is awaited (and rejecting raises); without, a promise yields None.
        With `arg`, the expression must be a function and is called with `arg`, which travels as one JSON
        string parsed in the page: much cheaper than a structured argument for large data.
        A thrown exception, a rejection, or exceeding `timeout` seconds raises `JavaScriptError`.
        Values go through JSON.stringify: undefined becomes None, functions are dropped.
        """

    @abstractmethod
    def close_tab(self, tab: Tab) -> None: ...

    @abstractmethod
    def extension_errors(self) -> list[str]:
        """Errors from the extension since launch: uncaught exceptions, unhandled rejections and
        console.error calls in its background (service worker or page), its pages and content scripts,
        including those raised while the background first ran. One line each: "message (source:line)".

        Errors count by the script they come from. Chromium ignores those of code evaluated by the test
        (it is not the extension's); Firefox counts whatever runs in the extension's pages. So make an
        extension fail through its own code, as the fixtures do, not through `evaluate`."""

    @abstractmethod
    def close(self) -> None:
        """Stop the browser and every process it started. Safe to call twice."""

    def grant_data_collection(self, categories: list[str]) -> None:
        """Grant optional data-collection permissions (Firefox's `data_collection`), as a user accepting the prompt
        does. Only Firefox has them."""
        raise BrowserError(f"{self.name} has no data-collection permissions (Firefox only)")


class UserActions(ABC):
    """What a test does as a user would, beyond loading pages and running code: pick a context-menu item, look into
    the toolbar popup, take a screenshot, switch the color scheme. Optional for a driver: xtk itself (dev, run,
    conform) needs only `ExtensionBrowser`; end-to-end tests of an extension's UI need this too. Both drivers here
    have it."""

    @abstractmethod
    def click_menu_item(self, tab_id: int, menu_item_id: str, *, selection_text: str | None = None) -> None:
        """Deliver a click on one of the extension's context-menu items, as the browser does when the user picks
        it on page tab `tab_id` (the extension's own tab id), with `selection_text` selected.

        Headless browsers draw no context menu to right-click, so this fires the browser's own event at the
        point a real click would: Chromium dispatches `contextMenus.onClicked` in the service worker, Firefox
        emits the menu click its menu code emits (granting activeTab, as a real click does). The extension's
        listeners run unchanged; the menu item must exist (a click on an unknown id raises)."""

    @abstractmethod
    def evaluate_in_action_popup(self, expression: str, *, timeout: float = 10) -> Any:
        """Evaluate `expression` (as `evaluate` does, promises awaited) in the extension's toolbar popup — the
        real one the browser opened, e.g. after `action.openPopup()` — or return None when none is open.
        Looking never closes it (opening a tab would, in Chromium)."""

    @abstractmethod
    def screenshot(self, tab: Tab, path: str | Path, *, selector: str | None = None) -> None:
        """Save a PNG of the tab's viewport, or of the first element matching the CSS `selector`."""

    @abstractmethod
    def set_color_scheme(self, scheme: str) -> None:
        """Make `prefers-color-scheme` match "light" or "dark" in every tab, as the system setting would."""


# --- helpers shared by the drivers ---------------------------------------------------------------------------


def read_manifest(extension_dir: Path) -> dict[str, Any]:
    try:
        manifest = json.loads((extension_dir / "manifest.json").read_text(encoding="utf-8-sig"))
    except (OSError, ValueError) as error:
        raise ExtensionLoadError(f"cannot read {extension_dir / 'manifest.json'}: {error}") from error
    if not isinstance(manifest, dict):
        raise ExtensionLoadError(f"{extension_dir / 'manifest.json'} is not a JSON object")
    return manifest


_NO_ARG: Any = ...

# Names the wrapper declares are prefixed so they cannot shadow a page global the expression uses.
_ERROR_TO_JSON = """{
    ok: false,
    name: String(__xtk_error?.name ?? typeof __xtk_error),
    message: String(__xtk_error?.message ?? __xtk_error),
    stack: String(__xtk_error?.stack ?? ""),
  }"""


def evaluation_script(expression: str, *, await_promise: bool, timeout: float, arg: Any = _NO_ARG) -> str:
    """Wrap `expression` so that it evaluates to a JSON string `{ok, value}` or `{ok: false, name, message}`.

    The expression is put on its own lines inside parentheses, so a trailing `// comment` is harmless.
    """
    body = expression.strip().rstrip(";").rstrip()
    if arg is not _NO_ARG:
        # json.dumps twice: a JSON text inside a JavaScript string literal (JSON strings are valid JS ones).
        body = f"(\n{body}\n)(JSON.parse({json.dumps(json.dumps(arg))}))"
    if not await_promise:
        return f"""(() => {{
  try {{
    const __xtk_value = (
{body}
    );
    const __xtk_thenable = __xtk_value !== null
      && (typeof __xtk_value === "object" || typeof __xtk_value === "function")
      && typeof __xtk_value.then === "function";
    return JSON.stringify({{ ok: true, value: __xtk_thenable || __xtk_value === undefined ? null : __xtk_value }});
  }} catch (__xtk_error) {{
    return JSON.stringify({_ERROR_TO_JSON});
  }}
}})()"""
    timeout_ms = max(1, int(timeout * 1000))
    return f"""(async () => {{
  let __xtk_timer;
  try {{
    const __xtk_value = await Promise.race([
      (async () => (
{body}
      ))(),
      new Promise((_, reject) => {{
        __xtk_timer = setTimeout(() => reject(new Error("evaluate timed out after {timeout:g} s")), {timeout_ms});
      }}),
    ]);
    return JSON.stringify({{ ok: true, value: __xtk_value === undefined ? null : __xtk_value }});
  }} catch (__xtk_error) {{
    return JSON.stringify({_ERROR_TO_JSON});
  }} finally {{
    clearTimeout(__xtk_timer);
  }}
}})()"""


def parse_evaluation_result(text: Any) -> Any:
    """The value from the wrapper's JSON string, or raise the JavaScript exception it carries."""
    if not isinstance(text, str):
        raise BrowserError(f"unexpected evaluation result {text!r}")
    result = json.loads(text)
    if result.get("ok"):
        return result.get("value")
    raise JavaScriptError(result.get("name", "Error"), result.get("message", ""), result.get("stack", ""))


def format_error(message: str, source: str | None, line: int | None) -> str:
    """One `extension_errors()` line: the browser's message, then where it came from."""
    if not source:
        return message
    return f"{message} ({source}:{line})" if line else f"{message} ({source})"
