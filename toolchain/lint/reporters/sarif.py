"""SARIF 2.1.0 (OASIS): one run, every rule in the driver, one result per finding.

Paths are relative to `%SRCROOT%` (the project or extension root), columns count UTF-16 code units like the
rest of xtk. The output validates against the published schema (tests check it with the schema shipped in
Microsoft's SARIF multitool).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from toolchain import __version__
from toolchain.lint import catalog
from toolchain.lint.model import Finding, Related

SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"


def _rules() -> list[dict[str, Any]]:
    """Every code `xtk lint` can report (its rules and its engine's own), from the code catalog."""
    return [
        {
            "id": known.code,
            "name": known.name,
            "shortDescription": {"text": known.summary},
            "fullDescription": {"text": known.explanation},
            "help": {"text": known.explanation},
            "defaultConfiguration": {"level": known.severity},
        }
        for known in catalog.lint_codes()
    ]


def _related(index: int, related: Related) -> dict[str, Any]:
    physical: dict[str, Any] = {"artifactLocation": {"uri": related.path, "uriBaseId": "%SRCROOT%"}}
    if related.line is not None:
        physical["region"] = {"startLine": related.line}
    return {"id": index, "physicalLocation": physical, "message": {"text": related.message}}


def render(findings: Sequence[Finding], root: Path) -> str:
    rules = _rules()
    index = {rule["id"]: i for i, rule in enumerate(rules)}
    results = []
    for finding in findings:
        result: dict[str, Any] = {
            "ruleId": finding.code,
            "ruleIndex": index[finding.code],
            "level": finding.severity,
            "message": {"text": finding.message + (f" (fix: {finding.fix})" if finding.fix else "")},
        }
        if finding.path:
            region: dict[str, int] = {}
            if finding.line is not None:
                region["startLine"] = finding.line
                if finding.column is not None:
                    region["startColumn"] = finding.column
            physical: dict[str, Any] = {"artifactLocation": {"uri": finding.path, "uriBaseId": "%SRCROOT%"}}
            if region:
                physical["region"] = region
            result["locations"] = [{"physicalLocation": physical}]
        if finding.related:  # the evidence (files analysed for an "unused" verdict): SARIF's relatedLocations
            result["relatedLocations"] = [_related(i, related) for i, related in enumerate(finding.related)]
        properties: dict[str, Any] = {"browser": finding.browser} if finding.browser else {}
        review = finding.store_review()
        if review:
            properties["store_review"] = [policy.to_json() for policy in review]
        if properties:
            result["properties"] = properties
        results.append(result)
    document = {
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "xtk",
                        "version": __version__,
                        "informationUri": "https://xtk.invalid/docs/lint",
                        "rules": rules,
                    }
                },
                "originalUriBaseIds": {"%SRCROOT%": {"uri": root.resolve().as_uri() + "/"}},
                "columnKind": "utf16CodeUnits",
                "results": results,
            }
        ],
    }
    return json.dumps(document, indent=2) + "\n"
