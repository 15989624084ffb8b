"""`xtk conform` as users run it: output, exit codes (0 pass, 1 failure, 2 bad input), help."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.conform.conftest import case, write_vectors
from tests.conftest import run_xtk

pytestmark = pytest.mark.node

QUICK = "v8,node"


def test_passing_vectors_exit_0_with_a_table_per_engine_and_function(toy: Path) -> None:
    result = run_xtk("conform", "--engine", QUICK, cwd=toy / "project")
    assert result.code == 0, result.output
    assert re.search(r"^v8\s+V8 [\d.]+ \(mini-racer [\d.]+\)", result.stdout, re.M)
    assert re.search(r"^node\s+Node v\d+", result.stdout, re.M)
    assert re.search(r"^echo\s+16\s+0\s+16 ok\s+16 ok$", result.stdout, re.M)
    assert "PASSED:" in result.stdout


def test_json_report(toy: Path) -> None:
    result = run_xtk("conform", "--engine", "node", "--engine", "v8", "--format", "json", cwd=toy / "project")
    assert result.code == 0, result.output
    data = json.loads(result.stdout)
    assert data["ok"] is True
    assert [e["engine"] for e in data["engines"]] == ["v8", "node"]
    for engine in data["engines"]:
        assert engine["failed"] == 0 and engine["passed"] == data["cases"]
        assert set(engine["seconds"]) == {"startup", "run", "per_case"}
        assert engine["functions"]["echo"] == {"passed": 16, "failed": 0, "skipped": 0, "not_run": 0}


def test_a_failure_exits_1_showing_id_expected_and_actual(toy: Path) -> None:
    result = run_xtk("conform", "--engine", QUICK, "--vectors", "../failing/echo.json", cwd=toy / "project")
    assert result.code == 1, result.output
    assert "FAILED [v8, node] failing/echo-wrong" in result.stdout
    assert '  expected: "abd"\n  actual:   "abc"' in result.stdout
    assert result.stdout.rstrip().splitlines()[-1].startswith("FAILED: 1 failed in v8; 1 failed in node")

    as_json = run_xtk(
        "conform", "--engine", "v8", "--vectors", "../failing/echo.json", "--format", "json", cwd=toy / "project"
    )
    assert as_json.code == 1
    (failure,) = json.loads(as_json.stdout)["engines"][0]["failures"]
    assert failure == {
        "id": "failing/echo-wrong",
        "function": "echo",
        "file": str(toy / "failing" / "echo.json"),
        "expected": "abd",
        "actual": "abc",
    }


def test_several_vector_paths(toy: Path) -> None:
    result = run_xtk(
        "conform",
        "--engine",
        "v8",
        "--vectors",
        "vectors/add.json",
        "--vectors",
        "vectors/echo.json",
        "--format",
        "json",
        cwd=toy / "project",
    )
    assert result.code == 0, result.output
    assert json.loads(result.stdout)["functions"] == {"add": 3, "echo": 16}


def test_an_unknown_engine_exits_2(toy: Path) -> None:
    result = run_xtk("conform", "--engine", "v8,safari", cwd=toy / "project")
    assert result.code == 2
    assert "unknown engine 'safari'" in result.stderr


def test_a_bad_vectors_file_exits_2_with_its_location(toy: Path) -> None:
    bad = toy / "bad.json"
    bad.write_text('{"function": "echo",\n "parameters": ["value"],\n "cases": [,]}\n')
    result = run_xtk("conform", "--engine", "v8", "--vectors", str(bad), cwd=toy / "project")
    assert result.code == 2
    assert re.search(rf"{re.escape(str(bad))}:3:\d+: error: invalid JSON", result.stderr), result.stderr


def test_a_vectors_file_without_expected_exits_2_pointing_at_xtk_golden_make(toy: Path) -> None:
    path = write_vectors(toy / "inputs" / "echo.json", "echo", ["value"], [case("echo/in", {"value": "x"})])
    result = run_xtk("conform", "--engine", "v8", "--vectors", str(path), cwd=toy / "project")
    assert result.code == 2
    assert "/cases/0: case 'echo/in' has no \"expected\"" in result.stderr
    assert "xtk golden make" in result.stderr


def test_no_conformance_section_exits_2(toy: Path) -> None:
    config = toy / "project" / "xtk.toml"
    config.write_text(config.read_text().split("[conformance]")[0])
    result = run_xtk("conform", "--engine", "v8", cwd=toy / "project")
    assert result.code == 2
    assert "no [conformance] section" in result.stderr


def test_a_missing_module_exits_2_naming_the_key(toy: Path) -> None:
    (toy / "project" / "src" / "conformance.ts").unlink()
    result = run_xtk("conform", "--engine", "v8", cwd=toy / "project")
    assert result.code == 2
    assert "conformance.module: file not found" in result.stderr


def test_input_errors_as_json(toy: Path) -> None:
    result = run_xtk("conform", "--engine", "v8", "--vectors", "missing.json", "--format", "json", cwd=toy / "project")
    assert result.code == 2
    data = json.loads(result.stdout)
    assert data["ok"] is False and data["errors"][0]["message"] == "no such file or folder"


def test_an_esbuild_error_exits_1_located(toy: Path) -> None:
    module = toy / "project" / "src" / "conformance.ts"
    lines = module.read_text().splitlines()
    lines.insert(2, "const oops = ;")
    module.write_text("\n".join(lines) + "\n")
    result = run_xtk("conform", "--engine", "v8", cwd=toy / "project")
    assert result.code == 1
    assert re.search(r"^src/conformance\.ts:3:\d+: error: ", result.stderr, re.M), result.stderr


def test_help_explains_engines_vectors_and_exit_codes(toy: Path) -> None:
    result = run_xtk("conform", "--help", cwd=toy)
    assert result.code == 0
    text = result.stdout
    for word in (
        "v8",
        "spidermonkey",
        "node",
        "chromium",
        "firefox",
        "mini-racer",
        "pythonmonkey",
        "--vectors",
        "--engine",
        "--format",
        "--project",
        "Exit codes",
        "xtk golden make",
        "skipped",
    ):
        assert word in text, word
    assert "conform" in run_xtk("--help", cwd=toy).stdout
