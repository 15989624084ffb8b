"""Run the golden vectors against the project's runtime in every engine, and compare with the reference's results.

1. Load the vector files (`--vectors`, else the project's `[conformance] vectors`, else its `[golden] vectors`),
   checked against the golden schema; every case must have `expected` (an inputs file is an input error: run
   `xtk golden make`), ids are unique across files, parameters are in the reference's order.
2. Resolve `{"$corpus": ...}` references with the project's reference module (`[golden]`). Without the corpus, the
   cases that need it are skipped, with the reason, never passed.
3. Bundle the conformance module (bundle.py) and run every engine at once, each in its own thread: one start-up
   per engine, then the cases of each function in batches of a few hundred. A batch that times out or crashes
   the engine is run again one case at a time in a fresh engine, so a hanging case becomes a failure that names
   it, and the others still count.
4. Compare each result with `expected` as JSON values (`format.json_equal`): strings code unit for code unit,
   numbers numerically and exactly, object keys in any order. A case that needs a web API the engine lacks
   (bundle.py) is skipped in that engine, with the reason.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from toolchain.conform.bundle import bundle_conformance, flavour_for
from toolchain.conform.engines import ENGINE_NAMES, EngineError, EngineTimeout, create
from toolchain.conform.report import ConformReport, EngineReport, Failure, Skip, Tally
from toolchain.diagnostics import Diagnostic, InputError
from toolchain.golden.project import Reference, config_problem, load_golden_project

#: Seconds one case may run before it is reported as hanging.
CASE_TIMEOUT = 10.0
#: A batch holds at most this many cases, and at most this much request text.
BATCH_CASES = 200
BATCH_BYTES = 512 * 1024
#: A batch may take CASE_TIMEOUT plus this much per case before it is taken for hanging.
BATCH_SECONDS_PER_CASE = 0.25


@dataclass
class Case:
    id: str
    function: str
    file: str
    index: int  # in its file, for locations
    expected: Any
    arguments: list[Any] | None = None  # positional, references resolved; None when skipped
    skip: str | None = None


@dataclass
class Result:
    ok: bool
    value: Any = None
    error: str | None = None
    skip: str | None = None  # this engine cannot run the case (it lacks a web API the case needs)


def parse_engines(values: Sequence[str]) -> list[str]:
    """`--engine v8,node --engine firefox` → ["v8", "node", "firefox"] in run order; none → all five."""
    names = [name.strip().lower() for value in values for name in value.split(",") if name.strip()]
    unknown = [name for name in names if name not in ENGINE_NAMES]
    if unknown:
        raise InputError.single(
            f"--engine: unknown engine {', '.join(map(repr, unknown))}; "
            f"choose from {', '.join(ENGINE_NAMES)} (comma-separated)"
        )
    chosen = set(names) or set(ENGINE_NAMES)
    return [name for name in ENGINE_NAMES if name in chosen]


# --- vectors ------------------------------------------------------------------------------------------------


def vector_files(paths: Sequence[Path], display: Callable[[Path], str]) -> list[Path]:
    """Files as given; folders give their *.json files (not recursively, schemas left out)."""
    files: list[Path] = []
    problems: list[Diagnostic] = []
    for path in paths:
        if path.is_dir():
            found = sorted(p for p in path.glob("*.json") if p.is_file() and not p.name.endswith(".schema.json"))
            if not found:
                problems.append(Diagnostic("error", "no vector files (*.json) in this folder", path=display(path)))
            files.extend(found)
        elif path.is_file():
            files.append(path)
        else:
            problems.append(Diagnostic("error", "no such file or folder", path=display(path)))
    if problems:
        raise InputError(problems)
    return list(dict.fromkeys(p.resolve() for p in files))


def load_cases(
    files: Sequence[Path], display: Callable[[Path], str], reference: Reference | None = None
) -> tuple[list[Case], dict[str, int]]:
    """Every case of every file, checked; all problems of all files are reported together (exit 2). With the
    project's reference, a function it knows must list its parameters in the reference's order."""
    from toolchain.golden.format import load_golden

    functions: Mapping[str, Any] = reference.functions if reference else {}

    cases: list[Case] = []
    counts: dict[str, int] = {}
    problems: list[Diagnostic] = []
    seen: dict[str, str] = {}
    for path in files:
        shown = display(path)
        try:
            golden = load_golden(path, shown)
        except InputError as error:
            problems.extend(error.diagnostics)
            continue
        known = functions.get(golden.function)
        if known is not None and tuple(golden.parameters) != tuple(known.parameters):
            problems.append(
                Diagnostic(
                    "error",
                    f"{golden.function} takes ({', '.join(known.parameters)}) in this "
                    f"order ({reference.module_name if reference else 'the reference'}), "
                    f"not ({', '.join(golden.parameters)})",
                    path=shown,
                    key="/parameters",
                )
            )
            continue
        counts.setdefault(golden.function, 0)
        for index, golden_case in enumerate(golden.cases):
            where = f"/cases/{index}"
            if not golden_case.has_expected:
                problems.append(
                    Diagnostic(
                        "error",
                        f'case {golden_case.id!r} has no "expected": this is an inputs file; '
                        "run `xtk golden make` to compute the expected results with the reference",
                        path=shown,
                        key=where,
                    )
                )
                continue
            if golden_case.id in seen:
                problems.append(
                    Diagnostic(
                        "error",
                        f"case id {golden_case.id!r} is also in {seen[golden_case.id]}",
                        path=shown,
                        key=f"{where}/id",
                    )
                )
                continue
            seen[golden_case.id] = shown
            try:
                json.dumps([golden_case.arguments, golden_case.expected], allow_nan=False)
            except ValueError:
                problems.append(
                    Diagnostic(
                        "error", f"case {golden_case.id!r}: NaN and Infinity are not JSON", path=shown, key=where
                    )
                )
                continue
            counts[golden.function] += 1
            cases.append(
                Case(
                    golden_case.id,
                    golden.function,
                    shown,
                    index,
                    golden_case.expected,
                    [golden_case.arguments[p] for p in golden.parameters],
                )
            )
    if problems:
        raise InputError(problems)
    return cases, counts


def resolve_corpus(cases: list[Case], reference: Reference | None, corpus_root: Path | None = None) -> None:
    """Replace corpus references by their values, or mark the case skipped (saying why) when the corpus or the
    project's resolver is not there. A reference that cannot be resolved although the corpus is there is an input
    error."""
    from toolchain.golden.format import corpus_references, resolve

    needing = [case for case in cases if any(True for _ in corpus_references(case.arguments))]
    if not needing:
        return
    why = None
    if (
        reference is None
        or reference.sources is None
        or not callable(getattr(reference.sources, "resolve_corpus", None))
    ):
        why = "needs a corpus resolver: the project's [golden] reference module provides none"
    elif corpus_root is None:
        why = "needs the corpus: the project declares none ([golden] corpus)"
    elif not reference.corpus_available(corpus_root):
        why = f"needs the corpus, not found at {corpus_root}"
    if why is not None:
        for case in needing:
            case.skip = why
            case.arguments = None
        return
    assert reference is not None and corpus_root is not None
    root = corpus_root
    cache: dict[str, Any] = {}

    def resolver(spec: Any) -> Any:
        key = json.dumps(spec, sort_keys=True)
        if key not in cache:
            cache[key] = reference.resolve_corpus(spec, root)
        return cache[key]

    problems = []
    for case in needing:
        try:
            case.arguments = resolve(case.arguments, resolver)
        except Exception as error:  # CorpusReferenceError, or anything the reference raises on a bad spec
            problems.append(
                Diagnostic(
                    "error",
                    f"case {case.id!r}: corpus reference: {error}",
                    path=case.file,
                    key=f"/cases/{case.index}/arguments",
                )
            )
    if problems:
        raise InputError(problems)


# --- running ------------------------------------------------------------------------------------------------


@dataclass
class Batch:
    cases: list[Case]
    text: str  # the request: ASCII JSON


def make_batches(cases: list[Case]) -> list[Batch]:
    """Runnable cases, grouped by function (in order of first appearance), in requests of at most BATCH_CASES
    cases and about BATCH_BYTES of text. Made once and shared by every engine."""
    groups: dict[str, list[Case]] = {}
    for case in cases:
        if case.skip is None:
            groups.setdefault(case.function, []).append(case)
    out: list[Batch] = []
    for function, members in groups.items():
        head = '{"function":' + json.dumps(function) + ',"cases":['
        current: list[Case] = []
        items: list[str] = []
        size = 0
        for case in members:
            item = _item(case)
            if current and (len(current) >= BATCH_CASES or size + len(item) > BATCH_BYTES):
                out.append(Batch(current, head + ",".join(items) + "]}"))
                current, items, size = [], [], 0
            current.append(case)
            items.append(item)
            size += len(item) + 1
        if current:
            out.append(Batch(current, head + ",".join(items) + "]}"))
    return out


def _item(case: Case) -> str:
    # ensure_ascii: lone surrogates and astral characters travel as \u escapes.
    return json.dumps(
        {"id": case.id, "arguments": case.arguments}, ensure_ascii=True, separators=(",", ":"), allow_nan=False
    )


def single(case: Case) -> Batch:
    return Batch([case], '{"function":' + json.dumps(case.function) + ',"cases":[' + _item(case) + "]}")


def parse_answer(answer: str, batch: list[Case]) -> dict[str, Result]:
    try:
        data = json.loads(answer)
    except ValueError as error:
        raise EngineError(f"the engine's answer is not JSON ({error}): {answer[:200]!r}") from None
    if not isinstance(data, list) or len(data) != len(batch):
        raise EngineError(
            f"the engine answered {len(data) if isinstance(data, list) else 'no list of'} results "
            f"for {len(batch)} cases"
        )
    results: dict[str, Result] = {}
    for case, item in zip(batch, data):
        if not isinstance(item, dict) or item.get("id") != case.id:
            raise EngineError(f"the engine's results are out of order at case {case.id!r}")
        if item.get("ok") is True:
            if "value" in item:
                results[case.id] = Result(True, item["value"])
            else:
                results[case.id] = Result(False, error="returned undefined, which is not a JSON value")
        elif "skip" in item:
            results[case.id] = Result(False, skip=str(item["skip"]))
        else:
            results[case.id] = Result(False, error=str(item.get("error", "failed")))
    return results


class EngineRun:
    """One engine's whole run, in its own thread: start, wait for the batches (the corpus may still be being
    resolved meanwhile), run them all, stop."""

    def __init__(
        self,
        name: str,
        bundle: Path,
        workdir: Path,
        case_timeout: float,
        stop: threading.Event,
        ready: threading.Event,
        plan: list[Batch],
    ) -> None:
        self.name, self.bundle, self.workdir = name, bundle, workdir
        self.case_timeout, self.stop, self.ready, self.plan = case_timeout, stop, ready, plan
        self.results: dict[str, Result] = {}
        self.engine = create(name)
        self.report = EngineReport(name, self.engine.title)

    def __call__(self) -> EngineRun:
        started = time.perf_counter()
        try:
            try:
                self.engine.open(self.bundle, self.workdir)
            except Exception as error:  # EngineError, or a driver's own (a missing client library, say)
                self.report.error = f"could not start {self.engine.title}: {_describe(error)}"
                return self
            finally:
                self.report.startup_seconds = time.perf_counter() - started
                self.report.version = self.engine.version
            while not self.ready.wait(0.05):
                if self.stop.is_set():
                    break
            running = time.perf_counter()
            try:
                for batch in self.plan:
                    if self.stop.is_set():
                        self.report.error = "interrupted"
                        return self
                    self.results.update(self._run_batch(batch))
                    self.report.cases_run += len(batch.cases)
            except Exception as error:  # EngineError: it could not be brought back; anything else: a driver's bug
                self.report.error = f"{self.engine.title} stopped: {_describe(error)}"
            finally:
                self.report.run_seconds = time.perf_counter() - running
        finally:
            try:
                self.engine.close()
            except Exception as error:
                if self.report.error is None:
                    self.report.error = f"{self.engine.title} did not stop cleanly: {_describe(error)}"
        return self

    def _run_batch(self, batch: Batch) -> dict[str, Result]:
        cases = batch.cases
        timeout = self.case_timeout + BATCH_SECONDS_PER_CASE * (len(cases) - 1)
        self.report.requests += 1
        try:
            return parse_answer(self.engine.run(batch.text, timeout), cases)
        except EngineTimeout:
            problem = f"timed out: no answer within {timeout:g} s"
        except EngineError as error:
            problem = _describe(error)
        self.engine.reset()  # raises EngineError when the engine cannot be brought back: the run stops there
        if len(cases) == 1:
            return {cases[0].id: Result(False, error=problem)}
        results: dict[str, Result] = {}
        for case in cases:  # find the culprit(s); the other cases still count
            results.update(self._run_batch(single(case)))
        return results


def _describe(error: BaseException) -> str:
    text = str(error).strip()
    return text if isinstance(error, EngineError) else f"{type(error).__name__}: {text}"


def compare(run: EngineRun, cases: list[Case]) -> None:
    from toolchain.golden.format import json_equal

    report = run.report
    for case in cases:
        tally = report.functions.setdefault(case.function, Tally())
        if case.skip is not None:
            tally.skipped += 1
            continue
        result = run.results.get(case.id)
        if result is None:
            tally.not_run += 1
        elif result.skip is not None:
            tally.skipped += 1
            report.skips.append(Skip(case.id, case.function, case.file, result.skip))
        elif result.ok and json_equal(case.expected, result.value):
            tally.passed += 1
        else:
            tally.failed += 1
            report.failures.append(
                Failure(
                    run.name,
                    case.function,
                    case.id,
                    case.file,
                    case.expected,
                    result.value if result.ok else None,
                    None if result.ok else result.error,
                )
            )


def run_conformance(
    project: Any,
    engines: Sequence[str],
    vectors: Sequence[Path] = (),
    *,
    corpus_root: Path | None = None,
    case_timeout: float = CASE_TIMEOUT,
    parallel: bool = True,
    on_warning: Callable[[Diagnostic], None] | None = None,
) -> ConformReport:
    """Check the project's conformance module against the vectors in each engine. Input problems raise
    `InputError` (exit 2), bundling errors `ProjectError` (exit 1); failures are in the report.

    With `parallel`, every engine runs in its own thread, and the engines start while the corpus references
    are being resolved; without, one engine after the other (each engine's timings then are its own)."""
    started = time.perf_counter()
    config = project.config
    if config.conformance is None:
        raise InputError.single(
            'the project has no [conformance] section: add `[conformance] module = "src/.../conformance.ts"`, a '
            "module exporting `conformance` (each golden function's name → the runtime function)",
            path=project.display(project.config_path),
        )
    golden = load_golden_project(project) if config.golden is not None else None
    if vectors:
        paths = list(vectors)
    elif config.conformance.vectors:
        paths = [(project.base_dir / v).resolve() for v in config.conformance.vectors]
    elif golden is not None:
        paths = [golden.vectors]
    else:
        raise config_problem(
            project,
            ("conformance",),
            "no vectors to run: add [golden] (with its vectors folder) or "
            "[conformance] vectors to the config, or pass --vectors",
        )
    files = vector_files(paths, display_path)
    reference = golden.reference if golden else None
    cases, counts = load_cases(files, display_path, reference)
    if corpus_root is None and golden is not None:
        corpus_root = golden.corpus

    from toolchain.files import make_folder

    scratch_parent = make_folder(project.out_dir / ".xtk" / "conform", project.base_dir)  # confined: no link out
    scratch = Path(tempfile.mkdtemp(prefix="run-", dir=scratch_parent))
    try:
        flavours = {name: flavour_for(name, project.targets) for name in engines}
        bundled = time.perf_counter()
        bundles, warnings = bundle_conformance(project, list(flavours.values()), scratch)
        bundle_seconds = time.perf_counter() - bundled
        for warning in warnings:
            if on_warning:
                on_warning(warning)

        stop, ready = threading.Event(), threading.Event()
        plan: list[Batch] = []
        runs = [
            EngineRun(name, bundles[flavours[name]].path, scratch / name, case_timeout, stop, ready, plan)
            for name in engines
        ]
        for run in runs:
            (scratch / run.name).mkdir()

        def prepare() -> None:
            resolve_corpus(cases, reference, corpus_root)
            plan.extend(make_batches(cases))
            ready.set()

        if parallel and len(runs) > 1:
            with ThreadPoolExecutor(max_workers=len(runs), thread_name_prefix="xtk-conform") as pool:
                futures = [pool.submit(run) for run in runs]
                try:
                    prepare()  # meanwhile the engines start
                    for future in futures:
                        future.result()
                except BaseException:
                    stop.set()  # every engine stops itself (and its processes) before we leave the pool
                    raise
        else:
            prepare()
            for run in runs:
                run()
        for run in runs:
            compare(run, cases)
    finally:
        if not os.environ.get("XTK_DEBUG"):
            shutil.rmtree(scratch, ignore_errors=True)

    return ConformReport(
        vectors=[display_path(f) for f in files],
        functions=counts,
        engines=[run.report for run in runs],
        skips=[Skip(c.id, c.function, c.file, c.skip) for c in cases if c.skip is not None],
        seconds=time.perf_counter() - started,
        bundle_seconds=bundle_seconds,
        warnings=[w.format() for w in warnings],
    )


def display_path(path: Path) -> str:
    """A path as users read it: relative to the current folder when inside it, else absolute."""
    resolved = Path(path).resolve()
    try:
        return resolved.relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return str(resolved)
