"""Driving DocMind as a user does, for the end-to-end tests: a page tab, the popup beside it, the local API.

The popup is opened as an extension page in a window of its own, pointed at the page's tab with `?tabId=N` (a
popup opened as a tab would otherwise be its own active tab), so the page stays visible as it does under a real
popup. Everything else is the product's own code path: the popup's form, the background, the content script,
and the DocMind API on 127.0.0.1.
"""

from __future__ import annotations

import re
import threading
import unicodedata
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from docmind_api.contract import Citation, PreparedQuery, QueryResponse
from docmind_api.server import DocMindServer
from docmind_api.settings import Settings

from tests.browser import polling
from toolchain.browsers import ExtensionBrowser, Tab

#: What Firefox logs when a page closes while one of its runtime messages is in flight — a popup closed in the
#: middle of a request, as users do. It is the browser's note about the unloaded page, not an error of DocMind's.
FIREFOX_UNLOADED_NOTE = "Promise rejected after context unloaded"


def extension_errors(browser: ExtensionBrowser) -> list[str]:
    """The extension's errors, without Firefox's note about pages closed mid-request."""
    return [error for error in browser.extension_errors() if FIREFOX_UNLOADED_NOTE not in error]


wait_until = polling.wait_until  # re-exported: the DocMind tests import it from here


def normalized(text: str) -> str:
    """Close enough to the matcher's prose normalization to compare what a mark covers with a quote."""
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c))
    text = text.translate({0x2018: "'", 0x2019: "'", 0x201C: '"', 0x201D: '"', 0xA0: " "})
    text = re.sub(r"[\u2010-\u2015\u2212]", "-", text)
    return re.sub(r"\s+", " ", text).strip().lower()


# --- the API, with a recorder and scripted answers --------------------------------------------------------------


@dataclass
class RecordingApi:
    """The real DocMind API (offline answerer) on 127.0.0.1:<free port>, recording what it was asked.

    `script(question, response)` makes one question get a fixed answer instead: the way to put exactly the
    citations a test needs (perturbed, absent, cross-section) in front of the extension.
    """

    server: DocMindServer
    requests: list[PreparedQuery] = field(default_factory=list)
    scripted: dict[str, Callable[[PreparedQuery], QueryResponse]] = field(default_factory=dict)

    @property
    def base_url(self) -> str:
        host, port = self.server.server_address[:2]
        return f"http://{host}:{port}"

    def script(self, question: str, answer: str, quotes: list[str]) -> None:
        def respond(prepared: PreparedQuery) -> QueryResponse:
            return QueryResponse(
                answer=answer,
                citations=[Citation(id=f"cite-{i}", text=q, relevance="Scripted") for i, q in enumerate(quotes, 1)],
                truncated=prepared.truncated,
                charactersAnalyzed=prepared.characters_analyzed,
                answeredBy="model",  # a scripted answer stands for a model's
            )

        self.scripted[question] = respond


@contextmanager
def running_api() -> Iterator[RecordingApi]:
    server = DocMindServer(("127.0.0.1", 0), Settings(), log=lambda line: None)
    api = RecordingApi(server)
    offline = server.answerer

    def answerer(prepared: PreparedQuery) -> QueryResponse:
        api.requests.append(prepared)
        scripted = api.scripted.get(prepared.question)
        return scripted(prepared) if scripted else offline(prepared)

    server.answerer = answerer
    thread = threading.Thread(target=server.serve_forever, name="docmind-api", daemon=True)
    thread.start()
    try:
        yield api
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


# --- the popup and the page ------------------------------------------------------------------------------------

POPUP_STATE = """(() => {
  const rows = (answer) => [...answer.querySelectorAll('.citation')].map((row) => ({
    id: row.dataset.citationId,
    status: row.dataset.status,
    skipReason: row.dataset.skipReason ?? null,
    confidence: row.dataset.confidence === undefined ? null : Number(row.dataset.confidence),
    quote: row.querySelector('.citation-quote').firstChild.textContent.replace(/^\\u201c|\\u201d$/g, ''),
    state: row.querySelector('.citation-state').textContent,
    clickable: row.querySelector('.badge').dataset.clickable === 'true',
    disabled: row.querySelector('.badge').disabled,
  }));
  const bar = document.getElementById('highlight-status');
  const privacy = document.getElementById('privacy');
  return {
    questions: [...document.querySelectorAll('#thread .question')].map((q) => q.textContent),
    answers: [...document.querySelectorAll('#thread .answer')].map((a) => ({
      text: a.querySelector('.answer-text').textContent, citations: rows(a), answeredBy: a.dataset.answeredBy,
      source: a.querySelector('.answer-source')?.textContent ?? null })),
    errors: [...document.querySelectorAll('#thread .error')].map((e) => e.textContent),
    notices: [...document.querySelectorAll('#thread .notice')].map((e) => e.textContent),
    status: document.getElementById('status').textContent,
    statusReason: document.getElementById('status').dataset.reason ?? null,
    bar: bar.hidden ? null : document.getElementById('highlight-message').textContent,
    barState: bar.dataset.state ?? null,
    retry: !document.getElementById('retry').hidden,
    privacy: privacy.hidden ? null : privacy.textContent,
    label: document.getElementById('question-label').textContent,
    newConversation: !document.getElementById('new-conversation').hidden,
    threadId: document.body.dataset.threadId ?? '',
    question: document.getElementById('question').value,
    lifecycle: document.body.dataset.lifecycle ?? null,
  };
})()"""

MARKS = """(() => {
  const marks = {};
  for (const mark of document.querySelectorAll('mark.docmind-highlight')) {
    (marks[mark.dataset.citationId] ??= []).push(mark.textContent);
  }
  return marks;
})()"""


class DocMind:
    """One page and the popup about it."""

    def __init__(self, browser: ExtensionBrowser, page: Tab, tab_id: int) -> None:
        self.browser = browser
        self.page = page
        self.tab_id = tab_id
        self.popup: Tab | None = None

    @classmethod
    def open(cls, browser: ExtensionBrowser, url: str) -> DocMind:
        page = browser.open_tab(url)
        return cls(browser, page, page_tab_id(browser))

    def open_popup(self) -> Tab:
        self.popup = self.browser.open_extension_page(f"popup/index.html?tabId={self.tab_id}", new_window=True)
        wait_until(self.browser, self.popup, "document.body.dataset.ready === 'true'")
        return self.popup

    def close_popup(self) -> None:
        if self.popup is not None:
            self.browser.close_tab(self.popup)
            self.popup = None

    def close(self) -> None:
        self.close_popup()
        self.browser.close_tab(self.page)

    # the popup

    def popup_eval(self, expression: str, **kwargs: Any) -> Any:
        assert self.popup is not None, "open the popup first"
        return self.browser.evaluate(self.popup, expression, **kwargs)

    def state(self) -> dict[str, Any]:
        result: dict[str, Any] = self.popup_eval(POPUP_STATE)
        return result

    def ask(self, question: str, *, mode: str | None = None) -> dict[str, Any]:
        """Type a question and submit the form; returns the popup's state once the answer is shown and
        (when it has citations) its highlighting is done."""
        before = len(self.state()["answers"]) + len(self.state()["errors"])
        self.popup_eval(
            """(([question, mode]) => {
                if (mode) {
                  const select = document.getElementById('mode');
                  select.value = mode;
                  select.dispatchEvent(new Event('change'));
                }
                document.getElementById('question').value = question;
                document.getElementById('submit').click();
            })""",
            arg=[question, mode],
        )
        wait_until(
            self.browser,
            self.popup,  # type: ignore[arg-type]
            f"""document.body.dataset.busy === 'false' &&
                document.querySelectorAll('#thread .answer, #thread .error').length > {before} &&
                ![...document.querySelectorAll('#thread .answer:last-of-type .citation')]
                  .some((row) => row.dataset.status === 'pending')""",
            timeout=30,
        )
        return self.state()

    def click_badge(self, citation_id: str) -> None:
        self.popup_eval(
            "((id) => document.querySelector(`#thread .answer:last-of-type .badge[data-citation-id='${id}']`).click())",
            arg=citation_id,
        )

    # the page

    def page_eval(self, expression: str, **kwargs: Any) -> Any:
        return self.browser.evaluate(self.page, expression, **kwargs)

    def marks(self) -> dict[str, list[str]]:
        result: dict[str, list[str]] = self.page_eval(MARKS)
        return result

    def serialization(self) -> str:
        result: str = self.page_eval("document.documentElement.outerHTML")
        return result


def page_tab_id(browser: ExtensionBrowser) -> int:
    """The tab id of the page just opened: the newest tab that is not an extension page. Asked from a
    throw-away extension page (tab ids are the extension's; without the tabs permission URLs are hidden)."""
    probe = browser.open_extension_page("popup/index.html", new_window=True)
    try:
        ids = browser.evaluate(
            probe,
            """(async () => {
                const api = globalThis.browser ?? globalThis.chrome;
                const own = await api.tabs.getCurrent();
                return (await api.tabs.query({})).filter((t) => t.id !== own.id && !t.url).map((t) => t.id);
            })()""",
        )
        wait_until(browser, probe, "document.body.dataset.ready === 'true'")
    finally:
        browser.close_tab(probe)
    assert ids, "no page tab found"
    return int(max(ids))
