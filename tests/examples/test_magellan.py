"""examples/magellan (seed 004): its reference and vectors, its builds and lint, and its main flow end to end in
headless Chromium (the chrome and edge builds) and Firefox ESR (the firefox build) on pages served from 127.0.0.1.

Quick tests (`node`): golden check, conform in Node and V8, a broken runtime failing conform, the builds and a
clean lint, the Python snapshot of saved HTML. Browser tests share one launch per engine for the whole module.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import CORPUS, run_xtk
from tests.examples.magellan_session import (
    EXAMPLE,
    Magellan,
    build_example,
    copy_example,
    squeeze,
    tab_id_of,
    wait_until,
)
from tests.examples.openai_fake import fake_openai
from toolchain.browsers import ExtensionBrowser, FixtureServer, launch

REFERENCE = EXAMPLE / "reference"


@pytest.fixture(scope="module")
def reference() -> Any:
    """The example's reference package, imported from its own folder (as `xtk golden` does)."""
    import sys

    sys.path.insert(0, str(REFERENCE))
    try:
        import magellan_reference.rules
        import magellan_reference.snapshot
    finally:
        sys.path.remove(str(REFERENCE))
    return magellan_reference


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
    assert set(report["functions"]) == {"extractElements", "extractionDigest", "citedIds"}
    assert report["cases"] > 300
    for engine in report["engines"]:
        assert engine["failed"] == 0 and engine["not_run"] == 0, engine["engine"]
        if CORPUS.is_dir():
            assert engine["passed"] == report["cases"], engine["engine"]


BROKEN_RUNTIMES = [
    # (file under src/shared, text, its broken replacement, golden file, a case that must now fail, one that must not)
    (
        "extraction.ts",
        "MIN_TEXT_LENGTH = 15",
        "MIN_TEXT_LENGTH = 16",
        "extractElements",
        "extractElements/adversarial/length-14-15",
        "extractElements/adversarial/length-2500-2501",
    ),
    (
        "extraction.ts",
        "new Set<HiddenReason | undefined>(['display', 'opacity'])",
        "new Set<HiddenReason | undefined>(['display'])",
        "extractElements",
        "extractElements/adversarial/subtree-hiding",
        "extractElements/adversarial/hidden-reasons",
    ),
    (
        "citations.ts",
        "/(?<![A-Za-z0-9_-])mgl-node-",
        "/mgl-node-",
        "citedIds",
        "citedIds/adversarial/glued-letters",
        "citedIds/adversarial/bracketed",
    ),
]


@pytest.mark.node
@pytest.mark.parametrize(
    ("source", "text", "broken", "function", "fails", "passes"),
    BROKEN_RUNTIMES,
    ids=["min-length", "opacity-hides-subtree", "id-boundaries"],
)
def test_a_runtime_that_breaks_a_rule_fails_conformance(
    tmp_path: Path, source: str, text: str, broken: str, function: str, fails: str, passes: str
) -> None:
    """The check can fail: each rule broken in TypeScript disagrees with the reference where it matters."""
    project = copy_example(tmp_path / "magellan")
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
def test_it_builds_for_three_browsers_and_lints_clean(tmp_path: Path) -> None:
    builds = build_example(tmp_path / "magellan")
    chrome = json.loads((builds / "chrome" / "manifest.json").read_text())
    firefox = json.loads((builds / "firefox" / "manifest.json").read_text())
    edge = json.loads((builds / "edge" / "manifest.json").read_text())
    assert chrome["side_panel"] == edge["side_panel"] == {"default_path": "sidebar/index.html"}
    assert sorted(chrome["permissions"]) == sorted(edge["permissions"]) == ["sidePanel", "storage", "tabs"]
    assert firefox["sidebar_action"]["default_panel"] == "sidebar/index.html"
    assert sorted(firefox["permissions"]) == ["storage", "tabs"]
    assert "host_permissions" not in chrome, "offline: no AI backend host"
    result = run_xtk("lint", "--project", str(tmp_path / "magellan"), "--format", "json", cwd=tmp_path)
    assert result.code == 0, result.output
    assert json.loads(result.stdout) == []


@pytest.mark.node
def test_a_malformed_tree_in_hand_written_vectors_is_bad_input(tmp_path: Path) -> None:
    inputs = tmp_path / "bad.json"
    inputs.write_text(
        json.dumps(
            {
                "function": "extractElements",
                "parameters": ["tree"],
                "cases": [
                    {
                        "id": "extractElements/adversarial/bad",
                        "description": "a child without block",
                        "arguments": {
                            "tree": {"tag": "body", "block": True, "children": [{"tag": "p", "children": []}]}
                        },
                    }
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
    assert (
        "bad.json: error: /cases/0/arguments/tree/children/0/block: case 'extractElements/adversarial/bad': "
        "must be true or false"
    ) in result.stderr
    assert "Traceback" not in result.output and not (tmp_path / "out.json").exists()


# --- the Python snapshot of saved pages ---------------------------------------------------------------------------


def test_the_snapshot_closes_what_the_html_parser_implies(reference: Any) -> None:
    tree = reference.snapshot.snapshot_html(
        "<html><head><title>T</title><script>x()</script></head><body><p>One paragraph, unclosed"
        "<div>A block closes it</div><ul><li>First item<li>Second item</ul><br>tail</body></html>"
    )
    assert tree == {
        "tag": "body",
        "block": True,
        "children": [
            {"tag": "p", "block": True, "children": ["One paragraph, unclosed"]},
            {"tag": "div", "block": True, "children": ["A block closes it"]},
            {
                "tag": "ul",
                "block": True,
                "children": [
                    {"tag": "li", "block": True, "children": ["First item"]},
                    {"tag": "li", "block": True, "children": ["Second item"]},
                ],
            },
            {"tag": "br", "block": True, "children": []},
            "tail",
        ],
    }


def test_the_snapshot_reads_visibility_from_markup_only(reference: Any) -> None:
    tree = reference.snapshot.snapshot_html(
        '<p hidden>a</p><p style="display: NONE !important">b</p><div style="visibility:hidden"><p>c</p>'
        '<p style="visibility: visible">d</p></div><p style="opacity:0.0">e</p><p class="anything">f</p>'
    )
    hidden = [child.get("hidden") for child in tree["children"]]
    assert hidden == ["display", "display", "visibility", "opacity", None]
    inherited = [child.get("hidden") for child in tree["children"][2]["children"]]
    assert inherited == ["visibility", None]


@pytest.mark.corpus
def test_every_corpus_page_gives_a_well_formed_tree_and_some_elements(reference: Any) -> None:
    pages = sorted((CORPUS / "pages").glob("*.html"))
    assert len(pages) == 80
    counts = {}
    for page in pages:
        tree = reference.snapshot.snapshot_file(page)
        assert reference.rules.tree_problems(tree) == [], page.name
        elements = reference.rules.extract_elements(tree)
        texts = [element["text"] for element in elements]
        assert len(set(texts)) == len(texts), page.name
        assert all(15 <= reference.rules.utf16_length(text) <= 2500 for text in texts), page.name
        counts[page.name] = len(elements)
    assert sum(1 for count in counts.values() if count >= 50) > 40, counts


# --- end to end, in both engines ---------------------------------------------------------------------------------

STYLED_PAGE = """<!doctype html><html><head><title>Magellan fixture</title><style>
.gone { display: none } .ghost { visibility: hidden } .clear { opacity: 0 }
.flat { height: 0; overflow: hidden; margin: 0 } .away { position: absolute; left: -10000px; top: 0 }
</style></head><body>
<h1>Ferdinand Magellan's voyage</h1>
<p>The fleet left Seville in August 1519.</p>
<p class="gone">This paragraph is display none.</p>
<p class="ghost">This paragraph is visibility hidden.</p>
<p class="clear">This paragraph has opacity zero.</p>
<p class="flat">This paragraph has zero height.</p>
<p class="away">This paragraph is off the page.</p>
<p>Short.</p>
<p>The fleet left Seville in August 1519.</p>
<div>A div with only inline <b>content</b> inside it.</div>
<div><p>A paragraph inside a container div.</p></div>
<ul><li>Trinidad, the flagship of the fleet</li><li>Victoria, the one ship that returned</li></ul>
<p style="margin-top: 2000px">The strait at the tip of South America bears his name today.</p>
</body></html>"""

STYLED_ELEMENTS = [
    "Ferdinand Magellan's voyage",
    "The fleet left Seville in August 1519.",
    "A div with only inline content inside it.",
    "A paragraph inside a container div.",
    "Trinidad, the flagship of the fleet",
    "Victoria, the one ship that returned",
    "The strait at the tip of South America bears his name today.",
]

#: (build, engine): Chromium runs the chrome and edge builds (MV3, service worker), Firefox ESR the firefox build
#: (MV2, an event page).
TARGETS = [("chrome", "chromium"), ("edge", "chromium"), ("firefox", "firefox")]
FIREFOX_UNLOADED_NOTE = "Promise rejected after context unloaded"


@pytest.fixture(scope="module")
def builds(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_example(tmp_path_factory.mktemp("magellan-e2e") / "magellan")


@pytest.fixture(scope="module")
def server() -> Iterator[FixtureServer]:
    pages = {"/styled.html": STYLED_PAGE, "/other.html": "<!doctype html><title>Other</title><p>Another page.</p>"}
    with FixtureServer(CORPUS / "pages" if CORPUS.is_dir() else None, pages=pages) as running:
        yield running


@pytest.fixture(scope="module", params=TARGETS, ids=[build for build, _ in TARGETS])
def browser(
    request: pytest.FixtureRequest, builds: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ExtensionBrowser]:
    build, engine = request.param
    with launch(engine, builds / build, workdir=tmp_path_factory.mktemp(f"{build}-{engine}")) as running:
        yield running


@pytest.fixture
def session(browser: ExtensionBrowser, server: FixtureServer) -> Iterator[Magellan]:
    opened = Magellan.open(browser, server.url("/styled.html"))
    yield opened
    opened.close()
    errors = [e for e in browser.extension_errors() if FIREFOX_UNLOADED_NOTE not in e]
    assert errors == []


def stored_state(session: Magellan, tab_id: int | None = None) -> Any:
    return session.session_storage().get(f"tab:{session.tab_id if tab_id is None else tab_id}")


@pytest.mark.browser
@pytest.mark.node
def test_extraction_follows_the_seeds_rules_on_a_styled_page(session: Magellan) -> None:
    """Computed style and layout hide what the markup alone would not: display, visibility, opacity, zero
    height, off the page; short texts, duplicates and container divs are left out; ids count what is kept."""
    state = session.ask("Where did the fleet leave from?")
    assert state["status"] == "ready" and state["elements"] == len(STYLED_ELEMENTS)
    stored = stored_state(session)
    assert stored["pageIdentifiedElements"] == [
        {"id": f"mgl-node-{i}", "text": text} for i, text in enumerate(STYLED_ELEMENTS)
    ]
    assert stored["fullPageTextContent"] == "\n".join(f"[mgl-node-{i}] {t}" for i, t in enumerate(STYLED_ELEMENTS))
    assert stored["status"] == "ready"


@pytest.mark.browser
@pytest.mark.node
def test_an_answer_cites_highlights_and_navigates(session: Magellan) -> None:
    state = session.ask("Which ship was the flagship, and which returned?")
    answer = state["messages"][-1]
    assert [m["role"] for m in state["messages"]] == ["user", "assistant"]
    assert [c["id"] for c in answer["citations"]] == ["mgl-node-4", "mgl-node-5"]
    assert answer["citations"][0]["active"] and not answer["citations"][1]["active"]
    assert state["position"] == "1 / 2" and state["highlighted"] == ["mgl-node-4", "mgl-node-5"]
    page = session.highlights()
    assert page["cited"] == [squeeze(STYLED_ELEMENTS[4]), squeeze(STYLED_ELEMENTS[5])]
    assert page["active"] == [squeeze(STYLED_ELEMENTS[4])]

    state = session.click("#next")
    assert state["position"] == "2 / 2" and session.highlights()["active"] == [squeeze(STYLED_ELEMENTS[5])]
    state = session.click("#next")  # wraps around
    assert state["position"] == "1 / 2"
    state = session.click("#previous")
    assert state["position"] == "2 / 2"
    state = session.click(".citation[data-id='mgl-node-4']")
    assert state["position"] == "1 / 2" and session.highlights()["active"] == [squeeze(STYLED_ELEMENTS[4])]

    # Navigation scrolls: the last paragraph is 2,000 px down; citing it brings it into view.
    session.page_eval("window.scrollTo(0, 0)")
    session.ask("Whose name does the strait at the tip of South America bear?")
    page = session.highlights()
    assert page["active"] == [squeeze(STYLED_ELEMENTS[6])] and page["activeInView"] and page["scrollY"] > 1000
    earlier = session.state()["messages"][1]["citations"]
    assert all(c["disabled"] for c in earlier), "an earlier answer's citations are no longer navigable"


def set_endpoint(browser: ExtensionBrowser, endpoint: dict[str, str] | None) -> dict[str, Any]:
    """The options page's form, as a user fills it (None: "Answer offline"); what the page says after."""
    options = browser.open_extension_page("options/index.html")
    try:
        wait_until(browser, options, "document.body.dataset.ready === 'true'")
        browser.evaluate(
            options,
            """((e) => {
            document.body.dataset.busy = 'pending';
            if (e === null) { document.getElementById('remove').click(); return; }
            document.getElementById('base-url').value = e.baseUrl;
            document.getElementById('model').value = e.model;
            document.getElementById('api-key').value = e.apiKey;
            document.getElementById('save').click();
        })""",
            arg=endpoint,
        )
        wait_until(browser, options, "document.body.dataset.busy === 'false'")
        return browser.evaluate(
            options,
            """({ status: document.getElementById('status').textContent, endpoint: document.body.dataset.endpoint,
            key: document.getElementById('api-key').value,
            keyShown: document.getElementById('api-key').placeholder })""",
        )
    finally:
        browser.close_tab(options)


@pytest.mark.browser
@pytest.mark.node
def test_a_model_endpoint_answers_with_the_seeds_prompt_and_the_sidebar_says_who_answered(
    session: Magellan,
) -> None:
    """An OpenAI-compatible endpoint set in the options: the question, the page's elements with their ids in the
    seed's prompt and the conversation so far reach it with the key; its answer's ids are cited and highlighted; the
    sidebar says which model answered. Firefox sends nothing before the user consents to sharing page content."""
    state = session.ask("Which ship was the flagship?")
    assert state["messages"][-1]["answeredBy"] == "offline" and "offline answerer" in state["backend"]
    with fake_openai() as fake:
        fake.reply = lambda messages: "The flagship was the Trinidad [mgl-node-4]; the Victoria returned [mgl-node-5]."
        shown = set_endpoint(session.browser, {"baseUrl": fake.url, "model": "test-model", "apiKey": "sk-test-123"})
        assert shown["endpoint"] == "set" and shown["key"] == "" and shown["keyShown"] == "a key is stored", shown
        assert "sk-test-123" not in shown["status"]
        firefox = session.browser.name == "firefox"
        if firefox:  # no consent yet: nothing is sent, and the sidebar says why
            state = session.ask("Which ship returned?")
            assert (
                state["status"] == "error"
                and "Firefox has not allowed Magellan to send page content" in state["statusText"]
            ), state
            assert fake.requests == []
            session.browser.grant_data_collection(["websiteContent"])  # the user accepts Firefox's prompt
        state = session.ask("Which ship returned?")
        assert state["status"] == "ready", state
        answer = state["messages"][-1]
        assert (
            answer["answeredBy"] == "model"
            and answer["answeredByText"] == "Answered by test-model at " + fake.url.split("/")[2]
        )
        assert [c["id"] for c in answer["citations"]] == ["mgl-node-4", "mgl-node-5"]
        assert state["highlighted"] == ["mgl-node-4", "mgl-node-5"]
        (request,) = fake.requests
        assert request["authorization"] == "Bearer sk-test-123" and request["body"]["model"] == "test-model"
        messages = request["body"]["messages"]
        prompt = messages[-1]["content"]
        assert prompt.startswith("You are an AI assistant helping a user understand the content of a webpage.")
        assert 'The user has asked: "Which ship returned?"' in prompt
        assert f"[mgl-node-4] {STYLED_ELEMENTS[4]}" in prompt and "Identify up to 3 element IDs" in prompt
        history = [(m["role"], m["content"]) for m in messages[:-1]]
        assert history[0] == ("user", "Which ship was the flagship?") and history[1][0] == "assistant"
        assert len(history) == 2, "the conversation's answered turns (a refused question has no answer)"

        fake.failure = (401, '{"error": {"message": "Incorrect API key provided"}}')
        state = session.ask("And the other ships?")
        assert state["status"] == "error" and "HTTP 401" in state["statusText"], state
        set_endpoint(session.browser, None)
    state = session.ask("Which ship was the flagship?")
    assert state["messages"][-1]["answeredBy"] == "offline"


@pytest.mark.browser
@pytest.mark.node
def test_clearing_the_chat_restores_the_page_exactly(session: Magellan) -> None:
    before = session.page_eval("document.documentElement.outerHTML")
    session.ask("Trinidad Victoria fleet Seville strait")
    assert session.page_eval("document.documentElement.outerHTML") != before
    state = session.click("#clear")
    assert state["messages"] == [] and state["position"] is None and state["highlighted"] == []
    assert session.highlights()["cited"] == []
    assert session.page_eval("document.documentElement.outerHTML") == before
    assert stored_state(session)["chatHistory"] == []


@pytest.mark.browser
@pytest.mark.node
def test_state_is_per_tab_and_follows_the_tabs_lifecycle(
    session: Magellan, browser: ExtensionBrowser, server: FixtureServer
) -> None:
    session.ask("Where did the fleet leave from?")
    other = Magellan.open(browser, server.url("/other.html"))
    try:
        assert other.state()["messages"] == [] and stored_state(other)["status"] == "idle"
        assert len(stored_state(session)["chatHistory"]) == 2, "the first tab keeps its chat"
    finally:
        other.close()
    wait_until(
        browser,
        session.sidebar,
        f"""(globalThis.browser ?? globalThis.chrome).storage.session.get(null)
        .then((items) => !('tab:{other.tab_id}' in items))""",
    )

    # A tab gets its state when it is activated, before anyone asks about it.
    plain = browser.open_tab(server.url("/other.html?plain"), new_window=True)
    try:
        plain_id = tab_id_of(browser, server.url("/other.html?plain"))
        wait_until(
            browser,
            session.sidebar,
            f"""(globalThis.browser ?? globalThis.chrome).storage.session.get(null)
            .then((items) => items['tab:{plain_id}']?.status === 'idle')""",
        )
    finally:
        browser.close_tab(plain)

    # The same document under a new URL (pushState): page data, citations and highlights go, the chat stays.
    session.ask("Which ship was the flagship?")
    assert session.highlights()["cited"] != []
    session.page_eval("history.pushState(null, '', '#elsewhere')")
    wait_until(browser, session.sidebar, "document.getElementById('citation-nav').hidden")
    wait_until(browser, session.page, "document.querySelectorAll('.mgl-cited-element-highlight').length === 0")
    stored = stored_state(session)
    assert stored["pageIdentifiedElements"] == [] and stored["citedSentences"] == []
    assert stored["currentCitedSentenceIndex"] == -1 and len(stored["chatHistory"]) == 4

    # Another page in the tab: the same, and the chat still stays.
    session.ask("Where did the fleet leave from?")
    session.page_eval(f"location.href = {json.dumps(server.url('/other.html'))}", await_promise=False)
    wait_until(browser, session.sidebar, "document.getElementById('citation-nav').hidden")
    stored = stored_state(session)
    assert stored["pageIdentifiedElements"] == [] and stored["citedSentences"] == []
    assert len(stored["chatHistory"]) == 6


@pytest.mark.browser
@pytest.mark.node
def test_receivers_reject_invalid_messages_and_unreadable_tabs(session: Magellan) -> None:
    answer = session.message({"type": "ASK", "tabId": session.tab_id})
    assert answer["type"] == "ERROR" and answer["error"].startswith("invalid message")
    answer = session.sidebar_eval(
        """((tabId) => (globalThis.browser ?? globalThis.chrome).tabs.sendMessage(tabId,
        { type: 'HIGHLIGHT_ELEMENTS', ids: ['not-an-id'] }))""",
        arg=session.tab_id,
    )
    assert answer["type"] == "ERROR" and answer["error"].startswith("invalid message")
    # The sidebar's own tab is an extension page: no content script there.
    own = session.sidebar_eval("(globalThis.browser ?? globalThis.chrome).tabs.getCurrent().then((t) => t.id)")
    answer = session.message({"type": "ASK", "tabId": own, "query": "anything at all"})
    assert answer["type"] == "TAB_STATE" and answer["status"] == "error"
    assert answer["errorMessage"].startswith("Magellan cannot read this page")


@pytest.mark.browser
@pytest.mark.node
@pytest.mark.corpus
def test_a_corpus_page_is_extracted_cited_and_highlighted(
    browser: ExtensionBrowser, server: FixtureServer, reference: Any
) -> None:
    """A real page (../shared/corpus/pages, served from 127.0.0.1): ask with the words of one of its paragraphs (as
    the reference extracts them from the saved page); that paragraph is cited, and every highlighted element's
    text is its citation's."""
    page = CORPUS / "pages" / "wikipedia-3.html"
    elements = reference.rules.extract_elements(reference.snapshot.snapshot_file(page))
    target = next(e["text"] for e in elements if 200 <= len(e["text"]) <= 600)
    words = sorted({w.strip(".,;:()\"'").lower() for w in target.split()}, key=lambda w: (-len(w), w))[:4]
    magellan = Magellan.open(browser, server.url("/wikipedia-3.html"))
    try:
        state = magellan.ask(" ".join(words))
        assert state["status"] == "ready" and state["elements"] > 50, state["statusText"]
        citations = state["messages"][-1]["citations"]
        assert 1 <= len(citations) <= 3
        assert any(all(w in c["text"].lower() for w in words) for c in citations), (words, citations)
        page_state = magellan.highlights()
        assert page_state["cited"] == [squeeze(c["text"]) for c in citations]
        assert page_state["active"] == [squeeze(citations[0]["text"])] and page_state["activeInView"]
        magellan.click("#clear")
        assert magellan.highlights()["cited"] == []
    finally:
        magellan.close()


@pytest.mark.browser
@pytest.mark.node
def test_the_runtime_conforms_in_all_five_engines() -> None:
    result = run_xtk("conform", "--format", "json", "--project", str(EXAMPLE), cwd=EXAMPLE, timeout=300)
    report = json.loads(result.stdout)
    assert result.code == 0, result.output
    assert [e["engine"] for e in report["engines"]] == ["v8", "spidermonkey", "node", "chromium", "firefox"]
    for engine in report["engines"]:
        assert engine["failed"] == 0 and engine["not_run"] == 0, engine["engine"]
        if CORPUS.is_dir():
            assert engine["passed"] == report["cases"], engine["engine"]
