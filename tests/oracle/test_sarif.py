"""`xtk lint --format sarif` against the outside oracle: Microsoft's SARIF multitool (its validator and the
published SARIF 2.1.0 schema it ships)."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

from tests.conftest import REPO, run_xtk

pytestmark = pytest.mark.node
MULTITOOL = REPO / "tests/oracle/node_modules/@microsoft/sarif-multitool-linux"
FIXTURE = REPO / "tests/fixtures/lint/extensions/mv3-issues"


@pytest.fixture(scope="module")
def sarif(tmp_path_factory: pytest.TempPathFactory) -> Path:
    result = run_xtk("lint", str(FIXTURE), "--format", "sarif", cwd=REPO)
    assert result.code == 1, result.stderr  # the fixture has findings
    path = tmp_path_factory.mktemp("sarif") / "lint.sarif"
    path.write_text(result.stdout)
    return path


def test_sarif_validates_against_the_published_schema(sarif: Path) -> None:
    from jsonschema import Draft202012Validator

    schema = json.loads((MULTITOOL / "sarif-2.1.0.json").read_text())
    document = json.loads(sarif.read_text())
    errors = sorted(Draft202012Validator(schema).iter_errors(document), key=lambda e: list(e.absolute_path))
    assert errors == [], [f"{list(e.absolute_path)}: {e.message}" for e in errors[:5]]
    results = document["runs"][0]["results"]
    assert results and all(
        r["ruleId"] == document["runs"][0]["tool"]["driver"]["rules"][r["ruleIndex"]]["id"] for r in results
    )


def test_sarif_multitool_validate_reports_nothing(sarif: Path) -> None:
    completed = subprocess.run(
        [str(MULTITOOL / "Sarif.Multitool"), "validate", str(sarif)], capture_output=True, text=True, timeout=120
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
    problems = re.findall(r"(error|warning) (SARIF\d+)", completed.stdout)
    assert problems == [], completed.stdout
