"""A reviewer's round trip: vectors written by hand (no Python), `xtk golden make` fills in `expected` from the
reference, and `xtk conform --vectors` runs them in all five engines — every case passes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import run_xtk

pytestmark = [pytest.mark.browser, pytest.mark.node]

HAND_WRITTEN = {
    "function": "matchCitations",
    "parameters": ["citations", "segments", "clock"],
    "description": "written by hand, as a reviewer would: two quotes and a timeout",
    "cases": [
        {
            "id": "review/exact-and-emoji",
            "description": "an exact quote with an emoji, and a lightly perturbed one",
            "arguments": {
                "citations": [
                    {"id": "cite-1", "text": "Café prices rose 😀 sharply in the second quarter of the year"},
                    {"id": "cite-2", "text": "the committee aproved the budget for next year without changes"},
                ],
                "segments": [
                    {
                        "normalizedText": "cafe prices rose 😀 sharply in the second quarter of the year",
                        "type": "prose",
                    },
                    {
                        "normalizedText": "the committee approved the budget for next year without changes",
                        "type": "prose",
                    },
                ],
                "clock": [],
            },
        },
        {
            "id": "review/timeout-after-the-first",
            "description": "the clock passes 500 ms before the second citation",
            "arguments": {
                "citations": [{"id": "cite-1", "text": "prices rose sharply"}, {"id": "cite-2", "text": "prices rose"}],
                "segments": [{"normalizedText": "prices rose sharply", "type": "prose"}],
                "clock": [0, 10, 700],
            },
        },
    ],
}

NORMALIZE = {
    "function": "normalizeForMatching",
    "parameters": ["text", "type"],
    "cases": [
        {
            "id": "review/sigma",
            "description": "final sigma after NFKD",
            "arguments": {"text": "ΟΔΟΣ — ﬁn…", "type": "prose"},
        },
        {"id": "review/lone-surrogate", "description": "D2", "arguments": {"text": "a\ud800b", "type": "code"}},
    ],
}


def test_hand_written_vectors_made_by_the_reference_pass_in_every_engine(docmind_golden: Path, tmp_path: Path) -> None:
    made = []
    for name, document in (("match", HAND_WRITTEN), ("normalize", NORMALIZE)):
        inputs = tmp_path / f"{name}.inputs.json"
        inputs.write_text(json.dumps(document, ensure_ascii=True, indent=1))
        out = tmp_path / f"{name}.json"
        result = run_xtk("golden", "make", "--inputs", str(inputs), "--out", str(out), cwd=docmind_golden)
        assert result.code == 0, result.output
        filled = json.loads(out.read_text())
        assert all("expected" in case for case in filled["cases"])
        made.append(out)
    statuses = [r["status"] for r in json.loads(made[0].read_text())["cases"][0]["expected"]]
    assert statuses == ["matched", "matched"]
    timed = json.loads(made[0].read_text())["cases"][1]["expected"]
    assert [r["status"] for r in timed] == ["matched", "skipped"] and timed[1]["skipReason"] == "match-timeout"

    result = run_xtk(
        "conform",
        "--vectors",
        str(made[0]),
        "--vectors",
        str(made[1]),
        "--format",
        "json",
        cwd=docmind_golden,
        timeout=300,
    )
    report = json.loads(result.stdout)
    assert result.code == 0, result.output
    assert {e["engine"] for e in report["engines"]} == {"v8", "spidermonkey", "node", "chromium", "firefox"}
    for engine in report["engines"]:
        assert engine["passed"] == 4 and engine["failed"] == 0 and engine["skipped"] == 0, engine


def test_make_rejects_a_bad_hand_written_file_with_its_location(docmind_golden: Path, tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text(
        '{"function": "preciseMatch", "parameters": ["needle", "haystack"], "cases": [\n'
        '  {"id": "x", "description": "y", "arguments": {"needle": "a"}}\n'
        "]}"
    )
    result = run_xtk("golden", "make", "--inputs", str(broken), "--out", str(tmp_path / "out.json"), cwd=docmind_golden)
    assert result.code == 2
    assert "broken.json" in result.stderr and "haystack" in result.stderr
    assert not (tmp_path / "out.json").exists()
