"""All five engines, real browsers included: the bridges carry every string intact, a hang is contained, and
DocMind's real runtime reproduces every golden vector everywhere."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conform.conftest import with_docmind_golden
from tests.conftest import CORPUS, run_xtk
from toolchain.conform.engines import ENGINE_NAMES
from toolchain.conform.harness import run_conformance
from toolchain.project import load_project

pytestmark = [pytest.mark.browser, pytest.mark.node]


def _timings(request: pytest.FixtureRequest, report: dict) -> None:
    """Start-up and per-case times, in the junit properties and the captured output (`pytest -rP`)."""
    for engine in report["engines"]:
        seconds = engine["seconds"]
        request.node.user_properties.append((f"{engine['engine']}_startup_s", seconds["startup"]))
        request.node.user_properties.append((f"{engine['engine']}_run_s", seconds["run"]))
        print(
            f"{engine['engine']:<13} start {seconds['startup']:.2f} s, {engine['cases_run']} cases in "
            f"{seconds['run']:.2f} s ({engine['requests']} requests)"
        )
    print(f"total {report['seconds']['total']:.1f} s")


def test_lone_surrogates_and_astral_characters_survive_every_bridge(toy: Path, request: pytest.FixtureRequest) -> None:
    result = run_xtk("conform", "--format", "json", cwd=toy / "project", timeout=300)
    report = json.loads(result.stdout)
    _timings(request, report)
    assert result.code == 0, result.output
    assert [e["engine"] for e in report["engines"]] == list(ENGINE_NAMES)
    for engine in report["engines"]:
        assert engine["ok"] and engine["failed"] == 0 and engine["skipped"] == 0, engine
        assert engine["passed"] == report["cases"]
        for function in ("echo", "codeUnits", "concat"):
            assert engine["functions"][function]["passed"] > 0


def test_browsers_contain_a_hanging_case_and_run_their_browsers_build(toy: Path) -> None:
    project = load_project(toy / "project")
    report = run_conformance(project, ["chromium", "firefox"], [toy / "special"], case_timeout=2.0)
    for engine in report.engines:
        assert engine.error is None, engine.error
        failures = {f.id: f for f in engine.failures}
        assert "timed out" in str(failures.pop("spin/forever").error)
        if engine.engine == "firefox":
            assert failures.pop("flavour/which").actual == "firefox"
        assert failures == {}, engine.engine
        assert engine.functions["hostname"].passed == 1, "browsers have URL"


def test_the_runtime_reproduces_every_golden_vector_in_all_five_engines(
    flagship: Path, request: pytest.FixtureRequest
) -> None:
    """The real thing: DocMind's conformance module over its golden vectors ([golden] vectors:
    extension_src/specs/golden/) in V8, SpiderMonkey, Node, Chromium and Firefox. 100%: no failure, nothing left
    unrun, nothing skipped — but corpus cases when ../shared/corpus is absent. (mini-racer's bare V8 has no URL: the
    harness gives it core-js's, as pythonmonkey gives SpiderMonkey.)"""
    result = run_xtk(
        "conform", "--format", "json", "--project", str(with_docmind_golden(flagship)), cwd=flagship, timeout=600
    )
    assert result.stdout.startswith("{"), result.output
    report = json.loads(result.stdout)
    if "engines" in report:
        _timings(request, report)
    failures = {e["engine"]: [f["id"] for f in e["failures"]][:20] for e in report.get("engines", [])}
    assert result.code == 0, f"{result.stderr}\nfailures: {failures}"
    assert report["ok"] is True
    assert report["cases"] > 1000
    if CORPUS.is_dir():
        assert report["skipped"] == 0
    else:
        assert all("corpus" in skip["reason"] for skip in report["skips"])
    for engine in report["engines"]:
        assert engine["error"] is None and engine["failed"] == 0 and engine["not_run"] == 0, engine["engine"]
        assert all("corpus" in skip["reason"] for skip in engine["skips"]), engine["engine"]
        assert engine["passed"] + engine["skipped"] == report["cases"]
        if CORPUS.is_dir():
            assert engine["passed"] == report["cases"], engine["engine"]


def test_the_second_golden_project_conforms_in_all_five_engines(golden_mini: Path) -> None:
    """tests/fixtures/projects/golden-mini: another project's reference and runtime, its own vectors by default."""
    result = run_xtk("conform", "--format", "json", "--project", str(golden_mini), cwd=golden_mini, timeout=300)
    report = json.loads(result.stdout)
    assert result.code == 0, result.output
    assert report["vectors"] == ["golden/countWords.json"]
    assert [e["engine"] for e in report["engines"]] == list(ENGINE_NAMES)
    for engine in report["engines"]:
        assert engine["ok"] and engine["passed"] == report["cases"] == 7, engine
