"""The generated entry and its bundle: one ASCII IIFE per browser flavour, and the run() protocol it implements.

The protocol is exercised in V8 in-process (mini-racer: fast, no browser); test_engines.py runs it everywhere.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from toolchain.conform.bundle import GLOBAL, ascii_only, bundle_conformance, entry_source, flavour_for
from toolchain.conform.engines.v8 import V8Engine
from toolchain.diagnostics import ProjectError
from toolchain.project import load_project

pytestmark = pytest.mark.node  # esbuild comes from extension_src/node_modules


def test_entry_imports_the_module_by_absolute_path_and_defines_the_global(tmp_path: Path) -> None:
    module = tmp_path / "src" / "conformance.ts"
    source = entry_source(module)
    assert f"from {json.dumps(module.resolve().as_posix())}" in source
    assert f"globalThis.{GLOBAL} = {{ run }};" in source
    assert source.isascii()


def test_flavours_follow_the_engines_browser_family() -> None:
    targets = ["chrome", "edge", "firefox"]
    assert {e: flavour_for(e, targets) for e in ("v8", "node", "chromium", "spidermonkey", "firefox")} == {
        "v8": "chrome",
        "node": "chrome",
        "chromium": "chrome",
        "spidermonkey": "firefox",
        "firefox": "firefox",
    }
    assert flavour_for("spidermonkey", ["edge"]) == "edge"  # no Firefox target: the project's own build
    assert flavour_for("v8", ["firefox"]) == "firefox"


def test_one_ascii_bundle_per_flavour_with_the_builds_defines(toy: Path, tmp_path: Path) -> None:
    project = load_project(toy / "project")
    bundles, warnings = bundle_conformance(project, ["chrome", "firefox"], tmp_path / "scratch")
    assert warnings == []
    assert set(bundles) == {"chrome", "firefox"}
    for flavour, bundle in bundles.items():
        text = bundle.path.read_bytes()
        assert text.isascii(), "only ASCII may cross a bridge, the bundle's own source included"
        source = text.decode()
        assert source.removeprefix('"use strict";\n').startswith("(() => {"), "an IIFE"
        assert f'"{flavour}"' in source, "import.meta.env.BROWSER folded in, as xtk build does"
        assert "h\\xE9llo \\u{1F600}" in source or "h\\xE9llo \\uD83D\\uDE00" in source, "esbuild escaped the literal"
        assert "Returns its argument \\u2014 every bridge" in source, "a non-ASCII comment esbuild keeps is escaped"


def test_ascii_only_escapes_what_esbuild_leaves_as_utf16_units(tmp_path: Path) -> None:
    path = tmp_path / "bundle.js"
    path.write_text("// § é 😀\nvar x = 1;\n", encoding="utf-8")
    ascii_only(path)
    assert path.read_text(encoding="ascii") == "// \\u00a7 \\u00e9 \\ud83d\\ude00\nvar x = 1;\n"


def test_an_esbuild_error_is_located_and_exits_1(toy: Path, tmp_path: Path) -> None:
    module = toy / "project" / "src" / "conformance.ts"
    module.write_text(module.read_text() + "\nexport const broken = (;\n")
    with pytest.raises(ProjectError) as raised:
        bundle_conformance(load_project(toy / "project"), ["chrome"], tmp_path / "scratch")
    error = raised.value.diagnostics[0]
    assert error.path == "src/conformance.ts" and error.line is not None and error.column is not None
    assert raised.value.exit_code == 1


def test_a_module_without_conformance_export_is_an_esbuild_error(toy: Path, tmp_path: Path) -> None:
    module = toy / "project" / "src" / "conformance.ts"
    module.write_text(module.read_text().replace("export const conformance", "export const something"))
    with pytest.raises(ProjectError) as raised:
        bundle_conformance(load_project(toy / "project"), ["chrome"], tmp_path / "scratch")
    assert any("conformance" in d.message for d in raised.value.diagnostics)


# --- the run() protocol, in V8 in-process --------------------------------------------------------------------


@pytest.fixture
def v8(toy: Path, tmp_path: Path) -> Iterator[V8Engine]:
    bundles, _ = bundle_conformance(load_project(toy / "project"), ["chrome"], tmp_path / "scratch")
    engine = V8Engine()
    engine.open(bundles["chrome"].path, tmp_path)
    yield engine
    engine.close()


def run(engine: V8Engine, function: str, *arguments: object) -> dict[str, object]:
    request = json.dumps({"function": function, "cases": [{"id": "c", "arguments": list(arguments)}]})
    answer = engine.run(request, timeout=10)
    assert answer.isascii()
    (result,) = json.loads(answer)
    assert result["id"] == "c"
    return result


def test_a_value_comes_back_as_json(v8: V8Engine) -> None:
    assert run(v8, "add", 0.1, 0.2) == {"id": "c", "ok": True, "value": 0.30000000000000004}


def test_lone_surrogates_and_astral_characters_come_back_escaped(v8: V8Engine) -> None:
    request = json.dumps({"function": "concat", "cases": [{"id": "c", "arguments": ["\ud83d", "\ude00\udc00"]}]})
    answer = v8.run(request, timeout=10)
    assert answer == '[{"id":"c","ok":true,"value":"\\ud83d\\ude00\\udc00"}]'
    assert json.loads(answer)[0]["value"] == "😀\udc00"


def test_a_throw_is_name_and_message(v8: V8Engine) -> None:
    assert run(v8, "fail", "boom") == {"id": "c", "ok": False, "error": "TypeError: boom"}


def test_undefined_has_no_value_and_nan_is_not_null(v8: V8Engine) -> None:
    assert run(v8, "nothing") == {"id": "c", "ok": True}
    assert run(v8, "notANumber") == {"id": "c", "ok": True, "value": {"$nonFinite": "NaN"}}


def test_an_unknown_function_names_the_ones_there_are(v8: V8Engine) -> None:
    result = run(v8, "nope")
    assert result["ok"] is False
    assert str(result["error"]).startswith(
        'ReferenceError: the conformance module has no function "nope" (it has: echo,'
    )


def test_bare_v8_gets_a_url(v8: V8Engine) -> None:
    """mini-racer's V8 has no URL of its own: the harness loads core-js's (the one pythonmonkey gives SpiderMonkey)."""
    assert run(v8, "hostname", "https://EXAMPLE.com:443/") == {"id": "c", "ok": True, "value": "example.com"}
    assert "core-js URL" in v8.version


def test_a_missing_web_api_makes_the_case_a_skip_in_that_engine(v8: V8Engine) -> None:
    result = run(v8, "utf8Length", "é")
    assert result["ok"] is False
    assert "the engine has no TextEncoder" in str(result["skip"])


def test_many_cases_in_one_request_keep_their_order(v8: V8Engine) -> None:
    cases = [{"id": f"c{i}", "arguments": [i, i]} for i in range(500)]
    results = json.loads(v8.run(json.dumps({"function": "add", "cases": cases}), timeout=10))
    assert [r["id"] for r in results] == [c["id"] for c in cases]
    assert [r["value"] for r in results] == [2 * i for i in range(500)]
