"""Driving examples/magellan as a user does, for its end-to-end tests: a page tab and the sidebar beside it.

The sidebar is opened as an extension page in a window of its own, pointed at the page's tab with `?tabId=N` (a
sidebar opened as a tab would otherwise follow its own tab), so the page stays visible as it does beside a real
side panel. Everything else is the product's own code path: the sidebar's form and buttons, the background and its
per-tab state, the content script.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from tests.browser import polling
from tests.conftest import REPO
from tests.examples import support
from toolchain.browsers import ExtensionBrowser, Tab

EXAMPLE = REPO / "examples" / "magellan"

copy_example = partial(support.copy_example, "magellan")
build_example = partial(support.build_example, "magellan")
wait_until = polling.wait_until


SIDEBAR_STATE = """(() => ({
  title: document.getElementById('page-title').textContent,
  status: document.getElementById('status').dataset.status ?? null,
  statusText: document.getElementById('status').textContent,
  elements: Number(document.body.dataset.elements ?? '0'),
  highlighted: (document.body.dataset.highlighted ?? '').split(' ').filter(Boolean),
  messages: [...document.querySelectorAll('#chat .message')].map((m) => ({
    role: m.dataset.role,
    text: m.querySelector('.message-text').textContent,
    answeredBy: m.querySelector('.answered-by')?.dataset.kind ?? null,
    answeredByText: m.querySelector('.answered-by')?.textContent ?? null,
    citations: [...m.querySelectorAll('.citation')].map((c) => ({ id: c.dataset.id, text: c.title,
      active: c.dataset.active === 'true', disabled: c.disabled })),
  })),
  position: document.getElementById('citation-nav').hidden ? null : document.getElementById('position').textContent,
  backend: document.getElementById('backend').textContent,
}))()"""

PAGE_HIGHLIGHTS = """(() => {
  const squeeze = (el) => el.innerText.replace(/\\s+/g, '').toLowerCase();
  const cited = [...document.querySelectorAll('.mgl-cited-element-highlight')];
  const active = [...document.querySelectorAll('.mgl-active-element-highlight')];
  const box = active[0]?.getBoundingClientRect();
  return {
    cited: cited.map(squeeze),
    active: active.map(squeeze),
    activeInView: box ? box.bottom > 0 && box.top < innerHeight : null,
    scrollY,
  };
})()"""


def squeeze(text: str) -> str:
    return "".join(text.split()).lower()


class Magellan:
    """One page and the sidebar about it."""

    def __init__(self, browser: ExtensionBrowser, page: Tab, tab_id: int) -> None:
        self.browser = browser
        self.page = page
        self.tab_id = tab_id
        self.sidebar = browser.open_extension_page(f"sidebar/index.html?tabId={tab_id}", new_window=True)
        wait_until(browser, self.sidebar, "document.body.dataset.ready === 'true'")

    @classmethod
    def open(cls, browser: ExtensionBrowser, url: str) -> Magellan:
        page = browser.open_tab(url, new_window=True)
        return cls(browser, page, tab_id_of(browser, url))

    def close(self) -> None:
        self.browser.close_tab(self.sidebar)
        self.browser.close_tab(self.page)

    def sidebar_eval(self, expression: str, **kwargs: Any) -> Any:
        return self.browser.evaluate(self.sidebar, expression, **kwargs)

    def page_eval(self, expression: str, **kwargs: Any) -> Any:
        return self.browser.evaluate(self.page, expression, **kwargs)

    def state(self) -> dict[str, Any]:
        result: dict[str, Any] = self.sidebar_eval(SIDEBAR_STATE)
        return result

    def highlights(self) -> dict[str, Any]:
        result: dict[str, Any] = self.page_eval(PAGE_HIGHLIGHTS)
        return result

    def _act(self, script: str, arg: Any = None) -> dict[str, Any]:
        """Run a user action in the sidebar and wait until the background has answered it."""
        self.sidebar_eval("document.body.dataset.busy = 'pending'")
        self.sidebar_eval(script, arg=arg)
        wait_until(self.browser, self.sidebar, "document.body.dataset.busy === 'false'", timeout=30)
        return self.state()

    def ask(self, query: str) -> dict[str, Any]:
        return self._act(
            """((query) => {
            document.getElementById('query').value = query;
            document.getElementById('ask').click();
        })""",
            query,
        )

    def click(self, selector: str) -> dict[str, Any]:
        return self._act("((selector) => document.querySelector(selector).click())", selector)

    def message(self, message: dict[str, Any]) -> Any:
        """A raw runtime message from the sidebar's context, as another extension page could send it."""
        return self.sidebar_eval(
            "((m) => (globalThis.browser ?? globalThis.chrome).runtime.sendMessage(m))", arg=message
        )

    def session_storage(self) -> dict[str, Any]:
        result: dict[str, Any] = self.sidebar_eval(
            "(globalThis.browser ?? globalThis.chrome).storage.session.get(null)"
        )
        return result


def tab_id_of(browser: ExtensionBrowser, url: str) -> int:
    """The id of the tab showing `url`, asked from a throw-away extension page (Magellan has the tabs permission,
    so tab URLs are visible to it)."""
    probe = browser.open_extension_page("sidebar/index.html?tabId=0", new_window=True)
    try:
        ids = browser.evaluate(
            probe,
            """((url) => (globalThis.browser ?? globalThis.chrome).tabs.query({})
            .then((tabs) => tabs.filter((t) => t.url === url).map((t) => t.id)))""",
            arg=url,
        )
    finally:
        browser.close_tab(probe)
    assert ids, f"no tab shows {url}"
    return int(max(ids))
