"""Lint's findings are the toolchain's one diagnostic type, with only what lint adds (a fix hint, related places)."""

from __future__ import annotations

import dataclasses

import pytest

from toolchain.diagnostics import Diagnostic
from toolchain.lint.model import Finding, Related


def test_a_finding_is_a_diagnostic_with_only_lints_additions() -> None:
    assert issubclass(Finding, Diagnostic)
    added = {f.name for f in dataclasses.fields(Finding)} - {f.name for f in dataclasses.fields(Diagnostic)}
    assert added == {"fix", "related", "stores"}


def test_a_finding_keeps_its_json_and_formats_as_any_diagnostic() -> None:
    finding = Finding.of(
        "XP001",
        "storage.local.get needs 'storage'",
        path="src/a.ts",
        line=3,
        column=7,
        browser="firefox",
        related=(Related("analysed", "src/b.ts"),),
    )
    assert finding.severity == "error"  # the catalog's
    assert finding.to_json() == {
        "code": "XP001",
        "severity": "error",
        "message": "storage.local.get needs 'storage'",
        "path": "src/a.ts",
        "line": 3,
        "column": 7,
        "browser": "firefox",
        "related": [{"message": "analysed", "path": "src/b.ts", "line": None}],
    }
    assert finding.format() == "src/a.ts:3:7: error XP001: [firefox] storage.local.get needs 'storage'"


def test_a_finding_without_a_code_is_a_bug() -> None:
    with pytest.raises(ValueError, match="needs its code"):
        Finding("warning", "no code")
