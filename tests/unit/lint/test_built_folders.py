"""`xtk lint build/<browser>`: a bundle's code is judged like its sources. esbuild inlines webextension-polyfill as a
CommonJS module (`var require_x = __commonJS(…)`, `__toESM(require_x()).default`) and wraps the whole bundle in an
IIFE, whose functions are the module's helpers; calls through either count as in the project lint."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.conftest import copy_flagship, run_xtk
from tests.unit.lint.rules.support import lint_extension
from toolchain.lint.engine import run_rules

#: the parts of webextension-polyfill's own code xtk recognises it by, as they survive minification (its UMD head
#: and the error it throws outside an extension); the rest of its 10 KB does not matter here
POLYFILL_BODY = """
  (function (global, factory) {
    if (typeof define === "function" && define.amd) define("webextension-polyfill", ["module"], factory);
    else if (typeof exports !== "undefined") factory(module);
  })(globalThis, function (module) {
    if (!globalThis.chrome?.runtime?.id) throw new Error("This script should only be loaded in a browser extension.");
    module.exports = globalThis.browser ?? wrapAPIs(chrome);
  });
"""

MANIFEST = {
    "manifest_version": 2,
    "name": "bundled",
    "version": "1.0",
    "permissions": ["contextMenus", "alarms"],
    "background": {"scripts": ["background.js"]},
    "browser_specific_settings": {"gecko": {"id": "bundled@example.org"}},
}


def write_extension(folder: Path, background: str) -> Path:
    folder.mkdir()
    (folder / "manifest.json").write_text(json.dumps(MANIFEST), encoding="utf-8")
    (folder / "background.js").write_text(background, encoding="utf-8")
    return folder


def unused(folder: Path) -> set[str]:
    return {f.message.split("`")[1] for f in run_rules(lint_extension(folder), ["XP002"], [])}


def test_a_call_through_the_inlined_polyfill_uses_its_permission(tmp_path: Path) -> None:
    readable = f"""(() => {{
  var require_browser_polyfill = __commonJS({{
    "node_modules/webextension-polyfill/dist/browser-polyfill.js"(exports, module) {{ {POLYFILL_BODY} }}
  }});
  var import_webextension_polyfill = __toESM(require_browser_polyfill(), 1);
  var browser = import_webextension_polyfill.default;
  function addMenu(id) {{ browser.contextMenus.create({{ id, title: "Ask" }}); }}
  addMenu("ask");
}})();
"""
    minified = (
        f'"use strict";(()=>{{var ee=De(($,v)=>{{{POLYFILL_BODY}}});var ne=Xe(ee(),1),k=ne.default;'
        'function oe(e){k.contextMenus.create({id:e})}oe("ask");})();'
    )
    assert unused(write_extension(tmp_path / "readable", readable)) == {"alarms"}
    assert unused(write_extension(tmp_path / "minified", minified)) == {"alarms"}


def test_a_module_wrapper_that_is_not_the_polyfill_is_no_api(tmp_path: Path) -> None:
    code = (
        "(()=>{var ee=De(($,v)=>{v.exports={contextMenus:{create(){}}}});"
        'var k=Xe(ee(),1).default;k.contextMenus.create({id:"x"})})();'
    )
    assert unused(write_extension(tmp_path / "other", code)) == {"alarms", "contextMenus"}


def test_the_es_module_view_of_the_polyfill_drops_default(tmp_path: Path) -> None:
    code = 'import * as polyfill from "webextension-polyfill";\npolyfill.default.contextMenus.create({ id: "x" });\n'
    folder = write_extension(tmp_path / "esm", "")
    (folder / "background.js").write_text(code, encoding="utf-8")
    assert unused(folder) == {"alarms"}


def test_helpers_inside_a_bundles_iife_are_followed(tmp_path: Path) -> None:
    """The helper that catches the send's rejection is found inside the IIFE (XM005 judges its callers, not the
    send), and a helper nobody calls asks for no permission there either."""
    code = """(()=>{
function send(tabId, message) { return chrome.tabs.sendMessage(tabId, message); }
async function ask(tabId, message) { try { return await send(tabId, message); } catch (error) { return null; } }
function neverCalled() { chrome.alarms.create("x", { periodInMinutes: 1 }); }
chrome.contextMenus.onClicked.addListener((info, tab) => { ask(tab.id, { type: "PING" }); });
})();
"""
    folder = write_extension(tmp_path / "iife", code)
    ctx = lint_extension(folder)
    assert list(run_rules(ctx, ["XM005"], [])) == []
    assert unused(folder) == {"alarms"}


@pytest.mark.node  # builds a project with esbuild
def test_docmind_built_folders_lint_without_errors(tmp_path: Path) -> None:
    """DocMind's production build (minified, the polyfill inlined), linted as a plain extension: no finding —
    activeTab and contextMenus are used (through the polyfill's object), the sends' helpers catch their errors, and
    the folder, written by the project's build, is judged by the project's posture."""
    project = copy_flagship(tmp_path / "docmind")
    built = run_xtk("build", "--no-typecheck", "-b", "all", cwd=project, timeout=300)
    assert built.code == 0, built.output
    for browser in ("chrome", "firefox"):
        linted = run_xtk("lint", f"build/{browser}", "--format", "json", cwd=project)
        assert linted.code == 0, linted.output
        assert json.loads(linted.stdout) == []  # XP005 judged by DocMind's posture, which allows <all_urls>
    elsewhere = tmp_path / "copied"  # the same folder outside its project: no posture says <all_urls> is intended
    shutil.copytree(project / "build" / "firefox", elsewhere)
    linted = run_xtk("lint", str(elsewhere), "--format", "json", cwd=tmp_path)
    assert [(f["code"], f["severity"]) for f in json.loads(linted.stdout)] == [("XP005", "warning")], linted.output
