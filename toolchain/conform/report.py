"""What a conformance run found, per engine and per function, as text for people and JSON for tools.

Text output shows long values around their first difference and escapes what cannot be seen (lone surrogates,
format characters such as U+200B, separators such as U+00A0): two values that differ only there must not look
the same. JSON output holds every failure with its full expected and actual values.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

#: The text report lists at most this many failures per function (each with all the engines it failed in).
TEXT_FAILURES_PER_FUNCTION = 20
#: Values longer than this (as shown) are cut around their first difference.
TEXT_VALUE_WIDTH = 160


@dataclass
class Failure:
    engine: str
    function: str
    id: str
    file: str
    expected: Any
    #: The function's JSON result; absent when it threw, timed out or returned something that is not JSON.
    actual: Any = None
    #: Why there is no result: "TypeError: …" (thrown), a timeout, an engine crash.
    error: str | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.id, "function": self.function, "file": self.file, "expected": self.expected}
        if self.error is None:
            data["actual"] = self.actual
        else:
            data["error"] = self.error
        return data


@dataclass
class Tally:
    passed: int = 0
    failed: int = 0
    skipped: int = 0
    not_run: int = 0

    def to_json(self) -> dict[str, int]:
        return {"passed": self.passed, "failed": self.failed, "skipped": self.skipped, "not_run": self.not_run}


@dataclass
class Skip:
    id: str
    function: str
    file: str
    reason: str

    def to_json(self) -> dict[str, str]:
        return {"id": self.id, "function": self.function, "file": self.file, "reason": self.reason}


@dataclass
class EngineReport:
    engine: str
    title: str
    version: str = ""
    #: Why the engine could not start or stopped before the end; its remaining cases count as not run.
    error: str | None = None
    startup_seconds: float = 0.0
    run_seconds: float = 0.0
    cases_run: int = 0
    requests: int = 0
    functions: dict[str, Tally] = field(default_factory=dict)
    failures: list[Failure] = field(default_factory=list)
    #: Cases this engine cannot run (it lacks a web API they need); cases skipped everywhere are not listed here.
    skips: list[Skip] = field(default_factory=list)

    @property
    def total(self) -> Tally:
        total = Tally()
        for tally in self.functions.values():
            total.passed += tally.passed
            total.failed += tally.failed
            total.skipped += tally.skipped
            total.not_run += tally.not_run
        return total

    @property
    def ok(self) -> bool:
        total = self.total
        return self.error is None and total.failed == 0 and total.not_run == 0

    def to_json(self) -> dict[str, Any]:
        per_case = self.run_seconds / self.cases_run if self.cases_run else None
        return {
            "engine": self.engine,
            "title": self.title,
            "version": self.version,
            "ok": self.ok,
            "error": self.error,
            "seconds": {
                "startup": round(self.startup_seconds, 4),
                "run": round(self.run_seconds, 4),
                "per_case": round(per_case, 6) if per_case is not None else None,
            },
            "cases_run": self.cases_run,
            "requests": self.requests,
            **self.total.to_json(),
            "functions": {name: tally.to_json() for name, tally in self.functions.items()},
            "failures": [failure.to_json() for failure in self.failures],
            "skips": [skip.to_json() for skip in self.skips],
        }


@dataclass
class ConformReport:
    vectors: list[str]
    functions: dict[str, int]  # function → number of cases (skipped ones included)
    engines: list[EngineReport]
    skips: list[Skip] = field(default_factory=list)
    seconds: float = 0.0
    bundle_seconds: float = 0.0
    warnings: list[str] = field(default_factory=list)

    @property
    def cases(self) -> int:
        return sum(self.functions.values())

    @property
    def ok(self) -> bool:
        return all(engine.ok for engine in self.engines)

    def to_json(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "vectors": self.vectors,
            "cases": self.cases,
            "skipped": len(self.skips),
            "functions": self.functions,
            "seconds": {"total": round(self.seconds, 3), "bundle": round(self.bundle_seconds, 3)},
            "engines": [engine.to_json() for engine in self.engines],
            "skips": [skip.to_json() for skip in self.skips],
            "warnings": self.warnings,
        }

    def dumps(self) -> str:
        """The JSON report: ASCII (lone surrogates in values stay escaped, as in the golden files)."""
        return json.dumps(self.to_json(), indent=2, ensure_ascii=True)

    # --- text -----------------------------------------------------------------------------------------------

    def lines(self) -> Iterator[str]:
        """The text report. Every line is printable: ids and error messages may hold lone surrogates too."""
        for line in self._lines():
            yield printable(line)

    def _lines(self) -> Iterator[str]:
        source = ", ".join(self.vectors) if len(self.vectors) <= 3 else f"{len(self.vectors)} files"
        folders = {vector.rsplit("/", 1)[0] for vector in self.vectors if "/" in vector}
        if len(self.vectors) > 3 and len(folders) == 1:
            source += f" in {folders.pop()}/"
        yield (
            f"xtk conform: {len(self.functions)} functions, {self.cases:,} cases ({source}), "
            f"{len(self.engines)} engine{'s' if len(self.engines) != 1 else ''}"
        )
        for reason, count in _count(s.reason for s in self.skips):
            yield f"skipped {count:,} case{'s' if count != 1 else ''}: {reason}"
        yield ""
        yield from self._engine_table()
        yield ""
        yield from self._function_table()
        failures = list(self._grouped_failures())
        if failures:
            yield ""
            yield from failures
        yield ""
        yield self._summary()

    def _engine_table(self) -> Iterator[str]:
        rows = [("engine", "version", "start", "run", "per case", "passed", "failed", "skipped")]
        for e in self.engines:
            total = e.total
            per_case = f"{e.run_seconds / e.cases_run * 1000:.3f} ms" if e.cases_run else "-"
            rows.append(
                (
                    e.engine,
                    e.version or "-",
                    f"{e.startup_seconds:.2f} s",
                    f"{e.run_seconds:.2f} s",
                    per_case,
                    f"{total.passed:,}",
                    f"{total.failed:,}",
                    f"{total.skipped:,}",
                )
            )
        yield from _table(rows, right=(2, 3, 4, 5, 6, 7))
        for e in self.engines:
            for reason, count in _count(s.reason for s in e.skips):
                yield f"{e.engine}: skipped {count:,} case{'s' if count != 1 else ''}: {reason}"
            if e.error:
                yield f"{e.engine}: {e.error}"
                not_run = e.total.not_run
                if not_run:
                    yield f"{e.engine}: {not_run:,} case{'s' if not_run != 1 else ''} not run"

    def _function_table(self) -> Iterator[str]:
        """Per function and engine: how many passed, and how many failed, were skipped there or not run."""
        rows = [("function", "cases", "skipped", *[e.engine for e in self.engines])]
        skipped = dict(_count(s.function for s in self.skips))
        for function, count in self.functions.items():
            cells = []
            for e in self.engines:
                tally = e.functions.get(function, Tally())
                parts = [f"{tally.passed:,} ok"]
                if tally.failed:
                    parts.append(f"{tally.failed:,} FAILED")
                own_skips = tally.skipped - skipped.get(function, 0)
                if own_skips:
                    parts.append(f"{own_skips:,} skipped")
                if tally.not_run:
                    parts.append(f"{tally.not_run:,} not run")
                cells.append(", ".join(parts))
            rows.append((function, f"{count:,}", f"{skipped.get(function, 0):,}", *cells))
        yield from _table(rows, right=(1, 2))

    def _grouped_failures(self) -> Iterator[str]:
        """One entry per (case, result), naming every engine that gave that result; capped per function."""
        groups: dict[tuple[str, str], list[Failure]] = {}
        for engine in self.engines:
            for failure in engine.failures:
                shown = failure.error if failure.error is not None else "=" + _canonical(failure.actual)
                groups.setdefault((failure.id, shown), []).append(failure)
        per_function: dict[str, int] = {}
        hidden: dict[str, int] = {}
        for group in groups.values():
            first = group[0]
            listed = per_function.get(first.function, 0)
            if listed >= TEXT_FAILURES_PER_FUNCTION:
                hidden[first.function] = hidden.get(first.function, 0) + 1
                continue
            per_function[first.function] = listed + 1
            engines = ", ".join(f.engine for f in group)
            yield f"FAILED [{engines}] {first.id}  ({first.file})"
            if first.error is not None:
                yield f"  expected: {clip(show(first.expected), 0)}"
                yield f"  actual:   no result: {first.error}"
            else:
                expected, actual, where = compare_shown(first.expected, first.actual)
                yield f"  expected: {expected}"
                yield f"  actual:   {actual}"
                if where:
                    yield f"  {where}"
        for function, count in hidden.items():
            yield (
                f"… and {count:,} more failing result{'s' if count != 1 else ''} of {function} "
                "(--format json lists them all)"
            )

    def _summary(self) -> str:
        skips = sum(e.total.skipped for e in self.engines)
        skip_note = f", {skips:,} skipped" if skips else ""
        engines = f"{len(self.engines)} engine{'s' if len(self.engines) != 1 else ''}"
        if self.ok:
            checks = sum(e.total.passed for e in self.engines)
            return f"PASSED: {checks:,} checks in {engines}{skip_note} ({self.seconds:.1f} s)"
        problems = []
        for e in self.engines:
            total = e.total
            if total.failed:
                problems.append(f"{total.failed:,} failed in {e.engine}")
            if e.error:
                problems.append(f"{e.engine} did not run {'all its' if total.passed or total.failed else 'any'} cases")
        return f"FAILED: {'; '.join(problems)}{skip_note} ({self.seconds:.1f} s)"


def _count(items: Iterator[str] | Any) -> list[tuple[str, int]]:
    counts: dict[str, int] = {}
    for item in items:
        counts[item] = counts.get(item, 0) + 1
    return list(counts.items())


def _table(rows: Sequence[tuple[str, ...]], right: tuple[int, ...] = ()) -> Iterator[str]:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for row in rows:
        cells = [cell.rjust(widths[i]) if i in right else cell.ljust(widths[i]) for i, cell in enumerate(row)]
        yield "  ".join(cells).rstrip()


def _canonical(value: Any) -> str:
    return json.dumps(value, ensure_ascii=True, sort_keys=True)


def show(value: Any) -> str:
    """A JSON value as people read it: non-ASCII as itself, but every character that is not printable
    (lone surrogates, controls, format characters, separators other than the space) as \\uXXXX."""
    return printable(json.dumps(value, ensure_ascii=False))


def printable(text: str) -> str:
    """`text` with every character that is not printable (line breaks aside) written as \\uXXXX."""
    if text.isascii() and text.isprintable():
        return text
    return "".join(c if c.isprintable() or c == "\n" else _escape(c) for c in text)


def _escape(char: str) -> str:
    code = ord(char)
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def clip(text: str, start: int, width: int = TEXT_VALUE_WIDTH) -> str:
    """`width` characters of `text` from `start`, with … where something was cut and the full length."""
    if len(text) <= width:
        return text
    start = max(0, min(start, len(text) - width))
    head = "…" if start > 0 else ""
    tail = "…" if start + width < len(text) else ""
    return f"{head}{text[start : start + width]}{tail} ({len(text):,} characters)"


def compare_shown(expected: Any, actual: Any) -> tuple[str, str, str]:
    """Both values as shown, cut around their first difference when long, and where that difference is."""
    left, right = show(expected), show(actual)
    first = next((i for i, (a, b) in enumerate(zip(left, right)) if a != b), min(len(left), len(right)))
    if len(left) <= TEXT_VALUE_WIDTH and len(right) <= TEXT_VALUE_WIDTH:
        return left, right, ""
    start = max(0, first - TEXT_VALUE_WIDTH // 3)
    return clip(left, start), clip(right, start), f"(first difference at character {first:,} of the shown JSON)"
