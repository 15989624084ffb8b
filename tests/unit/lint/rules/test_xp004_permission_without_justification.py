"""XP004 permission-without-justification (projects). Where it fires, line by line:
tests/fixtures/lint/rules/XP004/XP004.snap."""

from __future__ import annotations

from tests.unit.lint.rules.support import findings, places


def test_fires_on_a_raw_override_and_outside_the_posture_allow_list(project) -> None:
    ctx = project("permissions")
    # bookmarks arrives through [targets.chrome.manifest]: no justification in xtk.toml, and not in the posture's
    # allowed (Chrome only); unlimitedStorage is justified in xtk.toml but not in the posture's allowed
    assert {browser for _, _, browser in places(ctx, "XP004")} == {"chrome", None}
    texts = sorted(f.message for f in findings(ctx, "XP004"))
    assert texts == [
        "`bookmarks` is in the chrome manifest's permissions but has no justification in xtk.toml (added by a raw "
        "`targets.chrome.manifest` override?)",
        "`bookmarks` is not in the posture's allowed permissions (posture.json), so it has no reviewed justification",
        "`unlimitedStorage` is not in the posture's allowed permissions (posture.json), so it has no reviewed "
        "justification",
    ]


def test_near_misses(project) -> None:
    # cookies is forbidden (XP003), not unjustified; every other permission is in xtk.toml and the posture
    assert not any("cookies" in f.message for f in findings(project("permissions"), "XP004"))
    assert places(project("security"), "XP004") == set()
