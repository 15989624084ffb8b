"""Driving examples/chat-widget as a user does, for its end-to-end tests: the popup's settings, the chat bubble
in a page's shadow root, the docked chat in the side panel (opened as an extension page pinned to a tab with
`?tabId=N`, as examples/magellan's sidebar is). Everything else is the product's own code path."""

from __future__ import annotations

from functools import partial
from typing import Any

from tests.browser import polling
from tests.conftest import REPO
from tests.examples import support
from toolchain.browsers import ExtensionBrowser, Tab

EXAMPLE = REPO / "examples" / "chat-widget"

copy_example = partial(support.copy_example, "chat-widget")
build_example = partial(support.build_example, "chat-widget")
wait_until = polling.wait_until


API = "(globalThis.browser ?? globalThis.chrome)"


class Popup:
    """The popup, opened as an extension page."""

    def __init__(self, browser: ExtensionBrowser) -> None:
        self.browser = browser
        self.tab = browser.open_extension_page("popup/index.html", new_window=True)
        wait_until(browser, self.tab, "document.body.dataset.ready === 'true'")
        self.connection()  # the check the popup starts when it opens

    def save(self, api_url: str, enabled: bool = True) -> dict[str, str]:
        """Fill in the form, save, and wait for the connection check the save starts."""
        self.browser.evaluate(
            self.tab,
            """(([url, enabled]) => {
            document.getElementById('connection').dataset.state = 'unknown';
            document.getElementById('api-url').value = url;
            document.getElementById('enabled').checked = enabled;
            document.getElementById('save').click();
        })""",
            arg=[api_url, enabled],
        )
        return self.connection(wait=not self.problem())

    def problem(self) -> str:
        return str(self.browser.evaluate(self.tab, "document.getElementById('problem').textContent"))

    def connection(self, *, wait: bool = True) -> dict[str, str]:
        if wait:
            wait_until(
                self.browser,
                self.tab,
                "!['unknown', 'checking'].includes(document.getElementById('connection').dataset.state)",
            )
        result: dict[str, str] = self.browser.evaluate(
            self.tab,
            """(() => {
            const p = document.getElementById('connection');
            return { state: p.dataset.state, text: p.textContent };
        })()""",
        )
        return result

    def message(self, message: Any) -> Any:
        """A raw runtime message from an extension page's context, as any other page of it could send."""
        return self.browser.evaluate(self.tab, f"((m) => {API}.runtime.sendMessage(m))", arg=message)

    def stored(self) -> dict[str, Any]:
        result: dict[str, Any] = self.browser.evaluate(self.tab, f"{API}.storage.local.get(null)")
        return result

    def close(self) -> None:
        self.browser.close_tab(self.tab)


ROOT = "document.getElementById('top-ai-ideas-ext')?.shadowRoot?.querySelector('.cw-root')"
DOCKED_ROOT = "document.querySelector('.cw-root')"

WIDGET_STATE = """((root) => root && ({
  open: root.dataset.open === 'true',
  busy: root.dataset.busy === 'true',
  messages: [...root.querySelectorAll('.cw-message')].map((m) => ({ role: m.dataset.role, text: m.textContent })),
  tools: [...root.querySelectorAll('.cw-tool')].map((t) => ({ name: t.dataset.name, status: t.dataset.status,
                                                             error: t.title })),
  placeholder: root.querySelector('.cw-input')?.placeholder ?? null,
}))"""


class Widget:
    """The chat widget in one tab: floating in a page, or docked in the side panel."""

    def __init__(self, browser: ExtensionBrowser, tab: Tab, root: str) -> None:
        self.browser = browser
        self.tab = tab
        self.root = root

    @classmethod
    def in_page(cls, browser: ExtensionBrowser, url: str) -> Widget:
        widget = cls(browser, browser.open_tab(url, new_window=True), ROOT)
        wait_until(browser, widget.tab, f"!!{ROOT}?.querySelector('.cw-bubble')")
        return widget

    @classmethod
    def docked(cls, browser: ExtensionBrowser, tab_id: int) -> Widget:
        tab = browser.open_extension_page(f"sidepanel/index.html?tabId={tab_id}", new_window=True)
        wait_until(browser, tab, "document.body.dataset.ready === 'true'")
        return cls(browser, tab, DOCKED_ROOT)

    def eval(self, expression: str, **kwargs: Any) -> Any:
        return self.browser.evaluate(self.tab, expression, **kwargs)

    def state(self) -> dict[str, Any]:
        result: dict[str, Any] = self.eval(f"{WIDGET_STATE}({self.root})")
        return result

    def open(self) -> None:
        if not self.state()["open"]:
            self.eval(f"{self.root}.querySelector('.cw-bubble').click()")
            wait_until(self.browser, self.tab, f"!!{self.root}.querySelector('.cw-input')")

    def send(self, text: str, timeout: float = 30) -> dict[str, Any]:
        """Type a message, send it, and wait for the assistant's answer (or an error) to be shown."""
        before = self.submit(text)
        return self.answered(before, timeout)

    def submit(self, text: str) -> int:
        """Type a message and send it; how many messages were shown before."""
        self.open()
        before = len(self.state()["messages"])
        self.eval(
            f"""((text) => {{
            const root = {self.root};
            const input = root.querySelector('.cw-input');
            input.value = text;
            input.dispatchEvent(new Event('input', {{ bubbles: true }}));
            root.querySelector('.cw-form').requestSubmit();
        }})""",
            arg=text,
        )
        return before

    def answered(self, before: int, timeout: float = 30) -> dict[str, Any]:
        """Wait until the chat is idle again with an answer (or an error) after the `before` messages."""
        wait_until(
            self.browser,
            self.tab,
            f"""(() => {{
            const root = {self.root};
            const roles = [...root.querySelectorAll('.cw-message')].map((m) => m.dataset.role);
            return root.dataset.busy === 'false' && roles.length >= {before + 2}
                && roles[roles.length - 1] !== 'user';
        }})()""",
            timeout=timeout,
        )
        return self.state()

    def close(self) -> None:
        self.browser.close_tab(self.tab)


def tab_id_of(browser: ExtensionBrowser, url: str) -> int:
    """The id of the tab showing `url`, asked from a throw-away extension page (the tabs permission shows URLs)."""
    probe = browser.open_extension_page("popup/index.html", new_window=True)
    try:
        ids = browser.evaluate(
            probe,
            f"""((url) => {API}.tabs.query({{}})
            .then((tabs) => tabs.filter((t) => t.url === url).map((t) => t.id)))""",
            arg=url,
        )
    finally:
        browser.close_tab(probe)
    assert ids, f"no tab shows {url}"
    return int(max(ids))
