"""XM007 protocol-codegen-drift: the generated module against `toolchain.protocol.codegen` (when it is there). Where
it fires (a missing module, one edited by hand), line by line: tests/fixtures/lint/rules/XM007/XM007.snap."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.unit.lint.rules.support import RULE_FIXTURES, copy_project, findings, lint_project


@pytest.fixture(scope="module")
def drifting(tmp_path_factory: pytest.TempPathFactory):
    """XM007's own fixture (its generated module missing), linted as it is, then with the module current, then
    edited."""
    codegen = pytest.importorskip("toolchain.protocol.codegen", reason="the protocol generator is not installed")
    if not (Path(__file__).resolve().parents[4] / "extension_src/node_modules/esbuild").is_dir():
        pytest.skip("extension_src/node_modules is missing (npm ci)")
    folder = copy_project(RULE_FIXTURES / "XM007" / "missing", tmp_path_factory.mktemp("xm007"))
    ctx = lint_project(folder)
    missing = findings(ctx, "XM007")
    generated = folder / "src/shared/protocol.ts"
    generated.write_text(codegen.generate(ctx.protocol), encoding="utf-8")
    current = findings(ctx, "XM007")
    lines = generated.read_text(encoding="utf-8").split("\n")
    lines[4] += " // edited by hand"
    generated.write_text("\n".join(lines), encoding="utf-8")
    edited = findings(ctx, "XM007")
    return missing, current, edited


def test_fires_when_the_module_is_missing(drifting) -> None:
    missing, _, _ = drifting
    assert [f.path for f in missing] == ["xtk.toml"]  # at `generated`
    assert missing[0].message == "the generated protocol module src/shared/protocol.ts does not exist"


def test_fires_at_the_first_edited_line(drifting) -> None:
    _, _, edited = drifting
    assert [(f.path, f.line) for f in edited] == [("src/shared/protocol.ts", 5)]  # the fixture edits its line 5


def test_near_miss_a_current_module(drifting) -> None:
    _, current, _ = drifting
    assert current == []


def test_reports_nothing_without_a_protocol(project) -> None:
    assert findings(project("permissions"), "XM007") == []
