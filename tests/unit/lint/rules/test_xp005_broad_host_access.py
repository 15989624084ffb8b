"""XP005 broad-host-access."""

from __future__ import annotations

from tests.unit.lint.rules.support import findings, places


def test_fires_on_broad_hosts_and_content_scripts_the_posture_does_not_allow(project) -> None:
    ctx = project("permissions")
    # host permission <all_urls> (line 43) and content_scripts[1] on *://*/* (line 32); content_scripts[0] on
    # <all_urls> is allowed by the posture; https://api.example.com/* is narrow
    assert places(ctx, "XP005") == {("xtk.toml", 32, None), ("xtk.toml", 43, None)}
    assert {f.severity for f in findings(ctx, "XP005")} == {"error"}


def test_plain_extensions_get_warnings(extension) -> None:
    assert places(extension("mv3-issues"), "XP005") == {("manifest.json", 7, None)}
    assert places(extension("mv2-firefox"), "XP005") == {("manifest.json", 5, None)}  # *://*/* in MV2 permissions
    assert {f.severity for f in findings(extension("mv2-firefox"), "XP005")} == {"warning"}
    assert "every site" in findings(extension("mv2-firefox"), "XP005")[0].message


def test_near_misses(extension, project) -> None:
    assert places(extension("mv3-clean"), "XP005") == set()  # https://*.example.com/* is not broad
    assert places(project("protocol"), "XP005") == set()
