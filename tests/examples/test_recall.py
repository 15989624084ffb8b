"""examples/recall (seed 001): its reference and vectors, its builds and lint, and its main flow end to end in
headless Chromium (the chrome build: MV3 service worker and offscreen document) and Firefox ESR (the firefox build:
MV2 background page, which does the offscreen work) on pages served from 127.0.0.1.

Quick tests (`node`): golden check, conform in Node and V8, broken runtimes failing conform, the builds and a clean
lint, bad hand-written cases. Browser tests share one launch per engine for the whole module.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import CORPUS, run_xtk
from tests.examples.embedding_model import write_model
from tests.examples.recall_session import (
    EXAMPLE,
    MIN_DWELL,
    REFERENCE,
    RecallUi,
    copy_example,
    wait_until,
)
from toolchain.browsers import ExtensionBrowser, FixtureServer, launch

FUNCTIONS = {"tokenize", "stem", "keywordSearch", "reciprocalRankFusion", "semanticSearch", "classifyIntent"}


@pytest.fixture(scope="module")
def reference() -> Any:
    """The example's reference package, imported from its own folder (as `xtk golden` does)."""
    sys.path.insert(0, str(REFERENCE))
    try:
        import recall_reference.golden
        import recall_reference.intent
        import recall_reference.search
        import recall_reference.text
    finally:
        sys.path.remove(str(REFERENCE))
    return recall_reference


# --- vectors, conformance, builds, lint (quick) ------------------------------------------------------------------


@pytest.mark.node
def test_the_vectors_are_what_the_reference_generates() -> None:
    result = run_xtk("golden", "check", "--project", str(EXAMPLE), "--format", "json", cwd=EXAMPLE)
    assert result.code == 0, result.output
    report = json.loads(result.stdout)
    assert report["ok"] is True
    if CORPUS.is_dir():
        assert report["corpus"] is not None and not report.get("corpusCasesSkipped")


@pytest.mark.node
def test_the_runtime_conforms_in_node_and_v8() -> None:
    result = run_xtk("conform", "--engine", "node,v8", "--format", "json", "--project", str(EXAMPLE), cwd=EXAMPLE)
    report = json.loads(result.stdout)
    assert result.code == 0, result.output
    assert set(report["functions"]) == FUNCTIONS
    assert report["cases"] > 1000
    for engine in report["engines"]:
        assert engine["error"] is None and engine["failed"] == 0 and engine["not_run"] == 0, engine["engine"]
        assert engine["passed"] == report["cases"] - report["skipped"] and engine["passed"] > 0, engine["engine"]
        if CORPUS.is_dir():
            assert engine["passed"] == report["cases"], engine["engine"]


BROKEN_RUNTIMES = [
    # (file under src/shared, text, its broken replacement, golden file, a case that must now fail, one that must not)
    (
        "text.ts",
        "words(text).filter((word) => !STOP_WORDS.has(word))",
        "words(text)",
        "tokenize",
        "tokenize/adversarial/stop-words-only",
        "tokenize/adversarial/digits",
    ),
    (
        "porter.ts",
        "l: [['bli', 'ble'],",
        "l: [['abli', 'able'],",
        "stem",
        "stem/adversarial/possibli",
        "stem/adversarial/radicalli",
    ),
    (
        "search.ts",
        "hit.score += 1 / (k + position + 1);",
        "hit.score += 1 / (k + position);",
        "reciprocalRankFusion",
        "reciprocalRankFusion/adversarial/one-ranking",
        "reciprocalRankFusion/adversarial/no-rankings",
    ),
    (
        "search.ts",
        "score *= DOMAIN_BONUS",
        "score *= 1",
        "keywordSearch",
        "keywordSearch/adversarial/domain-bonus",
        "keywordSearch/adversarial/phrase-bonus",
    ),
    (
        "search.ts",
        "b.hit.similarity - a.hit.similarity || a.index - b.index",
        "b.hit.similarity - a.hit.similarity || b.index - a.index",
        "semanticSearch",
        "semanticSearch/adversarial/tie-first-met",
        "semanticSearch/adversarial/order",
    ),
    (
        "intent.ts",
        "(difference|differ)s?\\s+between",
        "(difference|differ)s+between",
        "classifyIntent",
        "classifyIntent/adversarial/differences-between",
        "classifyIntent/adversarial/compare",
    ),
]


@pytest.mark.node
@pytest.mark.parametrize(
    ("source", "text", "broken", "function", "fails", "passes"),
    BROKEN_RUNTIMES,
    ids=["stop-words", "porter-departure", "rrf-rank-from-1", "domain-bonus", "semantic-ties-last-met", "seed-typo"],
)
def test_a_runtime_that_breaks_a_rule_fails_conformance(
    tmp_path: Path, source: str, text: str, broken: str, function: str, fails: str, passes: str
) -> None:
    """The check can fail: each rule broken in TypeScript disagrees with the reference where it matters."""
    project = copy_example(tmp_path / "recall")
    module = project / "src" / "shared" / source
    original = module.read_text(encoding="utf-8")
    assert text in original
    module.write_text(original.replace(text, broken), encoding="utf-8")
    result = run_xtk(
        "conform",
        "--engine",
        "node",
        "--format",
        "json",
        "--project",
        str(project),
        "--vectors",
        str(project / "specs" / "golden" / f"{function}.json"),
        cwd=project,
    )
    report = json.loads(result.stdout)
    assert result.code == 1, result.output
    failed = {f["id"] for engine in report["engines"] for f in engine["failures"]}
    assert fails in failed and passes not in failed


@pytest.mark.node
def test_it_builds_for_three_browsers_and_lints_clean(builds: Path, tmp_path: Path) -> None:
    """The end-to-end tests' build (the test model under public/models/ besides the example as it is)."""
    chrome, edge, firefox = (
        json.loads((builds / b / "manifest.json").read_text()) for b in ("chrome", "edge", "firefox")
    )
    csp = "script-src 'self' 'wasm-unsafe-eval'; object-src 'self'"
    for manifest in (chrome, edge):
        assert manifest["background"] == {"service_worker": "background/index.js"}
        assert manifest["permissions"] == ["tabs", "webNavigation", "storage", "scripting", "offscreen"]
        assert manifest["host_permissions"] == ["<all_urls>"]
        assert manifest["content_security_policy"] == {"extension_pages": csp}
    assert (builds / "chrome" / "offscreen" / "summarizer.html").is_file()
    # Firefox: no offscreen documents; the background page does their work (the summarizer is in its bundle).
    assert firefox["manifest_version"] == 2 and firefox["background"]["scripts"] == ["background/index.js"]
    assert "offscreen" not in firefox["permissions"] and not (builds / "firefox" / "offscreen").exists()
    assert firefox["content_security_policy"] == csp
    assert "has no Summarizer API" in (builds / "firefox" / "background" / "index.js").read_text()
    assert "has no Summarizer API" not in (builds / "chrome" / "background" / "index.js").read_text()
    assert "has no Summarizer API" in (builds / "chrome" / "offscreen" / "summarizer.js").read_text()
    result = run_xtk("lint", "--project", str(builds.parent), "--format", "json", cwd=tmp_path)
    assert result.code == 0, result.output
    assert json.loads(result.stdout) == []


#: drives src/background/queue.ts in Node (bundled on its own by the example's esbuild): what the queue does after
#: failures, in time, with pause and a stored paused flag
QUEUE_DRIVER = """
import { IndexingQueue } from './queue.mjs';
const stored = new Map();
const store = { get: async (k) => stored.get(k), set: async (k, v) => { stored.set(k, v); } };
const seen = [];
const queue = new IndexingQueue(store);
await queue.loaded;
queue.add({ url: 'https://a.example/', title: 'A', tabId: 1, timestamp: 0, dwellTime: 6000 });
let now = 10_000;
const next = () => { const item = queue.getNext(now); return item && { url: item.url, retryCount: item.retryCount }; };
seen.push(['first', next()]);
queue.markFailed('https://a.example/', 'boom', now);
seen.push(['at once after a failure', next()]);
now += 999; seen.push(['999 ms later', next()]);
now += 1; seen.push(['1 s later', next()]);
queue.markFailed('https://a.example/', 'boom', now);
now += 1999; seen.push(['1999 ms after the 2nd', next()]);
now += 1; seen.push(['2 s after the 2nd', next()]);
queue.markFailed('https://a.example/', 'boom again', now);
now += 1_000_000; seen.push(['after the 3rd: failed for good', next()]);
seen.push(['status', queue.getStatus()]);
queue.add({ url: 'https://a.example/', title: 'A', tabId: 2, timestamp: 1, dwellTime: 7000 });
await queue.pause();
seen.push(['paused', next()]);
const restarted = new IndexingQueue(store);
await restarted.loaded;
seen.push(['a restarted background stays paused', restarted.isPaused()]);
await queue.resume();
const again = next();
queue.markComplete('https://a.example/');
seen.push(['re-queued after failing, resumed', again, queue.getStatus()]);
console.log(JSON.stringify(seen));
"""


@pytest.mark.node
def test_the_indexing_queue_retries_with_exponential_backoff_then_gives_up(tmp_path: Path) -> None:
    """The seed's IndexingQueue: a failed page waits 1 s, then 2 s (RETRY_BASE_MS doubling), and after
    MAX_ATTEMPTS (3) failures is failed; pause stops it, and the paused flag outlives a restarted background."""
    esbuild = EXAMPLE / "node_modules" / ".bin" / "esbuild"
    bundle = subprocess.run(
        [str(esbuild), str(EXAMPLE / "src" / "background" / "queue.ts"), "--bundle", "--format=esm",
         f"--outfile={tmp_path / 'queue.mjs'}", "--log-level=error"],
        capture_output=True, text=True,
    )  # fmt: skip
    assert bundle.returncode == 0, bundle.stderr
    (tmp_path / "driver.mjs").write_text(QUEUE_DRIVER, encoding="utf-8")
    done = subprocess.run(["node", str(tmp_path / "driver.mjs")], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    seen = {step[0]: step[1:] for step in json.loads(done.stdout)}
    first = {"url": "https://a.example/", "retryCount": 0}
    assert seen["first"] == [first]
    assert seen["at once after a failure"] == [None] and seen["999 ms later"] == [None]
    assert seen["1 s later"] == [{"url": "https://a.example/", "retryCount": 1}]
    assert seen["1999 ms after the 2nd"] == [None]
    assert seen["2 s after the 2nd"] == [{"url": "https://a.example/", "retryCount": 2}]
    assert seen["after the 3rd: failed for good"] == [None]
    assert seen["status"] == [{"pending": 0, "processing": 0, "failed": 1, "indexed": 0, "paused": False}]
    assert seen["paused"] == [None] and seen["a restarted background stays paused"] == [True]
    again, status = seen["re-queued after failing, resumed"]
    assert again == first, "a failed page seen again is queued afresh"
    assert status == {"pending": 0, "processing": 0, "failed": 0, "indexed": 1, "paused": False}


@pytest.mark.node
def test_a_malformed_case_in_hand_written_vectors_is_bad_input(tmp_path: Path) -> None:
    inputs = tmp_path / "bad.json"
    inputs.write_text(
        json.dumps(
            {
                "function": "stem",
                "parameters": ["word"],
                "cases": [
                    {"id": "stem/adversarial/upper", "description": "not a token", "arguments": {"word": "Running"}}
                ],
            }
        )
    )
    result = run_xtk(
        "golden",
        "make",
        "--project",
        str(EXAMPLE),
        "--inputs",
        str(inputs),
        "--out",
        str(tmp_path / "out.json"),
        cwd=tmp_path,
    )
    assert result.code == 2, result.output
    assert "bad.json: error: /cases/0/arguments/word: case 'stem/adversarial/upper': must be a token" in result.stderr
    assert "Traceback" not in result.output and not (tmp_path / "out.json").exists()


# --- the reference's own decisions -------------------------------------------------------------------------------


def test_the_stemmer_is_porters_own_release(reference: Any) -> None:
    """Porter's examples, his C release's departures ('bli', 'logi'), and his rule for two-letter words."""
    stem = reference.text.stem
    assert [stem(w) for w in ("caresses", "ponies", "relational", "hopping", "generalizations", "oscillators")] == [
        "caress",
        "poni",
        "relat",
        "hop",
        "gener",
        "oscil",
    ]
    assert stem("conformabli") == "conform" and stem("analogi") == "analog"
    assert stem("is") == "is" and stem("as") == "as"


def test_intent_patterns_read_as_javascript_reads_them(reference: Any) -> None:
    classify = reference.intent.classify_intent
    assert classify("what\u00a0is it")["type"] == "factual"  # ECMAScript's \s holds U+00A0
    assert classify("what\u0085is it")["type"] == "general"  # ... and not U+0085
    assert classify("\u212aind of page")["type"] == "general"  # no Unicode case folding (Kelvin sign)
    assert classify("yesterday\u2028I saw it")["type"] == "general"  # `.` stops at U+2028
    assert classify("Define entropy")["type"] == "factual"  # case-insensitive (D: the seed was not)


# --- end to end, in both engines ---------------------------------------------------------------------------------

LLAMAS = """<!doctype html><html><head><title>Llama care guide</title></head><body>
<nav><a href="/">Home</a> <a href="/about">About</a></nav>
<main><h1>Llama care guide</h1>
<p>Llamas are social animals from the Andes that live in herds. A single llama gets lonely, so keep at least two
together in a pasture with shelter from rain and wind, fresh water every day, and room to roam.</p>
<p>Feeding a llama is simple: good grass hay makes up most of the diet, with a small ration of pellets made for
camelids, a mineral supplement, and fresh water. Avoid feeding bread or lawn clippings, which upset the stomach.</p>
<p>Shearing once a year in spring keeps the fleece healthy. Toenails need trimming every few months, and a
veterinarian should check teeth, vaccinations and parasites at least once a year.</p>
</main><footer>Copyright Llama Friends</footer></body></html>"""

RUST = """<!doctype html><html><head><title>Rust ownership explained</title></head><body><article>
<h1>Rust ownership explained</h1>
<p>Every value in Rust has a single owner. When the owner goes out of scope, the value is dropped and its memory
freed, without a garbage collector and without manual calls to free.</p>
<p>Borrowing lets code use a value without taking ownership: any number of shared references, or exactly one
mutable reference, at a time. The borrow checker enforces these rules when the program compiles.</p>
</article></body></html>"""

LOGIN = """<!doctype html><html><head><title>Sign in to llama bank</title></head><body><main>
<p>Enter your llama bank password to continue. This page is a login page and must never be indexed, whatever the
dwell time, because the seed excludes every URL with /login in its path from the index.</p></main></body></html>"""

#: (build, engine): Chromium runs the chrome build (MV3, service worker, offscreen document), Firefox ESR the
#: firefox build (MV2 background page doing the offscreen work). The edge build is the chrome build's twin
#: (test_it_builds_for_three_browsers_and_lints_clean).
TARGETS = [("chrome", "chromium"), ("firefox", "firefox")]
CORPUS_PAGES = ["wikipedia-3.html", "v8-blog.html"]


#: the test's embedding model (tests/examples/embedding_model.py), packaged under models/ and loaded from there with
#: downloads off: Transformers.js, its tokenizer and onnxruntime-web's WebAssembly run as with all-MiniLM-L6-v2
TEST_MODEL = {"id": "recall-test-model", "dtype": "fp32", "allowRemote": False}


@pytest.fixture(scope="module")
def builds(tmp_path_factory: pytest.TempPathFactory) -> Path:
    project = copy_example(tmp_path_factory.mktemp("recall-e2e") / "recall")
    write_model(project / "public" / "models" / TEST_MODEL["id"])
    result = run_xtk("build", "--browser", "all", cwd=project)
    assert result.code == 0, result.output
    return project / "build"


@pytest.fixture(scope="module")
def server() -> Iterator[FixtureServer]:
    pages = {
        "/llamas.html": LLAMAS,
        "/rust.html": RUST,
        "/account/login.html": LOGIN,
        "/later.html": LLAMAS.replace("Llama care guide", "Llama shearing later"),
    }
    with FixtureServer(CORPUS / "pages" if CORPUS.is_dir() else None, pages=pages) as running:
        yield running


@pytest.fixture(scope="module", params=TARGETS, ids=[build for build, _ in TARGETS])
def browser(
    request: pytest.FixtureRequest, builds: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ExtensionBrowser]:
    build, engine = request.param
    with launch(engine, builds / build, workdir=tmp_path_factory.mktemp(f"{build}-{engine}")) as running:
        yield running


@pytest.fixture(scope="module")
def indexed(browser: ExtensionBrowser, server: FixtureServer) -> dict[str, Any]:
    """The module's reading session, once per engine: the fixture pages, a login page and (with the corpus) real
    pages, each looked at in its own window past the dwell threshold; the pages as Recall indexed them."""
    paths = ["/llamas.html", "/rust.html", "/account/login.html"]
    if CORPUS.is_dir():
        paths += [f"/{name}" for name in CORPUS_PAGES]
    search = RecallUi(browser, "search/index.html")
    chosen = search.send({"type": "SET_EMBEDDING_MODEL", "model": TEST_MODEL})
    assert chosen == {"type": "SETTINGS", "model": TEST_MODEL, "embeddings": "not-loaded"}, chosen
    tabs = [browser.open_tab(server.url(path), new_window=True) for path in paths]
    wanted = [server.url(path) for path in paths if "login" not in path]
    pages = search.wait_for_indexed(wanted, timeout=MIN_DWELL + 30)
    queue = search.send({"type": "GET_QUEUE_STATUS"})
    for tab in tabs:
        browser.close_tab(tab)
    return {"search": search, "pages": dict(zip(wanted, pages, strict=True)), "queue": queue}


@pytest.fixture
def search(indexed: dict[str, Any], browser: ExtensionBrowser) -> Iterator[RecallUi]:
    yield indexed["search"]
    # Firefox reports the CSP test's refused eval (provoked on purpose) as an extension error.
    errors = [e for e in browser.extension_errors() if "context unloaded" not in e and "Missing 'unsafe-eval'" not in e]
    assert errors == []


@pytest.mark.browser
@pytest.mark.node
def test_pages_read_past_the_dwell_time_are_indexed(
    indexed: dict[str, Any], server: FixtureServer, search: RecallUi
) -> None:
    llamas = indexed["pages"][server.url("/llamas.html")]
    assert llamas["title"] == "Llama care guide"
    assert llamas["dwellTime"] >= MIN_DWELL * 1000 and llamas["visitCount"] == 1
    assert llamas["passageCount"] >= 1 and llamas["contentLength"] > 300
    # No model offline: the summary is the seed's fallback, the best passages (here the heading and first paragraphs).
    assert llamas["summarySource"] == "passages"
    assert llamas["summary"].startswith("Llama care guide Llamas are social animals") and len(llamas["summary"]) <= 300
    assert server.url("/account/login.html") not in search.indexed_urls(), "the seed excludes /login pages"
    stats = search.send({"type": "GET_DB_STATS"})
    assert stats["totalPages"] == len(indexed["pages"]) and stats["totalPassages"] >= len(indexed["pages"])
    assert indexed["queue"]["failed"] == 0 and indexed["queue"]["indexed"] >= len(indexed["pages"])


@pytest.mark.browser
@pytest.mark.node
def test_hybrid_keyword_and_semantic_search_in_the_search_page(
    indexed: dict[str, Any], server: FixtureServer, search: RecallUi
) -> None:
    assert all(page["embedded"] for page in indexed["pages"].values()), "every passage embedded by the test model"
    state = search.search("llama feeding hay")
    assert state["mode"] == "hybrid" and state["notice"] == ""
    assert state["results"][0]["url"] == server.url("/llamas.html")
    assert "matched: llama, feed, hai · similarity" in state["results"][0]["meta"]
    state = search.search("borrow checker ownership", mode="keyword")
    assert state["mode"] == "keyword" and state["notice"] == ""
    assert state["results"][0]["url"] == server.url("/rust.html") and "similarity" not in state["results"][0]["meta"]
    state = search.search("borrow checker ownership", mode="semantic")
    assert state["mode"] == "semantic" and state["notice"] == ""
    assert state["results"][0]["url"] == server.url("/rust.html")
    assert search.search("zzzunknownword")["results"] == []
    assert sorted(state["pages"]) == sorted(indexed["pages"])
    assert search.eval("document.getElementById('model').dataset.state") == "ready"


@pytest.mark.browser
@pytest.mark.node
def test_a_semantic_query_finds_a_passage_that_shares_no_word_with_it(server: FixtureServer, search: RecallUi) -> None:
    """The real embedding path (Transformers.js and onnxruntime-web's WebAssembly, in the offscreen document or
    Firefox's background page) on the test model: no word of the query is on the page, keyword search finds
    nothing, and the passage about the same things is found."""
    for query, url, passage in [
        ("alpaca wool livestock", "/llamas.html", "Llamas are social animals"),
        ("lifetimes", "/rust.html", "Every value in Rust has a single owner"),
    ]:
        assert search.search(query, mode="keyword")["results"] == [], query
        state = search.search(query, mode="semantic")
        assert state["mode"] == "semantic" and state["results"][0]["url"] == server.url(url), (query, state)
        similarity = float(state["results"][0]["meta"].split("similarity ")[1].split(" ")[0])
        assert similarity >= 0.3
        hybrid = search.search(query)
        assert hybrid["results"][0]["url"] == server.url(url) and "matched:  ·" in hybrid["results"][0]["meta"]
        assert passage in search.eval("document.querySelector('#results .passage').textContent")


@pytest.mark.browser
@pytest.mark.node
@pytest.mark.corpus
def test_real_pages_are_found_by_their_titles_words(
    indexed: dict[str, Any], server: FixtureServer, search: RecallUi, reference: Any
) -> None:
    for name in CORPUS_PAGES:
        title = reference.golden.resolve_corpus({"page": name}, CORPUS / "pages")["title"]
        page = indexed["pages"][server.url(f"/{name}")]
        assert page["title"] == title and page["passageCount"] >= 3, page
        state = search.search(title)
        assert state["results"][0]["url"] == server.url(f"/{name}"), (title, state["results"])


@pytest.mark.browser
@pytest.mark.node
def test_a_question_is_classified_and_answered_from_passages_with_sources(
    server: FixtureServer, search: RecallUi
) -> None:
    state = search.ask("How to feed a llama?")
    assert state["answerShown"] and state["intent"] == "howto" and "regex" in state["intentText"]
    assert state["sources"][0] == server.url("/llamas.html")
    # feature-detected: Firefox has no LanguageModel; Debian's Chromium has the API and no model to run it
    assert state["answer"].startswith(
        (
            "Chrome's on-device model cannot answer here (this browser has no Prompt API (no LanguageModel))",
            "Chrome's on-device model cannot answer here (the on-device model is unavailable)",
        )
    ), state["answer"]
    assert search.eval("document.getElementById('answer').dataset.generator") == "extractive"
    assert "[Source 1] Feeding a llama is simple" in state["answer"]
    state = search.ask("What is borrowing in Rust")
    assert state["intent"] == "factual" and state["sources"][0] == server.url("/rust.html")
    answer = search.send({"type": "RAG_QUERY", "question": "qqqq zzzz xxyyzz"})
    assert answer["result"]["sources"] == [] and answer["result"]["intent"]["type"] == "general"


#: a stand-in for Chrome's Prompt API, put where Firefox's build would find it (its background page's global): the
#: model names an intent when asked to classify, and answers from the context it is given, citing [Source 1]
FAKE_LANGUAGE_MODEL = """(async () => {
  const background = await browser.runtime.getBackgroundPage();
  background.promptsSeen = [];
  background.LanguageModel = {
    availability: async () => 'available',
    create: async () => ({
      prompt: async (text) => {
        background.promptsSeen.push(text);
        if (text.startsWith('Classify the intent')) return 'howto';
        return text.includes('CONTEXT FROM BROWSING HISTORY') && text.includes('hay')
          ? 'Give them grass hay, a little pellet feed and fresh water [Source 1].' : 'I do not know.';
      },
      destroy: () => undefined,
    }),
  };
  return true;
})()"""


@pytest.mark.browser
@pytest.mark.node
def test_where_the_prompt_api_answers_it_writes_the_answer_and_classifies_unsure_intents(
    browser: ExtensionBrowser, server: FixtureServer, search: RecallUi
) -> None:
    """Feature detection, both ways: Chromium here has no `LanguageModel` (the extractive answer says so: the
    question test above); in Firefox's background page, where the build looks for it, a stand-in is put, and the
    seed's path runs — the model classifies a question the regex patterns are unsure of, and writes the answer from
    the seed's prompt with the retrieved sources."""
    if browser.name != "firefox":
        pytest.skip("Chrome's build asks its offscreen document, which a test cannot give a LanguageModel")
    assert search.eval(FAKE_LANGUAGE_MODEL) is True
    try:
        state = search.ask("llama hay")  # no regex pattern: unsure, so the model classifies
        assert state["intent"] == "howto" and "llm" in state["intentText"], state
        assert state["answer"] == "Give them grass hay, a little pellet feed and fresh water [Source 1]."
        assert search.eval("document.getElementById('answer').dataset.generator") == "prompt-api"
        assert state["sources"][0] == server.url("/llamas.html")
        prompts = search.eval("browser.runtime.getBackgroundPage().then((b) => b.promptsSeen)")
        assert prompts[0].startswith("Classify the intent") and "Query: llama hay" in prompts[0]
        assert "CONTEXT FROM BROWSING HISTORY:\n[Source 1] Llama care guide" in prompts[1]
        assert prompts[1].endswith("USER QUESTION:\nllama hay\n\nANSWER:")
    finally:
        search.eval("browser.runtime.getBackgroundPage().then((b) => { delete b.LanguageModel; return true; })")


#: a stand-in whose sessions also stream (promptStreaming: a ReadableStream of pieces, 300 ms apart)
STREAMING_LANGUAGE_MODEL = """(async () => {
  const background = await browser.runtime.getBackgroundPage();
  const pieces = ['Give them grass hay, ', 'a little pellet feed ', 'and fresh water [Source 1].'];
  background.streamedPrompts = 0;
  background.LanguageModel = {
    availability: async () => 'available',
    create: async () => ({
      prompt: async (text) => (text.startsWith('Classify the intent') ? 'howto' : 'not streamed'),
      promptStreaming: (text) => {
        background.streamedPrompts += 1;
        let next = 0;
        return new background.ReadableStream({
          pull: (controller) => new Promise((resolve) => background.setTimeout(() => {
            if (next < pieces.length) controller.enqueue(pieces[next++]);
            else controller.close();
            resolve();
          }, 300)),
        });
      },
      destroy: () => undefined,
    }),
  };
  return true;
})()"""

#: what the search page showed of the answer while it was written (a MutationObserver's record)
WATCH_ANSWER = """(() => {
  window.answerSeen = [];
  const text = document.getElementById('answer-text');
  new MutationObserver(() => window.answerSeen.push([text.textContent,
    document.getElementById('answer').dataset.streaming])).observe(text, { childList: true, characterData: true,
    subtree: true });
  return true;
})()"""


@pytest.mark.browser
@pytest.mark.node
def test_the_prompt_apis_answer_is_streamed_to_the_search_page_as_it_is_written(
    browser: ExtensionBrowser, server: FixtureServer, search: RecallUi
) -> None:
    """Seed 001's answerQuestionStreaming: where the session can stream (promptStreaming), each piece of the answer
    reaches the page that asked as it is written (RAG_PARTIAL) and is shown in order; the whole answer then replaces
    them. The intent classification is not streamed."""
    if browser.name != "firefox":
        pytest.skip("Chrome's build asks its offscreen document, which a test cannot give a LanguageModel")
    assert search.eval(STREAMING_LANGUAGE_MODEL) is True
    try:
        assert search.eval(WATCH_ANSWER) is True
        state = search.ask("llama hay")
        whole = "Give them grass hay, a little pellet feed and fresh water [Source 1]."
        assert state["answer"] == whole and state["sources"][0] == server.url("/llamas.html"), state
        seen = search.eval("window.answerSeen")
        shown = [text for text, streaming in seen if streaming == "true"]
        assert shown[:3] == ["Give them grass hay, ", "Give them grass hay, a little pellet feed ", whole], seen
        assert seen[-1] == [whole, "false"]
        assert search.eval("document.getElementById('answer').dataset.streamed") == "3"
        assert search.eval("browser.runtime.getBackgroundPage().then((b) => b.streamedPrompts)") == 1
    finally:
        search.eval("browser.runtime.getBackgroundPage().then((b) => { delete b.LanguageModel; return true; })")


@pytest.mark.browser
@pytest.mark.node
def test_the_background_passes_the_offscreen_documents_answer_pieces_on_to_the_page(
    browser: ExtensionBrowser, search: RecallUi
) -> None:
    """Chrome's half of the stream: the offscreen document, where its Prompt API runs, sends each piece to the
    background (PROMPT_PIECE); the background passes it on to the page as RAG_PARTIAL, once validated. Sent here from
    another extension page, as the offscreen document sends it (both builds have the relay)."""
    assert search.eval(
        """(() => { window.partials = []; (globalThis.browser ?? globalThis.chrome).runtime.onMessage.addListener(
        (m) => { if (m.type === 'RAG_PARTIAL') window.partials.push(m); }); return true; })()"""
    )
    popup = RecallUi(browser, "popup/index.html")
    try:
        send = (
            "((m) => { (globalThis.browser ?? globalThis.chrome).runtime.sendMessage(m).catch(() => null); return 1; })"
        )
        for piece in (
            {"type": "PROMPT_PIECE", "streamId": "q1-test", "index": 0, "text": "Give them "},
            {"type": "PROMPT_PIECE", "streamId": "q1-test", "index": -1, "text": "invalid: not passed on"},
            {"type": "PROMPT_PIECE", "streamId": "q1-test", "index": 1, "text": "hay."},
        ):
            popup.eval(send, arg=piece)
        wait_until(browser, search.tab, "window.partials.length >= 2")
        time.sleep(0.5)  # an invalid piece passed on would have arrived by now
        assert search.eval("window.partials") == [
            {"type": "RAG_PARTIAL", "streamId": "q1-test", "index": 0, "text": "Give them "},
            {"type": "RAG_PARTIAL", "streamId": "q1-test", "index": 1, "text": "hay."},
        ]
        assert search.state()["answer"] != "Give them hay.", "pieces of no question the page asked are not shown"
    finally:
        popup.close()


@pytest.mark.browser
@pytest.mark.node
def test_a_second_visit_reindexes_the_same_record(
    browser: ExtensionBrowser, indexed: dict[str, Any], server: FixtureServer, search: RecallUi
) -> None:
    url = server.url("/rust.html")
    first = indexed["pages"][url]
    again = browser.open_tab(url + "?from=elsewhere#ownership", new_window=True)  # normalized: the same page
    try:
        wait_until(
            browser,
            search.tab,
            f"""(globalThis.browser ?? globalThis.chrome).runtime.sendMessage(
            {{ type: 'GET_ALL_PAGES' }}).then((a) => a.pages.some((p) => p.url === {json.dumps(url)} &&
            p.visitCount === 2))""",
            timeout=MIN_DWELL + 15,
        )
    finally:
        browser.close_tab(again)
    (second,) = [p for p in search.send({"type": "GET_ALL_PAGES"})["pages"] if p["url"] == url]
    assert second["id"] == first["id"] and second["timestamp"] == first["timestamp"]
    assert second["lastAccessed"] > first["lastAccessed"]


@pytest.mark.browser
@pytest.mark.node
def test_a_model_that_cannot_load_is_said_and_keyword_search_runs(server: FixtureServer, search: RecallUi) -> None:
    """The model is a setting (the search page's form): one that is not packaged, with downloads off, cannot load;
    searches say so and fall back to keywords, the page says why. Choosing the test model again restores them."""

    def choose(model: dict[str, Any]) -> None:
        search.act(
            """((m) => {
            document.getElementById('settings').open = true;
            document.getElementById('model-id').value = m.id;
            document.getElementById('model-dtype').value = m.dtype;
            document.getElementById('model-remote').checked = m.allowRemote;
            document.getElementById('model-save').click();
        })""",
            model,
        )

    try:
        choose({"id": "no-such-model", "dtype": "q8", "allowRemote": False})
        state = search.search("alpaca wool livestock", mode="semantic")
        assert state["mode"] == "keyword" and state["results"] == []
        assert "the embedding model no-such-model could not be loaded" in state["notice"], state["notice"]
        state = search.search("llama feeding hay")
        assert state["mode"] == "hybrid" and "fused from the keyword ranking alone" in state["notice"]
        assert state["results"][0]["url"] == server.url("/llamas.html")
        assert search.eval("document.getElementById('model').dataset.state") == "unavailable"
    finally:
        choose(TEST_MODEL)
    state = search.search("alpaca wool livestock", mode="semantic")
    assert state["mode"] == "semantic" and state["results"][0]["url"] == server.url("/llamas.html")


@pytest.mark.browser
@pytest.mark.node
def test_the_popup_pauses_resumes_and_clears(
    browser: ExtensionBrowser, server: FixtureServer, search: RecallUi
) -> None:
    popup = RecallUi(browser, "popup/index.html")
    try:
        popup.click("#pause")
        assert popup.eval("document.getElementById('pause').dataset.paused") == "true"
        assert "(paused)" in popup.eval("document.getElementById('queue').textContent")
        later = browser.open_tab(server.url("/later.html"), new_window=True)
        wait_until(
            browser,
            popup.tab,
            "(globalThis.browser ?? globalThis.chrome).runtime.sendMessage("
            "{ type: 'GET_QUEUE_STATUS' }).then((q) => q.pending === 1)",
            timeout=MIN_DWELL + 10,
        )
        assert server.url("/later.html") not in search.indexed_urls(), "paused: queued, not indexed"
        popup.click("#pause")  # resume
        search.wait_for_indexed([server.url("/later.html")])
        browser.close_tab(later)

        total = len(search.indexed_urls())
        popup.click("#clear")
        assert len(search.indexed_urls()) == total, "the first click asks for confirmation"
        assert popup.eval("Number(document.getElementById('total-pages').textContent)") == total
        popup.click("#clear")
        assert popup.eval("Number(document.getElementById('total-pages').textContent)") == 0
        assert search.indexed_urls() == []
    finally:
        popup.close()


@pytest.mark.browser
@pytest.mark.node
def test_extension_pages_run_webassembly_under_the_seeds_csp(search: RecallUi) -> None:
    """'wasm-unsafe-eval' lets extension pages compile WebAssembly (the embedding model's runtime); eval stays out.
    Both run from a timer, as the page's own code: a driver's evaluation itself is exempt from the page's CSP."""
    verdicts = search.eval("""new Promise((resolve) => setTimeout(() => {
        let evalVerdict;
        try { eval('1'); evalVerdict = 'ran'; } catch (error) { evalVerdict = error.name; }
        WebAssembly.compile(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0])).then(
          (module) => resolve({ eval: evalVerdict, wasm: module instanceof WebAssembly.Module }),
          (error) => resolve({ eval: evalVerdict, wasm: String(error) }));
      }, 0))""")
    assert verdicts == {"eval": "EvalError", "wasm": True}


@pytest.mark.browser
@pytest.mark.node
def test_receivers_reject_invalid_messages(search: RecallUi, browser: ExtensionBrowser) -> None:
    answer = search.send({"type": "SEARCH_QUERY"})
    assert answer["type"] == "ERROR" and answer["error"].startswith("invalid message")
    answer = search.send({"type": "SEARCH_QUERY", "query": "x", "options": {"mode": "telepathic"}})
    assert answer["type"] == "ERROR" and answer["error"].startswith("invalid message")
    answer = search.send({"type": "PAGE_DWELL", "url": "https://example.com/", "title": "t", "dwellTime": -1})
    assert answer["type"] == "ERROR" and answer["error"].startswith("invalid message")


@pytest.mark.browser
@pytest.mark.node
def test_chromium_runs_the_summarizer_in_the_offscreen_document(browser: ExtensionBrowser, search: RecallUi) -> None:
    if not browser.extension_url("x").startswith("chrome-extension://"):
        pytest.skip("Firefox has no offscreen documents: its background page runs the summarizer")
    contexts = search.eval(
        "chrome.runtime.getContexts({ contextTypes: ['OFFSCREEN_DOCUMENT'] })"
        ".then((found) => found.map((c) => new URL(c.documentUrl).pathname))"
    )
    assert contexts == ["/offscreen/summarizer.html"]


@pytest.mark.browser
@pytest.mark.node
def test_the_runtime_conforms_in_all_five_engines() -> None:
    result = run_xtk("conform", "--format", "json", "--project", str(EXAMPLE), cwd=EXAMPLE, timeout=300)
    report = json.loads(result.stdout)
    assert result.code == 0, result.output
    assert [e["engine"] for e in report["engines"]] == ["v8", "spidermonkey", "node", "chromium", "firefox"]
    for engine in report["engines"]:
        assert engine["error"] is None and engine["failed"] == 0 and engine["not_run"] == 0, engine["engine"]
        assert engine["passed"] == report["cases"] - report["skipped"] and engine["passed"] > 0, engine["engine"]
