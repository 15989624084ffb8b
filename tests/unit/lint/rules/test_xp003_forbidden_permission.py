"""XP003 forbidden-permission (projects with a posture). Where it fires, line by line:
tests/fixtures/lint/rules/XP003/XP003.snap."""

from __future__ import annotations

from tests.unit.lint.rules.support import messages, places


def test_fires_on_forbidden_permissions_and_hosts(project) -> None:
    ctx = project("permissions")
    # cookies (posture: forbidden), <all_urls> (posture allows only https://api.example.com/*); every target
    assert {browser for _, _, browser in places(ctx, "XP003")} == {None}
    assert messages(ctx, "XP003") == [
        "`cookies` is forbidden by the posture (posture.json): no tracking",
        "host permission `<all_urls>` is not allowed by the posture (posture.json allows `https://api.example.com/*`)",
    ]


def test_near_misses(project) -> None:
    # a project without a posture: nothing is forbidden
    assert places(project("protocol"), "XP003") == set()
    # allowed permissions (contextMenus, alarms, activeTab) and the allowed host do not fire: see above
