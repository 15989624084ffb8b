"""What a golden case may hold: argument shapes (arguments.schema.json, beside this module) and the agreed character
domain.

Every case is checked *after* its corpus references are resolved, on the values the function will see:

- the arguments object has exactly the function's parameters, each of the shape the schema gives it;
- every string in it — values and object keys, at any depth — is inside the agreed domain (specs/semantics.md §1,
  decision D10): `text.domain_violations(string, function.lone_surrogates)` is empty;
- parseUrlIdentity's URL is one every engine's parser reads as the standard does (D15, `url_domain.py`).

Problems come back as `(JSON pointer, message)` pairs, the pointer relative to the case's `arguments`.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from docmind_reference import FUNCTIONS
from docmind_reference.golden.url_domain import url_domain_problems
from docmind_reference.text import domain_violations
from toolchain.json_pointer import pointer_of

Problem = tuple[str, str]


@cache
def _schema() -> dict[str, Any]:
    return json.loads((Path(__file__).parent / "arguments.schema.json").read_text(encoding="utf-8"))


@cache
def _validator(function: str) -> Any:
    from jsonschema import Draft202012Validator

    schema = _schema()
    return Draft202012Validator({"$ref": f"#/$defs/{function}", "$defs": schema["$defs"]})


def strings_in(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], str]]:
    """Every string inside a JSON value (object keys included), with where it is."""
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, Mapping):
        for key, item in value.items():
            yield path, str(key)
            yield from strings_in(item, (*path, key))
    elif isinstance(value, (list, tuple)):
        for index, item in enumerate(value):
            yield from strings_in(item, (*path, index))


def parameter_problems(function: str, arguments: Mapping[str, Any]) -> list[Problem]:
    parameters = FUNCTIONS[function].parameters
    missing = [p for p in parameters if p not in arguments]
    extra = [k for k in arguments if k not in parameters]
    problems: list[Problem] = []
    if missing:
        problems.append(("", f"missing argument(s) {missing}; {function} takes {list(parameters)}"))
    if extra:
        problems.append(("", f"unexpected argument(s) {extra}; {function} takes {list(parameters)}"))
    return problems


def shape_problems(function: str, arguments: Mapping[str, Any]) -> list[Problem]:
    """Arguments (resolved) that do not have the shape the function's contract gives them."""
    errors = sorted(_validator(function).iter_errors(dict(arguments)), key=lambda e: [str(p) for p in e.absolute_path])
    return [(pointer_of(e.absolute_path), e.message) for e in errors]


#: specs/semantics.md §2, parseApiResponse (D11): JSON nested deeper than this is outside the domain (CPython's
#: parser gives up near 1,000 levels where V8 and SpiderMonkey go on).
MAX_JSON_NESTING = 500


def json_nesting(raw: str) -> int:
    """The deepest `{`/`[` nesting in `raw` from its first `{`, outside JSON strings (an upper bound for any
    JSON text the parser could be given from it)."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in raw[raw.find("{") :] if "{" in raw else "":
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "{[":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "}]":
            depth = max(0, depth - 1)
    return deepest


def domain_problems(function: str, arguments: Mapping[str, Any]) -> list[Problem]:
    """Strings (resolved) outside the agreed character domain for this function (and, for parseApiResponse,
    JSON nested deeper than the domain allows)."""
    allow = FUNCTIONS[function].lone_surrogates
    problems: list[Problem] = []
    for path, value in strings_in(arguments):
        for violation in domain_violations(value, allow):
            problems.append((pointer_of(path), f"outside the agreed character domain: {violation}"))
    if function == "parseApiResponse" and isinstance(arguments.get("raw"), str):
        depth = json_nesting(arguments["raw"])
        if depth > MAX_JSON_NESTING:
            problems.append(
                ("/raw", f"outside the agreed domain: JSON nested {depth} levels deep (at most {MAX_JSON_NESTING})")
            )
    if function == "parseUrlIdentity" and isinstance(arguments.get("url"), str):
        problems.extend(
            ("/url", f"outside the agreed domain (D15): {problem}") for problem in url_domain_problems(arguments["url"])
        )
    return problems


def case_problems(function: str, arguments: Mapping[str, Any]) -> list[Problem]:
    """Everything wrong with a case's resolved arguments (empty when the case may be a golden vector)."""
    return parameter_problems(function, arguments) or (
        shape_problems(function, arguments) + domain_problems(function, arguments)
    )
