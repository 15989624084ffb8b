"""`xtk golden` needs the project's [golden] setup only: a project whose extension sources do not exist yet (the
reference comes first, as examples/chunker's did) generates and checks its vectors."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.conftest import REPO, run_xtk

GOLDEN_MINI = REPO / "tests" / "fixtures" / "projects" / "golden-mini"


def test_golden_check_and_generate_work_before_the_sources_exist(tmp_path: Path) -> None:
    project = tmp_path / "golden-mini"
    shutil.copytree(GOLDEN_MINI, project, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.rmtree(project / "src")  # the [conformance] module and every entry are gone
    check = run_xtk("golden", "check", "--project", str(project), cwd=tmp_path)
    assert check.code == 0, check.output
    (project / "golden" / "countWords.json").unlink()
    generate = run_xtk("golden", "generate", "--project", str(project), cwd=tmp_path)
    assert generate.code == 0, generate.output
    assert (project / "golden" / "countWords.json").read_bytes() == (
        GOLDEN_MINI / "golden" / "countWords.json"
    ).read_bytes()


def test_a_bad_config_is_still_bad_input(tmp_path: Path) -> None:
    project = tmp_path / "golden-mini"
    shutil.copytree(GOLDEN_MINI, project, ignore=shutil.ignore_patterns("__pycache__"))
    config = project / "xtk.toml"
    config.write_text(
        config.read_text(encoding="utf-8").replace(
            'reference_module = "mini_reference"', 'reference_modul = "mini_reference"'
        ),
        encoding="utf-8",
    )
    result = run_xtk("golden", "check", "--project", str(project), cwd=tmp_path)
    assert result.code == 2, result.output
    assert "reference_modul" in result.stderr and "Traceback" not in result.output
