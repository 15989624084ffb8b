"""`path:line:col: CODE message`, one finding a line, like ruff; then what a store's reviewer would reject
(store_review.py), then a count."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from toolchain.lint import store_review
from toolchain.lint.model import Finding


def line(finding: Finding) -> str:
    where = finding.path or "xtk"
    if finding.line is not None:
        where += f":{finding.line}"
        if finding.column is not None:
            where += f":{finding.column}"
    browser = f"[{finding.browser}] " if finding.browser else ""
    fix = f" (fix: {finding.fix})" if finding.fix else ""
    return f"{where}: {finding.code} {browser}{finding.message}{fix}"


def lines(finding: Finding) -> str:
    """The finding's line, then its evidence indented under it (`  = analysed (3 files): a.js, b.js, c.js`)."""
    return line(finding) + "\n" + "".join(f"  = {note}\n" for note in finding.related_summary())


def render(findings: Sequence[Finding], root: Path) -> str:
    if not findings:
        return "All checks passed.\n"
    tally = {severity: sum(1 for f in findings if f.severity == severity) for severity in ("error", "warning", "note")}
    counts = [f"{n} {word}{'' if n == 1 else 's'}" for word, n in tally.items() if n]
    listed = "".join(lines(f) for f in findings)
    if not tally["error"] and not tally["warning"]:  # notes ask for nothing: the checks passed
        return listed + f"All checks passed ({counts[0]}).\n"
    said = counts[0] if len(counts) == 1 else ", ".join(counts[:-1]) + " and " + counts[-1]
    review = store_review.summary(findings)
    reviewed = "Store review: what a reviewer would reject\n" + "".join(f"  {r}\n" for r in review) if review else ""
    return listed + reviewed + f"Found {said}.\n"
