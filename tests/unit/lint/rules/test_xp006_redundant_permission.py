"""XP006 redundant-permission (a warning). Where it fires, line by line: tests/fixtures/lint/rules/XP006/XP006.snap."""

from __future__ import annotations

from tests.unit.lint.rules.support import findings, messages, places


def test_fires_on_active_tab_beside_all_urls(project) -> None:
    ctx = project("permissions")
    assert len(messages(ctx, "XP006")) == 1
    assert messages(ctx, "XP006")[0].startswith("`activeTab` is redundant beside `<all_urls>`")
    assert {f.severity for f in findings(ctx, "XP006")} == {"warning"}


def test_fires_on_a_duplicate_and_active_tab_in_a_plain_extension(extension) -> None:
    ctx = extension("mv3-issues")
    assert sorted(messages(ctx, "XP006")) == [
        "`activeTab` is redundant beside `<all_urls>`: activeTab grants temporary host access to the active tab, "
        "which a broad host permission already covers",
        "`alarms` is declared twice (permissions)",
    ]


def test_near_misses(extension) -> None:
    assert places(extension("mv3-clean"), "XP006") == set()  # activeTab beside a narrow host
    assert places(extension("mv2-firefox"), "XP006") == set()  # tabs beside *://*/* is informational only
