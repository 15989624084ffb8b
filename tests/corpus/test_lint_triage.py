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
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from toolchain.diagnostics import InputError
from toolchain.lint.engine import run_rules
from toolchain.lint.extension_targets import extension_context

pytestmark = pytest.mark.corpus

EXAMPLES = Path(__file__).resolve().parents[2].parent / "shared" / "corpus" / "extensions" / "webextensions-examples"
TABLE = Path(__file__).parent / "lint_triage" / "mdn-webextensions-examples.json"
UPDATE_VARIABLE = "XTK_UPDATE_TRIAGE"
#: the manifest keys whose entries are declared permissions (API names and host patterns)
PERMISSION_KEYS = ("permissions", "optional_permissions", "host_permissions", "optional_host_permissions")
MAX_MISREPORTED_SHARE = 0.02

#: what identifies a finding in the table (the verdict and reason are the reviewer's)
Key = tuple[str, str, str, str, str]


@dataclass
class Run:
    findings: list[dict[str, Any]]
    crashes: dict[str, str]  # example → what went wrong
    declared_permissions: int


def _examples() -> list[Path]:
    """Every folder holding a manifest.json (some examples nest theirs: `themes/animated`, `*/addon`)."""
    return sorted(m.parent for m in EXAMPLES.rglob("manifest.json") if "node_modules" not in m.parts)


def _declared(manifest: dict[str, Any]) -> int:
    names = {entry for key in PERMISSION_KEYS for entry in (manifest.get(key) or []) if isinstance(entry, str)}
    return len(names)


def _lint_all() -> Run:
    findings: list[dict[str, Any]] = []
    crashes: dict[str, str] = {}
    declared = 0
    for folder in _examples():
        example = folder.relative_to(EXAMPLES).as_posix()
        try:
            ctx = extension_context(folder)
            declared += _declared(ctx.targets[0].manifest) if ctx.targets else 0
            for finding in run_rules(ctx, [], []):
                findings.append(
                    {
                        "example": example,
                        "code": finding.code,
                        "severity": finding.severity,
                        "location": f"{finding.path}:{finding.line}" if finding.path else "",
                        "browser": finding.browser or "",
                        "message": finding.message,
                    }
                )
        except InputError as error:  # xtk would exit 2 on an example MDN ships: a defect of ours
            crashes[example] = "refused: " + "; ".join(d.format() for d in error.diagnostics)
        except Exception:
            crashes[example] = traceback.format_exc()
    return Run(findings, crashes, declared)


def _key(entry: dict[str, Any]) -> Key:
    return (entry["example"], entry["code"], entry["location"], entry["browser"], entry["message"])


def _loose_key(entry: dict[str, Any]) -> tuple[str, str, str, str]:
    """Same finding, reworded: the verdict carries over when the message alone changed."""
    return (entry["example"], entry["code"], entry["location"], entry["browser"])


def _sorted(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return sorted(entries, key=_key)


def merged_table(recorded: list[dict[str, Any]], found: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The findings of this run, each with the verdict and reason recorded for it (exactly, or for the same code at
    the same place with another wording); `None` when it was never judged."""
    exact = {_key(e): e for e in recorded}
    loose: dict[tuple[str, str, str, str], dict[str, Any]] = {}
    for entry in recorded:
        loose.setdefault(_loose_key(entry), entry)
    table = []
    for finding in found:
        judged = exact.get(_key(finding)) or loose.get(_loose_key(finding)) or {}
        table.append({**finding, "verdict": judged.get("verdict"), "reason": judged.get("reason", "")})
    return _sorted(table)


def write_table(path: Path, table: list[dict[str, Any]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(_sorted(table), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def _line(entry: dict[str, Any]) -> str:
    browser = f" [{entry['browser']}]" if entry["browser"] else ""
    return (
        f"  {entry['example']}: {entry['location']}: {entry['severity']} {entry['code']}{browser}: {entry['message']}"
    )


def findings_diff(recorded: list[dict[str, Any]], found: list[dict[str, Any]]) -> str:
    """What changed, one finding a line, or "" when nothing did."""
    recorded_keys = {_key(e) for e in recorded}
    found_keys = {_key(e) for e in found}
    new = [e for e in _sorted(found) if _key(e) not in recorded_keys]
    gone = [e for e in _sorted(recorded) if _key(e) not in found_keys]
    parts = []
    if new:
        parts.append(f"{len(new)} new finding(s), not in the table:\n" + "\n".join(_line(e) for e in new))
    if gone:
        parts.append(f"{len(gone)} recorded finding(s) no longer reported:\n" + "\n".join(_line(e) for e in gone))
    return "\n".join(parts)


@pytest.fixture(scope="module")
def run() -> Run:
    if not EXAMPLES.is_dir():
        pytest.skip(f"MDN's examples not found at {EXAMPLES}")
    result = _lint_all()
    if os.environ.get(UPDATE_VARIABLE):
        recorded = json.loads(TABLE.read_text(encoding="utf-8")) if TABLE.is_file() else []
        write_table(TABLE, merged_table(recorded, result.findings))
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
    assert not unjudged, "no verdict or no reason:\n" + "\n".join(_line(e) for e in unjudged)


def test_every_error_is_true(table: list[dict[str, Any]]) -> None:
    false_errors = [e for e in table if e["severity"] == "error" and e["verdict"] is not True]
    assert not false_errors, "error findings not marked true:\n" + "\n".join(
        f"{_line(e)}\n      ({e['reason']})" for e in false_errors
    )


def test_declared_permissions_misreported_at_most_two_percent(run: Run, table: list[dict[str, Any]]) -> None:
    wrongly_unused = [e for e in table if e["code"] == "XP002" and e["verdict"] is False]
    assert run.declared_permissions > 50  # the examples declare about 100: a count near 0 means the counting broke
    share = len(wrongly_unused) / run.declared_permissions
    assert share <= MAX_MISREPORTED_SHARE, (
        f"{len(wrongly_unused)} of {run.declared_permissions} declared permissions reported unused wrongly "
        f"({share:.1%} > {MAX_MISREPORTED_SHARE:.0%}):\n" + "\n".join(_line(e) for e in wrongly_unused)
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
