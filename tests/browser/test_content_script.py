"""DocMind's content script in real browsers: build/chrome in headless Chromium, build/firefox in Firefox ESR.

The script is driven the way the background drives it — `tabs.sendMessage(tabId, BackgroundToContent)` — from an
extension page opened in a window of its own (so the page under test stays visible: Firefox hides a window's
other tabs). Every assertion reads the page's DOM from the page itself: which <mark> elements exist, their text,
where they are, and, after cleanup, that the document is byte-identical with the very same text node objects.

Fixture pages: tests/fixtures/pages/content/.
"""

from __future__ import annotations

import re
import time
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.flagship import CHROME, FIREFOX, build_flagship, launched, target_ids
from toolchain.browsers import ExtensionBrowser, FixtureServer, Tab

pytestmark = [pytest.mark.browser, pytest.mark.node]

PAGES = Path(__file__).resolve().parents[1] / "fixtures" / "pages" / "content"

#: Chromium runs the Chrome build (MV3; Edge's content script is the same bundle), Firefox its MV2 build.
TARGETS = [CHROME, FIREFOX]

API = "(globalThis.browser ?? globalThis.chrome)"

#: Every text node of the document, and their data, kept in the page to compare after cleanup.
SNAPSHOT = """(() => {
    const nodes = [];
    const walker = document.createTreeWalker(document.documentElement, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node);
    const traces = document.querySelectorAll('mark, style').length;
    window.__snapshot = {
        nodes, data: nodes.map((node) => node.data), html: document.documentElement.outerHTML, traces,
    };
    return nodes.length;
})()"""

#: After cleanup: the same outerHTML, and the very same text node objects holding the same data.
RESTORED = """(() => {
    const nodes = [];
    const walker = document.createTreeWalker(document.documentElement, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node);
    const before = window.__snapshot;
    return {
        html: document.documentElement.outerHTML === before.html,
        count: [nodes.length, before.nodes.length],
        sameNodes: nodes.length === before.nodes.length && nodes.every((node, i) => node === before.nodes[i]),
        sameData: nodes.every((node, i) => node.data === before.data[i]),
        traces: document.querySelectorAll('mark, style').length - before.traces,
    };
})()"""

#: Each mark: its citation, its text, the id of the nearest element with an id, and its classes.
MARKS = """[...document.querySelectorAll('mark')].map((mark) => ({
    id: mark.dataset.citationId,
    text: mark.textContent,
    where: mark.parentElement.closest('[id]')?.id ?? null,
    className: mark.className,
}))"""


# --- fixtures ------------------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def builds(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_flagship(tmp_path_factory.mktemp("content"))


@pytest.fixture(scope="module")
def server() -> Iterator[FixtureServer]:
    with FixtureServer(root=PAGES) as running:
        yield running


@pytest.fixture(scope="module", params=TARGETS, ids=target_ids(TARGETS))
def docmind(
    request: pytest.FixtureRequest, builds: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ExtensionBrowser]:
    with launched(request.param, builds, tmp_path_factory) as browser:
        yield browser


@pytest.fixture(scope="module")
def driver(docmind: ExtensionBrowser) -> Tab:
    """An extension page, in a window of its own, that sends the background's messages to the page's tab."""
    return docmind.open_extension_page("popup/index.html", new_window=True)


class Page:
    """One fixture page in a tab, and the content script's answers for it."""

    def __init__(self, browser: ExtensionBrowser, driver: Tab, tab: Tab, tab_id: int, url: str) -> None:
        self.browser, self.driver, self.tab, self.tab_id, self.url = browser, driver, tab, tab_id, url

    def send(self, message: dict[str, Any]) -> Any:
        return self.browser.evaluate(
            self.driver,
            f"([tab, message]) => {API}.tabs.sendMessage(tab, message)",
            arg=[self.tab_id, message],
            timeout=20,
        )

    def inject(self, *quotes: str) -> dict[str, Any]:
        citations = [{"id": f"cite-{i}", "text": quote, "relevance": "Support"} for i, quote in enumerate(quotes, 1)]
        answer = self.send({"type": "INJECT_HIGHLIGHTS", "citations": citations})
        assert answer["type"] == "HIGHLIGHTS_INJECTED", answer
        assert [r["citationId"] for r in answer["results"]] == [c["id"] for c in citations]
        return answer

    def state(self) -> dict[str, Any]:
        answer = self.send({"type": "GET_STATE"})
        assert answer["type"] == "STATE", answer
        return answer["lifecycle"]

    def js(self, expression: str, **kwargs: Any) -> Any:
        return self.browser.evaluate(self.tab, expression, **kwargs)

    def marks(self) -> list[dict[str, Any]]:
        return self.js(MARKS)

    def snapshot(self) -> int:
        return self.js(SNAPSHOT)

    def assert_restored(self) -> None:
        restored = self.js(RESTORED)
        assert restored == {
            "html": True,
            "count": restored["count"],
            "sameNodes": True,
            "sameData": True,
            "traces": 0,
        }, restored


def find_tab(browser: ExtensionBrowser, driver: Tab, url: str) -> int:
    """The page's tab id: the tab whose content script says it is at `url` (extension pages cannot read tab URLs
    without the tabs permission, which DocMind does not have). Content scripts run at document_idle: poll."""
    deadline = time.monotonic() + 10
    while True:
        found = browser.evaluate(
            driver,
            f"""async (url) => {{
                const own = (await {API}.tabs.getCurrent()).id;
                for (const tab of await {API}.tabs.query({{}})) {{
                    if (tab.id === own) continue;
                    try {{
                        const state = await {API}.tabs.sendMessage(tab.id, {{ type: 'GET_STATE' }});
                        if (state?.url === url) return tab.id;
                    }} catch {{}}
                }}
                return null;
            }}""",
            arg=url,
        )
        if found is not None:
            return int(found)
        if time.monotonic() > deadline:
            raise AssertionError(f"no content script answers for {url}")
        time.sleep(0.1)


@pytest.fixture
def open_page(
    request: pytest.FixtureRequest, docmind: ExtensionBrowser, driver: Tab, server: FixtureServer
) -> Iterator[Any]:
    opened: list[Page] = []

    def open_(name: str) -> Page:
        url = server.url(f"/{name}?case={re.sub(r'[^A-Za-z0-9_-]+', '-', request.node.name)}-{len(opened)}")
        tab = docmind.open_tab(url)
        page = Page(docmind, driver, tab, find_tab(docmind, driver, url), url)
        assert page.js("document.visibilityState") == "visible"
        opened.append(page)
        return page

    yield open_
    for page in opened:
        docmind.close_tab(page.tab)


def nfkd_lower(text: str) -> str:
    """What matching compares, roughly: enough to check a mark's text against an ASCII quote."""
    text = unicodedata.normalize("NFKD", text).translate({0x201C: '"', 0x201D: '"', 0x2014: "-", 0xA0: " "})
    return " ".join(text.split()).lower()


# --- matching and marks --------------------------------------------------------------------------------------------


def test_an_exact_quote_gets_one_mark_on_the_visible_copy(open_page) -> None:
    page = open_page("article.html")
    quote = "approved the new budget after a long debate about funding for public libraries"
    answer = page.inject(quote)
    (result,) = answer["results"]
    assert result == {"citationId": "cite-1", "status": "matched", "confidence": 1, "segmentType": "prose", "marks": 1}
    # the identical text in a display:none block earlier in the page is not the one marked
    assert page.marks() == [{"id": "cite-1", "text": quote, "where": "exact", "className": "docmind-highlight"}]
    assert answer["lifecycle"] == {"state": "active", "citationIds": ["cite-1"]}
    assert answer["url"] == page.url
    assert page.js("document.querySelectorAll('style').length") == 2  # the page's own and DocMind's (§6.12)


def test_a_normalization_equivalent_quote_marks_the_pages_own_text(open_page) -> None:
    page = open_page("article.html")
    quote = 'called the result "SURPRISING"   - the effect size was 0.8'  # straight quotes, hyphen, case, spaces
    (result,) = page.inject(quote)["results"]
    assert result["status"] == "matched" and result["marks"] == 1
    (mark,) = page.marks()
    assert mark["text"] == "called the result “surprising” — the effect\u00a0size was 0.8"
    assert mark["where"] == "typography"
    assert nfkd_lower(mark["text"]) == nfkd_lower(quote)


def test_a_quote_across_inline_elements_gets_a_mark_per_text_node(open_page) -> None:
    page = open_page("article.html")
    quote = "migration plan moves every service to the new cluster before the v2 cut-over"
    (result,) = page.inject(quote)["results"]
    marks = page.marks()
    assert result == {
        "citationId": "cite-1",
        "status": "matched",
        "confidence": 1,
        "segmentType": "prose",
        "marks": len(marks),
    }
    assert [m["text"] for m in marks] == [
        "migration plan",
        " moves every service to the ",
        "new cluster",
        " before the ",
        "v2",
        " cut-over",
    ]
    assert page.js("[...document.querySelectorAll('mark')].map((m) => m.parentElement.localName)") == [
        "b",
        "p",
        "a",
        "p",
        "code",
        "p",
    ]
    assert nfkd_lower("".join(m["text"] for m in marks)) == nfkd_lower(quote)


def test_a_quote_in_a_code_block_is_matched_as_code(open_page) -> None:
    page = open_page("article.html")
    quote = 'def greet(name):\n    return "Hello, " + name'
    (result,) = page.inject(quote)["results"]
    assert result == {"citationId": "cite-1", "status": "matched", "confidence": 1, "segmentType": "code", "marks": 1}
    assert [(m["text"], m["where"]) for m in page.marks()] == [(quote, "code")]


def test_a_quote_across_two_paragraphs_is_skipped(open_page) -> None:
    page = open_page("article.html")
    (result,) = page.inject("The first phase of the project ends in April. The second phase begins in May")["results"]
    assert result == {
        "citationId": "cite-1",
        "status": "skipped",
        "confidence": 0,
        "skipReason": "quote-spans-multiple-sections",
        "marks": 0,
    }
    assert page.marks() == []


def test_quotes_that_are_not_confidently_in_the_visible_prose_get_no_mark(open_page) -> None:
    page = open_page("article.html")
    page.snapshot()
    answer = page.inject(
        "The council rejected the old budget following a short discussion on money for schools.",  # heavily changed
        "Lessons learned from the pilot programme",  # only in a heading
        "This sentence does not appear anywhere on the page at all.",
    )
    statuses = [(r["status"], r["marks"]) for r in answer["results"]]
    assert statuses[0] in (("not-found", 0), ("low-confidence", 0))
    assert statuses[1] in (("not-found", 0), ("low-confidence", 0))
    assert statuses[2] == ("not-found", 0)
    assert all(r["confidence"] < 0.85 for r in answer["results"])
    assert page.marks() == []
    assert answer["lifecycle"] == {"state": "idle"}
    page.assert_restored()  # nothing was touched: not even the style


def test_hidden_text_is_never_marked(open_page) -> None:
    page = open_page("article.html")
    page.snapshot()
    answer = page.inject(
        "This paragraph is hidden with display none and must never be highlighted.",
        "This paragraph is hidden with visibility hidden and must never be highlighted.",
        "This paragraph is hidden with opacity zero and must never be highlighted.",
    )
    assert [(r["status"], r["marks"]) for r in answer["results"]] == [("not-found", 0)] * 3
    assert page.marks() == []
    page.assert_restored()


def test_two_quotes_in_one_text_node_and_a_clean_restore(open_page) -> None:
    page = open_page("article.html")
    page.snapshot()
    answer = page.inject("The committee approved the new budget", "funding for public libraries and parks")
    assert [(r["status"], r["marks"]) for r in answer["results"]] == [("matched", 1), ("matched", 1)]
    assert [(m["id"], m["text"], m["where"]) for m in page.marks()] == [
        ("cite-1", "The committee approved the new budget", "exact"),
        ("cite-2", "funding for public libraries and parks", "exact"),
    ]
    assert page.js("document.getElementById('exact').childNodes.length") == 4  # mark, text, mark, "."
    assert page.send({"type": "CLEAR_HIGHLIGHTS"}) == {"type": "CLEARED"}
    page.assert_restored()
    assert page.state() == {"state": "idle"}


def test_overlapping_quotes_each_get_marks_that_join_to_their_own_text(open_page) -> None:
    page = open_page("article.html")
    page.snapshot()
    answer = page.inject(
        "approved the new budget after a long debate",
        "APPROVED THE NEW BUDGET AFTER A LONG DEBATE",  # the same text again
        "a long debate about funding for public libraries",  # overlapping the first one's end
    )
    assert [(r["status"], r["marks"]) for r in answer["results"]] == [("matched", 2), ("matched", 2), ("matched", 2)]
    by_citation: dict[str, list[str]] = {}
    for mark in page.marks():
        by_citation.setdefault(mark["id"], []).append(mark["text"])
    assert {id_: "".join(texts) for id_, texts in by_citation.items()} == {
        "cite-1": "approved the new budget after a long debate",
        "cite-2": "approved the new budget after a long debate",
        "cite-3": "a long debate about funding for public libraries",
    }
    # nested, never crossing: the later citations' marks sit inside the earlier ones'
    assert page.js("document.querySelectorAll('mark mark').length") == 3
    assert page.send({"type": "SCROLL_TO", "citationId": "cite-3"})["found"] is True
    page.send({"type": "CLEAR_HIGHLIGHTS"})
    page.assert_restored()


def test_an_untrusted_offset_map_falls_back_to_the_exact_raw_text(open_page) -> None:
    """Greek final sigma: normalizing a lone Σ gives σ, the word-final one ς — pieces do not add up to the whole,
    so the offset map is not trusted and §6.10's raw search places the mark instead, within one text node."""
    page = open_page("article.html")
    quote = "ΔΡΟΜΟΣ ΠΡΟΣ ΤΗΝ ΑΘΗΝΑ ΕΙΝΑΙ ΜΑΚΡΥΣ"
    (result,) = page.inject(quote)["results"]
    assert result["status"] == "matched" and result["marks"] == 1
    assert [(m["text"], m["where"]) for m in page.marks()] == [(quote, "greek")]


def test_a_new_injection_replaces_the_previous_highlights(open_page) -> None:
    page = open_page("article.html")
    page.snapshot()
    page.inject("approved the new budget after a long debate")
    answer = page.inject("small teams can deliver reliable services")
    assert [(m["id"], m["where"]) for m in page.marks()] == [("cite-1", "closing")]
    assert answer["lifecycle"] == {"state": "active", "citationIds": ["cite-1"]}
    assert page.js("document.querySelectorAll('style').length") == 2
    page.send({"type": "CLEAR_HIGHLIGHTS"})
    page.assert_restored()


# --- scroll --------------------------------------------------------------------------------------------------------


def test_scroll_to_pulses_the_first_mark_for_900_ms(open_page) -> None:
    page = open_page("article.html")
    page.inject("migration plan moves every service to the new cluster", "small teams can deliver reliable services")
    assert page.send({"type": "SCROLL_TO", "citationId": "cite-1"}) == {
        "type": "SCROLLED",
        "citationId": "cite-1",
        "found": True,
    }
    pulsing = page.js(
        "[...document.querySelectorAll('mark.docmind-pulse')].map((m) => [m.dataset.citationId, m.textContent])"
    )
    assert pulsing == [["cite-1", "migration plan"]]
    time.sleep(1.3)
    assert page.js("document.querySelectorAll('.docmind-pulse').length") == 0
    assert {m["className"] for m in page.marks()} == {"docmind-highlight"}
    assert page.send({"type": "SCROLL_TO", "citationId": "cite-9"}) == {
        "type": "SCROLLED",
        "citationId": "cite-9",
        "found": False,
    }


# --- cleanup and staleness -----------------------------------------------------------------------------------------


def test_clear_highlights_restores_the_document_exactly(open_page) -> None:
    page = open_page("article.html")
    page.snapshot()
    answer = page.inject(
        "approved the new budget after a long debate about funding",
        'called the result "surprising" - the effect size was 0.8',
        "migration plan moves every service to the new cluster before the v2 cut-over",
        'def greet(name):\n    return "Hello, " + name',
        "ΔΡΟΜΟΣ ΠΡΟΣ ΤΗΝ ΑΘΗΝΑ ΕΙΝΑΙ ΜΑΚΡΥΣ",
    )
    assert all(r["marks"] > 0 for r in answer["results"]), answer["results"]
    page.send({"type": "SCROLL_TO", "citationId": "cite-2"})  # a pulse in progress is cleaned too
    assert page.send({"type": "CLEAR_HIGHLIGHTS"}) == {"type": "CLEARED"}
    page.assert_restored()
    assert page.state() == {"state": "idle"}


def test_a_page_that_changes_its_text_makes_the_highlights_stale(open_page) -> None:
    page = open_page("article.html")
    page.inject("small teams can deliver reliable services", "approved the new budget after a long debate")
    page.js("document.getElementById('second').firstChild.data = 'The second phase was cancelled.'")
    assert page.state() == {"state": "stale", "reason": "dom-changed"}
    assert page.marks() == []
    assert page.js("document.querySelectorAll('style').length") == 1
    assert page.js("document.getElementById('exact').childNodes.length") == 1  # merged back into one node


def test_attribute_churn_does_not_make_highlights_stale(open_page) -> None:
    page = open_page("article.html")
    page.inject("small teams can deliver reliable services")
    page.js("(document.getElementById('closing').setAttribute('data-seen', '1'), document.body.classList.add('x'))")
    assert page.state() == {"state": "active", "citationIds": ["cite-1"]}
    assert len(page.marks()) == 1


def test_a_hash_change_cleans_up_and_marks_the_highlights_stale(open_page) -> None:
    page = open_page("article.html")
    page.snapshot()
    page.inject("small teams can deliver reliable services", "migration plan moves every service")
    page.js("location.hash = '#closing'")
    deadline = time.monotonic() + 5
    while page.state()["state"] == "active" and time.monotonic() < deadline:
        time.sleep(0.05)
    assert page.state() == {"state": "stale", "reason": "dom-changed"}  # same path and params: only the view moved
    page.assert_restored()


@pytest.mark.parametrize(
    ("moved", "reason"),
    [("/elsewhere.html", "path-changed"), ("?lang=fr", "params-changed"), ("?utm_source=mail", "dom-changed")],
)
def test_a_history_navigation_cleans_up_with_checkStales_reason(open_page, moved: str, reason: str) -> None:
    """history.back() fires a real popstate: the highlights were made at the pushed URL, the page is back at its
    own, and checkStale tells why they no longer apply (a non-meaningful parameter: only the view changed)."""
    page = open_page("article.html")
    page.snapshot()
    page.js(f"history.pushState({{}}, '', {moved!r})")
    assert page.inject("small teams can deliver reliable services")["lifecycle"]["state"] == "active"
    page.js("history.back()")
    deadline = time.monotonic() + 5
    while page.state()["state"] == "active" and time.monotonic() < deadline:
        time.sleep(0.05)
    assert page.state() == {"state": "stale", "reason": reason}
    page.assert_restored()


def test_a_hidden_page_cleans_up(open_page, docmind: ExtensionBrowser) -> None:
    if docmind.name != "firefox":
        pytest.skip("headless Chromium never hides a tab (document.visibilityState stays 'visible')")
    page = open_page("article.html")
    page.snapshot()
    page.inject("small teams can deliver reliable services")
    # another tab comes to the front of the page's window: the page is hidden
    other = docmind._command("browsingContext.create", {"type": "tab", "referenceContext": page.tab.handle})  # type: ignore[attr-defined]
    try:
        deadline = time.monotonic() + 5
        while page.js("document.visibilityState") != "hidden" and time.monotonic() < deadline:
            time.sleep(0.05)
        assert page.js("document.visibilityState") == "hidden"
        assert page.state() == {"state": "idle"}
        page.assert_restored()
    finally:
        docmind._command("browsingContext.close", {"context": other["context"]})  # type: ignore[attr-defined]


# --- what the reader sees (issue 17) ------------------------------------------------------------------------------

HIDES = "hides-highlights.html"  # each paragraph's marks hidden another way by the page's style sheet, #plain's not


@pytest.mark.parametrize(
    "quotes",
    [
        [
            "The harbour board agreed to repair the northern pier",  # #gone: display none !important
            "The ferry timetable will change in October",  # #veiled: visibility hidden
            "Fishing licences for the coming season can be renewed",  # #faded: opacity 0
            "The lighthouse keeper's cottage will open as a small museum",  # #clipped: clip rect(0 0 0 0)
        ],
        ["Dredging of the inner basin is planned for the quiet weeks"],  # #inset: clip-path inset(50%)
    ],
    ids=["display-visibility-opacity-clip", "clip-path"],
)
def test_marks_the_pages_styles_hide_are_not_reported_highlighted(open_page, quotes: list[str]) -> None:
    page = open_page(HIDES)
    page.snapshot()
    answer = page.inject(
        *quotes, "Visitors may moor at the eastern pontoon for up to three nights"
    )  # the last in #plain
    hidden = {"status": "skipped", "confidence": 0, "skipReason": "highlight-hidden", "marks": 0}
    *hidden_ones, plain = answer["results"]
    assert hidden_ones == [{"citationId": f"cite-{i}", **hidden} for i in range(1, len(quotes) + 1)]
    last = f"cite-{len(quotes) + 1}"
    assert plain == {"citationId": last, "status": "matched", "confidence": 1, "segmentType": "prose", "marks": 1}
    assert answer["lifecycle"] == {"state": "active", "citationIds": [last]}
    assert [(m["id"], m["where"]) for m in page.marks()] == [(last, "plain")]
    assert page.state() == {"state": "active", "citationIds": [last]}
    page.send({"type": "CLEAR_HIGHLIGHTS"})
    page.assert_restored()  # the hidden citations' marks were taken off and their text nodes joined back


def test_the_page_editing_a_hidden_citations_text_makes_the_others_stale(open_page) -> None:
    """A hidden citation's marks are taken off and their text is the page's again: a later edit of it is a change
    of the page's text, as for any other (it was still counted as DocMind's own node, so nothing was said)."""
    page = open_page(HIDES)
    answer = page.inject(
        "The ferry timetable will change in October",  # #veiled: its mark hidden, taken off
        "Visitors may moor at the eastern pontoon for up to three nights",
    )
    assert answer["lifecycle"] == {"state": "active", "citationIds": ["cite-2"]}
    page.js("document.getElementById('veiled').firstChild.data = 'The ferry timetable stays as it is.'")
    assert page.state() == {"state": "stale", "reason": "dom-changed"}


def test_visually_hidden_text_is_not_indexed(open_page) -> None:
    """The "visually hidden" pattern (a 1 px box, clip: rect(0 0 0 0)): screen readers read it, the reader does
    not see it, so the indexer's visibility test rejects it like display: none."""
    page = open_page(HIDES)
    page.snapshot()
    (result,) = page.inject("the office closes early on the last Friday of every month")["results"]
    assert (result["status"], result["marks"]) == ("not-found", 0)
    page.assert_restored()


def test_a_page_that_hides_every_mark_ends_stale_with_the_reason(open_page) -> None:
    page = open_page("article.html")
    page.js("document.head.insertAdjacentHTML('beforeend', '<style>mark { display: none !important }</style>')")
    page.snapshot()
    answer = page.inject("small teams can deliver reliable services")
    assert answer["results"] == [
        {"citationId": "cite-1", "status": "skipped", "confidence": 0, "skipReason": "highlight-hidden", "marks": 0}
    ]
    assert answer["lifecycle"] == {"state": "stale", "reason": "highlights-hidden"}
    assert page.marks() == []
    page.assert_restored()


def test_a_page_that_removes_marks_as_they_are_drawn_is_not_reported_highlighted(open_page) -> None:
    page = open_page("removes-highlights.html")
    answer = page.inject(
        "The harbour board agreed to repair the northern pier", "The ferry timetable will change in October"
    )
    assert [(r["status"], r.get("skipReason"), r["marks"]) for r in answer["results"]] == [
        ("skipped", "highlight-hidden", 0)
    ] * 2
    assert answer["lifecycle"] == {"state": "stale", "reason": "highlights-hidden"}
    assert page.marks() == []
    assert page.js("document.getElementById('pier').textContent").startswith(
        "The harbour board agreed"
    )  # the text stays


#: Ways a page hides or removes marks after they were drawn.
HIDE_LATER = {
    "style sheet": (
        "document.head.insertAdjacentHTML('beforeend', "
        "'<style>mark.docmind-highlight { display: none !important }</style>')"
    ),
    "ancestor attribute": "document.getElementById('closing').style.visibility = 'hidden'",
    "class on body": (
        "(document.head.insertAdjacentHTML('beforeend', '<style>.quiet mark { opacity: 0 }</style>'), "
        "document.body.classList.add('quiet'))"
    ),
    "mark unwrapped": "document.querySelectorAll('mark').forEach((mark) => mark.replaceWith(...mark.childNodes))",
    "mark removed": "document.querySelector('mark').remove()",
}


@pytest.mark.parametrize("how", list(HIDE_LATER))
def test_marks_hidden_after_drawing_make_the_highlights_stale_with_the_reason(open_page, how: str) -> None:
    page = open_page("article.html")
    answer = page.inject("small teams can deliver reliable services", "approved the new budget after a long debate")
    assert answer["lifecycle"] == {"state": "active", "citationIds": ["cite-1", "cite-2"]}
    page.js(HIDE_LATER[how])
    assert page.state() == {"state": "stale", "reason": "highlights-hidden"}
    assert page.marks() == []


def test_a_mark_hidden_with_no_mutation_is_caught_when_the_popup_asks(open_page) -> None:
    """An animation started from script changes no attribute and no node: no mutation to observe, so GET_STATE
    (which the popup sends every second) looks at the marks itself."""
    page = open_page("article.html")
    page.inject("small teams can deliver reliable services")
    page.js(
        "document.querySelector('mark').animate([{ opacity: 0 }, { opacity: 0 }], { duration: 1e7, fill: 'forwards' })"
    )
    assert page.state() == {"state": "stale", "reason": "highlights-hidden"}
    assert page.marks() == []


# --- classification and size ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "reason", ["insufficient-text", "virtualized-content", "shadow-dom-content", "iframe-heavy", "too-large"]
)
def test_unsupported_pages_are_explained_not_guessed(open_page, reason: str) -> None:
    page = open_page(f"{reason}.html")
    page.snapshot()
    answer = page.inject("the committee approved the new budget after a long debate about funding")
    assert answer["lifecycle"] == {"state": "unsupported", "reason": reason}
    assert answer["results"] == [
        {
            "citationId": "cite-1",
            "status": "skipped",
            "confidence": 0,
            "skipReason": "page-structure-unsupported",
            "marks": 0,
        }
    ]
    if reason == "too-large":
        assert answer["stats"]["textNodes"] == 10_001  # stopped at the first text node over MAX_DOM_NODES
    assert page.state() == {"state": "unsupported", "reason": reason}
    page.assert_restored()


#: The visible text nodes under <body> (not in script or style), and how many hold more than whitespace.
TEXT_NODE_COUNTS = """(() => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {
        acceptNode: (node) => (node.parentElement.closest('script, style')
            ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
    });
    let all = 0, bearing = 0;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        all++;
        if (/\\S/.test(node.data)) bearing++;
    }
    return { all, bearing };
})()"""


def test_whitespace_between_tags_does_not_count_against_max_dom_nodes(open_page) -> None:
    """D13 (issue 13): a long article with more visible text nodes than MAX_DOM_NODES, most of the excess the
    whitespace between tags, is indexed; only its text-bearing nodes are counted."""
    page = open_page("long-article.html")
    counts = page.js(TEXT_NODE_COUNTS)
    assert counts["all"] > 10_000 > counts["bearing"] == 9_900, counts
    page.snapshot()
    answer = page.inject("the survey of the northern parishes was printed in three volumes")
    assert answer["lifecycle"]["state"] == "active", answer["lifecycle"]
    assert answer["stats"]["textNodes"] == counts["bearing"]
    assert [(r["status"], r["marks"]) for r in answer["results"]] == [("matched", 3)]
    assert (
        "".join(m["text"] for m in page.marks()) == "the survey of the northern parishes was printed in three volumes"
    )
    page.send({"type": "CLEAR_HIGHLIGHTS"})
    page.assert_restored()


def test_a_page_over_max_dom_nodes_text_bearing_nodes_is_still_too_large(open_page) -> None:
    page = open_page("too-large-text.html")
    counts = page.js(TEXT_NODE_COUNTS)
    assert counts["bearing"] == 10_200 and counts["all"] > counts["bearing"], counts
    page.snapshot()
    answer = page.inject("the committee approved the new budget after a long debate about funding")
    assert answer["lifecycle"] == {"state": "unsupported", "reason": "too-large"}
    assert answer["stats"]["textNodes"] == 10_001  # the first text-bearing node over MAX_DOM_NODES stops indexing
    assert page.state() == {"state": "unsupported", "reason": "too-large"}
    page.assert_restored()


def test_a_large_page_is_indexed_in_short_slices_while_the_page_keeps_running(open_page) -> None:
    page = open_page("large.html")
    started = page.js("performance.now()")
    answer = page.inject(
        "the archive of the harbour board was moved to the new museum",
        "Paragraph 2998 describes the libraries of district 88 in some detail",
        "this quote is long enough but it appears nowhere on the page",
    )
    ended = page.js("performance.now()")
    stats = answer["stats"]
    assert stats["textNodes"] == 9000 and stats["segments"] == 3000
    assert stats["longestSliceMs"] < 50, stats
    assert [(r["status"], r["marks"]) for r in answer["results"]] == [("matched", 3), ("matched", 3), ("not-found", 0)]
    assert [m["text"] for m in page.marks() if m["id"] == "cite-1"] == [
        "the ",
        "archive of the harbour board",
        " was moved to the new museum",
    ]
    # the page's own 5 ms interval kept running during the work
    beats = page.js(
        "([from, to]) => { const b = window.beats.filter((t) => t >= from && t <= to);"
        " return { count: b.length, gap: Math.max(0, ...b.slice(1).map((t, i) => t - b[i])) }; }",
        arg=[started, ended],
    )
    assert beats["count"] >= 3 and beats["gap"] < 100, (beats, stats, ended - started)


# --- protocol and inertness ----------------------------------------------------------------------------------------


def test_invalid_messages_are_answered_with_an_error_and_change_nothing(open_page) -> None:
    page = open_page("article.html")
    page.snapshot()
    bad = [
        {"type": "INJECT_HIGHLIGHTS", "citations": [{"id": "cite-1", "text": 5, "relevance": ""}]},
        {"type": "INJECT_HIGHLIGHTS"},
        {"type": "SCROLL_TO"},
        {"type": "CLEAR_HIGHLIGHTS", "everything": True},
        {"type": "DELETE_PAGE"},
    ]
    answers = [page.send(message) for message in bad]
    assert [a["type"] for a in answers] == ["ERROR"] * len(bad), answers
    assert [a["error"] for a in answers] == [
        "invalid message: /citations/0/text: expected a string",
        "invalid message: (root): missing required property 'citations'",
        "invalid message: (root): missing required property 'citationId'",
        "invalid message: /everything: unexpected property",
        'invalid message: /type: expected one of "EXTRACT_TEXT", "INJECT_HIGHLIGHTS", '
        '"SCROLL_TO", "CLEAR_HIGHLIGHTS", "GET_STATE"',
    ]
    page.assert_restored()
    assert page.state() == {"state": "idle"}


def test_the_script_is_inert_until_asked(open_page) -> None:
    page = open_page("article.html")
    html = page.js("document.documentElement.outerHTML")
    assert "docmind" not in html.lower()
    assert page.js("document.querySelectorAll('mark').length + document.querySelectorAll('style').length") == 1
    # no cleanup listeners yet either: a hash change before any injection leaves the state idle
    page.js("location.hash = '#exact'")
    time.sleep(0.2)
    assert page.state() == {"state": "idle"}


def test_no_extension_errors(docmind: ExtensionBrowser) -> None:
    assert docmind.extension_errors() == []
