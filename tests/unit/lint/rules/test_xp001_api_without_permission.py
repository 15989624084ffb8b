"""XP001 api-without-permission: fixtures projects/permissions and extensions/mv3-issues (near misses: mv3-clean,
mv2-firefox; guarded and unreachable uses in projects/permissions)."""

from __future__ import annotations

from tests.unit.lint.rules.support import messages, places


def test_fires_on_a_project_api_without_its_permission(project) -> None:
    ctx = project("permissions")
    # storage.local.get without `storage`; not: contextMenus (declared), cookies (declared, host access),
    # bookmarks (the Chrome build only, where the raw override declares it), history (unreachable)
    assert places(ctx, "XP001") == {("src/background/index.ts", 3, None)}
    assert messages(ctx, "XP001") == [
        "`storage.local.get` needs the `storage` permission, which the manifest does not declare"
    ]


def test_fires_on_a_plain_extension(extension) -> None:
    assert places(extension("mv3-issues"), "XP001") == {("background.js", 3, None)}
    assert "`cookies`" in messages(extension("mv3-issues"), "XP001")[0]


def test_near_misses(extension) -> None:
    # mv3-clean: storage, contextMenus, captureVisibleTab through activeTab; mv2-firefox: tabs.executeScript with
    # host permissions (host access required), tabs.query
    assert places(extension("mv3-clean"), "XP001") == set()
    assert places(extension("mv2-firefox"), "XP001") == set()
