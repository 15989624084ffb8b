"""XP001 api-without-permission. Where it fires and where not (guarded and unreachable uses), line by line, in a
project and a plain extension: tests/fixtures/lint/rules/XP001/XP001.snap. Near misses here: mv3-clean, mv2-firefox."""

from __future__ import annotations

from tests.unit.lint.rules.support import messages, places


def test_fires_on_a_project_api_without_its_permission(project) -> None:
    ctx = project("permissions")
    # storage.local.get without `storage`; not: contextMenus (declared), cookies (declared, host access),
    # bookmarks (the Chrome build only, where the raw override declares it), history (unreachable)
    assert messages(ctx, "XP001") == [
        "`storage.local.get` needs the `storage` permission, which the manifest does not declare"
    ]


def test_fires_on_a_plain_extension(extension) -> None:
    assert len(messages(extension("mv3-issues"), "XP001")) == 1
    assert "`cookies`" in messages(extension("mv3-issues"), "XP001")[0]


def test_near_misses(extension) -> None:
    # mv3-clean: storage, contextMenus, captureVisibleTab through activeTab; mv2-firefox: tabs.executeScript with
    # host permissions (host access required), tabs.query
    assert places(extension("mv3-clean"), "XP001") == set()
    assert places(extension("mv2-firefox"), "XP001") == set()
