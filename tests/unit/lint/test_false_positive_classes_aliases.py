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
    both in `background.scripts`: the listener blocks, webRequestBlocking is used."""
    assert _unused(_lint(FIXTURES / "aliases-classic-globals")) == []  # before: webRequestBlocking


def test_a_constant_of_another_context_or_another_value_does_not() -> None:
    """The twin: `[Spec.HEADERS]` is "requestHeaders" (the file's own constant, read now too), and the
    `WebRequest` of a content script is not the background's global: webRequestBlocking is unused."""
    findings = _lint(FIXTURES / "aliases-classic-globals-twin")
    assert _unused(findings) == ["webRequestBlocking"]
    facts = extract_project([FIXTURES / "aliases-classic-globals-twin" / "background.js"])
    strings = [call.strings for f in facts.values() for call in f.call_strings if "webRequest" in call.callee]
    assert strings == [frozenset({"<all_urls>", "requestHeaders"}), frozenset({"<all_urls>"})]


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
