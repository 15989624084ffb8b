"""What Firefox (and addons.mozilla.org) does with a plain extension's manifest, beyond xtk's own Firefox schema: each
verdict below is Firefox's own code read in its omni.ja (Schemas.sys.mjs, Extension.sys.mjs, ShortcutUtils.sys.mjs,
experiments.json), or AMO's rule where the message names AMO."""

from __future__ import annotations

from typing import Any

import pytest

from toolchain.lint.schema_verdicts import firefox_accepts_shortcut, firefox_violations

GECKO = {"gecko": {"id": "x@example.com", "data_collection_permissions": {"required": ["none"]}}}


def verdicts(**keys: Any) -> dict[str, tuple[str, bool]]:
    """pointer → (message, ignored) for a MV2 manifest with these keys."""
    manifest = {"manifest_version": 2, "name": "Verdicts", "version": "1.0", "browser_specific_settings": GECKO}
    manifest.update(keys)
    return {v.pointer: (v.message, v.ignored) for v in firefox_violations(manifest)}


@pytest.mark.parametrize(
    ("shortcut", "accepted"),
    [
        ("Ctrl+Shift+Y", True),
        ("Alt+Comma", True),
        ("MacCtrl+Shift+Up", True),
        ("F5", True),
        ("Shift+F12", True),
        ("MediaPlayPause", True),
        ("Command+ShiftUp", False),  # addons-linter's own case: "ShiftUp" is no key
        ("Ctrl+y", False),  # keys are upper case
        ("Shift+Y", False),  # Shift alone only before a function key
        ("Y", False),
        ("Ctrl+Command+Y", False),  # both are the accelerator
        ("Ctrl+Alt+Shift+Y", False),  # at most two modifiers
        ("Ctrl+F13", False),  # F13-F19 only for shortcuts users set
    ],
)
def test_shortcuts_as_firefox_reads_them(shortcut: str, accepted: bool) -> None:
    assert firefox_accepts_shortcut(shortcut) is accepted


def test_a_shortcut_firefox_refuses_is_a_refusal_at_its_platform() -> None:
    found = verdicts(commands={"up": {"suggested_key": {"mac": "Command+ShiftUp", "default": "Ctrl+Shift+U"}}})
    message, ignored = found["/commands/up/suggested_key/mac"]
    assert not ignored and 'refuses the shortcut "Command+ShiftUp"' in message
    assert "/commands/up/suggested_key/default" not in found


def test_experiment_apis_entries_are_judged_by_firefox_s_experiments_schema() -> None:
    found = verdicts(experiment_apis={"fake": {"schema": "schema.json", "parent": {"paths": [["fake"]]}}})
    assert found["/experiment_apis"][1] is True and "privileged" in found["/experiment_apis"][0]
    assert found["/experiment_apis/fake/parent/script"] == ('required key "script" is missing', False)
    assert verdicts(experiment_apis={})["/experiment_apis"][1] is True  # empty: Firefox takes it; only privileged
    said = [v.message for v in firefox_violations({"manifest_version": 2, "experiment_apis": None})]
    assert any("privileged" in m for m in said) and "expected object, got null" in said  # both, whatever the value


def test_a_background_with_no_environment_is_dropped() -> None:
    message, ignored = verdicts(background={"script": ["bg.js"]})["/background"]
    assert ignored and "none of scripts, page or service_worker" in message


def test_a_manifest_v2_service_worker_beside_scripts_is_ignored_unless_the_fallback_is_said() -> None:
    background = {"service_worker": "sw.js", "scripts": ["bg.js"]}
    assert verdicts(background=background)["/background/service_worker"][1] is True
    said = {**background, "preferred_environment": ["service_worker", "document"]}
    assert "/background/service_worker" not in verdicts(background=said)
    assert "/background/service_worker" not in verdicts(manifest_version=3, background=background)  # MV3's pattern


def test_optional_only_permissions_are_dropped_from_permissions() -> None:
    found = verdicts(permissions=["tabs", "userScripts"], optional_permissions=["trialML"])
    assert found["/permissions/1"] == (
        "`userScripts` may be requested only in optional_permissions (requested at run time)",
        True,
    )
    assert "/optional_permissions/0" not in found


def test_a_wildcard_install_origin_is_refused_by_amo() -> None:
    found = verdicts(install_origins=["https://example.com", "https://*.example.com"])
    assert found["/install_origins/1"][1] is False and "wildcard" in found["/install_origins/1"][0]
    assert "/install_origins/0" not in found


def test_granted_host_permissions_is_for_privileged_add_ons() -> None:
    assert verdicts(granted_host_permissions=True)["/granted_host_permissions"][1] is True
    assert "/granted_host_permissions" not in verdicts(granted_host_permissions=False)
