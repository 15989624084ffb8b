"""Each rule's own fixture (tests/fixtures/lint/rules/<CODE>/) linted with only that code, against its text snapshot
<CODE>.snap beside it. `--update-snapshots` (or XTK_UPDATE_SNAPSHOTS=1) rewrites the snapshots instead of failing;
review the diff before committing it. See tests/fixtures/lint/README.md."""

from __future__ import annotations

import difflib
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.unit.lint.rules.support import RULE_FIXTURES, findings, render_findings, rule_fixture_parts
from toolchain.lint.context import LintContext
from toolchain.lint.registry import all_rules

CODES = [rule.code for rule in all_rules()]


def _case(code: str) -> object:
    # a project fixture builds with esbuild: it needs node_modules, like the `project` fixture's tests
    marks = [pytest.mark.node] if list((RULE_FIXTURES / code).glob("**/xtk.toml")) else []
    return pytest.param(code, marks=marks, id=code)


def _updating(config: pytest.Config) -> bool:
    # the option exists when this folder's conftest was loaded at start-up; the variable works from anywhere
    return bool(config.getoption("--update-snapshots", default=False)) or os.environ.get("XTK_UPDATE_SNAPSHOTS") == "1"


def _snapshot(code: str) -> Path:
    return RULE_FIXTURES / code / f"{code}.snap"


@pytest.mark.parametrize("code", [_case(code) for code in CODES])
def test_rule_findings_match_the_snapshot(
    code: str, rule_fixture: Callable[..., LintContext], request: pytest.FixtureRequest
) -> None:
    folder = RULE_FIXTURES / code
    assert folder.is_dir(), f"{code} has no fixture of its own: add {folder} (see tests/fixtures/lint/README.md)"
    actual = "".join(
        render_findings(findings(rule_fixture(code, part), code), part) for part in rule_fixture_parts(code)
    )
    snapshot = _snapshot(code)
    if _updating(request.config):
        snapshot.write_text(actual, encoding="utf-8")
        return
    assert snapshot.is_file(), f"{snapshot} is missing: run with --update-snapshots (or XTK_UPDATE_SNAPSHOTS=1)"
    expected = snapshot.read_text(encoding="utf-8")
    if actual != expected:
        diff = difflib.unified_diff(
            expected.splitlines(keepends=True),
            actual.splitlines(keepends=True),
            fromfile=f"{code}.snap (expected)",
            tofile=f"{code} (found now)",
        )
        pytest.fail(
            f"{code}'s findings differ from its snapshot (--update-snapshots rewrites it):\n{''.join(diff)}",
            pytrace=False,
        )


@pytest.mark.parametrize("code", CODES)
def test_every_snapshot_shows_the_rule_firing(code: str) -> None:
    """A fixture whose rule finds nothing proves nothing: each snapshot holds at least one finding of its code."""
    snapshot = _snapshot(code)
    assert snapshot.is_file(), f"{snapshot} is missing"
    lines = [line for line in snapshot.read_text(encoding="utf-8").splitlines() if line.strip()]
    assert lines, f"{snapshot} holds no finding: make the fixture fire"
    assert all(f": {code} (" in line for line in lines), lines


def test_every_rule_fixture_belongs_to_a_rule() -> None:
    """A fixture folder left behind by a removed or renamed rule would never be checked."""
    folders = {path.name for path in RULE_FIXTURES.iterdir() if path.is_dir()}
    assert folders <= set(CODES), sorted(folders - set(CODES))
