"""`xtk lint` on real, popular open-source extensions, against a triage table a person reviewed.

`real_extensions/<name>/` holds what ten extensions ship (uBlock Origin, Privacy Badger, Vimium, Multi-Account
Containers, Facebook Container, ClearURLs, Decentraleyes, Redirector, and two bundled ones: SingleFile's rollup output
and Cookie AutoDelete's webpack build), each with `<name>.ORIGIN.md` (repository, commit, licence, what was trimmed).
Every finding is recorded in `lint_triage/real-extensions.json` with a verdict and a one-line reason, as
test_lint_triage.py does for MDN's examples (same contract; `XTK_UPDATE_TRIAGE=1` rewrites the table keeping
verdicts). Unlike MDN's examples, warnings may stay unjudged (`null`); errors and permission claims may not.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.corpus.triage_table import (
    UPDATE_VARIABLE,
    entry_line,
    findings_diff,
    lint_folder,
    merged_table,
    read_table,
    write_table,
)

pytestmark = pytest.mark.corpus

EXTENSIONS = Path(__file__).parent / "real_extensions"
TABLE = Path(__file__).parent / "lint_triage" / "real-extensions.json"
MAX_MISREPORTED_SHARE = 0.02
#: the rules whose findings claim something about a permission: unused (XP002), not declared (XP001, XP007)
PERMISSION_CLAIMS = ("XP001", "XP002", "XP007")


@dataclass
class Run:
    findings: list[dict[str, Any]]
    crashes: dict[str, str]
    declared_permissions: int


def _extensions() -> list[Path]:
    return sorted(p for p in EXTENSIONS.iterdir() if (p / "manifest.json").is_file())


@pytest.fixture(scope="module")
def run() -> Run:
    findings: list[dict[str, Any]] = []
    crashes: dict[str, str] = {}
    declared = 0
    for folder in _extensions():
        found, permissions, crash = lint_folder(folder, folder.name)
        findings += found
        declared += permissions
        if crash:
            crashes[folder.name] = crash
    if os.environ.get(UPDATE_VARIABLE):
        write_table(TABLE, merged_table(read_table(TABLE), findings))
    return Run(findings, crashes, declared)


@pytest.fixture(scope="module")
def table(run: Run) -> list[dict[str, Any]]:
    return read_table(TABLE)


def test_every_extension_is_linted_without_a_crash(run: Run) -> None:
    assert len(_extensions()) >= 10
    assert not run.crashes, "\n\n".join(f"{name}:\n{what}" for name, what in sorted(run.crashes.items()))


def test_findings_match_the_triage_table(run: Run, table: list[dict[str, Any]]) -> None:
    diff = findings_diff(table, run.findings)
    assert not diff, (
        f"{diff}\n\nJudge the new ones, then: {UPDATE_VARIABLE}=1 pytest {Path(__file__).name} (keeps verdicts)"
    )


def test_every_error_and_permission_claim_has_a_verdict_and_a_reason(table: list[dict[str, Any]]) -> None:
    must_judge = [e for e in table if e["severity"] == "error" or e["code"] in PERMISSION_CLAIMS]
    unjudged = [e for e in must_judge if e["verdict"] not in (True, False) or not e["reason"].strip()]
    assert not unjudged, "no verdict or no reason:\n" + "\n".join(entry_line(e) for e in unjudged)


def test_every_judged_warning_has_a_reason(table: list[dict[str, Any]]) -> None:
    unexplained = [e for e in table if e["verdict"] in (True, False) and not e["reason"].strip()]
    assert not unexplained, "a verdict without a reason:\n" + "\n".join(entry_line(e) for e in unexplained)


def test_every_error_is_true(table: list[dict[str, Any]]) -> None:
    false_errors = [e for e in table if e["severity"] == "error" and e["verdict"] is not True]
    assert not false_errors, f"{len(false_errors)} error findings not marked true:\n" + "\n".join(
        f"{entry_line(e)}\n      ({e['reason']})" for e in false_errors
    )


def test_declared_permissions_misreported_at_most_two_percent(run: Run, table: list[dict[str, Any]]) -> None:
    wrong_claims = [e for e in table if e["code"] in PERMISSION_CLAIMS and e["verdict"] is False]
    wrongly_unused = [e for e in wrong_claims if e["code"] == "XP002"]
    assert run.declared_permissions > 80  # the ten declare about 150: a count near 0 means the counting broke
    share = len(wrongly_unused) / run.declared_permissions
    assert share <= MAX_MISREPORTED_SHARE, (
        f"{len(wrongly_unused)} of {run.declared_permissions} declared permissions reported unused wrongly "
        f"({share:.1%} > {MAX_MISREPORTED_SHARE:.0%}):\n" + "\n".join(entry_line(e) for e in wrongly_unused)
    )
