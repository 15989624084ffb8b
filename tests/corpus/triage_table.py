"""Shared by the lint triage tests: lint a folder in process, and keep a table of findings with a person's verdicts.

A table entry is one finding (`example`, `code`, `severity`, `location`, `browser`, `message`) plus `verdict`
(`true`: a reviewer reading the code agrees; `false`: xtk is wrong; `null`: not judged yet) and a one-line `reason`.
"""

from __future__ import annotations

import json
import traceback
from pathlib import Path
from typing import Any

from toolchain.diagnostics import InputError
from toolchain.lint.engine import run_rules
from toolchain.lint.extension_targets import extension_context

UPDATE_VARIABLE = "XTK_UPDATE_TRIAGE"
#: the manifest keys whose entries are declared permissions (API names and host patterns)
PERMISSION_KEYS = ("permissions", "optional_permissions", "host_permissions", "optional_host_permissions")

#: what identifies a finding in the table (the verdict and reason are the reviewer's)
Key = tuple[str, str, str, str, str]


def declared_permissions(manifest: dict[str, Any]) -> int:
    names = {entry for key in PERMISSION_KEYS for entry in (manifest.get(key) or []) if isinstance(entry, str)}
    return len(names)


def lint_folder(folder: Path, example: str) -> tuple[list[dict[str, Any]], int, str]:
    """The findings of `xtk lint <folder>` as table entries, the permissions its manifest declares, and what went
    wrong ("" when nothing did: exit 0/1). A refusal (exit 2) or an exception is a defect of ours."""
    findings: list[dict[str, Any]] = []
    declared = 0
    try:
        ctx = extension_context(folder)
        declared = declared_permissions(ctx.targets[0].manifest) if ctx.targets else 0
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
    except InputError as error:
        return findings, declared, "refused: " + "; ".join(d.format() for d in error.diagnostics)
    except Exception:
        return findings, declared, traceback.format_exc()
    return findings, declared, ""


def key(entry: dict[str, Any]) -> Key:
    return (entry["example"], entry["code"], entry["location"], entry["browser"], entry["message"])


def _loose_key(entry: dict[str, Any]) -> tuple[str, str, str, str]:
    """Same finding, reworded: the verdict carries over when the message alone changed."""
    return (entry["example"], entry["code"], entry["location"], entry["browser"])


def sorted_entries(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return sorted(entries, key=key)


def merged_table(recorded: list[dict[str, Any]], found: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The findings of this run, each with the verdict and reason recorded for it (exactly, or for the same code at
    the same place with another wording); `None` when it was never judged."""
    exact = {key(e): e for e in recorded}
    loose: dict[tuple[str, str, str, str], dict[str, Any]] = {}
    for entry in recorded:
        loose.setdefault(_loose_key(entry), entry)
    table = []
    for finding in found:
        judged = exact.get(key(finding)) or loose.get(_loose_key(finding)) or {}
        table.append({**finding, "verdict": judged.get("verdict"), "reason": judged.get("reason", "")})
    return sorted_entries(table)


def read_table(path: Path) -> list[dict[str, Any]]:
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else []


def write_table(path: Path, table: list[dict[str, Any]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(sorted_entries(table), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def entry_line(entry: dict[str, Any]) -> str:
    browser = f" [{entry['browser']}]" if entry["browser"] else ""
    return (
        f"  {entry['example']}: {entry['location']}: {entry['severity']} {entry['code']}{browser}: {entry['message']}"
    )


def findings_diff(recorded: list[dict[str, Any]], found: list[dict[str, Any]]) -> str:
    """What changed, one finding a line, or "" when nothing did."""
    recorded_keys = {key(e) for e in recorded}
    found_keys = {key(e) for e in found}
    new = [e for e in sorted_entries(found) if key(e) not in recorded_keys]
    gone = [e for e in sorted_entries(recorded) if key(e) not in found_keys]
    parts = []
    if new:
        parts.append(f"{len(new)} new finding(s), not in the table:\n" + "\n".join(entry_line(e) for e in new))
    if gone:
        parts.append(f"{len(gone)} recorded finding(s) no longer reported:\n" + "\n".join(entry_line(e) for e in gone))
    return "\n".join(parts)
