"""`xtk conform` on a project that is not DocMind (tests/fixtures/projects/golden-mini): its [golden] vectors are
the default, its reference gives the parameter order. Node and V8 here; all five engines in test_engines.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import run_xtk

pytestmark = pytest.mark.node


def test_the_second_golden_project_conforms_in_node_and_v8(golden_mini: Path) -> None:
    result = run_xtk(
        "conform", "--engine", "node,v8", "--format", "json", "--project", str(golden_mini), cwd=golden_mini.parent
    )
    report = json.loads(result.stdout)
    assert result.code == 0, result.output
    assert report["vectors"] == ["golden-mini/golden/countWords.json"]
    assert report["functions"] == {"countWords": 7}
    for engine in report["engines"]:
        assert (engine["engine"], engine["passed"], engine["failed"], engine["skipped"]) == (engine["engine"], 7, 0, 0)


def test_a_runtime_that_disagrees_with_the_reference_fails(golden_mini: Path) -> None:
    """The check can fail: count empty runs too in TypeScript, and the cases with minLength 0 differ."""
    words = golden_mini / "src" / "words.ts"
    words.write_text(words.read_text(encoding="utf-8").replace("word.length > 0 && ", ""), encoding="utf-8")
    result = run_xtk("conform", "--engine", "node", "--format", "json", "--project", str(golden_mini), cwd=golden_mini)
    report = json.loads(result.stdout)
    assert result.code == 1, result.output
    failed = {f["id"] for engine in report["engines"] for f in engine["failures"]}
    assert failed == {"countWords/adversarial/empty", "countWords/adversarial/spaces-only"}


def test_vectors_whose_parameters_are_out_of_the_references_order_are_bad_input(golden_mini: Path) -> None:
    vectors = golden_mini / "golden" / "countWords.json"
    data = json.loads(vectors.read_text(encoding="ascii"))
    data["parameters"] = ["minLength", "text"]
    vectors.write_text(json.dumps(data), encoding="ascii")
    result = run_xtk("conform", "--engine", "node", "--project", str(golden_mini), cwd=golden_mini)
    assert result.code == 2, result.output
    assert (
        "golden/countWords.json: error: /parameters: countWords takes (text, minLength) in this order "
        "(mini_reference)" in result.stderr
    )
    assert "Traceback" not in result.output
