"""`xtk lint` on MDN's example extensions, against a triage table a person reviewed.

`../shared/corpus/extensions/webextensions-examples` holds MDN's 70 example extensions with their code (MPL-2.0, read
in place, never copied here). Every finding xtk reports on them is recorded in
`lint_triage/mdn-webextensions-examples.json` with a verdict (`true`: a reviewer reading the code would agree;
`false`: xtk is wrong) and a one-line reason.

The test lints every example in this process (`extension_context` + `run_rules`, as `xtk lint <folder>` does) and fails:
- when the findings differ from the table (a finding with no verdict yet, or a recorded finding gone): the diff says
  which. After a change to xtk, `XTK_UPDATE_TRIAGE=1 pytest tests/corpus/test_lint_triage.py` rewrites the table's
  findings, keeping every verdict whose finding is still there; new findings get `"verdict": null` to be judged;
- on a crash: an exception, or input refused (what would be exit 2) — exit 0/1 only;
- when an error-level finding is not marked true (an error that is wrong teaches people to ignore the tool);
- when more than 2 % of the permissions the examples declare are reported unused wrongly (XP002 marked false).
"""

from __future__ import annotations

import json
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

EXAMPLES = Path(__file__).resolve().parents[2].parent / "shared" / "corpus" / "extensions" / "webextensions-examples"
TABLE = Path(__file__).parent / "lint_triage" / "mdn-webextensions-examples.json"
MAX_MISREPORTED_SHARE = 0.02


@dataclass
class Run:
    findings: list[dict[str, Any]]
    crashes: dict[str, str]  # example → what went wrong
    declared_permissions: int


def _examples() -> list[Path]:
    """Every folder holding a manifest.json (some examples nest theirs: `themes/animated`, `*/addon`)."""
    return sorted(m.parent for m in EXAMPLES.rglob("manifest.json") if "node_modules" not in m.parts)


def _lint_all() -> Run:
    findings: list[dict[str, Any]] = []
    crashes: dict[str, str] = {}
    declared = 0
    for folder in _examples():
        example = folder.relative_to(EXAMPLES).as_posix()
        found, permissions, crash = lint_folder(folder, example)
        findings += found
        declared += permissions
        if crash:  # xtk would exit 2 (or crash) on an example MDN ships: a defect of ours
            crashes[example] = crash
    return Run(findings, crashes, declared)


@pytest.fixture(scope="module")
def run() -> Run:
    if not EXAMPLES.is_dir():
        pytest.skip(f"MDN's examples not found at {EXAMPLES}")
    result = _lint_all()
    if os.environ.get(UPDATE_VARIABLE):
        write_table(TABLE, merged_table(read_table(TABLE), result.findings))
    return result


@pytest.fixture(scope="module")
def table(run: Run) -> list[dict[str, Any]]:
    return json.loads(TABLE.read_text(encoding="utf-8"))


def test_every_example_is_linted_without_a_crash(run: Run) -> None:
    assert len(_examples()) == 70
    assert not run.crashes, "\n\n".join(f"{name}:\n{what}" for name, what in sorted(run.crashes.items()))


def test_findings_match_the_triage_table(run: Run, table: list[dict[str, Any]]) -> None:
    diff = findings_diff(table, run.findings)
    assert not diff, (
        f"{diff}\n\nJudge the new ones, then: {UPDATE_VARIABLE}=1 pytest {Path(__file__).name} (keeps verdicts)"
    )


def test_every_finding_has_a_verdict_and_a_reason(table: list[dict[str, Any]]) -> None:
    unjudged = [e for e in table if e["verdict"] not in (True, False) or not e["reason"].strip()]
    assert not unjudged, "no verdict or no reason:\n" + "\n".join(entry_line(e) for e in unjudged)


def test_every_error_is_true(table: list[dict[str, Any]]) -> None:
    false_errors = [e for e in table if e["severity"] == "error" and e["verdict"] is not True]
    assert not false_errors, "error findings not marked true:\n" + "\n".join(
        f"{entry_line(e)}\n      ({e['reason']})" for e in false_errors
    )


def test_declared_permissions_misreported_at_most_two_percent(run: Run, table: list[dict[str, Any]]) -> None:
    wrongly_unused = [e for e in table if e["code"] == "XP002" and e["verdict"] is False]
    assert run.declared_permissions > 50  # the examples declare about 100: a count near 0 means the counting broke
    share = len(wrongly_unused) / run.declared_permissions
    assert share <= MAX_MISREPORTED_SHARE, (
        f"{len(wrongly_unused)} of {run.declared_permissions} declared permissions reported unused wrongly "
        f"({share:.1%} > {MAX_MISREPORTED_SHARE:.0%}):\n" + "\n".join(entry_line(e) for e in wrongly_unused)
    )


def test_the_table_merge_keeps_verdicts_and_leaves_new_findings_unjudged() -> None:
    recorded = [
        {
            "example": "a",
            "code": "XP002",
            "severity": "error",
            "location": "manifest.json:3",
            "browser": "",
            "message": "old wording",
            "verdict": False,
            "reason": "used by a manifest key",
        }
    ]
    found = [
        {**{k: v for k, v in recorded[0].items() if k not in ("verdict", "reason")}, "message": "new wording"},
        {"example": "b", "code": "XS001", "severity": "error", "location": "x.js:1", "browser": "", "message": "m"},
    ]
    merged = merged_table(recorded, found)
    assert [(e["example"], e["verdict"], e["reason"]) for e in merged] == [
        ("a", False, "used by a manifest key"),
        ("b", None, ""),
    ]
    diff = findings_diff(recorded, found)
    assert "2 new finding(s)" in diff and "1 recorded finding(s) no longer reported" in diff
    assert "x.js:1: error XS001: m" in diff
