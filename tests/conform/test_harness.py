"""The harness: loading and checking vectors, corpus references, batching, comparing, reporting, timeouts.

Runs use the engines that need no browser (V8 in-process, Node, SpiderMonkey); test_engines.py adds the browsers.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conform.conftest import case, write_vectors
from tests.unit.golden.conftest import docmind
from toolchain.conform import harness
from toolchain.conform.harness import (
    Case,
    load_cases,
    make_batches,
    parse_engines,
    resolve_corpus,
    run_conformance,
    vector_files,
)
from toolchain.conform.report import compare_shown, show
from toolchain.diagnostics import InputError
from toolchain.project import load_project


def display(path: Path) -> str:
    return path.name


# --- engines --------------------------------------------------------------------------------------------------


def test_engines_default_to_all_five_in_a_fixed_order() -> None:
    assert parse_engines(()) == ["v8", "spidermonkey", "node", "chromium", "firefox"]
    assert parse_engines(("firefox,V8", " node ")) == ["v8", "node", "firefox"]


def test_an_unknown_engine_is_bad_input_naming_the_choices() -> None:
    with pytest.raises(InputError) as raised:
        parse_engines(("v8,webkit",))
    assert raised.value.exit_code == 2
    assert "'webkit'" in raised.value.diagnostics[0].message
    assert "v8, spidermonkey, node, chromium, firefox" in raised.value.diagnostics[0].message


# --- vectors --------------------------------------------------------------------------------------------------


def test_a_folder_gives_its_json_files_without_schemas(tmp_path: Path) -> None:
    write_vectors(tmp_path / "b.json", "echo", ["value"], [])
    write_vectors(tmp_path / "a.json", "echo", ["value"], [])
    (tmp_path / "golden.schema.json").write_text("{}")
    write_vectors(tmp_path / "inputs" / "c.json", "echo", ["value"], [])  # not recursive
    assert [p.name for p in vector_files([tmp_path], display)] == ["a.json", "b.json"]


def test_docminds_golden_folder_leaves_out_its_schemas_and_inputs() -> None:
    names = [p.name for p in vector_files([docmind().vectors], display)]
    assert names and not any(name.endswith(".schema.json") for name in names)


def test_missing_paths_and_empty_folders_are_bad_input(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    with pytest.raises(InputError) as raised:
        vector_files([tmp_path / "nope.json", tmp_path / "empty"], display)
    assert [d.message for d in raised.value.diagnostics] == [
        "no such file or folder",
        "no vector files (*.json) in this folder",
    ]


def test_cases_take_their_arguments_in_the_files_parameter_order(tmp_path: Path) -> None:
    path = write_vectors(tmp_path / "concat.json", "concat", ["a", "b"], [case("concat/x", {"b": "2", "a": "1"}, "12")])
    cases, counts = load_cases([path], display)
    assert counts == {"concat": 1}
    assert (cases[0].id, cases[0].arguments, cases[0].expected) == ("concat/x", ["1", "2"], "12")


def test_a_case_without_expected_says_run_xtk_golden_make(tmp_path: Path) -> None:
    path = write_vectors(
        tmp_path / "echo.json",
        "echo",
        ["value"],
        [case("echo/ok", {"value": 1}, 1), case("echo/input-only", {"value": 2})],
    )
    with pytest.raises(InputError) as raised:
        load_cases([path], display)
    (problem,) = raised.value.diagnostics
    assert (problem.path, problem.key) == ("echo.json", "/cases/1")
    assert "echo/input-only" in problem.message and "xtk golden make" in problem.message


def test_invalid_json_is_located_by_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{\n  "function": "echo",\n  "parameters": ["value"]\n  "cases": []\n}\n')
    with pytest.raises(InputError) as raised:
        load_cases([path], display)
    (problem,) = raised.value.diagnostics
    assert (problem.path, problem.line) == ("broken.json", 4)
    assert problem.message.startswith("invalid JSON")


def test_schema_errors_are_located_by_json_pointer(tmp_path: Path) -> None:
    path = write_vectors(tmp_path / "echo.json", "echo", ["value"], [{"id": "x", "arguments": {"value": 1}}])
    with pytest.raises(InputError) as raised:
        load_cases([path], display)
    assert any(d.key == "/cases/0" and "description" in d.message for d in raised.value.diagnostics)


def test_ids_are_unique_across_files(tmp_path: Path) -> None:
    first = write_vectors(tmp_path / "a.json", "echo", ["value"], [case("same", {"value": 1}, 1)])
    second = write_vectors(tmp_path / "b.json", "echo", ["value"], [case("same", {"value": 2}, 2)])
    with pytest.raises(InputError) as raised:
        load_cases([first, second], display)
    (problem,) = raised.value.diagnostics
    assert (problem.path, problem.key) == ("b.json", "/cases/0/id")
    assert "a.json" in problem.message


def test_a_reference_function_must_list_the_references_parameter_order(tmp_path: Path) -> None:
    path = write_vectors(tmp_path / "lev.json", "levenshteinDistance", ["b", "a"], [case("x", {"a": "", "b": ""}, 0)])
    with pytest.raises(InputError) as raised:
        load_cases([path], display, docmind().reference)
    (problem,) = raised.value.diagnostics
    assert problem.key == "/parameters" and "(a, b)" in problem.message


def test_nan_in_a_vector_is_bad_input(tmp_path: Path) -> None:
    path = tmp_path / "add.json"
    path.write_text(
        '{"function": "add", "parameters": ["a", "b"], "cases": [{"id": "n", "description": "n", '
        '"arguments": {"a": NaN, "b": 1}, "expected": 1}]}'
    )
    with pytest.raises(InputError) as raised:
        load_cases([path], display)
    assert "NaN" in raised.value.diagnostics[0].message


# --- corpus references ----------------------------------------------------------------------------------------


def _corpus_case() -> Case:
    return Case("c", "preciseMatch", "f.json", 0, 1.0, ["x", {"$corpus": {"page": "nope.html", "segment": 0}}])


def test_corpus_cases_are_skipped_with_the_reason_when_the_corpus_is_absent(tmp_path: Path) -> None:
    plain = Case("p", "preciseMatch", "f.json", 1, 1.0, ["a", "a"])
    needing = _corpus_case()
    resolve_corpus([plain, needing], docmind().reference, corpus_root=tmp_path / "no-corpus")
    assert plain.skip is None and plain.arguments == ["a", "a"]
    assert needing.arguments is None
    assert needing.skip == f"needs the corpus, not found at {tmp_path / 'no-corpus'}"
    assert [c.id for b in make_batches([plain, needing]) for c in b.cases] == ["p"], "skipped cases never run"


def test_an_unresolvable_reference_is_bad_input_when_the_corpus_is_there(tmp_path: Path) -> None:
    (tmp_path / "page.html").write_text("<p>Hello</p>")
    with pytest.raises(InputError) as raised:
        resolve_corpus([_corpus_case()], docmind().reference, corpus_root=tmp_path)
    (problem,) = raised.value.diagnostics
    assert (problem.path, problem.key) == ("f.json", "/cases/0/arguments")
    assert "nope.html" in problem.message


def test_references_resolve_to_plain_values(tmp_path: Path) -> None:
    (tmp_path / "page.html").write_text("<html><body><p>Hello world</p><pre>code\n here</pre></body></html>")
    needing = Case(
        "c",
        "couldSpanSegments",
        "f.json",
        0,
        False,
        ["q", 0, {"$corpus": {"page": "page.html", "segmentTexts": [0, 2]}}],
    )
    resolve_corpus([needing], docmind().reference, corpus_root=tmp_path)
    assert needing.skip is None
    assert needing.arguments == ["q", 0, ["hello world", "code\n here"]]


# --- batches --------------------------------------------------------------------------------------------------


def test_batches_split_by_function_count_and_size(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(harness, "BATCH_CASES", 3)
    monkeypatch.setattr(harness, "BATCH_BYTES", 200)
    cases = [Case(f"e{i}", "echo", "f", i, None, ["x"]) for i in range(7)]
    cases += [Case("big", "echo", "f", 7, None, ["y" * 500]), Case("a", "add", "f", 0, 2, [1, 1])]
    batches = make_batches(cases)
    assert [[c.id for c in b.cases] for b in batches] == [
        ["e0", "e1", "e2"],
        ["e3", "e4", "e5"],
        ["e6"],
        ["big"],
        ["a"],
    ]
    for batch in batches:
        assert batch.text.isascii()
        request = json.loads(batch.text)
        assert [c["id"] for c in request["cases"]] == [c.id for c in batch.cases]


def test_requests_are_ascii_with_surrogates_escaped() -> None:
    (batch,) = make_batches([Case("s", "echo", "f", 0, None, ["\ud800😀é"])])
    assert batch.text == '{"function":"echo","cases":[{"id":"s","arguments":["\\ud800\\ud83d\\ude00\\u00e9"]}]}'


# --- text output helpers --------------------------------------------------------------------------------------


def test_shown_values_make_the_invisible_visible() -> None:
    assert show("a\u00a0b\u200b\ud800😀é") == '"a\\u00a0b\\u200b\\ud800😀é"'
    assert show({"k": [1, 2.5, None, True]}) == '{"k": [1, 2.5, null, true]}'


def test_long_values_are_cut_around_the_first_difference() -> None:
    expected, actual, where = compare_shown("a" * 1000 + "X" + "b" * 1000, "a" * 1000 + "Y" + "b" * 1000)
    assert "X" in expected and "Y" in actual
    assert expected.startswith("…") and expected.endswith("(2,003 characters)")
    assert len(expected) < 250
    assert where == "(first difference at character 1,001 of the shown JSON)"


# --- runs in the engines that need no browser ------------------------------------------------------------------

QUICK = ["v8", "spidermonkey", "node"]


@pytest.mark.node
def test_the_toy_vectors_pass_in_v8_spidermonkey_and_node(toy: Path) -> None:
    report = run_conformance(load_project(toy / "project"), QUICK)
    assert report.ok, list(report.lines())
    assert report.cases == sum(report.functions.values()) > 30
    for engine in report.engines:
        assert engine.total.passed == report.cases, engine.engine
        assert engine.version


@pytest.mark.node
def test_failures_carry_id_expected_and_actual(toy: Path) -> None:
    report = run_conformance(load_project(toy / "project"), ["v8", "node"], [toy / "failing"])
    assert not report.ok
    for engine in report.engines:
        failures = {f.id: f for f in engine.failures}
        assert set(failures) == {
            "failing/echo-wrong",
            "failing/throws",
            "failing/undefined",
            "failing/nan",
            "failing/not-exported",
            "failing/long-value",
        }
        wrong = failures["failing/echo-wrong"]
        assert (wrong.expected, wrong.actual, wrong.error) == ("abd", "abc", None)
        assert failures["failing/throws"].error == "TypeError: boom \ud800"
        assert failures["failing/nan"].actual == {"$nonFinite": "NaN"}
        assert "undefined" in str(failures["failing/undefined"].error)
        assert engine.total.passed == 1  # failing/echo-ok
    text = "\n".join(report.lines())
    assert "FAILED [v8, node] failing/echo-wrong" in text
    assert '  expected: "abd"\n  actual:   "abc"' in text
    assert "TypeError: boom \\ud800" in text, "a lone surrogate in a message is shown escaped"
    data = json.loads(report.dumps())
    assert data["ok"] is False
    long_failure = next(f for f in data["engines"][0]["failures"] if f["id"] == "failing/long-value")
    assert len(long_failure["expected"]) == 1004, "JSON output holds values in full"


@pytest.mark.node
def test_a_hanging_case_fails_by_name_and_the_others_still_run(toy: Path) -> None:
    report = run_conformance(load_project(toy / "project"), QUICK, [toy / "special" / "spin.json"], case_timeout=1.0)
    for engine in report.engines:
        assert engine.error is None, engine.error
        assert [f.id for f in engine.failures] == ["spin/forever"], engine.engine
        assert "timed out" in str(engine.failures[0].error)
        assert engine.total.passed == 2


@pytest.mark.node
def test_each_engine_runs_its_browsers_build(toy: Path) -> None:
    report = run_conformance(load_project(toy / "project"), QUICK, [toy / "special" / "flavour.json"])
    outcome = {e.engine: (e.total.passed, [f.actual for f in e.failures]) for e in report.engines}
    assert outcome == {"v8": (1, []), "node": (1, []), "spidermonkey": (0, ["firefox"])}


@pytest.mark.node
def test_a_case_needing_a_web_api_the_engine_lacks_is_skipped_there_not_passed(toy: Path) -> None:
    report = run_conformance(load_project(toy / "project"), QUICK, [toy / "special" / "utf8Length.json"])
    by_engine = {e.engine: e for e in report.engines}
    assert by_engine["v8"].total.skipped == 1 and by_engine["v8"].total.passed == 0
    assert "no TextEncoder" in by_engine["v8"].skips[0].reason
    assert by_engine["node"].total.passed == 1  # Node has it; pythonmonkey's SpiderMonkey has no TextEncoder either
    assert by_engine["spidermonkey"].total.skipped + by_engine["spidermonkey"].total.passed == 1
    assert report.ok, "a skip is not a failure"


@pytest.mark.node
def test_an_engine_that_cannot_start_is_a_failure_saying_why(toy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", "/nonexistent")
    report = run_conformance(load_project(toy / "project"), ["v8", "node"])
    by_engine = {e.engine: e for e in report.engines}
    assert by_engine["v8"].ok
    assert not by_engine["node"].ok and not report.ok
    assert "node is not on PATH" in str(by_engine["node"].error)
    assert by_engine["node"].total.not_run == report.cases
    assert "FAILED: node did not run any cases" in "\n".join(report.lines())


@pytest.mark.node
def test_sequential_and_parallel_runs_agree(toy: Path) -> None:
    project = load_project(toy / "project")
    one = run_conformance(project, QUICK, [toy / "failing"], parallel=False)
    other = run_conformance(project, QUICK, [toy / "failing"], parallel=True)
    assert [e.to_json()["functions"] for e in one.engines] == [e.to_json()["functions"] for e in other.engines]


@pytest.mark.node
def test_the_scratch_folder_is_removed(toy: Path) -> None:
    project = load_project(toy / "project")
    run_conformance(project, ["v8"])
    assert list((project.out_dir / ".xtk" / "conform").iterdir()) == []


@pytest.mark.node
def test_an_engine_that_crashes_in_a_case_is_restarted_and_the_case_fails_by_name(toy: Path) -> None:
    path = write_vectors(
        toy / "exit.json",
        "exitNode",
        ["code"],
        [case("exit/before", {"code": 0}, 0), case("exit/crash", {"code": 7}, 7), case("exit/after", {"code": 0}, 0)],
    )
    report = run_conformance(load_project(toy / "project"), ["v8", "node"], [path])
    by_engine = {e.engine: e for e in report.engines}
    assert by_engine["v8"].ok
    node = by_engine["node"]
    assert node.error is None, node.error
    (failure,) = node.failures
    assert failure.id == "exit/crash" and "exited (exit code 7)" in str(failure.error)
    assert node.total.passed == 2
