"""GitHub Actions workflow commands: one `::error`/`::warning` annotation per finding."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from toolchain.lint.model import Finding


def _data(value: str) -> str:
    return value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _property(value: str) -> str:
    return _data(value).replace(":", "%3A").replace(",", "%2C")


def render(findings: Sequence[Finding], root: Path) -> str:
    lines = []
    for finding in findings:
        properties = []
        if finding.path:
            properties.append(f"file={_property(finding.path)}")
        if finding.line is not None:
            properties.append(f"line={finding.line}")
        if finding.column is not None:
            properties.append(f"col={finding.column}")
        title = finding.code + (f" [{finding.browser}]" if finding.browser else "")
        properties.append(f"title={_property(title)}")
        message = finding.message + (f" (fix: {finding.fix})" if finding.fix else "")
        message += "".join(f"\n{note}" for note in finding.related_summary())  # shown under the annotation
        command = "notice" if finding.severity == "note" else finding.severity  # GitHub's three annotation levels
        lines.append(f"::{command} {','.join(properties)}::{_data(message)}")
    return "".join(line + "\n" for line in lines)
