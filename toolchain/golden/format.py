"""Golden-vector files: load (checked against xtk's specs/golden/golden.schema.json), resolve corpus references, write.

The format is specified in specs/semantics.md §4. Loading never raises anything but `InputError`, with the file,
the JSON pointer and what is wrong. Writing is canonical (ASCII-escaped JSON, stable key order), so regenerated
files diff cleanly and `xtk golden check` can compare bytes.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from toolchain.diagnostics import Diagnostic, InputError
from toolchain.json_pointer import pointer_of
from toolchain.resources import specs_dir

MISSING: Any = object()  # `expected` not given (an inputs file)
CORPUS_KEY = "$corpus"


@dataclass
class GoldenCase:
    id: str
    description: str
    arguments: dict[str, Any]
    expected: Any = MISSING
    source: str | None = None

    @property
    def has_expected(self) -> bool:
        return self.expected is not MISSING

    @property
    def uses_corpus(self) -> bool:
        return any(True for _ in corpus_references(self.arguments))

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.id}
        if self.source:
            data["source"] = self.source
        data["description"] = self.description
        data["arguments"] = self.arguments
        if self.has_expected:
            data["expected"] = self.expected
        return data


@dataclass
class GoldenFile:
    function: str
    parameters: list[str]
    cases: list[GoldenCase] = field(default_factory=list)
    description: str = ""
    unicode_version: str | None = None
    path: Path | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"function": self.function, "parameters": self.parameters}
        if self.unicode_version:
            data["unicodeVersion"] = self.unicode_version
        if self.description:
            data["description"] = self.description
        data["cases"] = [case.to_json() for case in self.cases]
        return data


def golden_dir() -> Path:
    """xtk's own golden folder: the format's schema (a project's vectors are its `[golden] vectors`)."""
    return specs_dir() / "golden"


@cache
def _validator() -> Any:
    from jsonschema import Draft202012Validator

    return Draft202012Validator(json.loads((golden_dir() / "golden.schema.json").read_text(encoding="utf-8")))


def _pointer(path: Iterator[Any] | list[Any]) -> str:
    return pointer_of(path) or "/"  # the whole document is shown as "/"


def load_golden(path: Path, display: str | None = None) -> GoldenFile:
    """Read and check one golden (or inputs) file."""
    shown = display or str(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        raise InputError.single(
            f"invalid JSON: {error.msg}", path=shown, line=error.lineno, column=error.colno
        ) from None
    except (OSError, UnicodeDecodeError) as error:
        raise InputError.single(f"cannot read the vectors: {error}", path=shown) from None
    except RecursionError:  # json's decoder recurses per nesting level; no golden file nests more than a few
        raise InputError.single("invalid JSON: arrays and objects nested too deeply to read", path=shown) from None
    errors = sorted(_validator().iter_errors(data), key=lambda e: list(e.absolute_path))
    if errors:
        raise InputError([Diagnostic("error", e.message, path=shown, key=_pointer(e.absolute_path)) for e in errors])
    golden = GoldenFile(
        function=data["function"],
        parameters=list(data["parameters"]),
        description=data.get("description", ""),
        unicode_version=data.get("unicodeVersion"),
        path=path,
        cases=[
            GoldenCase(c["id"], c["description"], c["arguments"], c.get("expected", MISSING), c.get("source"))
            for c in data["cases"]
        ],
    )
    problems = []
    for index, case in enumerate(golden.cases):
        missing = [p for p in golden.parameters if p not in case.arguments]
        extra = [k for k in case.arguments if k not in golden.parameters]
        if missing or extra:
            problems.append(
                Diagnostic(
                    "error",
                    f"case {case.id!r}: missing arguments {missing}, unexpected {extra}",
                    path=shown,
                    key=f"/cases/{index}/arguments",
                )
            )
    seen: set[str] = set()
    for index, case in enumerate(golden.cases):
        if case.id in seen:
            problems.append(Diagnostic("error", f"duplicate case id {case.id!r}", path=shown, key=f"/cases/{index}/id"))
        seen.add(case.id)
    if problems:
        raise InputError(problems)
    return golden


def dumps_golden(golden: GoldenFile) -> str:
    """Canonical text: ASCII-escaped (lone surrogates and all), one case per line group, trailing newline."""
    return json.dumps(golden.to_json(), ensure_ascii=True, indent=1) + "\n"


def write_golden(golden: GoldenFile, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(dumps_golden(golden), encoding="ascii")


def corpus_references(value: Any) -> Iterator[dict[str, Any]]:
    """Every `{"$corpus": {...}}` object inside a value."""
    if isinstance(value, dict):
        if set(value) == {CORPUS_KEY}:
            yield value[CORPUS_KEY]
            return
        for item in value.values():
            yield from corpus_references(item)
    elif isinstance(value, list):
        for item in value:
            yield from corpus_references(item)


def resolve(value: Any, resolver: Callable[[dict[str, Any]], Any]) -> Any:
    """A copy of `value` with every corpus reference replaced by what `resolver` makes of it."""
    if isinstance(value, dict):
        if set(value) == {CORPUS_KEY}:
            return resolver(value[CORPUS_KEY])
        return {key: resolve(item, resolver) for key, item in value.items()}
    if isinstance(value, list):
        return [resolve(item, resolver) for item in value]
    return value


def json_equal(expected: Any, actual: Any) -> bool:
    """Equality as conformance defines it: numbers numerically (1 == 1.0, but True is not 1), keys in any order."""
    if isinstance(expected, bool) or isinstance(actual, bool):
        return type(expected) is type(actual) and expected == actual
    if isinstance(expected, (int, float)) and isinstance(actual, (int, float)):
        return expected == actual
    if isinstance(expected, dict) and isinstance(actual, dict):
        return expected.keys() == actual.keys() and all(json_equal(expected[k], actual[k]) for k in expected)
    if isinstance(expected, list) and isinstance(actual, list):
        return len(expected) == len(actual) and all(json_equal(e, a) for e, a in zip(expected, actual))
    return type(expected) is type(actual) and expected == actual
