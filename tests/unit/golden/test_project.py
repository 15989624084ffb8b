"""The golden machinery on a project that is not DocMind (tests/fixtures/projects/golden-mini: one reference
function, hand-written inputs), and every way a [golden] table can be wrong: exit 2, located at the key."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.conftest import REPO, run_xtk

MINI = REPO / "tests" / "fixtures" / "projects" / "golden-mini"


def test_generate_writes_the_committed_vectors_byte_for_byte(tmp_path: Path) -> None:
    result = run_xtk("golden", "generate", "--project", str(MINI), "--out", str(tmp_path), cwd=tmp_path)
    assert result.code == 0, result.output
    assert [p.name for p in tmp_path.iterdir()] == ["countWords.json"]
    assert (tmp_path / "countWords.json").read_bytes() == (MINI / "golden" / "countWords.json").read_bytes()
    expected = {
        c["id"].rsplit("/", 1)[1]: c["expected"]
        for c in json.loads((tmp_path / "countWords.json").read_text())["cases"]
    }
    assert expected == {
        "empty": 0,
        "spaces-only": 0,
        "double-spaces": 3,
        "min-length": 2,
        "astral": 1,
        "lone-surrogate": 1,
        "tab-is-not-a-space": 2,
    }


def test_check_passes_and_finds_a_tampered_vector(tmp_path: Path) -> None:
    assert run_xtk("golden", "check", "--project", str(MINI), cwd=tmp_path).code == 0
    data = json.loads((MINI / "golden" / "countWords.json").read_text(encoding="ascii"))
    data["cases"][2]["expected"] = 4
    (tmp_path / "countWords.json").write_text(json.dumps(data, indent=1) + "\n", encoding="ascii")
    result = run_xtk("golden", "check", "--project", str(MINI), "--golden", str(tmp_path), cwd=tmp_path)
    assert result.code == 1
    assert "countWords: changed-case: countWords/adversarial/double-spaces: differs in expected" in result.stdout


def test_make_fills_expected_with_the_projects_reference(tmp_path: Path) -> None:
    inputs = tmp_path / "mine.json"
    inputs.write_text(
        json.dumps(
            {
                "function": "countWords",
                "parameters": ["text", "minLength"],
                "cases": [
                    {
                        "id": "mine/1",
                        "description": "two long words",
                        "arguments": {"text": "tiny enormous gigantic", "minLength": 5},
                    }
                ],
            }
        )
    )
    result = run_xtk(
        "golden",
        "make",
        "--project",
        str(MINI),
        "--inputs",
        str(inputs),
        "--out",
        str(tmp_path / "out.json"),
        cwd=tmp_path,
    )
    assert result.code == 0, result.output
    assert json.loads((tmp_path / "out.json").read_text())["cases"][0]["expected"] == 2


def test_make_applies_the_references_domain_check(tmp_path: Path) -> None:
    inputs = tmp_path / "mine.json"
    inputs.write_text(
        json.dumps(
            {
                "function": "countWords",
                "parameters": ["text", "minLength"],
                "cases": [{"id": "mine/1", "description": "negative", "arguments": {"text": "a", "minLength": -1}}],
            }
        )
    )
    result = run_xtk(
        "golden",
        "make",
        "--project",
        str(MINI),
        "--inputs",
        str(inputs),
        "--out",
        str(tmp_path / "out.json"),
        cwd=tmp_path,
    )
    assert result.code == 2
    assert "mine.json: error: /cases/0/arguments/minLength: case 'mine/1': must be a whole number >= 0" in result.stderr
    assert not (tmp_path / "out.json").exists()


def _broken(tmp_path: Path, old: str, new: str, module: str | None = None) -> Path:
    project = tmp_path / "mini"
    shutil.copytree(MINI, project, ignore=shutil.ignore_patterns("__pycache__"))
    config = project / "xtk.toml"
    text = config.read_text(encoding="utf-8")
    assert old in text
    config.write_text(text.replace(old, new), encoding="utf-8")
    if module is not None:
        (project / "reference" / "mini_reference" / "__init__.py").write_text(module, encoding="utf-8")
    return project


GOLDEN_TABLE = '[golden]\nreference_path = "reference"\nreference_module = "mini_reference"\nvectors = "golden"'


@pytest.mark.parametrize(
    ("old", "new", "module", "location", "message"),
    [
        (GOLDEN_TABLE, "", None, "xtk.toml: error:", "the project has no [golden] table"),
        (
            'reference_path = "reference"',
            'reference_path = "../.."',
            None,
            "xtk.toml:19:",
            "resolves outside the project",
        ),
        (
            'reference_path = "reference"',
            'reference_path = "nowhere"',
            None,
            "xtk.toml:19:",
            "folder not found: nowhere",
        ),
        (
            'reference_module = "mini_reference"',
            'reference_module = "no_such_reference"',
            None,
            "xtk.toml:20:",
            "no module 'no_such_reference' in reference",
        ),
        (
            'reference_module = "mini_reference"',
            'reference_module = "not a name"',
            None,
            "xtk.toml:20:",
            "reference_module",
        ),
        ('vectors = "golden"', 'vectors = "/etc"', None, "xtk.toml:21:", "must be a relative path inside the project"),
        ("", "", "FUNCTIONS = {}\n", "xtk.toml:20:", "mini_reference defines no FUNCTIONS"),
        ("", "", "FUNCTIONS = {'f': 1}\n", "xtk.toml:20:", "needs `parameters`"),
        ("", "", "raise RuntimeError('boom')\n", "xtk.toml:20:", "importing it failed: RuntimeError: boom"),
    ],
)
def test_a_bad_golden_table_is_bad_input_located_at_its_key(
    tmp_path: Path, old: str, new: str, module: str | None, location: str, message: str
) -> None:
    project = _broken(tmp_path, old, new, module)
    result = run_xtk("golden", "check", "--project", str(project), cwd=project)
    assert result.code == 2, result.output
    assert result.stderr.startswith(location) and message in result.stderr, result.stderr
    assert "Traceback" not in result.output
