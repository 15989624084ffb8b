"""Bad `xtk golden` paths are usage errors (exit 2) named by option, checked before any vector is computed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from toolchain.cli import main
from toolchain.diagnostics import EXIT_BAD_INPUT


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    output = result.stdout + result.stderr
    assert "Traceback" not in output and "internal error" not in output, output
    return result.exit_code, output


@pytest.fixture
def inputs(tmp_path: Path) -> Path:
    """A valid inputs file: only --out can be wrong."""
    path = tmp_path / "my.json"
    case = {
        "id": "tokenOverlap/adversarial/x",
        "source": "adversarial",
        "description": "x",
        "arguments": {"a": "a", "b": "a"},
    }
    path.write_text(
        json.dumps({"function": "tokenOverlap", "parameters": ["a", "b"], "cases": [case]}), encoding="utf-8"
    )
    return path


def test_golden_make_out_an_existing_directory_is_a_usage_error(tmp_path: Path, inputs: Path) -> None:
    (tmp_path / "dir").mkdir()
    for out in (f"{tmp_path}/dir/", f"{tmp_path}/dir"):
        code, output = run("golden", "make", "--inputs", str(inputs), "--out", out)
        assert code == EXIT_BAD_INPUT
        assert "Invalid value for '--out'" in output and "names a folder" in output


@pytest.mark.parametrize(
    ("out", "says"),
    [
        ("new-dir/", "names a folder"),
        ("a-file/x.json", "a-file is a file, not a folder"),
        ("n" * 5000 + ".json", "the file system allows"),
        ("d/" + "n" * 300 + ".json", "a name in the path is 305 bytes long"),
    ],
)
def test_golden_make_unwritable_out_is_a_usage_error(tmp_path: Path, inputs: Path, out: str, says: str) -> None:
    (tmp_path / "a-file").write_text("", encoding="utf-8")
    code, output = run("golden", "make", "--inputs", str(inputs), "--out", f"{tmp_path}/{out}")
    assert code == EXIT_BAD_INPUT
    assert "Invalid value for '--out'" in output and says in output
    assert len(output) < 600, "a 5,000-character path is not echoed whole"
    assert not (tmp_path / "a-file").is_dir() and not (tmp_path / "new-dir").exists()


def test_golden_make_inputs_a_directory_or_missing_is_a_usage_error(tmp_path: Path) -> None:
    for given in (str(tmp_path), str(tmp_path / "missing.json")):
        code, output = run("golden", "make", "--inputs", given, "--out", str(tmp_path / "out.json"))
        assert code == EXIT_BAD_INPUT and "Invalid value for '--inputs'" in output


def test_golden_make_inputs_nested_too_deeply_is_bad_input(tmp_path: Path) -> None:
    from toolchain.diagnostics import InputError
    from toolchain.golden.format import load_golden

    deep = tmp_path / "deep.json"
    deep.write_text("[" * 20000 + "]" * 20000, encoding="utf-8")
    with pytest.raises(InputError, match="nested too deeply") as caught:
        load_golden(deep, "deep.json")
    assert caught.value.diagnostics[0].path == "deep.json"


def test_golden_generate_out_a_file_and_check_golden_a_file_are_usage_errors(tmp_path: Path) -> None:
    (tmp_path / "a-file").write_text("", encoding="utf-8")
    code, output = run("golden", "generate", "--out", str(tmp_path / "a-file"))
    assert code == EXIT_BAD_INPUT and "Invalid value for '--out'" in output and "this is a file" in output
    code, output = run("golden", "check", "--golden", str(tmp_path / "a-file"))
    assert code == EXIT_BAD_INPUT and "Invalid value for '--golden'" in output
    code, output = run("golden", "check", "--golden", str(tmp_path / "missing"))
    assert code == EXIT_BAD_INPUT and "Invalid value for '--golden'" in output
