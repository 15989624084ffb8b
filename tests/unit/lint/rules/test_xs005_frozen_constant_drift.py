"""XS005 frozen-constant-drift. Where it fires, line by line: tests/fixtures/lint/rules/XS005/XS005.snap."""

from __future__ import annotations

from tests.unit.lint.rules.support import findings, places
from toolchain.lint.rules.xs005_frozen_constant_drift import differences


def test_fires_on_changed_missing_and_added_values(project) -> None:
    ctx = project("security")
    # LIMITS: MAX changed, TIMEOUT_MS missing, EXTRA added (MIN 1.0 is 1); FLAGS.ON is 1, not true; GONE: no such
    # constant in the module (reported in posture.json)
    assert {path for path, _, _ in places(ctx, "XS005")} == {"src/shared/config.ts", "posture.json"}
    assert sorted(f.message for f in findings(ctx, "XS005")) == [
        "FLAGS.ON is 1, the spec freezes it at true",
        "GONE is frozen by the spec but src/shared/config.ts has no literal top-level const GONE",
        "LIMITS.EXTRA is not in the frozen spec (value 2)",
        "LIMITS.MAX is 6, the spec freezes it at 5",
        "LIMITS.TIMEOUT_MS is missing (the spec freezes it at 100)",
    ]


def test_value_comparison_is_json_strict() -> None:
    assert list(differences("A", {"X": 1.0, "Y": [1, "a"]}, {"X": 1, "Y": [1, "a"]})) == []
    assert list(differences("A", True, 1)) == ["A is true, the spec freezes it at 1"]
    assert list(differences("A", {"X": {"Y": 2}}, {"X": {"Y": 3}})) == ["A.X.Y is 2, the spec freezes it at 3"]
    assert list(differences("A", [1, 2], [1, 2, 3])) == ["A is [1, 2], the spec freezes it at [1, 2, 3]"]


def test_near_misses(project) -> None:
    assert places(project("permissions"), "XS005") == set()  # a posture without frozen constants
