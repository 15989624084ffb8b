"""Issue 19, classes 4 and 9: false findings of real extensions, each on a minimal fixture in
tests/fixtures/lint/false_positives/<class>/ that holds the true twin beside it, so the rule is shown to still fire.

Class 4, APIs reached through aliases: a module re-exporting the namespace (ES, CommonJS, barrels), a constant of
another classic script of the same context, a bundler's module getter (webpack). Each was "unused permission"
(XP002) before; the twin (`cookies`, `bookmarks`, `webRequestBlocking`) is declared and used nowhere, and stays one.
The same uses count for XP001 (a missing permission).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from toolchain.analysis.extract import extract_project
from toolchain.lint.engine import run_rules
from toolchain.lint.extension_targets import extension_context
from toolchain.lint.model import Finding

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "lint" / "false_positives"


def _lint(folder: Path) -> list[Finding]:
    return run_rules(extension_context(folder), [], [])


def _unused(findings: list[Finding]) -> list[str]:
    """The permissions XP002 calls unused, as its message names them."""
    return sorted(f.message.split("`")[1] for f in findings if f.code == "XP002")


def _without_permission(tmp_path: Path, name: str, permission: str) -> Path:
    """A copy of a fixture whose manifest no longer declares `permission`."""
    folder = tmp_path / name
    shutil.copytree(FIXTURES / name, folder)
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    manifest["permissions"].remove(permission)
    (folder / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    return folder


# -- class 4: re-exports of the namespace ----------------------------------------------------------------------------


def test_a_module_re_exporting_the_namespace_is_the_namespace() -> None:
    """`export default browser`, `export default chrome`, `export const api = globalThis.browser ?? chrome`,
    `export { local as ext }`, `export *` and `export { default as webext } from` (a barrel), and a CommonJS
    `module.exports = browser` imported by default: each `webext.alarms.create(…)` elsewhere uses `alarms`."""
    findings = _lint(FIXTURES / "aliases-reexport")
    assert _unused(findings) == ["cookies"]  # before: alarms, contextMenus, history, idle too


def test_a_commonjs_module_whose_value_is_the_namespace_is_what_require_returns() -> None:
    assert _unused(_lint(FIXTURES / "aliases-require")) == ["bookmarks"]  # before: alarms too
    facts = extract_project([FIXTURES / "aliases-require" / "bundle.js"])
    bundle = facts[(FIXTURES / "aliases-require" / "bundle.js").resolve()]
    assert [(use.api, use.location.line) for use in bundle.api_uses] == [("alarms.create", 3)]


def test_a_use_through_a_re_export_needs_its_permission(tmp_path: Path) -> None:
    """XP001 sees the same uses: `cjs.idle.queryState` without `idle` declared is a missing permission."""
    findings = _lint(_without_permission(tmp_path, "aliases-reexport", "idle"))
    assert [(f.path, f.line) for f in findings if f.code == "XP001" and "idle" in f.message] == [("background.js", 12)]


# -- class 4: constants shared by classic scripts --------------------------------------------------------------------


def test_a_constant_of_another_background_script_names_blocking() -> None:
    """`[WebRequest.BLOCKING]` in background.js, `const WebRequest = {BLOCKING: 'blocking'}` in constants.js,
    both in `background.scripts`: the listener blocks, webRequestBlocking is used; so does `[ExtraInfo.BLOCKING]`
    with legacy.js's `var ExtraInfo = {…}`, never assigned again."""
    assert _unused(_lint(FIXTURES / "aliases-classic-globals")) == []  # before: webRequestBlocking
    folder = (FIXTURES / "aliases-classic-globals").resolve()
    facts = extract_project([folder / name for name in ("constants.js", "legacy.js", "background.js")])
    strings = [sorted(call.strings) for call in facts[folder / "background.js"].call_strings]
    assert strings == [["blocking"], ["blocking"]]


def test_a_constant_of_another_context_or_another_value_does_not() -> None:
    """The twin: `[Spec.HEADERS]` is "requestHeaders" (the file's own constant, read now too), the `WebRequest` of
    a content script is not the background's global, and a `var` assigned again is no constant: webRequestBlocking
    is unused."""
    findings = _lint(FIXTURES / "aliases-classic-globals-twin")
    assert _unused(findings) == ["webRequestBlocking"]
    facts = extract_project([FIXTURES / "aliases-classic-globals-twin" / "background.js"])
    strings = [call.strings for f in facts.values() for call in f.call_strings if "webRequest" in call.callee]
    assert strings == [
        frozenset({"<all_urls>", "requestHeaders"}),
        frozenset({"<all_urls>"}),
        frozenset({"<all_urls>"}),
    ]


def test_an_api_alias_of_another_background_script_is_the_namespace() -> None:
    """`var api = typeof browser !== 'undefined' ? browser : chrome; const { storage } = api;` in compat.js, then
    `api.alarms.create(…)` and `storage.local.set(…)` in background.js (walked first: its name sorts first). The
    twin: `cookies`, used nowhere."""
    assert _unused(_lint(FIXTURES / "aliases-classic-api")) == ["cookies"]  # before: alarms, storage too


def test_an_imported_constant_names_blocking(tmp_path: Path) -> None:
    """`import { Spec } from './shared.js'` (a re-export of constants.js's `WebRequest`), `import * as constants`:
    `[Spec.BLOCKING]` passes "blocking", webRequestBlocking is used. The twin: the same constant holding another
    value leaves it unused."""
    assert _unused(_lint(FIXTURES / "aliases-imported-constants")) == []  # before: webRequestBlocking
    folder = tmp_path / "twin"
    shutil.copytree(FIXTURES / "aliases-imported-constants", folder)
    constants = folder / "constants.js"
    constants.write_text(constants.read_text(encoding="utf-8").replace("'blocking'", "'requestBody'"), "utf-8")
    assert _unused(_lint(folder)) == ["webRequestBlocking"]


# -- class 4: a bundler's module getter ------------------------------------------------------------------------------


def test_a_webpack_production_build_uses_what_its_sources_use() -> None:
    """webpack 5.113 production output (minified, module concatenation off, the polyfill in a split `vendor.js`
    chunk): `var n=t(815),o=t.n(n),s=t(227); o().storage.local.set(…); s.A.alarms.create(…)`. Before, every
    permission but none was called unused."""
    findings = _lint(FIXTURES / "aliases-webpack-dist")
    assert _unused(findings) == ["cookies"]  # before: storage, alarms, notifications, bookmarks too


def test_a_webpack_development_build_uses_what_its_sources_use() -> None:
    """The same sources in development mode: `__webpack_require__("./node_modules/webextension-polyfill/…")`,
    `__webpack_require__.n(…)()`, `_webext_js__WEBPACK_IMPORTED_MODULE_1__["default"].alarms`, modules in three
    chunks."""
    findings = _lint(FIXTURES / "aliases-webpack-dev")
    assert _unused(findings) == ["cookies"]


def test_a_webpack_4_build_uses_what_its_sources_use() -> None:
    """webpack 4.47's output of the same sources: module tables as arrays with holes
    (`push([[1], [, function (e, r, s) {…}]])`), `a.d(o, "a", function () { return t; })`, `o.b = s.a`, the getter's
    `o.a.storage`."""
    assert _unused(_lint(FIXTURES / "aliases-webpack4")) == ["cookies"]  # before: all five


def test_every_shape_of_webpack_s_runtime_reaches_the_namespace() -> None:
    """By hand: `n(101)` (CommonJS value), `n.n(r)()`, the getter's `.a`, `r.default`, `r["default"]`,
    `(0, r.ext)`, getters in `n.d(exports, {…})`; and the twin, a module exporting an object of its own with a
    `cookies` member: `jar.default.cookies.get()` is no API use."""
    findings = _lint(FIXTURES / "aliases-webpack-shapes")
    assert _unused(findings) == ["cookies"]  # before: all seven
    background = (FIXTURES / "aliases-webpack-shapes" / "background.js").resolve()
    uses = [use.api for use in extract_project([background])[background].api_uses]
    assert uses == [
        "storage.local.set",
        "alarms.create",
        "notifications.create",
        "idle.queryState",
        "history.search",
        "topSites.get",
    ]


def test_a_use_through_webpack_s_getter_needs_its_permission(tmp_path: Path) -> None:
    findings = _lint(_without_permission(tmp_path, "aliases-webpack-dist", "storage"))
    assert [(f.path, f.line) for f in findings if f.code == "XP001" and "storage" in f.message] == [
        ("background.js", 1)
    ]


# -- class 9: findings that silence others ---------------------------------------------------------------------------


def _lint_small(folder: Path) -> list[Finding]:
    """Lint with a 2 KiB size limit: the fixture's lib/*.js are then "too large" (XL004), as vendored bundles are."""
    from toolchain.analysis.parse import clear_cache, size_limit

    clear_cache()
    with size_limit(2048):
        return _lint(folder)


def test_an_unread_file_withholds_only_the_verdicts_it_could_change() -> None:
    """Before, one XL004 or XL006 anywhere withheld every XP002/XM001/XM002 of the extension. Now: lib/charts.js
    (unread, its text names no extension API) and content.js's computed import (a content script has no
    `alarms`/`bookmarks`/`history`) change nothing, so `alarms` and `bookmarks` are reported; lib/history-view.js
    names `history`, which it may use, so that verdict alone is withheld. Each XL004 says which it is."""
    findings = _lint_small(FIXTURES / "silencing-unseen")
    assert _unused(findings) == ["alarms", "bookmarks"]  # before: none
    notes = {f.path: f.message.split("; ", 1)[1] for f in findings if f.code == "XL004"}
    still = "unused permissions and unhandled messages are still judged: it cannot hold what they look for"
    assert notes == {
        "lib/charts.js": still,
        "lib/history-view.js": "unused permissions and unhandled messages are not judged",
    }
    assert not [f for f in findings if f.code == "XL006"]  # it withheld nothing: nothing to explain


def test_unseen_code_where_it_could_use_the_permissions_still_withholds_them(tmp_path: Path) -> None:
    """The twin: the same computed import in the options page, which has every API: nothing can be said about
    `alarms` or `bookmarks`, and XL006 names the verdicts it withheld."""
    folder = tmp_path / "silencing-unseen"
    shutil.copytree(FIXTURES / "silencing-unseen", folder)
    (folder / "options.js").write_text(
        "const name = location.hash.slice(1);\nimport(chrome.runtime.getURL(name));\n", encoding="utf-8"
    )
    findings = _lint_small(folder)
    assert _unused(findings) == []
    explained = [f for f in findings if f.code == "XL006"]
    assert [(f.path, f.line) for f in explained] == [("options.js", 2)]
    assert "XP002 at manifest.json:5" in explained[0].message


def test_a_string_compared_with_the_page_path_opens_no_page() -> None:
    """`location.pathname == '/tests/index.html'` and `location.href.endsWith('tests/runner.html')` in popup.js
    pulled tests/*.html's scripts into the lint (a test library's eval: XS001; a stubbed cookies call: XP001). The
    twins: `tabs.create({url: 'welcome.html'})` and `a.href = HELP` (a constant) open pages, whose scripts are
    linted (XP001 on each)."""
    findings = _lint(FIXTURES / "silencing-page-path")
    assert sorted((f.code, f.path) for f in findings) == [("XP001", "help.js"), ("XP001", "welcome.js")]


def test_only_strings_in_an_opening_position_name_pages(tmp_path: Path) -> None:
    from toolchain.analysis.page_names import pages_opened
    from toolchain.analysis.parse import parse_file

    source = tmp_path / "code.js"
    source.write_text(
        """
        chrome.tabs.create({ url: 'a.html' });
        browser.windows.create({ url: chrome.runtime.getURL('b.html'), type: 'popup' });
        api.tabs.update(id, { url: flag ? 'c.html' : 'd.html' });
        chrome.offscreen.createDocument({ url: 'e.html', reasons: ['DOM_PARSER'], justification: 'x' });
        window.open('f.html');
        location.href = 'g.html';
        frame.src = '/h.html';
        link.setAttribute('href', 'i.html');
        panel.innerHTML = '<a href="j.html">help</a>';
        const PAGES = { welcome: 'k.html', unused: 'l.html' };
        chrome.tabs.create({ url: PAGES.welcome });
        location.assign(new URL('m.html', location.href));
        if (location.pathname == '/tests/index.html') run();
        if (location.href.endsWith('n.html')) run();
        switch (location.pathname) { case '/o.html': run(); }
        const isPopup = document.URL.includes('p.html');
        console.log('see q.html');
        const unusedPage = 'r.html';
        """,
        encoding="utf-8",
    )
    opened = pages_opened(parse_file(source))
    assert opened == [
        "a.html",
        "b.html",
        "c.html",
        "d.html",
        "e.html",
        "f.html",
        "g.html",
        "/h.html",
        "i.html",
        "j.html",
        "k.html",
        "l.html",
        "m.html",
    ]  # fmt: skip  (l.html: a member of a constant that opens pages, which is as far as it is followed)


def test_an_unread_file_that_names_no_message_api_leaves_messages_judged(tmp_path: Path) -> None:
    """XM001 (a type sent that no handler tests for) and XM002 (a type handled that nothing sends) rest on every
    handler and send being seen: an unread page library whose text names neither `onMessage` nor `sendMessage`
    cannot hold one, so both are still reported; the twin, an unread library with an `onMessage` listener,
    withholds them."""
    folder = tmp_path / "messages"
    (folder / "lib").mkdir(parents=True)
    (folder / "manifest.json").write_text(
        json.dumps(
            {
                "manifest_version": 3,
                "name": "messages",
                "version": "1",
                "background": {"service_worker": "background.js"},
                "action": {"default_popup": "popup.html"},
            }
        ),
        encoding="utf-8",
    )
    (folder / "background.js").write_text(
        "chrome.runtime.onMessage.addListener((message) => {\n  if (message.type === 'PING') return;\n});\n",
        encoding="utf-8",
    )
    (folder / "popup.html").write_text(
        '<script src="lib/big.js"></script><script src="popup.js"></script>', encoding="utf-8"
    )
    (folder / "popup.js").write_text("chrome.runtime.sendMessage({ type: 'REFRESH' });\n", encoding="utf-8")
    padding = "".join(f"function pad{i}(x) {{ return x + {i}; }}\n" for i in range(120))
    (folder / "lib" / "big.js").write_text(padding, encoding="utf-8")
    found = sorted((f.code, f.path) for f in _lint_small(folder) if f.code.startswith("XM"))
    assert found == [("XM001", "popup.js"), ("XM002", "background.js")]  # before: none (withheld)
    listener = "chrome.runtime.onMessage.addListener((m) => m.type === 'REFRESH');\n"
    (folder / "lib" / "big.js").write_text(padding + listener, encoding="utf-8")
    assert [f.code for f in _lint_small(folder) if f.code.startswith("XM")] == []


def test_a_constant_of_a_script_two_pages_load_is_a_global_of_both() -> None:
    # constants.js is loaded by the background page, the popup, the options page and the sidebar: it is in each group,
    # so `[WebRequest.BLOCKING]` in the background's guard.js names "blocking" (Decentraleyes; was XP002)
    from toolchain.lint.engine import run_rules
    from toolchain.lint.extension_targets import extension_context

    folder = Path(__file__).resolve().parents[2] / "fixtures" / "lint" / "false_positives" / "constants-two-pages"
    assert [f.code for f in run_rules(extension_context(folder), [], []) if f.code == "XP002"] == []
