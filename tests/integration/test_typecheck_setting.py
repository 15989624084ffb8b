"""`typecheck = true | false | "warn"` in xtk.toml (issue 18, item 6): a project that never type-checked builds
without `--no-typecheck` on every command, or with its type errors shown as warnings; the flag still decides a run.
Before, type-checking could not be turned off in xtk.toml (an unknown key, exit 2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import run_xtk
from tests.integration.support import copy_fixture, edit

pytestmark = pytest.mark.node


def _with_a_type_error(tmp_path: Path, setting: str | None) -> Path:
    project = copy_fixture(tmp_path / "project")
    edit(project / "src/popup/popup.ts", "", "const wrong: number = 'text';\nvoid wrong;\n")
    if setting is not None:
        config = project / "xtk.toml"
        config.write_text(f"typecheck = {setting}\n" + config.read_text(encoding="utf-8"), encoding="utf-8")
    return project


@pytest.mark.parametrize(
    ("setting", "flag", "code", "said"),
    [
        (None, None, 1, "error TS2322"),  # the default: type errors fail the build (exit 1)
        ("true", None, 1, "error TS2322"),
        ('"warn"', None, 0, "warning TS2322"),  # shown, the build goes on
        ("false", None, 0, None),  # not run
        ("false", "--typecheck", 1, "error TS2322"),  # the flag runs it for one build
        ('"warn"', "--no-typecheck", 0, None),
    ],
)
def test_the_setting_and_the_flag(
    tmp_path: Path, setting: str | None, flag: str | None, code: int, said: str | None
) -> None:
    project = _with_a_type_error(tmp_path, setting)
    for attempt in ("full", "replayed"):  # the cached recipe replays the same choice
        result = run_xtk("build", *([flag] if flag else []), cwd=project)
        assert result.code == code, (attempt, result.output)
        if said:
            assert said in result.output and "src/popup/popup.ts:1" in result.output, result.output
        else:
            assert "TS2322" not in result.output
        if code != 0:
            break


def test_a_wrong_value_is_located(tmp_path: Path) -> None:
    project = _with_a_type_error(tmp_path, '"sometimes"')
    result = run_xtk("build", cwd=project)
    assert result.code == 2 and "xtk.toml:1" in result.output and "typecheck" in result.output, result.output
