"""XL011 (a key written twice in manifest.json or messages.json) and XL012 (a name twice in a .zip/.xpi) (issue 17,
item 8). Fixture: tests/fixtures/lint/extensions/duplicate-keys; archives are written by the tests."""

from __future__ import annotations

import json
import warnings
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from toolchain.cli import main
from toolchain.lint.engine import run_rules
from toolchain.lint.extension_targets import extension_context

REPO = Path(__file__).resolve().parents[3]
FIXTURE = REPO / "tests" / "fixtures" / "lint" / "extensions" / "duplicate-keys"


def test_duplicate_keys_are_reported_with_their_key_path_and_both_lines() -> None:
    found = list(run_rules(extension_context(FIXTURE), ["XL011"], []))
    shown = [(f"{f.path}:{f.line}:{f.column}", f.message.split(":", 1)[0], [r.line for r in f.related]) for f in found]
    assert shown == [
        ("_locales/en/messages.json:5:3", "`greeting` is written twice (lines 3 and 5)", [3]),
        (
            "_locales/en/messages.json:7:51",
            "`greeting.placeholders.who` is written twice (line 7, columns 23 and 51)",
            [7],
        ),
        ("_locales/en/messages.json:9:3", "message `Title` is also defined as `title` (line 4)", [4]),
        ("manifest.json:13:7", "`content_scripts[0].js` is written twice (lines 11 and 13)", [11]),
        ("manifest.json:16:3", "`permissions` is written twice (lines 6 and 16)", [6]),
    ]
    assert all(f.severity == "error" for f in found)
    assert "so the one on line 6 is ignored" in found[-1].message


def test_positions_name_the_value_browsers_keep() -> None:
    """Browsers (and Python's json) keep the last of two keys: findings about the value point at that one."""
    ctx = extension_context(FIXTURE)
    assert ctx.targets[0].manifest["permissions"] == ["storage"]
    assert ctx.manifest_where("/permissions/0")["line"] == 16
    assert ctx.manifest_where("/content_scripts/0/js/0")["line"] == 13


def test_the_json_scan_is_bounded_on_hostile_nesting_and_long_keys() -> None:
    """No recursion (200,000 levels), and stored pointers stay proportional to the text (a long key over a long
    list would otherwise store a quadratic amount)."""
    from toolchain.positions.json import POINTER_BUDGET_PER_CHARACTER, scan_json

    for text in ["[" * 200_000 + "]" * 200_000, '{"' + "k" * 100_000 + '": [' + "0," * 50_000 + "0]}"]:
        layout = scan_json(text)
        stored = sum(len(pointer) for pointer in layout.positions)
        assert stored <= POINTER_BUDGET_PER_CHARACTER * len(text) + 4096
        assert layout.positions[""] == (1, 1)


def write_archive(path: Path, members: list[tuple[str, bytes]]) -> Path:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # zipfile warns "Duplicate name": that is the point
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
            for name, data in members:
                archive.writestr(name, data)
    return path


def test_two_manifests_in_one_archive_are_reported_naming_both_entries(tmp_path: Path) -> None:
    first = {"manifest_version": 3, "name": "first", "version": "1", "permissions": ["history"]}
    last = {"manifest_version": 3, "name": "last", "version": "1"}
    archive = write_archive(
        tmp_path / "twice.zip",
        [
            ("manifest.json", json.dumps(first).encode()),
            ("lib/a.js", b"export const a = 1;\n"),
            ("lib\\a.js", b"export const a = 2;\n"),
            ("manifest.json", json.dumps(last).encode()),
            ("icons/", b""),
            ("icons/", b""),
        ],
    )
    ctx = extension_context(archive)
    found = run_rules(ctx, ["XL012"], [])
    assert [(f.path, f.line, f.message.split(":", 1)[0]) for f in found] == [
        (
            "lib/a.js",
            None,
            "`lib/a.js` is in the archive twice (spelled `lib/a.js`, `lib\\a.js`) "
            "(entries 2 and 3 of 6, 20 and 20 bytes)",
        ),
        (
            "manifest.json",
            None,
            f"`manifest.json` is in the archive twice (entries 1 and 4 of 6, "
            f"{len(json.dumps(first))} and {len(json.dumps(last))} bytes)",
        ),
    ]
    assert "may not be the one xtk linted (the last, entry 4)" in found[1].message
    assert [r.message for r in found[1].related] == ["entry 1"]
    assert ctx.targets[0].manifest["name"] == "last"  # what xtk linted, as the finding says

    result = CliRunner().invoke(main, ["lint", str(archive), "--select", "XL012"], catch_exceptions=False)
    assert result.exit_code == 1, result.output
    assert "manifest.json: XL012 `manifest.json` is in the archive twice" in result.output


def test_an_archive_with_each_name_once_has_no_finding(tmp_path: Path) -> None:
    archive = write_archive(
        tmp_path / "once.zip",
        [
            ("manifest.json", json.dumps({"manifest_version": 3, "name": "once", "version": "1"}).encode()),
            ("Manifest.JSON.bak", b"{}"),
        ],
    )
    assert run_rules(extension_context(archive), ["XL012"], []) == []


@pytest.mark.node
def test_a_projects_own_locales_are_read_too(tmp_path: Path) -> None:
    """A project's manifest is written from xtk.toml (TOML refuses a key twice), but its locales are JSON files."""
    from tests.unit.lint.rules.support import copy_project, lint_project

    folder = copy_project("security", tmp_path)
    config = (folder / "xtk.toml").read_text(encoding="utf-8")
    config = config.replace('root = "."\n', 'root = "."\nlocales = "locales"\n', 1)
    config = config.replace('version = "1.0.0"\n', 'version = "1.0.0"\ndefault_locale = "en"\n', 1)
    (folder / "xtk.toml").write_text(config, encoding="utf-8")
    (folder / "locales" / "en").mkdir(parents=True)
    (folder / "locales" / "en" / "messages.json").write_text(
        '{\n  "hello": {"message": "A"},\n  "hello": {"message": "B"}\n}\n', encoding="utf-8"
    )
    found = run_rules(lint_project(folder), ["XL011"], [])
    assert [(f.path, f.line, f.message.split(":", 1)[0]) for f in found] == [
        ("locales/en/messages.json", 3, "`hello` is written twice (lines 2 and 3)")
    ]


def _extension_with_locale(folder: Path) -> Path:
    (folder / "_locales" / "en").mkdir(parents=True)
    (folder / "manifest.json").write_text(
        json.dumps({"manifest_version": 3, "name": "__MSG_name__", "version": "1", "default_locale": "en"}),
        encoding="utf-8",
    )
    return folder / "_locales" / "en" / "messages.json"


def test_a_messages_file_too_large_to_scan_is_named_not_skipped(tmp_path: Path) -> None:
    from toolchain.project.locales import MAX_MESSAGES_BYTES

    messages = _extension_with_locale(tmp_path / "ext")
    filler = " " * (MAX_MESSAGES_BYTES + 1)
    messages.write_text('{"name": {"message": "a"}, "name": {"message": "b"}' + filler + "}", encoding="utf-8")
    findings = [f for f in run_rules(extension_context(tmp_path / "ext"), [], []) if f.path.startswith("_locales")]
    assert [(f.code, f.severity, f.path) for f in findings] == [("XL004", "warning", "_locales/en/messages.json")]
    assert "too large" in findings[0].message and "keys are not checked" in findings[0].message


def test_a_messages_file_linked_out_of_the_extension_is_named_not_read(tmp_path: Path) -> None:
    messages = _extension_with_locale(tmp_path / "ext")
    outside = tmp_path / "outside.json"
    outside.write_text('{"name": {"message": "a"}, "name": {"message": "b"}}', encoding="utf-8")
    messages.symlink_to(outside)
    findings = [f for f in run_rules(extension_context(tmp_path / "ext"), [], []) if "_locales" in f.path]
    assert [(f.code, f.path.endswith("_locales/en/messages.json")) for f in findings] == [("XL004", True)]
    assert "link out of the extension" in findings[0].message
