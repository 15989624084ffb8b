"""Lint on code nobody here wrote (issue 10, the items after the triage): JavaScript read with its own grammar, Tab
property reads, APIs a context cannot use, assets that are not in the build, sanitised HTML, code reached through
exports. Each case is a minimal fixture in tests/fixtures/lint/precision/ that holds the true case next to it."""

from __future__ import annotations

from pathlib import Path

from tests.unit.lint.rules.support import AMO_LISTING
from toolchain.lint.engine import run_rules
from toolchain.lint.extension_targets import extension_context
from toolchain.lint.model import Finding

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "lint" / "precision"


def _lint(name: str) -> list[Finding]:
    # the fixtures' minimal manifests are about the code: AMO's requirements of a listed add-on are not asked here
    return run_rules(extension_context(FIXTURES / name), [], list(AMO_LISTING))


def _places(findings: list[Finding], code: str) -> list[tuple[str | None, int | None]]:
    return [(f.path, f.line) for f in findings if f.code == code]


def test_valid_javascript_typescript_rejects_is_no_syntax_error() -> None:
    findings = _lint("sloppy-javascript")
    assert [f.code for f in findings] == []  # no XL003; storage.local.set inside `interface.on`'s listener is seen


def test_a_syntax_error_in_javascript_names_its_line_and_reason() -> None:
    findings = _lint("broken-javascript")
    assert [(f.code, f.path, f.line, f.column) for f in findings] == [("XL003", "background.js", 4, 12)]
    assert "expected `)`" in findings[0].message


def test_html_a_sanitiser_returned_is_not_a_computed_html_sink() -> None:
    # lines 4-7: DOMPurify.sanitize's output, directly, through a const, into insertAdjacentHTML; line 9: the raw
    # value (reported); line 10: sanitised HTML concatenated with raw HTML (reported)
    assert _places(_lint("sanitized-html"), "XS007") == [("popup.js", 9), ("popup.js", 10)]


def test_an_asset_named_in_code_or_exposed_must_be_in_the_package() -> None:
    findings = _lint("asset-not-in-package")
    # background.js 2-3: page.html exists (a query and fragment are not part of the name); 4: pages/welcome.html
    # does not; 5: a computed name is not judged. manifest.json: images/logo.png exists, fonts/*.woff2 matches
    # nothing, pages/gone.html does not exist
    assert [(f.path, f.line) for f in findings if f.code == "XL007"] == [
        ("background.js", 4),
        ("manifest.json", 7),
        ("manifest.json", 7),
    ]
    assert sorted(f.message for f in findings if f.path == "manifest.json") == [
        "web-accessible `fonts/*.woff2` matches no file in the extension",
        "web-accessible `pages/gone.html` is not in the extension",
    ]
    assert {f.code for f in findings} == {"XL007"}


def test_an_api_a_context_does_not_have_is_reported() -> None:
    findings = _lint("context-apis")
    # content.js 1-2: storage (through shared.js's loadTheme), i18n, runtime.getURL are a content script's;
    # 3: tabs.query is not; 5: tabs.create inside try/catch copes. shared.js's openHelp (tabs.create) runs in the
    # content script's file but is called only by the background. background.js 3: a service worker has no
    # background page. sandbox.js: a sandboxed page has no extension API at all
    assert [(f.path, f.line) for f in findings] == [("background.js", 3), ("content.js", 3), ("sandbox.js", 1)]
    assert {f.code for f in findings} == {"XP010"}
    assert "`tabs.query` is not available in content scripts" in findings[1].message


def test_offscreen_documents_and_web_workers_have_their_own_apis() -> None:
    # offscreen.html is opened by offscreen.createDocument, parse-worker.js by new Worker(runtime.getURL(…)): no
    # manifest key names either. runtime.sendMessage is an offscreen document's; storage is not; a worker has none
    findings = _lint("worker-and-offscreen")
    assert [(f.code, f.path, f.line) for f in findings] == [
        ("XP010", "offscreen.js", 4),
        ("XP010", "parse-worker.js", 3),
    ]
    assert "not available in offscreen documents" in findings[0].message
    assert "not available in web workers" in findings[1].message and "postMessage" in (findings[1].fix or "")


def test_the_context_api_data_cites_its_sources() -> None:
    from toolchain.lint import context_apis

    data = context_apis.table()
    for name, context in data["contexts"].items():
        assert context["source"].count("http") + ("_api_features" in context["source"]) >= 1, name
        assert set(context["allowed"]) == {"chrome", "firefox"}, name
    assert "_api_features.json" in data["contexts"]["content"]["source"]
    assert "Content_scripts" in data["contexts"]["content"]["source"]  # MDN's "Content script environment"
    assert context_apis.allowed_in("content", "storage.local.get", "edge")
    assert context_apis.allowed_in("content", "menus.getTargetElement", "firefox_android")
    assert not context_apis.allowed_in("content", "menus.getTargetElement", "chrome")
    assert not context_apis.allowed_in("content", "runtime.openOptionsPage", "firefox")
    assert context_apis.allowed_in("offscreen", "runtime.sendMessage", "edge")
    assert not context_apis.allowed_in("offscreen", "i18n.getMessage", "chrome")
    assert not context_apis.allowed_in("worker", "runtime.getURL", "firefox")


def test_reading_a_tabs_url_uses_the_tabs_permission() -> None:
    # tabs declared, no tabs.* call: the clicked tab's url read in action.onClicked is the use (XP002 said unused)
    assert _lint("tab-fields-with-tabs") == []


def test_reading_tab_fields_without_tabs_or_host_access_is_reported() -> None:
    findings = _lint("tab-fields-without-access")
    # line 2: tab.url twice (onUpdated's Tab); line 3: tab.title; lines 8-9: the queried tab's index and id need
    # nothing
    assert [(f.code, f.line, f.column) for f in findings] == [("XP009", 2, 7), ("XP009", 2, 18), ("XP009", 3, 41)]
    assert "`title` of a Tab (from `tabs.onUpdated`)" in findings[2].message


def test_tab_values_are_followed_through_listeners_results_and_lists(tmp_path: Path) -> None:
    from toolchain.analysis.extract import extract_project

    source = tmp_path / "background.js"
    source.write_text(
        "chrome.contextMenus.onClicked.addListener((info, { url, title: name }) => console.log(url, name));\n"
        "async function current() {\n"
        "  const [tab] = await chrome.tabs.query({ active: true });\n"
        "  const all = await chrome.tabs.query({});\n"
        "  for (const t of all) console.log(t.favIconUrl);\n"
        "  all.map((t) => t.pendingUrl);\n"
        "  return all[0].url + tab.title + tab.id;\n"
        "}\n"
        "chrome.tabs.get(1).then((tab) => tab.url);\n"
        "chrome.tabs.query({}, (tabs) => tabs.forEach((t) => t.url));\n"
        "current();\n"
    )
    reads = extract_project([source], root=tmp_path)[source.resolve()].tab_reads
    assert [(r.location.line, r.field, r.source) for r in reads] == [
        (1, "url", "contextMenus.onClicked"),
        (1, "title", "contextMenus.onClicked"),
        (5, "favIconUrl", "tabs.query"),
        (6, "pendingUrl", "tabs.query"),
        (7, "url", "tabs.query"),
        (7, "title", "tabs.query"),
        (9, "url", "tabs.get"),
        (10, "url", "tabs.query"),
    ]


def test_code_of_a_bundle_reached_through_an_exported_object_is_analysed() -> None:
    # settings.bundle.js exports `{ save, load }` built by an IIFE; background.js calls settings.save(): storage is
    # used (XP002 said unused); alarms really is unused
    findings = _lint("exported-module-object")
    assert [(f.code, f.message.split("`")[1]) for f in findings] == [("XP002", "alarms")]
