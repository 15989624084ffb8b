"""XP002 unused-permission. Where it fires, line by line: tests/fixtures/lint/rules/XP002/XP002.snap."""

from __future__ import annotations

from tests.unit.lint.rules.support import messages, places
from toolchain.lint.rules.xp002_unused_permission import permission_used


def test_fires_on_a_declared_permission_nothing_uses(project) -> None:
    ctx = project("permissions")
    # alarms; not: contextMenus, cookies, bookmarks (used), activeTab (tabs.* in use), unlimitedStorage (no API)
    assert messages(ctx, "XP002") == ["`alarms` is declared (permissions) but no API that needs it is used"]


def test_fires_on_each_entry_of_a_plain_extension(extension) -> None:
    assert len(messages(extension("mv3-issues"), "XP002")) == 2  # "alarms" is listed twice


def test_near_misses(extension) -> None:
    assert places(extension("mv3-clean"), "XP002") == set()
    assert places(extension("mv2-firefox"), "XP002") == set()  # tabs: tab fields come from tabs.query


def test_what_counts_as_use() -> None:
    assert permission_used("storage", "chrome", {"storage.local.get"}) is True
    assert permission_used("storage", "chrome", {"runtime.id"}) is False
    assert permission_used("menus", "firefox", {"contextMenus.create"}) is False  # each name its own namespace
    assert permission_used("contextMenus", "firefox", {"contextMenus.create"}) is True
    assert permission_used("activeTab", "chrome", {"scripting.executeScript"}) is True  # host access
    assert permission_used("activeTab", "chrome", {"tabs.query"}) is True  # Tab.url/title of the active tab
    assert permission_used("activeTab", "chrome", {"runtime.sendMessage"}) is False
    assert permission_used("unlimitedStorage", "chrome", set()) is None  # enables no API: no opinion
