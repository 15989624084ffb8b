"""examples/chunker (seed 002) end to end: built for Chrome, Edge and Firefox and lint-clean; its golden vectors are
its reference's and its runtime conforms (Node and V8 here, all five engines in a `browser` test); and in headless
Chromium (chrome build) and Firefox ESR (firefox build), on pages served from 127.0.0.1, the main flow: the content
script chunks the page on load as the reference does, the background stores it per URL, the popup searches it in
its Web Worker and the page scrolls to and highlights the best chunk, and the options page lists and clears the data.

One copy and build of the example per module, one browser launch per engine for all its tests."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from chunker_reference.chunker import chunk_tree
from chunker_reference.html_tree import tree_from_file, tree_from_html
from chunker_reference.persistence import persistence_key

from tests.browser.polling import wait_until
from tests.conftest import run_xtk
from tests.examples.chunker_support import PAGES, copy_example
from tests.examples.embedding_model import write_model
from toolchain.browsers import ExtensionBrowser, FixtureServer, Tab, launch
from toolchain.conform.engines import ENGINE_NAMES

pytestmark = pytest.mark.node

FILLER = "".join(
    f"<p>Paragraph {i} of the introduction, long enough to push what follows below the fold.</p>" for i in range(40)
)
#: A careers page (the seed's use case): site chrome around <main>, a heading hierarchy, a list, a responsive
#: duplicate that a style sheet hides (the browser skips it, the reference's markup-only view merges it as a
#: duplicate: the chunks are the same), and enough text that the benefits are far below the fold.
CAREERS = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Careers at Acme</title>
<style>.mobile-only {{ display: none; }}</style></head>
<body>
  <header><h1>Acme</h1><nav><a href="/">Home</a> <a href="/jobs">Jobs</a></nav></header>
  <main>
    <h1>Careers at Acme</h1>
    {FILLER}
    <section id="benefits">
      <h2>Benefits</h2>
      <p>Health cover for you and your family. <a href="/benefits">Learn more</a></p>
      <ul><li>Pension plan matched up to five percent</li><li>Twenty-five days of paid leave</li></ul>
      <h3>Parental leave</h3>
      <p>Sixteen weeks fully paid.</p>
    </section>
    <section class="mobile-only"><h2>Benefits</h2><p>Health cover for you and your family.</p></section>
    <h2>Culture</h2>
    <p>Open doors and quiet rooms.</p>
  </main>
  <footer><h2>Contact</h2><p>jobs@acme.example</p></footer>
</body></html>
"""

#: Corpus pages for the main flow on real pages: one with <main>, one found by the text-density heuristic.
CORPUS_PAGES = ["v8-blog.html", "lwn-1.html"]


#: the tests' embedding model (tests/examples/embedding_model.py), packaged under models/, downloads off
TEST_MODEL = {"id": "chunker-test-model", "dtype": "fp32", "allowRemote": False}


@pytest.fixture(scope="module")
def example(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of examples/chunker with the tests' embedding model, built for every browser."""
    project = copy_example(tmp_path_factory.mktemp("chunker") / "chunker")
    write_model(project / "public" / "models" / TEST_MODEL["id"])
    result = run_xtk("build", "--browser", "all", "--project", str(project), cwd=project)
    assert result.code == 0, result.output
    return project


# --- build, lint, golden, conform --------------------------------------------------------------------------------


def test_it_builds_for_chrome_edge_and_firefox_and_lints_clean(example: Path) -> None:
    for browser, version in (("chrome", 3), ("edge", 3), ("firefox", 2)):
        manifest = json.loads((example / "build" / browser / "manifest.json").read_text(encoding="utf-8"))
        assert manifest["manifest_version"] == version
        assert manifest["permissions"] == ["storage"]
        assert manifest["options_ui"]["page"] == "options/index.html"
        assert (example / "build" / browser / "worker" / "index.js").is_file()
    result = run_xtk("lint", "--project", str(example), cwd=example)
    assert result.code == 0, result.output
    assert "All checks passed." in result.stdout


def test_the_golden_vectors_are_the_references(example: Path) -> None:
    result = run_xtk("golden", "check", "--format", "json", "--project", str(example), cwd=example)
    assert result.code == 0, result.output
    report = json.loads(result.stdout)
    assert report["ok"] is True
    if PAGES.is_dir():
        assert report["corpusCasesSkipped"] == 0


def test_the_runtime_conforms_in_node_and_v8(example: Path) -> None:
    result = run_xtk("conform", "--engine", "node,v8", "--format", "json", "--project", str(example), cwd=example)
    report = json.loads(result.stdout)
    assert result.code == 0, result.output
    assert report["functions"]["chunkTree"] >= 25
    assert report["functions"]["chunkTreeDigest"] == (3 + 80 if PAGES.is_dir() else 3)
    for engine in report["engines"]:
        assert engine["failed"] == 0 and engine["passed"] + engine["skipped"] == report["cases"], engine["engine"]


def test_a_runtime_that_disagrees_with_the_reference_fails(tmp_path: Path) -> None:
    """The check can fail: forget "See More" in the TypeScript link phrases, and exactly the case holding it differs."""
    project = copy_example(tmp_path / "chunker")
    chunker = project / "src" / "shared" / "chunker.ts"
    source = chunker.read_text(encoding="utf-8")
    assert "(?:view|learn|read|see) more" in source
    chunker.write_text(source.replace("(?:view|learn|read|see) more", "(?:view|learn|read) more"), encoding="utf-8")
    result = run_xtk(
        "conform",
        "--engine",
        "node",
        "--format",
        "json",
        "--project",
        str(project),
        "--vectors",
        "golden/chunkTree.json",
        cwd=project,
    )
    assert result.code == 1, result.output
    failed = {f["id"] for engine in json.loads(result.stdout)["engines"] for f in engine["failures"]}
    assert failed == {"chunkTree/adversarial/link-phrases"}


@pytest.mark.browser
def test_the_runtime_conforms_in_all_five_engines(example: Path) -> None:
    result = run_xtk("conform", "--format", "json", "--project", str(example), cwd=example, timeout=300)
    report = json.loads(result.stdout)
    assert result.code == 0, result.output
    assert [e["engine"] for e in report["engines"]] == list(ENGINE_NAMES)
    for engine in report["engines"]:
        assert engine["error"] is None and engine["failed"] == 0 and engine["not_run"] == 0, engine["engine"]
        assert engine["passed"] == report["cases"] - report["skipped"], engine["engine"]


# --- end to end in Chromium and Firefox --------------------------------------------------------------------------

TARGETS = [("chrome", "chromium"), ("firefox", "firefox")]


@pytest.fixture(scope="module")
def server() -> Iterator[FixtureServer]:
    pages = {"/careers.html": CAREERS, "/topics.html": TOPICS, "/spa.html": SPA}
    with FixtureServer(PAGES if PAGES.is_dir() else None, pages=pages) as running:
        yield running


@pytest.fixture(scope="module", params=TARGETS, ids=[build for build, _ in TARGETS])
def browser(
    request: pytest.FixtureRequest, example: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ExtensionBrowser]:
    build, engine = request.param
    with launch(engine, example / "build" / build, workdir=tmp_path_factory.mktemp(f"chunker-{build}")) as running:
        choose_model(running, None)  # keyword search (BM25) for the tests of the main flow; the semantic ones set it
        yield running


def choose_model(browser: ExtensionBrowser, model: dict[str, Any] | None) -> None:
    """The options page's "Embedding model" form, as a user fills it (None: semantic search off)."""
    options = browser.open_extension_page("options/index.html")
    try:
        wait_until(browser, options, "document.body.dataset.ready === 'true'")
        browser.evaluate(
            options,
            """((m) => {
            document.body.dataset.busy = 'pending';
            document.getElementById('model-on').checked = m !== null;
            if (m !== null) {
              document.getElementById('model-id').value = m.id;
              document.getElementById('model-dtype').value = m.dtype;
              document.getElementById('model-remote').checked = m.allowRemote;
            }
            document.getElementById('model-save').click();
        })""",
            arg=model,
        )
        wait_until(browser, options, "document.body.dataset.busy === 'false'")
    finally:
        browser.close_tab(options)


SEND = "((message) => (globalThis.browser ?? globalThis.chrome).runtime.sendMessage(message))"


class Chunker:
    """One page tab, and the extension's popup and options page beside it (opened as tabs of their own)."""

    def __init__(self, browser: ExtensionBrowser, url: str) -> None:
        self.browser = browser
        self.url = url
        self.page = browser.open_tab(url)
        self.options = browser.open_extension_page("options/index.html", new_window=True)
        wait_until(browser, self.options, "document.body.dataset.ready === 'true'")
        self.tab_id = self._page_tab_id()
        self.popup: Tab | None = None

    def _page_tab_id(self) -> int:
        """The newest tab that is not the extension's (without the tabs permission URLs are hidden)."""
        ids = self.browser.evaluate(
            self.options,
            """(async () => {
            const api = globalThis.browser ?? globalThis.chrome;
            const own = await api.tabs.getCurrent();
            return (await api.tabs.query({})).filter((t) => t.id !== own.id && !t.url).map((t) => t.id);
        })()""",
        )
        assert ids, "no page tab"
        return int(max(ids))

    def reopen_options(self) -> None:
        self.browser.close_tab(self.options)
        self.options = self.browser.open_extension_page("options/index.html", new_window=True)
        wait_until(self.browser, self.options, "document.body.dataset.ready === 'true'")

    def send(self, message: dict[str, Any], tab: Tab | None = None) -> Any:
        return self.browser.evaluate(tab or self.options, SEND, arg=message)

    def stored_urls(self) -> list[str]:
        answer = self.send({"type": "LIST_PAGES"})
        assert answer["type"] == "PAGES", answer
        return [page["url"] for page in answer["pages"]]

    def wait_stored(self) -> None:
        deadline = time.monotonic() + 15
        while self.url not in self.stored_urls():
            assert time.monotonic() < deadline, f"{self.url} was never stored"
            time.sleep(0.1)

    def open_popup(self) -> Tab:
        self.popup = self.browser.open_extension_page(f"popup/index.html?tabId={self.tab_id}", new_window=True)
        wait_until(self.browser, self.popup, "document.body.dataset.ready === 'true'")
        return self.popup

    def popup_state(self) -> dict[str, Any]:
        assert self.popup is not None
        return self.browser.evaluate(
            self.popup,
            """({
            state: document.body.dataset.state ?? null, from: document.body.dataset.from ?? null,
            chunks: Number(document.body.dataset.chunks ?? -1), status: document.getElementById('status').textContent,
            results: [...document.querySelectorAll('#results .result')].map((li) => ({
                id: li.dataset.chunkId, highlighted: li.dataset.highlighted === 'true',
                path: li.querySelector('.path').textContent })),
            noResults: !document.getElementById('no-results').hidden,
            vectors: document.body.dataset.vectors ?? null, mode: document.body.dataset.mode ?? null,
            searchMode: document.getElementById('search-mode').textContent,
        })""",
        )

    def search(self, words: str) -> dict[str, Any]:
        assert self.popup is not None
        self.browser.evaluate(
            self.popup,
            """((words) => {
            document.getElementById('query').value = words;
            document.getElementById('submit').click();
        })""",
            arg=words,
        )
        wait_until(self.browser, self.popup, "document.body.dataset.busy === 'false'")
        return self.popup_state()

    def highlighted(self) -> dict[str, Any] | None:
        return self.browser.evaluate(
            self.page,
            """(() => {
            const marked = [...document.querySelectorAll('[data-chunker-highlight]')];
            if (marked.length === 0) return null;
            const rect = marked[0].getBoundingClientRect();
            return { count: marked.length, id: marked[0].getAttribute('data-chunker-highlight'),
                     text: marked[0].textContent, inView: rect.top >= 0 && rect.bottom <= innerHeight,
                     scrollY: scrollY };
        })()""",
        )

    def element_text(self, xpath: str) -> str | None:
        return self.browser.evaluate(
            self.page,
            """((xpath) => document.evaluate(xpath, document, null,
            XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue?.textContent ?? null)""",
            arg=xpath,
        )

    def same_element(self, xpath: str, css_selector: str) -> bool:
        """The selector names exactly one element, the one the XPath finds."""
        return bool(
            self.browser.evaluate(
                self.page,
                """(([xpath, selector]) => {
                const byPath = document.evaluate(xpath, document, null,
                    XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue;
                const bySelector = document.querySelectorAll(selector);
                return byPath !== null && bySelector.length === 1 && bySelector[0] === byPath;
            })""",
                arg=[xpath, css_selector],
            )
        )

    def close(self) -> None:
        for tab in (self.popup, self.options, self.page):
            if tab is not None:
                self.browser.close_tab(tab)


@pytest.fixture
def careers(browser: ExtensionBrowser, server: FixtureServer) -> Iterator[Chunker]:
    session = Chunker(browser, server.url("/careers.html"))
    try:
        yield session
    finally:
        session.close()


@pytest.mark.browser
def test_the_content_script_chunks_the_page_on_load_as_the_reference_does(careers: Chunker) -> None:
    careers.wait_stored()
    answer = careers.send({"type": "GET_PAGE", "tabId": careers.tab_id})
    assert (answer["type"], answer.get("from")) == ("PAGE", "storage"), answer
    page = answer["page"]
    reference = chunk_tree(tree_from_html(CAREERS))
    assert (page["url"], page["title"], page["layer"]) == (careers.url, "Careers at Acme", "headings")

    # The style sheet hides the mobile variant in the browser; the reference, without CSS, sees its heading (so the
    # next heading's number is one higher) and merges its text as a duplicate. Everything else is the same.
    def unnumbered(chunks: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [{k: v for k, v in c.items() if k != "id"} for c in chunks]

    assert unnumbered(page["chunks"]) == unnumbered(reference["chunks"])
    assert (page["duplicates"], reference["duplicates"]) == (0, 1)
    assert [c["id"] for c in page["chunks"]] == [
        "heading-0",
        "heading-1",
        "heading-1-item-0",
        "heading-1-item-1",
        "heading-2",
        "heading-3",
    ]
    assert reference["chunks"][-1]["id"] == "heading-4"
    assert all(careers.element_text(c["xpath"]) for c in page["chunks"]), "every XPath finds its element"
    assert [c["cssSelector"] for c in page["chunks"]][:3] == [
        "html > body > main > h1",
        "#benefits > h2",
        "#benefits > ul > li:nth-of-type(1)",
    ]
    assert all(careers.same_element(c["xpath"], c["cssSelector"]) for c in page["chunks"])


@pytest.mark.browser
def test_a_chunk_changed_pages_xpath_no_longer_finds_is_highlighted_by_its_css_selector(careers: Chunker) -> None:
    """Seed §7.5: an XPath breaks when the page changes, a selector anchored at an id does not. Content inserted
    before the Benefits section (no navigation: the stored chunks stay) moves what /html/body/main/section[1] is."""
    careers.wait_stored()
    careers.open_popup()
    page = careers.send({"type": "GET_PAGE", "tabId": careers.tab_id})["page"]
    benefits = next(c for c in page["chunks"] if c["id"] == "heading-1")
    assert (benefits["xpath"], benefits["cssSelector"]) == ("/html/body/main/section[1]/h2", "#benefits > h2")
    careers.browser.evaluate(
        careers.page,
        """(() => { const openings = document.createElement('section');
            openings.innerHTML = '<h2>Openings</h2><p>None this month.</p>';
            document.getElementById('benefits').before(openings); })()""",
    )
    assert careers.element_text(benefits["xpath"]) == "Openings", "the XPath now finds another heading"
    state = careers.search("What are the benefits?")
    assert state["results"][0]["id"] == "heading-1" and state["results"][0]["highlighted"], state
    marked = careers.highlighted()
    assert marked is not None and (marked["id"], marked["text"]) == ("heading-1", "Benefits")

    # A selector the page has made ambiguous (its id now twice) is not trusted: the XPath decides.
    answer = careers.send(
        {
            "type": "HIGHLIGHT",
            "tabId": careers.tab_id,
            "chunkId": "heading-3",
            "xpath": "/html/body/main/h2",
            "cssSelector": "section > h2",
        }
    )
    assert answer == {"type": "HIGHLIGHT_RESULT", "chunkId": "heading-3", "found": True}
    assert careers.highlighted()["text"] == "Culture"


@pytest.mark.browser
def test_search_scrolls_to_and_highlights_the_best_chunk_and_esc_clears_it(careers: Chunker) -> None:
    careers.wait_stored()
    careers.open_popup()
    state = careers.popup_state()
    assert (state["state"], state["from"], state["chunks"]) == ("ready", "storage", 6), state
    assert careers.highlighted() is None

    state = careers.search("What are the benefits?")
    assert [r["id"] for r in state["results"]][:1] == ["heading-1"], state
    assert state["results"][0]["highlighted"] and state["results"][0]["path"] == "Careers at Acme › Benefits"
    assert wait_until(
        careers.browser,
        careers.page,
        "(() => { const e = document.querySelector('[data-chunker-highlight]'); if (!e) return false;"
        " const r = e.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; })()",
    )
    marked = careers.highlighted()
    assert marked is not None and (marked["count"], marked["id"], marked["text"]) == (1, "heading-1", "Benefits")
    assert marked["scrollY"] > 0, "the benefits are below the fold: the page scrolled"

    state = careers.search("paid leave weeks")  # the best is another chunk: the highlight moves
    assert state["results"][0]["id"] in {"heading-1-item-1", "heading-2"}
    assert careers.highlighted()["id"] == state["results"][0]["id"]

    assert careers.search("zeppelin")["noResults"] is True
    assert careers.highlighted() is None, "a search without results leaves nothing highlighted"

    careers.search("culture")
    assert careers.highlighted()["id"] == "heading-3"
    careers.browser.evaluate(careers.popup, "document.dispatchEvent(new KeyboardEvent('keydown', {key: 'Escape'}))")
    wait_until(careers.browser, careers.popup, "document.body.dataset.busy === 'false'")
    assert careers.highlighted() is None
    assert careers.popup_state()["results"] == []


@pytest.mark.browser
def test_the_options_page_lists_the_stored_pages_and_clear_data_removes_them(careers: Chunker) -> None:
    careers.wait_stored()
    careers.reopen_options()  # opened before the page was stored: a fresh one lists it
    rows = careers.browser.evaluate(
        careers.options, "[...document.querySelectorAll('#pages tr')].map((r) => r.dataset.url)"
    )
    assert careers.url in rows

    careers.browser.evaluate(careers.options, "document.getElementById('clear-data').click()")
    wait_until(careers.browser, careers.options, "document.body.dataset.pages === '0'")
    status = careers.browser.evaluate(careers.options, "document.getElementById('status').textContent")
    assert status == f"Cleared {len(rows)} pages and 0 vector indexes."
    assert careers.stored_urls() == []

    careers.open_popup()  # nothing stored: the popup has the page chunked now, and stored again
    assert careers.popup_state()["from"] == "page"
    assert careers.stored_urls() == [careers.url]


#: a page whose sections are about different things, for the semantic tests (the test model knows their words)
TOPICS = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Notes</title></head>
<body><main>
  <h1>Notes</h1>
  <h2>Llama care</h2>
  <p>Llamas are social animals that live in herds. Keep two together in a pasture, and give them hay and water.</p>
  <h2>Rust ownership</h2>
  <p>Every value in Rust has a single owner; the borrow checker enforces the rules of references.</p>
  <h2>Car repairs</h2>
  <p>The garage replaced the brakes and the oil of the car; the mechanic checked the engine.</p>
</main></body></html>
"""


@pytest.fixture
def topics(browser: ExtensionBrowser, server: FixtureServer) -> Iterator[Chunker]:
    choose_model(browser, TEST_MODEL)
    session = Chunker(browser, server.url("/topics.html"))
    try:
        yield session
    finally:
        session.close()
        choose_model(browser, None)


@pytest.mark.browser
def test_orama_finds_a_chunk_sharing_no_word_with_the_query_and_persists_its_vectors(topics: Chunker) -> None:
    """The real embedding path in the popup's worker (Transformers.js, onnxruntime-web's WebAssembly) on the tests'
    model; Orama's hybrid search; its database saved to IndexedDB and restored by the next popup's worker."""
    topics.wait_stored()
    topics.open_popup()
    state = topics.popup_state()
    assert (
        state["vectors"] == "embedded"
        and "Hybrid search (chunker-test-model; vectors embedded now)" in state["searchMode"]
    ), state
    state = topics.search("alpaca wool livestock")  # none of these words is on the page
    assert state["mode"] == "hybrid" and state["results"][0]["path"] == "Notes › Llama care", state
    assert topics.highlighted()["id"] == state["results"][0]["id"]
    state = topics.search("automobile mechanics")
    assert state["results"][0]["path"] == "Notes › Car repairs", state
    # The saved database's key is the SHA-256 of the record the Python reference computes (golden-conformed) for
    # the page's chunks and the model: it is what the next popup compares.
    chunks = topics.send({"type": "GET_PAGE", "tabId": topics.tab_id})["page"]["chunks"]
    saved = topics.browser.evaluate(
        topics.popup,
        """new Promise((resolve, reject) => {
        const open = indexedDB.open('ChunkerVectors');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
            const all = open.result.transaction('pages').objectStore('pages').getAll();
            all.onsuccess = () => resolve(all.result.map((r) => [r.url, r.key]));
        };
    })""",
    )
    assert saved == [[topics.url, persistence_key(chunks, TEST_MODEL)]]

    topics.browser.close_tab(topics.popup)  # its worker ends with it
    topics.open_popup()  # a new worker: the vectors come back from IndexedDB, nothing is embedded again
    state = topics.popup_state()
    assert state["vectors"] == "restored" and "restored from IndexedDB" in state["searchMode"], state
    state = topics.search("camelids fleece")
    assert state["mode"] == "hybrid" and state["results"][0]["path"] == "Notes › Llama care", state


@pytest.mark.browser
def test_a_model_that_cannot_load_leaves_keyword_search_and_says_so(topics: Chunker) -> None:
    choose_model(topics.browser, {"id": "no-such-model", "dtype": "q8", "allowRemote": False})
    topics.wait_stored()
    topics.open_popup()
    state = topics.popup_state()
    assert state["vectors"] == "none", state
    assert state["searchMode"].startswith("Keyword search only: the embedding model no-such-model could not be loaded")
    state = topics.search("llamas hay")
    assert state["mode"] == "keyword" and state["results"][0]["path"] == "Notes › Llama care", state
    assert topics.search("alpaca wool livestock")["noResults"] is True


#: a single-page app: a click changes the URL with pushState and replaces the content, without a page load
SPA = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Handbook</title></head>
<body><main><h1>Handbook</h1><h2>Onboarding</h2><p>Your first week: accounts, laptop and a buddy.</p></main>
<script>
globalThis.showPolicies = () => {
  history.pushState({}, '', '/spa/policies');
  document.querySelector('main').innerHTML =
    '<h1>Policies</h1><h2>Travel</h2><p>Book trains for trips under four hours.</p>' +
    '<h2>Expenses</h2><p>Claim within thirty days, with receipts.</p>';
};
</script></body></html>
"""


@pytest.mark.browser
def test_an_spa_navigation_is_chunked_again_under_its_new_url(browser: ExtensionBrowser, server: FixtureServer) -> None:
    """Seed §7.3: a URL changed by the page's own script (pushState) with new content is chunked again and stored
    under the new URL; the first view stays stored under its own."""
    session = Chunker(browser, server.url("/spa.html"))
    try:
        session.wait_stored()
        browser.evaluate(session.page, "globalThis.showPolicies()")
        second = server.url("/spa/policies")
        deadline = time.monotonic() + 15
        while second not in session.stored_urls():
            assert time.monotonic() < deadline, f"{second} was never stored: {session.stored_urls()}"
            time.sleep(0.1)
        answer = session.send({"type": "GET_PAGE", "tabId": session.tab_id})
        assert answer["type"] == "PAGE" and answer["page"]["url"] == second, answer
        paths = [c["headingPath"] for c in answer["page"]["chunks"]]
        assert paths == [["Policies"], ["Policies", "Travel"], ["Policies", "Expenses"]], paths
        assert server.url("/spa.html") in session.stored_urls()
    finally:
        session.close()


@pytest.mark.browser
def test_every_receiver_rejects_an_invalid_message(careers: Chunker) -> None:
    background = careers.send({"type": "GET_PAGE", "tabId": "one"})
    assert background["type"] == "ERROR" and "invalid message" in background["error"]
    # The background validates the popup's request before it reaches the content script: a bad XPath stops there.
    content = careers.send(
        {"type": "HIGHLIGHT", "tabId": careers.tab_id, "chunkId": "heading-1", "xpath": "body", "cssSelector": "body"}
    )
    assert content["type"] == "ERROR"
    careers.open_popup()
    worker = careers.browser.evaluate(
        careers.popup,
        """new Promise((resolve) => {
        const worker = new Worker('/worker/index.js', { type: 'module' });
        worker.onmessage = (event) => { resolve(event.data); worker.terminate(); };
        worker.postMessage({ type: 'SEARCH', query: 'x', limit: 0 });
    })""",
    )
    assert worker["type"] == "ERROR" and worker["error"].startswith("invalid message")


@pytest.mark.browser
@pytest.mark.corpus
@pytest.mark.parametrize("name", CORPUS_PAGES)
def test_real_pages_are_chunked_searched_and_highlighted(
    browser: ExtensionBrowser, server: FixtureServer, name: str
) -> None:
    reference = chunk_tree(tree_from_file(PAGES / name))
    session = Chunker(browser, server.url(f"/{name}"))
    try:
        session.wait_stored()
        session.open_popup()
        answer = session.send({"type": "GET_PAGE", "tabId": session.tab_id})
        page = answer["page"]
        assert page["layer"] == reference["layer"]
        # Pages whose content no style sheet or script hides: the live DOM gives the reference's chunks exactly.
        assert [(c["text"], c["xpath"], c["cssSelector"]) for c in page["chunks"]] == [
            (c["text"], c["xpath"], c["cssSelector"]) for c in reference["chunks"]
        ]
        assert all(session.same_element(c["xpath"], c["cssSelector"]) for c in page["chunks"])
        # Search for the last heading's words: its chunk comes first, and the page scrolls to it.
        headed = [c for c in page["chunks"] if c["contentType"] != "list" and c["headingPath"]]
        target = headed[-1]
        state = session.search(target["headingPath"][-1])
        assert state["results"] and state["results"][0]["highlighted"], state
        best = next(c for c in page["chunks"] if c["id"] == state["results"][0]["id"])
        assert target["headingPath"][-1] in " ".join(best["headingPath"]) + best["rawText"]
        marked = session.highlighted()
        assert marked is not None and marked["id"] == best["id"]
        assert session.element_text(best["xpath"]) == marked["text"]
    finally:
        session.close()


@pytest.mark.browser
def test_nothing_logged_an_error(browser: ExtensionBrowser) -> None:
    """Runs after the others of its engine (module-scoped launch): the background, pages, worker and content
    scripts raised nothing and logged no error through it all. (Firefox's note about a page closed while one of its
    messages was in flight is the browser's, not the extension's.)"""
    errors = [e for e in browser.extension_errors() if "Promise rejected after context unloaded" not in e]
    assert errors == []
