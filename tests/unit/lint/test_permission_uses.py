"""Permissions used without calling an API they enable, and code reached without an import: each class that made
XP002 report a permission unused wrongly on MDN's examples (tests/corpus/lint_triage/), on a minimal fixture in
tests/fixtures/lint/precision/. Each fixture also declares a permission that really is unused, so the
rule is shown to still fire."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.unit.lint.rules.support import AMO_LISTING
from toolchain import codes
from toolchain.lint.engine import run_rules
from toolchain.lint.extension_targets import extension_context
from toolchain.lint.model import Finding
from toolchain.lint.permission_uses import table
from toolchain.resources import specs_dir

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "lint" / "precision"


def _lint(name: str, browsers: list[str] | None = None) -> list[Finding]:
    # the fixtures' minimal manifests are about the code: AMO's requirements of a listed add-on are not asked here
    return run_rules(extension_context(FIXTURES / name, browsers), [], list(AMO_LISTING))


def _unused(findings: list[Finding]) -> set[str]:
    """The permissions XP002 calls unused (the name between the first backticks)."""
    return {f.message.split("`")[1] for f in findings if f.code == "XP002"}


def test_a_manifest_key_uses_the_permission_it_needs() -> None:
    assert _unused(_lint("manifest-key-permission")) == {"alarms"}  # declarativeNetRequest: the static ruleset


def test_a_blocking_listener_uses_webrequestblocking_and_a_plain_one_does_not() -> None:
    assert _unused(_lint("blocking-listener")) == set()
    assert _unused(_lint("nonblocking-listener")) == {"webRequestBlocking"}


def test_an_optional_permission_requested_by_name_is_used_and_the_others_are_not() -> None:
    assert _unused(_lint("optional-by-name")) == {"bookmarks"}


def test_a_permission_name_computed_at_run_time_may_be_any_optional_permission() -> None:
    assert _unused(_lint("optional-computed")) == set()


def test_a_script_injected_by_file_is_analysed_and_execcommand_copy_uses_clipboardwrite() -> None:
    findings = _lint("injected-helper")
    assert _unused(findings) == set()  # activeTab: executeScript on the clicked tab; clipboardWrite: the helper
    ctx = extension_context(FIXTURES / "injected-helper")
    helper = (FIXTURES / "injected-helper" / "copy-helper.js").resolve()
    assert ctx.targets[0].files[helper] == {"content"}


def test_importscripts_brings_the_imported_file_into_the_worker() -> None:
    ctx = extension_context(FIXTURES / "imported-scripts")
    imported = (FIXTURES / "imported-scripts" / "lib" / "timers.js").resolve()
    assert ctx.targets[0].files[imported] == {"background"}
    assert _unused(run_rules(ctx, [], [])) == set()  # alarms: used in the imported file


def test_a_missing_entry_script_is_reported_and_unused_permissions_are_not_judged() -> None:
    findings = sorted(_lint("missing-entry"), key=lambda f: f.code)
    # the file is missing (XL007, the defect) and its code was not analysed (XL005, what lint could not judge)
    assert [(f.code, f.severity) for f in findings] == [("XL005", "warning"), ("XL007", "error")]
    assert "`dist/background.js` (background script named in the manifest) does not exist" in findings[0].message
    assert "`background.scripts[0]` names `dist/background.js`, which is not in the extension" in findings[1].message
    assert findings[0].path == findings[1].path == "manifest.json"
    assert codes.severity("XL005") == "warning"


def test_a_function_of_the_background_page_called_from_another_page_is_reachable() -> None:
    assert _unused(_lint("background-page-global")) == set()  # history: clearToday() via getBackgroundPage()


def test_contextual_identities_needs_cookies_in_firefox_only() -> None:
    assert _unused(_lint("firefox-companion", ["firefox"])) == set()
    # Chrome has no contextualIdentities: nothing there uses cookies (nor the API itself)
    assert "cookies" in _unused(_lint("firefox-companion", ["chrome"]))


@pytest.mark.parametrize("section", ["manifest_keys", "argument_values", "web_calls", "api_companions"])
def test_every_entry_of_the_table_names_permissions_and_cites_a_source(section: str) -> None:
    data = json.loads((specs_dir() / "knowledge" / "permission-uses.json").read_text(encoding="utf-8"))
    assert data == table()
    assert data[section]
    for entry in data[section]:
        assert entry["permissions"] and all(isinstance(p, str) and p for p in entry["permissions"])
        assert entry["source"].startswith("https://"), entry
