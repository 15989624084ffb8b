"""`xtk protocol codegen` as a user runs it: writes the module, --check reports drift (exit 1), bad schemas exit 2
with their location."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.conftest import copy_flagship, run_xtk
from toolchain.protocol.codegen import generate
from toolchain.protocol.model import load_protocol

MODULE = Path("extension_src/src/shared/protocol.ts")


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = copy_flagship(tmp_path / "docmind")  # with extension_src/specs/protocol
    (root / MODULE).unlink(missing_ok=True)
    return root


def test_codegen_writes_the_module_then_leaves_it(project: Path) -> None:
    result = run_xtk("protocol", "codegen", cwd=project)
    assert result.code == 0, result.output
    assert re.fullmatch(
        r"wrote extension_src/src/shared/protocol\.ts \([\d,]+ bytes: 4 channels, 30 messages\)\n", result.stdout
    )
    written = (project / MODULE).read_text(encoding="utf-8")
    assert written == generate(
        load_protocol(project / "extension_src" / "specs" / "protocol", project)
    )  # paths shown from xtk.toml's folder
    before = (project / MODULE).stat().st_mtime_ns
    again = run_xtk("protocol", "codegen", "--project", str(project), cwd=project.parent)
    assert again.code == 0 and "is up to date" in again.stdout
    assert (project / MODULE).stat().st_mtime_ns == before


def test_check_exits_1_on_drift_and_0_in_sync(project: Path) -> None:
    missing = run_xtk("protocol", "codegen", "--check", cwd=project)
    assert (
        missing.code == 1
        and "extension_src/src/shared/protocol.ts: error XM007: the generated protocol module is missing"
        in missing.stderr
    )
    assert not (project / MODULE).exists()
    assert run_xtk("protocol", "codegen", cwd=project).code == 0
    in_sync = run_xtk("protocol", "codegen", "--check", cwd=project)
    assert (in_sync.code, in_sync.stdout) == (
        0,
        "extension_src/src/shared/protocol.ts is up to date with extension_src/specs/protocol/\n",
    )

    path = project / MODULE
    lines = path.read_text(encoding="utf-8").split("\n")
    index = next(i for i, line in enumerate(lines) if "if (v < 0)" in line)
    lines[index] = lines[index].replace("v < 0", "v <= 0")
    path.write_text("\n".join(lines), encoding="utf-8")
    drift = run_xtk("protocol", "codegen", "--check", cwd=project)
    assert drift.code == 1, drift.output
    assert drift.stderr.startswith(
        f"extension_src/src/shared/protocol.ts:{index + 1}: error XM007: out of date with extension_src/specs/protocol/"
    )
    as_json = run_xtk("protocol", "codegen", "--check", "--format", "json", cwd=project)
    report = json.loads(as_json.stdout)
    assert as_json.code == 1 and report["ok"] is False and report["errors"][0]["line"] == index + 1
    assert report["path"] == "extension_src/src/shared/protocol.ts" and report["channels"] == 4


def test_a_broken_schema_exits_2_with_its_location(project: Path) -> None:
    common = project / "extension_src" / "specs" / "protocol" / "common.schema.json"
    text = common.read_text(encoding="utf-8")
    common.write_text(
        text.replace('"minimum": 0, "description"', '"minimum": 0, "multipleOf": 2, "description"'), encoding="utf-8"
    )
    result = run_xtk("protocol", "codegen", cwd=project)
    assert result.code == 2, result.output
    line = next(i + 1 for i, row in enumerate(text.splitlines()) if '"TabId"' in row)
    assert re.match(
        rf"extension_src/specs/protocol/common\.schema\.json:{line}:\d+: error: "
        r"/\$defs/TabId/multipleOf: unsupported keyword 'multipleOf'",
        result.stderr,
    ), result.stderr
    assert not (project / MODULE).exists()
    as_json = run_xtk("protocol", "codegen", "--check", "--format", "json", cwd=project)
    assert as_json.code == 2 and json.loads(as_json.stdout)["errors"][0]["key"] == "/$defs/TabId/multipleOf"

    common.write_text(text.replace('"TabId": {', '"TabId": {,'), encoding="utf-8")
    bad_json = run_xtk("protocol", "codegen", "--check", cwd=project)
    assert bad_json.code == 2 and re.match(
        rf"extension_src/specs/protocol/common\.schema\.json:{line}:\d+: error: invalid JSON", bad_json.stderr
    )


def test_config_problems_exit_2(project: Path) -> None:
    config = project / "xtk.toml"
    text = config.read_text(encoding="utf-8")
    config.write_text(
        text.replace('generated = "src/shared/protocol.ts"', 'generated = "public/protocol.ts"'), encoding="utf-8"
    )
    outside = run_xtk("protocol", "codegen", cwd=project)
    line = next(i + 1 for i, row in enumerate(text.splitlines()) if row.startswith("generated ="))
    assert outside.code == 2 and outside.stderr.startswith(f"xtk.toml:{line}:"), outside.stderr
    assert "must be inside src/" in outside.stderr
    config.write_text(
        text.replace('schemas = "extension_src/specs/protocol"', 'schemas = "specs/nowhere"'), encoding="utf-8"
    )
    missing = run_xtk("protocol", "codegen", cwd=project)
    assert missing.code == 2 and "folder not found: specs/nowhere" in missing.stderr
    config.write_text(re.sub(r"\[protocol\][^\[]*", "", text), encoding="utf-8")
    none = run_xtk("protocol", "codegen", cwd=project)
    assert none.code == 2 and "no [protocol] table" in none.stderr


def test_help_texts() -> None:
    group = run_xtk("protocol", "--help", cwd=Path.cwd())
    assert group.code == 0 and "codegen" in group.stdout and "XM007" in group.stdout
    command = run_xtk("protocol", "codegen", "--help", cwd=Path.cwd())
    assert command.code == 0 and "--check" in command.stdout and "Exit codes" in command.stdout
