"""Locales through `xtk build` on the all-entries project: a broken locale file is exit 2 at
`messages.json:LINE:COL`, a missing translation is warned (XB111), and a locale edit is never hidden by the build
cache (engineer A's fingerprint hashes the locales folder: a changed, added or broken file means a full build)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import run_xtk
from tests.integration.support import copy_fixture
from toolchain.builder import cache

pytestmark = pytest.mark.node

FR = {"extName": {"message": "Toutes les entrées"}, "extDescription": {"message": "Chaque sorte d'entrée."}}


def build(project: Path) -> tuple[int, dict | None, str]:
    result = run_xtk("build", "--no-typecheck", "--format", "json", cwd=project)
    report = json.loads(result.stdout) if result.code == 0 else None
    return result.code, report, result.output


def test_trailing_comma_in_a_locale_is_exit_2_with_its_position(tmp_path: Path) -> None:
    project = copy_fixture(tmp_path / "p")
    (project / "_locales/fr").mkdir()
    (project / "_locales/fr/messages.json").write_text('{\n  "extName": { "message": "Tout" },\n}\n')
    result = run_xtk("build", "--no-typecheck", cwd=project)
    assert result.code == 2, result.output
    assert "_locales/fr/messages.json:2:35: error: invalid JSON: trailing comma before '}'" in result.output
    assert "Traceback" not in result.output


def test_missing_translation_is_a_warning_and_the_build_succeeds(tmp_path: Path) -> None:
    project = copy_fixture(tmp_path / "p")
    (project / "_locales/fr").mkdir()
    fr = {"extName": FR["extName"]}
    (project / "_locales/fr/messages.json").write_text(json.dumps(fr), encoding="utf-8")
    result = run_xtk("build", "--no-typecheck", cwd=project)
    assert result.code == 0, result.output
    warnings = [line for line in result.output.splitlines() if "XB111" in line]
    assert warnings == [
        "_locales/fr/messages.json: warning XB111: extension.description: __MSG_extDescription__ is "
        "not translated in locale 'fr': the browser shows the default locale's text there"
    ]


def stored_fingerprint(project: Path) -> cache.Fingerprint:
    data = json.loads(cache.cache_file(project / "xtk.toml", "all", "production").read_text(encoding="utf-8"))
    return cache.Fingerprint(**data["fingerprint"])


def test_a_locale_edit_invalidates_the_build_cache(tmp_path: Path) -> None:
    """Judged on the locales' part of the fingerprint (xtk's own files, edited by others, may change the rest)."""
    project = copy_fixture(tmp_path / "p")
    assert build(project)[0] == 0
    stored = stored_fingerprint(project)
    assert stored.now(project / "xtk.toml").contents == stored.contents  # unchanged locales: same fingerprint

    messages = project / "_locales/en/messages.json"
    messages.write_text(messages.read_text().replace("All Entries", "All Entries, edited"))
    assert stored.now(project / "xtk.toml").contents != stored.contents
    code, report, output = build(project)
    assert code == 0 and report and report["cached_recipe"] is False, output
    assert "All Entries, edited" in (project / "build/chrome/_locales/en/messages.json").read_text()

    (project / "_locales/fr").mkdir()
    (project / "_locales/fr/messages.json").write_text('{"extName": {"message": 1}}')  # valid JSON, bad message
    assert stored_fingerprint(project).now(project / "xtk.toml").contents != stored_fingerprint(project).contents
    code, _, output = build(project)
    assert code == 2, output
    error = json.loads(output)["errors"][0]
    assert (error["path"], error["line"], error["column"], error["key"]) == (
        "_locales/fr/messages.json",
        1,
        14,
        "extName",
    )
    assert error["message"] == '"message" must be a string'
