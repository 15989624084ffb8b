"""Hostile xtk.toml files: every one is a located message and exit 2, never "internal error" or a traceback.

Each case runs through the loader (an InputError with file, line, column and key) and through the `xtk` command
(`xtk inspect`: exit 2, the located line on stderr, no traceback).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from toolchain.cli import main
from toolchain.diagnostics import EXIT_BAD_INPUT, Diagnostic, InputError
from toolchain.project import load_project
from toolchain.project.loader import MAX_CONFIG_BYTES, MAX_NESTING
from toolchain.project.models import ProjectConfig

VALID = """\
root = "ext"

[extension]
name = "Demo"
version = "1.0.0"

[targets.chrome]
min_version = "116"

[background]
entry = "src/background.ts"
"""


def make_project(tmp_path: Path, config: bytes | str) -> Path:
    background = tmp_path / "ext" / "src" / "background.ts"
    background.parent.mkdir(parents=True, exist_ok=True)
    background.write_text("export {};\n", encoding="utf-8")
    (tmp_path / "xtk.toml").write_bytes(config.encode("utf-8") if isinstance(config, str) else config)
    return tmp_path


def the_error(project: Path) -> Diagnostic:
    """The loader's one diagnostic for a bad config (an InputError, exit 2)."""
    with pytest.raises(InputError) as caught:
        load_project(project)
    assert caught.value.exit_code == EXIT_BAD_INPUT
    assert caught.value.diagnostics, "an InputError names its problems"
    return caught.value.diagnostics[0]


def run_inspect(project: Path) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["inspect", "--project", str(project)])
    return result.exit_code, result.stdout + result.stderr


def assert_cli_says(project: Path, located: str) -> None:
    """`xtk inspect` exits 2 with `located` (file:line:col: error: key) on stderr and no traceback."""
    code, output = run_inspect(project)
    assert code == EXIT_BAD_INPUT, output
    assert located in output, output
    assert "Traceback" not in output and "internal error" not in output, output


# -- the cases the issue found ----------------------------------------------------------------------------------


def test_nul_byte_is_a_located_error(tmp_path: Path) -> None:
    project = make_project(tmp_path, VALID.replace('name = "Demo"', 'name = "De\0mo"'))
    error = the_error(project)
    assert (error.line, error.column, error.key) == (4, 11, "extension.name")
    assert "U+0000 (NUL)" in error.message and "\\u0000" in error.message
    assert_cli_says(project, "xtk.toml:4:11: error: extension.name: control character U+0000 (NUL)")


def test_raw_nul_byte_between_statements_is_a_located_error(tmp_path: Path) -> None:
    project = make_project(tmp_path, VALID + "\0\n")
    error = the_error(project)
    assert (error.line, error.column) == (12, 1)
    assert_cli_says(project, "xtk.toml:12:1: error: control character U+0000 (NUL)")


@pytest.mark.parametrize(
    ("key", "edit"),
    [
        ("background.entry", lambda text: text.replace("src/background.ts", "src/" + "a" * 5000 + ".ts")),
        ("out", lambda text: 'out = "' + "b" * 5000 + '"\n' + text),
    ],
)
def test_5000_character_path_is_a_located_error(tmp_path: Path, key: str, edit: Callable[[str], str]) -> None:
    project = make_project(tmp_path, edit(VALID))
    error = the_error(project)
    assert error.key == key and error.line is not None
    assert "the file system allows 255" in error.message
    assert_cli_says(project, f"xtk.toml:{error.line}:{error.column}: error: {key}: a name in this path is")


def test_20000_nested_arrays_is_a_located_error(tmp_path: Path) -> None:
    project = make_project(tmp_path, "x = " + "[" * 20000 + "]" * 20000 + "\n" + VALID)
    error = the_error(project)
    assert (error.line, error.column, error.key) == (1, 5 + MAX_NESTING, "x")
    assert f"nested more than {MAX_NESTING} levels deep" in error.message
    assert_cli_says(project, f"xtk.toml:1:{5 + MAX_NESTING}: error: x: nested more than")


def test_a_utf8_bom_is_accepted_silently(tmp_path: Path) -> None:
    assert load_project(make_project(tmp_path, b"\xef\xbb\xbf" + VALID.encode())).name == "Demo"
    code, output = run_inspect(tmp_path)
    assert code == 0, output


def test_after_a_bom_errors_keep_their_columns(tmp_path: Path) -> None:
    project = make_project(tmp_path, b"\xef\xbb\xbfroot = = 1\n" + VALID.encode())
    error = the_error(project)
    assert (error.line, error.column) == (1, 8)  # where an editor shows the second '=' (the BOM is invisible)


@pytest.mark.parametrize("line_break", ["\u2028", "\u2029", "\u0085", "\u2028\u2029\u0085"])
def test_unicode_line_breaks_in_a_comment_keep_toml_line_numbers(tmp_path: Path, line_break: str) -> None:
    text = f"# one comment{line_break}still the same line\n" + VALID.replace('name = "Demo"', 'nme = "Demo"')
    project = make_project(tmp_path, text)
    with pytest.raises(InputError) as caught:
        load_project(project)
    unknown = next(d for d in caught.value.diagnostics if d.key == "extension.nme")
    assert (unknown.line, unknown.column) == (5, 1)  # TOML's line 5: only \n ends a line
    assert_cli_says(project, "xtk.toml:5:1: error: extension.nme: unknown key")


@pytest.mark.parametrize(("character", "name"), [("\f", "U+000C (form feed)"), ("\v", "U+000B (vertical tab)")])
def test_form_feed_and_vertical_tab_are_located_where_toml_counts(tmp_path: Path, character: str, name: str) -> None:
    project = make_project(tmp_path, VALID.replace("[background]", f"# a{character}b\n[background]"))
    error = the_error(project)
    assert (error.line, error.column) == (10, 4)
    assert name in error.message


# -- a table of hostile configs -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Hostile:
    """A config (bytes, or a function that sets up the project folder) and what its error must say."""

    config: bytes | Callable[[Path], None]
    says: str  # a fragment of the message
    line: int | None = None  # None: the problem is the file as a whole
    key: str | None = None


def _huge_sparse_config(folder: Path) -> None:
    with (folder / "xtk.toml").open("wb") as stream:
        stream.write(VALID.encode())
        stream.truncate(50 * 1024 * 1024)  # 50 MB, sparse: the loader must refuse it before reading it


def _config_is_a_folder(folder: Path) -> None:
    (folder / "xtk.toml").unlink()
    (folder / "xtk.toml").mkdir()


def _dangling_symlink(folder: Path) -> None:
    (folder / "xtk.toml").unlink()
    (folder / "xtk.toml").symlink_to(folder / "gone.toml")


def _with(old: str, new: str) -> bytes:
    assert old in VALID
    return VALID.replace(old, new, 1).encode("utf-8")


_LONG_ROOT = "/".join(["d" * 250] * 17)  # every name allowed, the whole path not

HOSTILE = {
    "invalid-utf8": Hostile(_with('"Demo"', '"De?mo"').replace(b"?", b"\xff"), "invalid UTF-8: byte 0xFF", 4),
    "latin1-file": Hostile(_with('"Demo"', '"Démo"').replace("é".encode(), b"\xe9"), "invalid UTF-8: byte 0xE9", 4),
    "nul-in-value": Hostile(_with('"Demo"', '"De\0mo"'), "U+0000 (NUL)", 4, "extension.name"),
    "nul-in-key": Hostile(_with("name =", "na\0me ="), "U+0000 (NUL)", 4),
    "escape-char-in-value": Hostile(_with('"Demo"', '"\x1b[31mDemo"'), "U+001B (escape)", 4, "extension.name"),
    "control-char-in-key": Hostile(_with("version =", "ver\x01sion ="), "U+0001", 5),
    "del-in-comment": Hostile(_with("[background]", "# \x7f\n[background]"), "U+007F (DEL)", 10),
    "lone-carriage-return": Hostile(_with('name = "Demo"\n', 'name = "Demo"\r'), "carriage return", 4),
    "escaped-control-in-key": Hostile(
        _with("name =", '"na\\u0001me" = "x"\nname ='), "unknown key", 4, 'extension."na\\u0001me"'
    ),
    "nul-in-path": Hostile(
        _with("src/background.ts", "src/back\\u0000ground.ts"), "control characters (U+0000", 11, "background.entry"
    ),
    "newline-in-path": Hostile(
        _with("src/background.ts", "src/back\\nground.ts"), "control characters (U+000A", 11, "background.entry"
    ),
    "long-name-in-path": Hostile(_with('root = "ext"', f'root = "{"r" * 300}"'), "300 bytes long", 1, "root"),
    "long-whole-path": Hostile(
        _with('root = "ext"', f'root = "{_LONG_ROOT}"'), "bytes long with its folder", 1, "root"
    ),
    "directory-as-entry": Hostile(_with("src/background.ts", "src"), "not found", 11, "background.entry"),
    "deep-arrays": Hostile(("x = " + "[" * 20000 + "]" * 20000 + "\n" + VALID).encode(), "levels deep", 1, "x"),
    "deep-inline-tables": Hostile(("x = " + "{a=" * 5000 + "1" + "}" * 5000 + "\n" + VALID).encode(), "levels deep", 1),
    "dotted-key-of-100000-parts": Hostile(
        ("x." + ".".join(["a"] * 100000) + " = 1\n" + VALID).encode(), "levels deep", 1
    ),
    "table-name-of-100000-parts": Hostile(
        (VALID + "[x." + ".".join(["a"] * 100000) + "]\n").encode(), "levels deep", 12
    ),
    "very-long-key": Hostile(("k" * 100000 + " = 1\n" + VALID).encode(), "unknown key", 1),
    "very-long-value": Hostile(_with('version = "1.0.0"', f'version = "{"9" * 500000}"'), "", 5, "extension.version"),
    "duplicate-key": Hostile(_with('version = "1.0.0"', 'version = "1.0.0"\nversion = "2.0.0"'), "invalid TOML", 6),
    "duplicate-table": Hostile(VALID.encode() + b"[background]\nentry = 'x.ts'\n", "invalid TOML", 12),
    "unterminated-string": Hostile(_with('"Demo"', '"Demo'), "invalid TOML", 4),
    "huge-file": Hostile(_huge_sparse_config, f"larger than {MAX_CONFIG_BYTES // 1024} KiB"),
    "config-is-a-folder": Hostile(_config_is_a_folder, "is a folder, not a config file"),
    "dangling-symlink": Hostile(_dangling_symlink, "which does not exist"),
}


@pytest.mark.parametrize("case", HOSTILE.values(), ids=HOSTILE.keys())
def test_hostile_config_is_a_located_error(tmp_path: Path, case: Hostile) -> None:
    project = make_project(tmp_path, VALID)
    if callable(case.config):
        case.config(tmp_path)
    else:
        (tmp_path / "xtk.toml").write_bytes(case.config)
    error = the_error(project)
    assert case.says in error.message
    assert error.line == case.line
    if case.line is not None:
        assert error.path == "xtk.toml" or (error.path or "").endswith("/xtk.toml")
        assert error.column is not None
    if case.key is not None:
        assert error.key == case.key
    assert len(error.format()) < 500, "a hostile value is not echoed whole"
    code, output = run_inspect(project)
    assert code == EXIT_BAD_INPUT, output
    assert "Traceback" not in output and "internal error" not in output, output
    assert "xtk.toml" in output and error.format() in output


# -- wrong types at every top-level key ---------------------------------------------------------------------------


_WRONG_VALUES = ["12345", '"text"', "true", "[1, 2]", "{ z = 1 }", "1979-05-27"]


_SECTIONS = {
    "root": 'root = "ext"',
    "extension": '[extension]\nname = "Demo"\nversion = "1.0.0"',
    "targets": '[targets.chrome]\nmin_version = "116"',
    "background": '[background]\nentry = "src/background.ts"',
}


@pytest.mark.parametrize("key", sorted(ProjectConfig.model_fields))
def test_wrong_types_at_a_top_level_key_are_located(tmp_path: Path, key: str) -> None:
    refused = 0
    for index, value in enumerate(_WRONG_VALUES):
        rest = "\n\n".join(section for name, section in _SECTIONS.items() if name != key)
        project = make_project(tmp_path / str(index), f"{key} = {value}\n{rest}\n")
        try:
            load_project(project)
        except InputError as error:
            about_key = [d for d in error.diagnostics if d.key and re.match(rf"{key}\b", d.key)]
            refused += bool(about_key)
            assert all(d.line == 1 and d.column for d in about_key), [d.format() for d in error.diagnostics]
            assert all(d.path for d in error.diagnostics)
    # Every key takes one or two of these types; the others are refused at the key's line and column.
    assert refused >= len(_WRONG_VALUES) - 2, f"{key}: only {refused} of {_WRONG_VALUES} refused"


def test_a_project_path_too_long_for_the_file_system_is_bad_input(tmp_path: Path) -> None:
    error = the_error(tmp_path / ("p" * 5000))
    assert "File name too long" in error.message and len(error.message) < 400
    code, output = run_inspect(tmp_path / ("p" * 5000))
    assert code == EXIT_BAD_INPUT and "Traceback" not in output and "internal error" not in output, output


# -- seeded mutation ----------------------------------------------------------------------------------------------


def _mutate(data: bytearray, rng: random.Random) -> bytearray:
    for _ in range(rng.randint(1, 4)):
        at = rng.randrange(len(data))
        choice = rng.random()
        if choice < 0.4:
            data[at] = rng.randrange(256)
        elif choice < 0.6:
            del data[at]
        elif choice < 0.8:
            data[at:at] = bytes([rng.choice(b"[]{}=.\"'#\n\r\x00\xff\xe2")])
        else:
            data[at:at] = data[at : at + rng.randint(1, 40)]
    return data


def test_mutated_configs_never_raise_anything_but_input_error(tmp_path: Path) -> None:
    """300 seeded byte mutations of a valid config: each loads or is an InputError with its file named."""
    rng = random.Random(20261124)
    make_project(tmp_path, VALID)
    outcomes = {"loaded": 0, "refused": 0}
    for _ in range(300):
        (tmp_path / "xtk.toml").write_bytes(_mutate(bytearray(VALID.encode()), rng))
        try:
            load_project(tmp_path)
            outcomes["loaded"] += 1
        except InputError as error:
            outcomes["refused"] += 1
            assert error.diagnostics and all(d.path for d in error.diagnostics)
    assert outcomes["refused"] > 100, outcomes  # the mutations do break the config
