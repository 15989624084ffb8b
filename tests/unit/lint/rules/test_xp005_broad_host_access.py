"""XP005 broad-host-access: in a plain extension, a warning (in a project, XP008). Where it fires (MV3
host_permissions, MV2 permissions), line by line: tests/fixtures/lint/rules/XP005/XP005.snap."""

from __future__ import annotations

from tests.unit.lint.rules.support import findings, places


def test_plain_extensions_get_warnings(extension) -> None:
    assert {path for path, _, _ in places(extension("mv3-issues"), "XP005")} == {"manifest.json"}
    assert {f.severity for f in findings(extension("mv2-firefox"), "XP005")} == {"warning"}
    assert "every site" in findings(extension("mv2-firefox"), "XP005")[0].message


def test_near_misses(extension, project) -> None:
    assert places(extension("mv3-clean"), "XP005") == set()  # https://*.example.com/* is not broad
    assert places(project("permissions"), "XP005") == set()  # a project's broad access is XP008's
