"""examples/chat-widget (seed 003): its builds, lint, protocol and locales, and its main flows end to end in
headless Chromium (the chrome and edge builds) and Firefox ESR (the firefox build), against a fake chat API
(tests/examples/chat_backend.py) on 127.0.0.1: the popup's settings and session, the Svelte widget in a page's
shadow root with its web-accessible stylesheet, the local tools run on real pages with schema-checked calls and
results, the on/off switch, and the docked chat in the side panel. Browser tests share one launch per engine.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import CORPUS, run_xtk
from tests.examples.chat_backend import FakeChatBackend, ReplyStep, ToolStep
from tests.examples.chat_widget_session import (
    EXAMPLE,
    ROOT,
    Popup,
    Widget,
    build_example,
    tab_id_of,
    wait_until,
)
from toolchain.browsers import ExtensionBrowser, FixtureServer, launch

TOOLS = ["tab_read_dom", "tab_info", "tab_scroll", "tab_click", "tab_type", "tab_screenshot"]
TOOL_SCHEMAS = json.loads((EXAMPLE / "specs" / "protocol" / "tools.schema.json").read_text())["$defs"]


# --- builds, lint, protocol, locales (quick) ----------------------------------------------------------------------


@pytest.mark.node
def test_it_builds_for_three_browsers_and_lints_clean(tmp_path: Path) -> None:
    builds = build_example(tmp_path / "chat-widget")
    chrome, edge, firefox = (
        json.loads((builds / b / "manifest.json").read_text()) for b in ("chrome", "edge", "firefox")
    )
    for manifest in (chrome, edge):
        assert manifest["background"] == {"service_worker": "background/index.js", "type": "module"}
        assert manifest["side_panel"] == {"default_path": "sidepanel/index.html"}
        assert sorted(manifest["permissions"]) == ["scripting", "sidePanel", "storage", "tabs"]
        assert "<all_urls>" in manifest["host_permissions"]  # tab_screenshot (captureVisibleTab)
        assert manifest["web_accessible_resources"] == [
            {"resources": ["chatwidget/index.js", "chatwidget/chatwidget.css"], "matches": ["<all_urls>"]}
        ]
        assert manifest["default_locale"] == "fr" and manifest["name"] == "__MSG_extName__"
    assert firefox["sidebar_action"]["default_panel"] == "sidepanel/index.html"
    assert firefox["background"]["type"] == "module"
    assert firefox["web_accessible_resources"] == ["chatwidget/index.js", "chatwidget/chatwidget.css"]
    assert "sidePanel" not in firefox["permissions"]
    for build in ("chrome", "edge", "firefox"):
        assert sorted(p.name for p in (builds / build / "_locales").iterdir()) == ["en", "fr"]
        widget = (builds / build / "chatwidget" / "index.js").read_text()
        assert "mountChatWidget" in widget, "the injected bundle is an ES module exporting its mount function"
        content = (builds / build / "content" / "index.js").read_text()
        assert "cw-bubble" not in content, "the content script imports the widget at run time, not bundled in"
    result = run_xtk("lint", "--project", str(tmp_path / "chat-widget"), "--format", "json", cwd=tmp_path)
    assert result.code == 0, result.output
    assert json.loads(result.stdout) == []


@pytest.mark.node
def test_the_generated_protocol_module_is_current() -> None:
    result = run_xtk("protocol", "codegen", "--check", "--project", str(EXAMPLE), cwd=EXAMPLE)
    assert result.code == 0, result.output


def test_every_string_the_code_names_is_in_both_locales() -> None:
    en = json.loads((EXAMPLE / "_locales" / "en" / "messages.json").read_text(encoding="utf-8"))
    fr = json.loads((EXAMPLE / "_locales" / "fr" / "messages.json").read_text(encoding="utf-8"))
    assert en.keys() == fr.keys()
    assert all(fr[name]["message"] != en[name]["message"] for name in en if name != "widgetTitle"), "translated"
    sources = "\n".join(
        p.read_text(encoding="utf-8")
        for p in (EXAMPLE / "src").rglob("*")
        if p.suffix in (".ts", ".svelte") and p.name != "protocol.ts"
    )
    named = set(re.findall(r"(?:localized|text)\('([A-Za-z_]+)'", sources))
    popup = (EXAMPLE / "src" / "popup" / "index.ts").read_text(encoding="utf-8")
    labels = popup[popup.index("for (const [id, name] of") : popup.index("as const")]
    named |= set(re.findall(r"\['[\w-]+', '(\w+)'\]", labels))  # the popup's [element id, message name] pairs
    named |= {f"tool_{status}" for status in ("executing", "completed", "failed")}  # text(`tool_${status}`)
    assert len(named) > 15 and named <= en.keys(), sorted(named - en.keys())


# --- end to end, in both engines ----------------------------------------------------------------------------------

TOOLS_PAGE = """<!doctype html><html><head><title>Tools fixture</title><style>
button { background: rgb(255, 0, 0) !important; border-radius: 0 !important }
.tall { height: 3000px }
</style></head><body>
<h1>Local tools</h1>
<h2>A form</h2>
<form><label>Name <input id="name" value="old"></label></form>
<button id="greet" type="button" onclick="document.getElementById('greeting').textContent =
  'Hello, ' + document.getElementById('name').value">Greet</button>
<p id="greeting"></p>
<p><a href="/other.html">Another page</a> and <a href="#anchor">an anchor</a>.</p>
<div class="tall"></div>
<h3 id="anchor">The end</h3>
</body></html>"""

#: (build, engine): Chromium runs the chrome and edge builds (MV3, module service worker), Firefox ESR the firefox
#: build (MV2, a module event page).
TARGETS = [("chrome", "chromium"), ("edge", "chromium"), ("firefox", "firefox")]
FIREFOX_UNLOADED_NOTE = "Promise rejected after context unloaded"


@pytest.fixture(scope="module")
def builds(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_example(tmp_path_factory.mktemp("chat-widget-e2e") / "chat-widget")


@pytest.fixture(scope="module")
def server() -> Iterator[FixtureServer]:
    pages = {"/tools.html": TOOLS_PAGE, "/other.html": "<!doctype html><title>Other</title><p>Another page.</p>"}
    with FixtureServer(CORPUS / "pages" if CORPUS.is_dir() else None, pages=pages) as running:
        yield running


@pytest.fixture(scope="module")
def backend() -> Iterator[FakeChatBackend]:
    with FakeChatBackend() as running:
        yield running


@pytest.fixture(scope="module", params=TARGETS, ids=[build for build, _ in TARGETS])
def browser(
    request: pytest.FixtureRequest, builds: Path, backend: FakeChatBackend, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ExtensionBrowser]:
    """One launch per build, its API pointed at the fake backend through the popup, as a user would."""
    build, engine = request.param
    with launch(engine, builds / build, workdir=tmp_path_factory.mktemp(f"{build}-{engine}")) as running:
        popup = Popup(running)
        try:
            connection = popup.save(backend.base_url)
        finally:
            popup.close()
        assert connection == {"state": "connected", "text": "Connected as Ada Lovelace."}
        yield running
        errors = [e for e in running.extension_errors() if FIREFOX_UNLOADED_NOTE not in e]
        assert errors == []


@pytest.fixture
def widget(browser: ExtensionBrowser, server: FixtureServer) -> Iterator[Widget]:
    opened = Widget.in_page(browser, server.url("/tools.html"))
    yield opened
    opened.close()


def outcomes_of_last_chat(backend: FakeChatBackend, count: int) -> list[dict[str, Any]]:
    outcomes = backend.outcome_requests()[-count:]
    assert len(outcomes) == count
    return outcomes


@pytest.mark.browser
@pytest.mark.node
def test_the_popup_keeps_the_api_within_the_host_permissions(
    browser: ExtensionBrowser, backend: FakeChatBackend
) -> None:
    popup = Popup(browser)
    try:
        assert popup.connection() == {"state": "connected", "text": "Connected as Ada Lovelace."}
        popup.save("https://collector.example.net")
        assert popup.problem().startswith("Not an allowed API URL")
        assert popup.stored()["apiBaseUrl"] == backend.base_url, "a refused URL is not stored"
        backend.authenticated_user = ""
        try:
            assert popup.save(backend.base_url + "/")["state"] == "signed-out"
        finally:
            backend.authenticated_user = "Ada Lovelace"
        assert popup.stored() == {"apiBaseUrl": backend.base_url, "enabled": True}
    finally:
        popup.close()


@pytest.mark.browser
@pytest.mark.node
def test_the_widget_lives_in_a_shadow_root_styled_by_its_web_accessible_css(widget: Widget) -> None:
    assert widget.state() == {"open": False, "busy": False, "messages": [], "tools": [], "placeholder": None}
    widget.open()
    styles = widget.eval(f"""(() => {{
        const root = {ROOT};
        const link = root.getRootNode().querySelector('link[rel=stylesheet]');
        const send = root.querySelector('.cw-send');
        return {{ href: link.href, loaded: link.sheet !== null, send: getComputedStyle(send).backgroundColor,
                  bubble: getComputedStyle(root.querySelector('.cw-bubble')).borderTopLeftRadius,
                  pageButton: getComputedStyle(document.getElementById('greet')).backgroundColor,
                  bodyText: document.body.innerText }};
    }})()""")
    assert re.fullmatch(r"(chrome|moz)-extension://[^/]+/chatwidget/chatwidget\.css", styles["href"])
    assert styles["loaded"]
    # The widget's stylesheet applies inside; the page's `button { … !important }` does not reach in.
    assert styles["send"] == "rgb(59, 91, 219)" and styles["bubble"] == "50%"
    assert styles["pageButton"] == "rgb(255, 0, 0)"
    assert "Message the assistant" not in styles["bodyText"], "the widget is not part of the page's text"
    assert widget.state()["placeholder"] == "Message the assistant", "the English locale (the browser's)"


@pytest.mark.browser
@pytest.mark.node
def test_the_assistant_runs_the_local_tools_on_the_page(
    widget: Widget, backend: FakeChatBackend, server: FixtureServer
) -> None:
    backend.script(
        ToolStep("tab_info", {}),
        ToolStep("tab_type", {"selector": "#name", "text": "Grace"}),
        ToolStep("tab_click", {"selector": "#greet"}),
        ToolStep("tab_scroll", {"direction": "down", "pixels": 600}),
        ReplyStep(lambda outcomes: f"Done: {outcomes[0]['result']['title']}, {outcomes[2]['result']['text']}."),
    )
    state = widget.send("Greet Grace, then scroll down")
    assert state["messages"] == [
        {"role": "user", "text": "Greet Grace, then scroll down"},
        {"role": "assistant", "text": "Done: Tools fixture, Greet."},
    ]
    assert [(t["name"], t["status"]) for t in state["tools"]] == [
        (name, "completed") for name in ("tab_info", "tab_type", "tab_click", "tab_scroll")
    ]
    request = backend.chat_requests()[-1]
    assert request["content"] == "Greet Grace, then scroll down" and request["locale"] == "en"
    declared = {tool["name"]: tool for tool in request["localToolDefinitions"]}
    assert list(declared) == TOOLS
    for name, schema in (("tab_read_dom", "TabReadDomArgs"), ("tab_click", "TabClickArgs")):
        expected = {k: v for k, v in TOOL_SCHEMAS[schema].items() if k != "description"}
        assert declared[name] == {
            "name": name,
            "description": TOOL_SCHEMAS[schema]["description"],
            "parameters": expected,
        }, "the parameters are the schemas the calls are checked by"

    info, typed, clicked, scrolled = (o["result"] for o in outcomes_of_last_chat(backend, 4))
    assert info == {
        "tool": "tab_info",
        "url": server.url("/tools.html"),
        "title": "Tools fixture",
        "favIconUrl": info["favIconUrl"],
        "linkCount": 2,
        "formCount": 1,
        "headings": [
            {"level": 1, "text": "Local tools"},
            {"level": 2, "text": "A form"},
            {"level": 3, "text": "The end"},
        ],
    }
    assert typed == {"tool": "tab_type", "tag": "input", "value": "Grace"}, "clear defaults to true"
    assert clicked == {"tool": "tab_click", "tag": "button", "text": "Greet", "navigated": False}
    assert scrolled["tool"] == "tab_scroll" and scrolled["scrollTop"] == 600 and scrolled["scrollHeight"] > 3000
    page = widget.eval("({ greeting: document.getElementById('greeting').textContent, y: scrollY })")
    assert page == {"greeting": "Hello, Grace", "y": 600}


@pytest.mark.browser
@pytest.mark.node
def test_bad_tool_calls_go_back_to_the_assistant_as_errors(widget: Widget, backend: FakeChatBackend) -> None:
    backend.script(
        ToolStep("tab_click", {}),  # neither a selector nor x and y
        ToolStep("tab_scroll", {"direction": "sideways"}),
        ToolStep("tab_snapshot", {}),  # not a local tool
        ToolStep("tab_click", {"selector": "#missing"}),
        ToolStep("tab_read_dom", {"selector": "h1["}),  # the page's querySelector throws
        ToolStep("tab_read_dom", {"selector": "h1"}),
        ReplyStep(lambda outcomes: f"{len(outcomes)} outcomes"),
    )
    state = widget.send("Try everything")
    assert state["messages"][-1] == {"role": "assistant", "text": "6 outcomes"}
    assert [t["status"] for t in state["tools"]] == ["failed"] * 5 + ["completed"]
    outcomes = outcomes_of_last_chat(backend, 6)
    errors = [o.get("error", "") for o in outcomes[:5]]
    assert errors[0].startswith("invalid message: /call") and "args" in errors[0]
    assert errors[1].startswith("invalid message: /call") and "sideways" not in errors[1]
    assert errors[2].startswith("invalid message: /call")
    assert errors[3] == "Element not found: #missing"
    assert errors[4] == "not a valid CSS selector: h1["
    assert outcomes[5]["result"] == {
        "tool": "tab_read_dom",
        "url": outcomes[5]["result"]["url"],
        "title": "Tools fixture",
        "text": "Local tools",
        "truncated": False,
    }


@pytest.mark.browser
@pytest.mark.node
@pytest.mark.corpus
def test_tab_read_dom_reads_a_real_page_for_the_assistant(
    browser: ExtensionBrowser, server: FixtureServer, backend: FakeChatBackend
) -> None:
    """A corpus page (../shared/corpus/pages, served from 127.0.0.1): the assistant reads it, and the text it gets is
    the page's own innerText (its first 50,000 units), never the widget's."""
    widget = Widget.in_page(browser, server.url("/wikipedia-3.html"))
    try:
        backend.script(
            ToolStep("tab_read_dom", {"includeHtml": True}),
            ReplyStep(lambda o: f"{o[0]['result']['title']}: {len(o[0]['result']['text'])} characters"),
        )
        page = widget.eval("({ text: document.body.innerText, title: document.title })")
        state = widget.send("Summarize this page")
        [outcome] = outcomes_of_last_chat(backend, 1)
        result = outcome["result"]
        expected_text = page["text"][:50000]
        assert result["text"] == expected_text and result["title"] == page["title"]
        assert result["truncated"] == (len(page["text"]) > 50000 or len(result["html"]) == 100000)
        assert state["messages"][-1]["text"] == f"{page['title']}: {len(expected_text)} characters"
        # A follow-up continues the conversation the API started.
        backend.script(ReplyStep(lambda _: "Still here."))
        widget.send("And then?")
        first, follow_up = backend.chat_requests()[-2:]
        assert "conversationId" not in first and follow_up["conversationId"].startswith("conversation-")
    finally:
        widget.close()


@pytest.mark.browser
@pytest.mark.node
def test_the_switch_removes_and_restores_the_widget(
    widget: Widget, browser: ExtensionBrowser, backend: FakeChatBackend
) -> None:
    popup = Popup(browser)
    try:
        popup.save(backend.base_url, enabled=False)
        wait_until(browser, widget.tab, "document.getElementById('top-ai-ideas-ext') === null")
        popup.save(backend.base_url, enabled=True)
        wait_until(browser, widget.tab, f"!!{ROOT}?.querySelector('.cw-bubble')")
    finally:
        popup.close()


@pytest.mark.browser
@pytest.mark.node
def test_the_docked_chat_acts_on_its_tab(
    widget: Widget, browser: ExtensionBrowser, backend: FakeChatBackend, server: FixtureServer
) -> None:
    docked = Widget.docked(browser, tab_id_of(browser, server.url("/tools.html")))
    try:
        assert docked.state()["open"] and docked.state()["placeholder"] == "Message the assistant"
        backend.script(ToolStep("tab_scroll", {"direction": "bottom"}), ReplyStep(lambda _: "At the bottom."))
        state = docked.send("Scroll to the end")
        assert state["messages"][-1] == {"role": "assistant", "text": "At the bottom."}
        [outcome] = outcomes_of_last_chat(backend, 1)
        assert "result" in outcome, outcome
        bottom = widget.eval("document.scrollingElement.scrollHeight - innerHeight")
        assert outcome["result"]["scrollTop"] == bottom > 2000 and widget.eval("scrollY") == bottom
    finally:
        docked.close()


@pytest.mark.browser
@pytest.mark.node
def test_tab_screenshot_returns_the_visible_tab_as_a_jpeg(widget: Widget, backend: FakeChatBackend) -> None:
    import base64
    import io

    from PIL import Image

    backend.script(
        ToolStep("tab_screenshot", {"quality": 60}),
        ReplyStep(lambda outcomes: f"{outcomes[0]['result']['width']}x{outcomes[0]['result']['height']}"),
    )
    state = widget.send("What does the page look like?")
    [outcome] = outcomes_of_last_chat(backend, 1)
    assert "result" in outcome, outcome
    result = outcome["result"]
    assert result["tool"] == "tab_screenshot" and result["format"] == "jpeg"
    assert result["imageDataUrl"].startswith("data:image/jpeg;base64,")
    image = Image.open(io.BytesIO(base64.b64decode(result["imageDataUrl"].split(",", 1)[1])))
    assert image.format == "JPEG" and image.size == (result["width"], result["height"])
    viewport = widget.eval("[Math.round(innerWidth * devicePixelRatio), Math.round(innerHeight * devicePixelRatio)]")
    assert abs(image.size[0] - viewport[0]) <= 20 and abs(image.size[1] - viewport[1]) <= 20, (image.size, viewport)
    low, high = image.convert("L").getextrema()
    assert high - low > 100, "the page's text and background, not a blank capture"
    assert state["messages"][-1] == {"role": "assistant", "text": f"{result['width']}x{result['height']}"}


#: the last assistant message's text, while the chat is still busy (the stream is open)
SHOWN_WHILE_BUSY = """((root) => root && root.dataset.busy === 'true'
  && [...root.querySelectorAll('.cw-message')].filter((m) => m.dataset.role === 'assistant').map((m) => m.textContent)
     .pop())"""


@pytest.mark.browser
@pytest.mark.node
def test_the_answer_is_shown_as_the_model_writes_it(
    widget: Widget, browser: ExtensionBrowser, backend: FakeChatBackend, server: FixtureServer
) -> None:
    """The fake API sends the reply's first piece and holds the stream open: the widget (in the page, then docked)
    shows that piece while still busy; released, the whole reply, once."""
    text = "Streaming: these first words arrive before the rest of this sentence has even been written."
    docked = Widget.docked(browser, tab_id_of(browser, server.url("/tools.html")))
    try:
        for where in (widget, docked):
            release = threading.Event()
            backend.script(ReplyStep(lambda _: text, hold=release))
            try:
                before = where.submit("Stream to me")
                wait_until(where.browser, where.tab, f"{SHOWN_WHILE_BUSY}({where.root}) === {json.dumps(text[:40])}")
            finally:
                release.set()
            state = where.answered(before)
            assert state["messages"][-2:] == [
                {"role": "user", "text": "Stream to me"},
                {"role": "assistant", "text": text},
            ]
    finally:
        docked.close()


@pytest.mark.browser
@pytest.mark.node
def test_receivers_reject_invalid_messages(browser: ExtensionBrowser) -> None:
    popup = Popup(browser)
    try:
        answer = popup.message(
            {"type": "TOOL_EXECUTE", "toolCallId": "x", "call": {"name": "tab_info", "args": {"extra": 1}}}
        )
        assert answer["type"] == "ERROR" and answer["error"].startswith("invalid message: /call")
        answer = popup.message({"type": "CHECK_CONNECTION", "extra": 1})
        assert answer == {"type": "ERROR", "error": "invalid message: /extra: unexpected property"}
        answer = popup.message({"type": "CHAT_SEND", "text": "", "locale": "en"})
        assert answer["type"] == "ERROR" and answer["error"].startswith("invalid message: /text")
    finally:
        popup.close()


@pytest.mark.browser
@pytest.mark.node
def test_a_click_that_navigates_is_waited_for(
    browser: ExtensionBrowser, backend: FakeChatBackend, server: FixtureServer
) -> None:
    """From the side panel (a page's own widget goes with its page): tab_click with waitForNavigation returns once
    the tab has loaded the new page, and the next tool reads that page."""
    page = browser.open_tab(server.url("/tools.html"), new_window=True)
    docked = Widget.docked(browser, tab_id_of(browser, server.url("/tools.html")))
    try:
        backend.script(
            ToolStep("tab_click", {"selector": "a[href='/other.html']", "waitForNavigation": True}),
            ToolStep("tab_info", {}),
            ReplyStep(lambda outcomes: f"Now on {outcomes[1]['result']['title']}."),
        )
        state = docked.send("Open the other page")
        assert state["messages"][-1] == {"role": "assistant", "text": "Now on Other."}
        clicked, info = (o["result"] for o in outcomes_of_last_chat(backend, 2))
        assert clicked == {"tool": "tab_click", "tag": "a", "text": "Another page", "navigated": True}
        assert info["url"] == server.url("/other.html") and info["headings"] == []
    finally:
        docked.close()
        browser.close_tab(page)
