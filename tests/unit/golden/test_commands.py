"""`make`, `generate` and `check` on small inputs and a handwritten corpus (fast), and through the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.unit.golden.conftest import SMALL, docmind, inputs_file
from toolchain.cli import main
from toolchain.diagnostics import EXIT_BAD_INPUT, InputError
from toolchain.golden.commands import check, generate, make
from toolchain.golden.format import GoldenCase, dumps_golden, load_golden, write_golden


def write(path: Path, data: object) -> Path:
    path.write_text(json.dumps(data) if not isinstance(data, str) else data, encoding="utf-8")
    return path


# -- make ---------------------------------------------------------------------------------------------------------


def test_make_fills_expected(tmp_path: Path, corpus: Path) -> None:
    source = write(
        tmp_path / "in.json",
        inputs_file(
            "levenshteinDistance",
            ["a", "b"],
            [
                {"id": "lev/1", "description": "astral", "arguments": {"a": "\U0001f600", "b": "a"}},
                {
                    "id": "lev/2",
                    "description": "from the corpus",
                    "source": "corpus",
                    "arguments": {"a": {"$corpus": {"page": "a.html", "segment": 2}}, "b": "Block two"},
                },
                {"id": "lev/3", "description": "stale expected", "arguments": {"a": "abc", "b": "abd"}, "expected": 7},
            ],
        ),
    )
    made = make(docmind(), source, tmp_path / "out.json", corpus)
    assert (made.filled, made.changed) == (3, 1)
    result = load_golden(tmp_path / "out.json")
    assert [c.expected for c in result.cases] == [2, 3, 1]
    assert result.unicode_version == "14.0.0"
    assert result.cases[1].arguments["a"] == {"$corpus": {"page": "a.html", "segment": 2}}  # references stay references


@pytest.mark.parametrize(
    ("content", "key", "message"),
    [
        (inputs_file("levenshtein", ["a", "b"], []), "/function", "unknown function"),
        (inputs_file("levenshteinDistance", ["b", "a"], []), "/parameters", "differ"),
        (
            inputs_file("levenshteinDistance", ["a", "b"], [{"id": "x", "description": "d", "arguments": {"a": "x"}}]),
            "/cases/0/arguments",
            "missing",
        ),
        (
            inputs_file(
                "levenshteinDistance", ["a", "b"], [{"id": "x", "description": "d", "arguments": {"a": "x", "b": 3}}]
            ),
            "/cases/0/arguments/b",
            "not of type 'string'",
        ),
        (
            inputs_file(
                "levenshteinDistance",
                ["a", "b"],
                [{"id": "x", "description": "d", "arguments": {"a": "x", "b": "\u0378"}}],
            ),
            "/cases/0/arguments/b",
            "unassigned",
        ),
        (
            inputs_file(
                "levenshteinDistance",
                ["a", "b"],
                [
                    {
                        "id": "x",
                        "description": "d",
                        "arguments": {"a": {"$corpus": {"page": "a.html", "segment": 99}}, "b": ""},
                    }
                ],
            ),
            "/cases/0/arguments/a/$corpus",
            "bad corpus reference",
        ),
        (
            inputs_file("levenshteinDistance", ["a", "b"], [{"id": "x", "arguments": {"a": "", "b": ""}}]),
            "/cases/0",
            "description",
        ),
        (
            inputs_file(
                "levenshteinDistance",
                ["a", "b"],
                [
                    {"id": "x", "description": "d", "arguments": {"a": "", "b": ""}},
                    {"id": "x", "description": "d", "arguments": {"a": "", "b": ""}},
                ],
            ),
            "/cases/1/id",
            "duplicate",
        ),
    ],
)
def test_make_rejects_bad_input_with_a_location(
    tmp_path: Path, corpus: Path, content: dict, key: str, message: str
) -> None:
    source = write(tmp_path / "in.json", content)
    with pytest.raises(InputError) as caught:
        make(docmind(), source, tmp_path / "out.json", corpus)
    diagnostic = caught.value.diagnostics[0]
    assert caught.value.exit_code == EXIT_BAD_INPUT
    assert diagnostic.key == key and message in diagnostic.message, diagnostic
    assert diagnostic.path and diagnostic.path.endswith("in.json")
    assert not (tmp_path / "out.json").exists()


def test_make_invalid_json_has_line_and_column(tmp_path: Path) -> None:
    source = write(tmp_path / "in.json", '{\n  "function": "levenshteinDistance",\n  "parameters": ["a", "b"],,\n}')
    with pytest.raises(InputError) as caught:
        make(docmind(), source, tmp_path / "out.json")
    diagnostic = caught.value.diagnostics[0]
    assert (diagnostic.line, diagnostic.column) == (3, 28)
    assert "invalid JSON" in diagnostic.message


def test_make_corpus_reference_without_corpus(tmp_path: Path) -> None:
    source = write(
        tmp_path / "in.json",
        inputs_file(
            "levenshteinDistance",
            ["a", "b"],
            [
                {
                    "id": "x",
                    "description": "d",
                    "arguments": {"a": {"$corpus": {"page": "a.html", "segment": 0}}, "b": ""},
                }
            ],
        ),
    )
    with pytest.raises(InputError, match="corpus not found"):
        make(docmind(), source, tmp_path / "out.json", tmp_path / "nowhere")


def test_make_cli_exit_codes(tmp_path: Path) -> None:
    good = write(
        tmp_path / "good.json",
        inputs_file(
            "truncateSelection", ["selection"], [{"id": "s", "description": "d", "arguments": {"selection": "  abc  "}}]
        ),
    )
    runner = CliRunner()
    result = runner.invoke(main, ["golden", "make", "--inputs", str(good), "--out", str(tmp_path / "out.json")])
    assert result.exit_code == 0, result.output
    assert load_golden(tmp_path / "out.json").cases[0].expected == "abc"
    bad = write(tmp_path / "bad.json", inputs_file("noSuchFunction", ["x"], []))
    result = runner.invoke(main, ["golden", "make", "--inputs", str(bad), "--out", str(tmp_path / "o.json")])
    assert result.exit_code == 2
    assert "bad.json: error: /function: unknown function 'noSuchFunction'" in result.output


# -- generate -------------------------------------------------------------------------------------------------------


def test_generate_is_deterministic(tmp_path: Path, corpus: Path, inputs: Path) -> None:
    first = generate(docmind(), tmp_path / "one", corpus, inputs, **SMALL)
    generate(docmind(), tmp_path / "two", corpus, inputs, **SMALL)
    names = sorted(p.name for p in (tmp_path / "one").iterdir())
    assert names == ["frozenConfig.json", "levenshteinDistance.json", "matchCitations.json", "validateCitation.json"]
    for name in names:
        assert (tmp_path / "one" / name).read_bytes() == (tmp_path / "two" / name).read_bytes()
    assert first.counts["levenshteinDistance"] == {"adversarial": 2, "corpus": 4, "property": 5}
    assert first.counts["frozenConfig"] == {"adversarial": 1, "corpus": 0, "property": 0}
    assert first.counts["matchCitations"]["corpus"] > 0 and first.counts["validateCitation"]["corpus"] > 0


def test_generated_corpus_cases_hold_references_not_page_text(tmp_path: Path, corpus: Path, inputs: Path) -> None:
    generate(docmind(), tmp_path / "out", corpus, inputs, **SMALL)
    text = "".join(p.read_text(encoding="ascii") for p in (tmp_path / "out").iterdir())
    for fragment in ("several words", "Block one", "astronomy", "Hidden paragraphs", "final sentence"):
        assert fragment not in text
    golden = load_golden(tmp_path / "out" / "matchCitations.json")
    corpus_cases = [c for c in golden.cases if c.source == "corpus"]
    assert corpus_cases and all(c.uses_corpus for c in corpus_cases)


def test_generate_needs_the_corpus(tmp_path: Path, inputs: Path) -> None:
    with pytest.raises(InputError, match="corpus not found"):
        generate(docmind(), tmp_path / "out", tmp_path / "nowhere", inputs, **SMALL)
    assert not (tmp_path / "out").exists()


def test_generate_rejects_bad_inputs_files(tmp_path: Path, corpus: Path, inputs: Path) -> None:
    write(
        inputs / "levenshteinDistance.json",
        inputs_file(
            "levenshteinDistance",
            ["a", "b"],
            [{"id": "x", "description": "d", "arguments": {"a": "\U0001fae8", "b": ""}, "source": "adversarial"}],
        ),
    )
    with pytest.raises(InputError) as caught:
        generate(docmind(), tmp_path / "out", corpus, inputs, **SMALL)
    assert caught.value.diagnostics[0].key == "/cases/0/arguments/a"
    write(
        inputs / "levenshteinDistance.json",
        inputs_file(
            "levenshteinDistance",
            ["a", "b"],
            [{"id": "x", "description": "d", "arguments": {"a": "", "b": ""}, "expected": 0}],
        ),
    )
    with pytest.raises(InputError, match="hold no expected"):
        generate(docmind(), tmp_path / "out", corpus, inputs, **SMALL)
    write(inputs / "bogus.json", inputs_file("bogus", ["a"], []))
    with pytest.raises(InputError, match="no function named 'bogus'"):
        generate(docmind(), tmp_path / "out", corpus, inputs, **SMALL)


# -- check -----------------------------------------------------------------------------------------------------------


@pytest.fixture
def generated(tmp_path: Path, corpus: Path, inputs: Path) -> Path:
    out = tmp_path / "golden"
    generate(docmind(), out, corpus, inputs, **SMALL)
    return out


def run_check(golden: Path, corpus: Path, inputs: Path):
    return check(docmind(), golden, corpus, inputs, **SMALL)


def test_check_passes_on_fresh_files(generated: Path, corpus: Path, inputs: Path) -> None:
    report = run_check(generated, corpus, inputs)
    assert report.ok and report.corpus_available, report.differences


def test_check_detects_a_tampered_expected_value(generated: Path, corpus: Path, inputs: Path) -> None:
    path = generated / "levenshteinDistance.json"
    golden = load_golden(path)
    golden.cases[0].expected = 99
    write_golden(golden, path)
    report = run_check(generated, corpus, inputs)
    assert [(d.kind, d.case, d.detail) for d in report.differences] == [
        ("changed-case", "levenshteinDistance/adversarial/astral", "differs in expected")
    ]


def test_check_detects_a_missing_and_an_extra_case(generated: Path, corpus: Path, inputs: Path) -> None:
    path = generated / "matchCitations.json"
    golden = load_golden(path)
    removed = golden.cases.pop(0)
    golden.cases.append(
        GoldenCase(
            "matchCitations/adversarial/smuggled",
            "not generated",
            {"citations": [], "segments": [], "clock": []},
            [],
            "adversarial",
        )
    )
    write_golden(golden, path)
    kinds = {(d.kind, d.case) for d in run_check(generated, corpus, inputs).differences}
    assert ("missing-case", removed.id) in kinds
    assert ("extra-case", "matchCitations/adversarial/smuggled") in kinds


def test_check_detects_formatting_and_missing_files(generated: Path, corpus: Path, inputs: Path) -> None:
    path = generated / "frozenConfig.json"
    path.write_text(json.dumps(json.loads(path.read_text())), encoding="ascii")  # same content, not canonical
    (generated / "validateCitation.json").unlink()
    kinds = {(d.function, d.kind) for d in run_check(generated, corpus, inputs).differences}
    assert kinds == {("frozenConfig", "format"), ("validateCitation", "missing-file")}


def test_check_without_the_corpus_skips_corpus_cases(
    generated: Path, corpus: Path, inputs: Path, tmp_path: Path
) -> None:
    report = check(docmind(), generated, tmp_path / "nowhere", inputs, **SMALL)
    assert report.ok and not report.corpus_available
    skipped = report.summary.corpus_skipped
    assert skipped["levenshteinDistance"] == 4 and skipped["matchCitations"] > 0
    assert report.summary.by_source()["corpus"] == 0  # skipped, never counted as checked
    assert any("skipped, not checked" in line for line in report.summary.lines())
    # A change outside the corpus cases is still found without the corpus.
    path = generated / "levenshteinDistance.json"
    golden = load_golden(path)
    golden.cases[-1].expected = -1
    write_golden(golden, path)
    differences = check(docmind(), generated, tmp_path / "nowhere", inputs, **SMALL).differences
    assert [(d.kind, d.case) for d in differences] == [("changed-case", "levenshteinDistance/property/0004")]


def test_check_cli_exit_codes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The CLI maps differences to exit 1 (check itself is stubbed: its logic is tested above)."""
    from toolchain.golden import commands
    from toolchain.golden.commands import CheckReport, Difference, Summary

    summary = Summary({"frozenConfig": {"adversarial": 5, "corpus": 0, "property": 0}}, {}, {}, 0, 0.0)
    report = CheckReport(
        [Difference("frozenConfig", "changed-case", "frozenConfig/adversarial/x", "differs in expected")],
        summary,
        True,
        tmp_path,
    )
    monkeypatch.setattr(commands, "check", lambda *_, **__: report)
    result = CliRunner().invoke(main, ["golden", "check"])
    assert result.exit_code == 1
    assert "frozenConfig: changed-case: frozenConfig/adversarial/x: differs in expected" in result.output
    result = CliRunner().invoke(main, ["golden", "check", "--format", "json"])
    assert result.exit_code == 1 and json.loads(result.output)["ok"] is False


def test_generate_cli_without_corpus_exits_2(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        main, ["golden", "generate", "--corpus", str(tmp_path / "nowhere"), "--out", str(tmp_path / "o")]
    )
    assert result.exit_code == 2
    assert "corpus not found" in result.output


def test_dumps_is_canonical_ascii() -> None:
    from toolchain.golden.format import GoldenFile

    text = dumps_golden(GoldenFile("f", ["a"], [GoldenCase("i", "d", {"a": "\U0001f600\ud800"}, "\u00e9")]))
    assert text.isascii() and "\\ud83d\\ude00\\ud800" in text
