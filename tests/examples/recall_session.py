"""Driving examples/recall as a user does, for its tests: pages read in their own windows (the content script
counts their visible time), the popup and the search page opened as extension pages, their buttons clicked.

A copy of the example is built outside the repository (its [golden] corpus made absolute, node_modules linked).
"""

from __future__ import annotations

import time
from functools import partial
from typing import Any

from tests.browser import polling
from tests.conftest import CORPUS, REPO
from tests.examples import support
from toolchain.browsers import ExtensionBrowser

EXAMPLE = REPO / "examples" / "recall"

copy_example = partial(support.copy_example, "recall", corpus=True)
build_example = partial(support.build_example, "recall", corpus=True)
wait_until = partial(polling.wait_until, timeout=20.0)  # pages are read for MIN_DWELL first
REFERENCE = EXAMPLE / "reference"
PAGES = CORPUS / "pages"

#: The seed's MIN_DWELL_TIME (src/shared/config.ts), in seconds.
MIN_DWELL = 5.0


SEND = "((m) => (globalThis.browser ?? globalThis.chrome).runtime.sendMessage(m))"

SEARCH_STATE = """(() => ({
  notice: document.getElementById('notice').textContent,
  mode: document.body.dataset.mode ?? null,
  results: [...document.querySelectorAll('#results .result')].map((r) => ({ url: r.dataset.url,
    title: r.querySelector('a').textContent, meta: r.querySelector('.meta').textContent })),
  answerShown: !document.getElementById('answer').hidden,
  intent: document.getElementById('intent').dataset.intent ?? null,
  intentText: document.getElementById('intent').textContent,
  answer: document.getElementById('answer-text').textContent,
  sources: [...document.querySelectorAll('#sources .source')].map((s) => s.dataset.url),
  pages: [...document.querySelectorAll('#pages li')].map((p) => p.dataset.url),
}))()"""


class RecallUi:
    """An extension page of Recall (the search page or the popup), opened in a tab."""

    def __init__(self, browser: ExtensionBrowser, path: str) -> None:
        self.browser = browser
        self.tab = browser.open_extension_page(path, new_window=True)
        wait_until(
            browser, self.tab, "document.body.dataset.ready === 'true' && document.body.dataset.busy === 'false'"
        )

    def close(self) -> None:
        self.browser.close_tab(self.tab)

    def eval(self, expression: str, **kwargs: Any) -> Any:
        return self.browser.evaluate(self.tab, expression, **kwargs)

    def send(self, message: dict[str, Any]) -> Any:
        """A raw runtime message from this page, as any extension page could send it."""
        return self.eval(SEND, arg=message)

    def act(self, script: str, arg: Any = None) -> None:
        """A user action; returns once the page has its answer."""
        self.eval("document.body.dataset.busy = 'pending'")
        self.eval(script, arg=arg)
        wait_until(self.browser, self.tab, "document.body.dataset.busy === 'false'", timeout=30)

    def search(self, query: str, mode: str = "hybrid") -> dict[str, Any]:
        self.act(
            """(([query, mode]) => {
            document.getElementById('query').value = query;
            document.getElementById('mode').value = mode;
            document.getElementById('search').click();
        })""",
            [query, mode],
        )
        return self.state()

    def ask(self, question: str) -> dict[str, Any]:
        self.act(
            """((question) => {
            document.getElementById('query').value = question;
            document.getElementById('ask').click();
        })""",
            question,
        )
        return self.state()

    def click(self, selector: str) -> None:
        self.act("((selector) => document.querySelector(selector).click())", selector)

    def state(self) -> dict[str, Any]:
        result: dict[str, Any] = self.eval(SEARCH_STATE)
        return result

    def indexed_urls(self) -> list[str]:
        answer = self.send({"type": "GET_ALL_PAGES"})
        assert answer["type"] == "ALL_PAGES", answer
        return sorted(page["url"] for page in answer["pages"])

    def wait_for_indexed(self, urls: list[str], timeout: float = 30.0) -> list[dict[str, Any]]:
        """Wait until every url is indexed; the pages as GET_ALL_PAGES lists them."""
        deadline = time.monotonic() + timeout
        while True:
            answer = self.send({"type": "GET_ALL_PAGES"})
            pages = {page["url"]: page for page in answer["pages"]}
            if all(url in pages for url in urls):
                return [pages[url] for url in urls]
            if time.monotonic() > deadline:
                raise AssertionError(
                    f"not indexed after {timeout} s: {sorted(set(urls) - set(pages))}; "
                    f"queue: {self.send({'type': 'GET_QUEUE_STATUS'})}"
                )
            time.sleep(0.25)
