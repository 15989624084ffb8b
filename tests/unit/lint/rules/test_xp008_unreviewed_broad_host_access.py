"""XP008 unreviewed-broad-host-access: XP005's errors in projects until the code catalog split them. Where it fires,
line by line: tests/fixtures/lint/rules/XP008/XP008.snap."""

from __future__ import annotations

from tests.unit.lint.rules.support import findings, places
from toolchain.lint.engine import run_rules


def test_fires_on_broad_hosts_and_content_scripts_the_posture_does_not_allow(project) -> None:
    ctx = project("permissions")
    # host permission <all_urls> and content_scripts[1] on *://*/*; content_scripts[0] on <all_urls> is allowed by
    # the posture; https://api.example.com/* is narrow
    assert sorted(f.message for f in findings(ctx, "XP008")) == [
        "content_scripts[1] runs on `*://*/*`: every page, and the posture does not allow it",
        "host permission `<all_urls>` grants access to every site",
    ]
    assert {f.severity for f in findings(ctx, "XP008")} == {"error"}


def test_selected_and_ignored_by_the_old_code(project) -> None:
    ctx = project("permissions")
    assert {f.code for f in run_rules(ctx, ["XP005"], [])} == {"XP008"}
    assert "XP008" not in {f.code for f in run_rules(ctx, [], ["XP005"])}


def test_near_misses(extension, project) -> None:
    assert places(project("protocol"), "XP008") == set()
    assert places(extension("mv3-issues"), "XP008") == set()  # a plain extension gets XP005's warning
