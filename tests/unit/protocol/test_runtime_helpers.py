"""The runtime helpers of generated modules are real TypeScript (toolchain/protocol/runtime/helpers.ts): tsc checks
the file under DocMind's strict settings, and the generator embeds its declarations as they are written there."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.unit.protocol.support import KITCHEN, TSC, load, needs_tools, tsconfig_like_docmind
from toolchain.protocol import helpers
from toolchain.protocol.codegen import generate

HELPER_NAMES = ["_Check", "_obj", "_len", "_eq", "_at", "_need", "_only", "_none", "_one", "_any", "_deep", "_why"]


def _tsc(folder: Path, files: list[str]) -> subprocess.CompletedProcess[str]:
    (folder / "tsconfig.json").write_text(json.dumps(tsconfig_like_docmind(files)), encoding="utf-8")
    return subprocess.run(
        [str(TSC), "--noEmit", "--strict", "-p", "tsconfig.json", "--pretty", "false"],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.node
def test_the_helpers_file_type_checks_strictly(tmp_path: Path) -> None:
    needs_tools()
    shutil.copy(helpers.RUNTIME_HELPERS, tmp_path / "helpers.ts")
    completed = _tsc(tmp_path, ["helpers.ts"])
    assert completed.returncode == 0, completed.stdout + completed.stderr
    # The same check catches a type error in the file (a helper that returns the wrong type).
    broken = helpers.RUNTIME_HELPERS.read_text(encoding="utf-8").replace("return n;", "return String(n);")
    assert broken != helpers.RUNTIME_HELPERS.read_text(encoding="utf-8")
    (tmp_path / "helpers.ts").write_text(broken, encoding="utf-8")
    completed = _tsc(tmp_path, ["helpers.ts"])
    assert completed.returncode != 0 and "helpers.ts(" in completed.stdout and "TS2322" in completed.stdout, (
        completed.stdout
    )


def test_the_helpers_file_is_read_declaration_by_declaration() -> None:
    found = helpers.runtime_helpers()
    assert list(found) == HELPER_NAMES
    assert found["_Check"] == "type _Check = (value: unknown, pointer: string) => string | undefined;"
    assert found["_obj"] == (
        "/** A JSON object: not null, not an array. */\n"
        "function _obj(v: unknown): v is Record<string, unknown> {\n"
        "  return typeof v === 'object' && v !== null && !Array.isArray(v);\n"
        "}"
    )
    assert found["_need"].startswith("function _need(") and found["_need"].endswith("\n  return undefined;\n}")
    assert all("export " not in code and not code.endswith("\n") for code in found.values())
    assert [helpers.declared(code) for code in found.values()] == HELPER_NAMES


def test_a_file_header_and_plain_comments_stay_out() -> None:
    text = (
        "// about this file\n\n// about _a\n"
        "export function _a(): number {\n  return 1;\n}\n\n"
        "/** B. */\nexport type _B = number;\n"
    )
    assert helpers.parse_helpers(text) == {
        "_a": "function _a(): number {\n  return 1;\n}",
        "_B": "/** B. */\ntype _B = number;",
    }


def test_the_generator_embeds_the_file_as_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    protocol = load(KITCHEN)
    before = generate(protocol)
    for code in helpers.runtime_helpers().values():
        if helpers.declared(code) in before:
            assert code in before
    edited = tmp_path / "helpers.ts"
    edited.write_text(
        helpers.RUNTIME_HELPERS.read_text(encoding="utf-8").replace(
            "/** A JSON object: not null, not an array. */", "/** A JSON object (edited). */"
        ),
        encoding="utf-8",
    )
    monkeypatch.setattr(helpers, "RUNTIME_HELPERS", edited)
    helpers.runtime_helpers.cache_clear()
    try:
        after = generate(protocol)
    finally:
        helpers.runtime_helpers.cache_clear()
    assert "/** A JSON object (edited). */\nfunction _obj(" in after
    assert after.replace("/** A JSON object (edited). */", "/** A JSON object: not null, not an array. */") == before
