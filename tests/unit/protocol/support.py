"""Shared by the protocol tests: tools' paths, writing small protocols, the Python oracle (jsonschema), running the
generated validators in Node, and a generator of candidate values (valid ones and near misses) from a schema."""

from __future__ import annotations

import copy
import json
import random
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import EXTENSION, REPO
from toolchain.protocol.model import Protocol, load_protocol
from toolchain.tools.esbuild import platform_package

SPECS = REPO / "extension_src" / "specs" / "protocol"
KITCHEN = REPO / "tests" / "fixtures" / "protocol" / "kitchen"
ESBUILD = EXTENSION / "node_modules" / "@esbuild" / platform_package() / "bin" / "esbuild"
TSC = EXTENSION / "node_modules" / "@typescript" / f"typescript-{platform_package()}" / "lib" / "tsc"


def needs_tools() -> None:
    missing = [str(p) for p in (ESBUILD, TSC) if not p.is_file()]
    if missing or shutil.which("node") is None:
        pytest.skip(f"needs node on PATH and extension_src/node_modules (npm ci): missing {missing or ['node']}")


def load(folder: Path) -> Protocol:
    return load_protocol(folder.resolve(), folder.resolve().parent)


def write_protocol(folder: Path, schemas: dict[str, Any], channels: list[dict[str, Any]] | None = None) -> Path:
    """A protocol folder: protocol.json (one request channel per schema by default) and the schema files."""
    folder.mkdir(parents=True, exist_ok=True)
    if channels is None:
        channels = [
            {
                "name": name.removesuffix(".schema.json") + "-channel",
                "schema": name,
                "api": "runtime",
                "from": ["popup"],
                "to": ["background"],
                "kind": "request",
            }
            for name in schemas
            if "common" not in name
        ]
    (folder / "protocol.json").write_text(json.dumps({"channels": channels}, indent=2), encoding="utf-8")
    for name, schema in schemas.items():
        text = schema if isinstance(schema, str) else json.dumps(schema, indent=2)
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def message(type_value: str, **properties: Any) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {"type": {"const": type_value}, **properties},
        "required": ["type"],
        "additionalProperties": False,
    }


def tsconfig_like_docmind(include: list[str]) -> dict[str, Any]:
    config = json.loads((EXTENSION / "tsconfig.json").read_text(encoding="utf-8"))
    config["include"] = include
    return config


# --- the Python oracle ----------------------------------------------------------------------------------------------


def _ecmascript_pattern(pattern: str) -> str:
    """JSON Schema patterns are ECMA-262 regexes. Python's `$` also matches before a final newline; ECMAScript's (no m
    flag) only at the end, Python's `\\Z`. That is the one difference the test patterns reach (they use no `.`, `\\d`,
    `\\w` or `\\s`, whose classes differ too)."""
    out, i, in_class = [], 0, False
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\":
            out.append(pattern[i : i + 2])
            i += 2
            continue
        if ch == "[":
            in_class = True
        elif ch == "]":
            in_class = False
        out.append("\\Z" if ch == "$" and not in_class else ch)
        i += 1
    return "".join(out)


def python_validators(protocol: Protocol, schemas: dict[str, Any] | None = None) -> dict[str, Any]:
    """Channel name → a Draft 2020-12 validator (cross-file `$ref`s through a registry of the protocol's files);
    or, given `schemas` (name → schema, e.g. {"$ref": "file.json#/$defs/X"}), a validator for each of those."""
    from jsonschema import Draft202012Validator, ValidationError, validators
    from referencing import Registry, Resource
    from referencing.jsonschema import DRAFT202012

    def pattern(validator: Any, value: str, instance: Any, schema: Any) -> Iterator[Any]:
        if validator.is_type(instance, "string") and not re.search(_ecmascript_pattern(value), instance):
            yield ValidationError(f"{instance!r} does not match {value!r}")

    Validator = validators.extend(Draft202012Validator, {"pattern": pattern})
    documents = {c.schema_path.name: c.schema for c in protocol.channels} | dict(protocol.documents)
    for document in documents.values():
        Draft202012Validator.check_schema(document)
    registry = Registry().with_resources(
        (name, Resource.from_contents(document, default_specification=DRAFT202012))
        for name, document in documents.items()
    )
    if schemas is not None:
        return {name: Validator(schema, registry=registry) for name, schema in schemas.items()}
    return {c.name: Validator(c.schema, registry=registry) for c in protocol.channels}


# --- the generated validators in Node ---------------------------------------------------------------------------------

_RUNNER = """
const fs = require('fs');
require(process.argv[2]);
const protocol = globalThis.__protocol;
const batch = JSON.parse(fs.readFileSync(process.argv[3], 'utf8'));
const started = process.hrtime.bigint();
const verdicts = batch.map(
  ([name, value]) => [protocol['is' + name](value), protocol['describeInvalid' + name](value)]);
const nanoseconds = Number(process.hrtime.bigint() - started);
const text = JSON.stringify({ verdicts, nanoseconds });
process.stdout.write(
  text.replace(/[\\u007f-\\uffff]/g, (c) => '\\\\u' + c.charCodeAt(0).toString(16).padStart(4, '0')));
"""


def bundle(module: Path, out_dir: Path) -> Path:
    """The generated module as one ASCII IIFE that puts its exports on globalThis.__protocol."""
    entry = out_dir / "entry.ts"
    entry.write_text(
        f"import * as protocol from './{module.name}';\n"
        "(globalThis as { __protocol?: unknown }).__protocol = protocol;\n",
        encoding="utf-8",
    )
    if module.parent != out_dir:
        shutil.copy2(module, out_dir / module.name)
    out = out_dir / "bundle.js"
    subprocess.run(
        [
            str(ESBUILD),
            str(entry),
            "--bundle",
            "--format=iife",
            "--charset=ascii",
            "--target=es2022",
            f"--outfile={out}",
            "--log-level=warning",
        ],
        check=True,
        capture_output=True,
        text=True,
    )
    return out


def run_in_node(bundled: Path, batch: list[tuple[str, Any]], work: Path) -> tuple[list[tuple[bool, str]], float]:
    """Every (type name, value) through is<Name> and describeInvalid<Name>, in one Node process; (verdicts, seconds)."""
    batch_path = work / "batch.json"
    batch_path.write_text(json.dumps(batch, ensure_ascii=True), encoding="ascii")
    runner = work / "runner.js"
    runner.write_text(_RUNNER, encoding="utf-8")
    completed = subprocess.run(["node", str(runner), str(bundled), str(batch_path)], capture_output=True, timeout=120)
    assert completed.returncode == 0, completed.stderr.decode(errors="replace")
    result = json.loads(completed.stdout.decode("ascii"))
    return [tuple(v) for v in result["verdicts"]], result["nanoseconds"] / 1e9


# --- candidate values ---------------------------------------------------------------------------------------------

CHARACTERS = ["a", "Z", "0", "-", " ", "\u00e9", "\u4e2d", "\U0001f600", "\U0001f60f", "\U0001f4a9", "/", "~", "\n"]
JUNK: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    1,
    1.5,
    -0.0,
    0.1,
    2**53 - 1,
    -(2**53 - 1),
    1e300,
    -1e-300,
    "",
    "x",
    "\U0001f600",
    "\ud800",
    "a\U0001f600",
    [],
    {},
    [None],
    {"type": None},
    {"a": []},
    [[]],
]
EXTRA_KEYS = ["extra", "__proto__", "constructor", "toString", "hasOwnProperty", "a/b~c", "", "\u00e9", "type"]


#: Strings longer than this are built at most once per bound: a 10,000,000-unit bound tested in every batch would
#: not fit in one Node string.
HUGE_LENGTH = 100_000


class Candidates:
    """Values for a schema: valid-looking ones (from its keywords, or its `examples`), ones at its bounds (lengths
    in astral characters, numbers at and around the limits) and mutations (missing and extra keys, wrong kinds,
    nulls, arrays for objects and back)."""

    def __init__(self, protocol: Protocol, seed: int) -> None:
        self.protocol = protocol
        self.rng = random.Random(seed)
        self.huge_bounds_tried: set[int] = set()  # string bounds over HUGE_LENGTH already tested once

    def junk(self) -> Any:
        return copy.deepcopy(self.rng.choice(JUNK))

    def text(self, length: int) -> str:
        if length > 64:  # long strings: mostly astral (2 UTF-16 units each), to test code point counting
            return "".join(self.rng.choice(["\U0001f600", "a", "\U0001f4a9"]) for _ in range(length))
        return "".join(self.rng.choice(CHARACTERS) for _ in range(length))

    def value(self, schema: Any, path: Path, edge: bool, depth: int = 0) -> Any:
        rng = self.rng
        if not isinstance(schema, dict) or depth > 8:
            return self.junk()
        if "$ref" in schema and (rng.random() < 0.85 or set(schema) == {"$ref"}):
            target, target_path, _ = self.protocol.resolve(schema["$ref"], path)
            return self.value(target, target_path, edge, depth + 1)
        if "const" in schema:
            if edge and rng.random() < 0.3:
                return self.near(schema["const"])
            return copy.deepcopy(schema["const"])
        if "enum" in schema:
            return copy.deepcopy(rng.choice(schema["enum"]))
        if "examples" in schema and rng.random() < 0.8:
            return copy.deepcopy(rng.choice(schema["examples"]))
        for keyword in ("oneOf", "anyOf"):
            if keyword in schema and rng.random() < 0.9:
                return self.value(rng.choice(schema[keyword]), path, edge, depth + 1)
        if "allOf" in schema:
            parts = [self.value(s, path, edge, depth + 1) for s in schema["allOf"]]
            if all(isinstance(p, dict) for p in parts):
                merged: dict[str, Any] = {}
                for part in parts:
                    merged.update(part)
                return merged
            return parts[0]
        declared = schema.get("type")
        kinds = declared if isinstance(declared, list) else [declared] if declared else self.inferred(schema)
        kind = rng.choice(kinds)
        if kind == "string":
            low, high = schema.get("minLength", 0), schema.get("maxLength", schema.get("minLength", 0) + 6)
            if edge:
                length = rng.choice([low, high, max(low - 1, 0), high + 1])
                if length > HUGE_LENGTH:  # a bound in the millions (TEXT_EXTRACTED's text): test it once, not per value
                    if length in self.huge_bounds_tried:
                        length = rng.randint(0, 8)
                    self.huge_bounds_tried.add(length)
            else:
                length = rng.randint(low, max(low, min(high, low + 8)))
            return self.text(length)
        if kind in ("integer", "number"):
            return self.number(schema, kind, edge)
        if kind == "boolean":
            return rng.random() < 0.5
        if kind == "null":
            return None
        if kind == "array":
            low, high = schema.get("minItems", 0), schema.get("maxItems", schema.get("minItems", 0) + 3)
            count = (
                rng.choice([low, high, max(low - 1, 0), high + 1])
                if edge
                else rng.randint(low, max(low, min(high, low + 3)))
            )
            items = schema.get("items", True)
            return [
                self.value(items, path, edge, depth + 1) if items is not True else self.junk() for _ in range(count)
            ]
        if kind == "object":
            return self.object(schema, path, edge, depth)
        return self.junk()

    @staticmethod
    def inferred(schema: dict[str, Any]) -> list[str]:
        kinds = []
        if any(k in schema for k in ("properties", "required", "additionalProperties")):
            kinds.append("object")
        if any(k in schema for k in ("items", "minItems", "maxItems")):
            kinds.append("array")
        if any(k in schema for k in ("minLength", "maxLength", "pattern")):
            kinds.append("string")
        if any(k in schema for k in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum")):
            kinds.append("number")
        return kinds or ["string", "number", "boolean", "null", "array", "object"]

    def number(self, schema: dict[str, Any], kind: str, edge: bool) -> Any:
        rng = self.rng
        low = schema.get("minimum", schema.get("exclusiveMinimum", -1000))
        high = schema.get("maximum", schema.get("exclusiveMaximum", 1000))
        if edge:
            bounds = [
                b
                for b in (schema.get(k) for k in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"))
                if b is not None
            ]
            bound = rng.choice(bounds or [0])
            value = rng.choice([bound, bound - 1, bound + 1, bound - 0.5, bound + 0.5, float(bound), -bound])
            return value if abs(value) <= 2**53 else bound
        if kind == "integer":
            value = rng.randint(math_ceil(low), int(high)) if math_ceil(low) <= high else int(low)
            return float(value) if rng.random() < 0.1 else value
        return rng.uniform(low, high) if low < high else low

    def object(self, schema: dict[str, Any], path: Path, edge: bool, depth: int) -> dict[str, Any]:
        rng = self.rng
        properties = schema.get("properties", {})
        required = schema.get("required", [])
        out: dict[str, Any] = {}
        for key, sub in properties.items():
            if key in required or rng.random() < 0.5:
                out[key] = self.value(sub, path, edge, depth + 1) if sub is not False else self.junk()
        for key in required:
            if key not in out:
                out[key] = self.junk()
        extra = schema.get("additionalProperties", True)
        if extra is not False and rng.random() < 0.3:
            out[rng.choice(EXTRA_KEYS)] = self.value(extra, path, edge, depth + 1) if extra is not True else self.junk()
        return out

    def near(self, value: Any) -> Any:
        """Something close to a const: the same number as a float, a boolean for 1, the string with a character more."""
        if isinstance(value, bool):
            return int(value)
        if isinstance(value, (int, float)):
            return self.rng.choice([float(value), value + 1, bool(value)])
        if isinstance(value, str):
            return value + self.rng.choice(["", " ", "\n", "\U0001f600"])
        if isinstance(value, list):
            return value[:-1] or [None]
        if isinstance(value, dict):
            changed = dict(value)
            changed[self.rng.choice(list(value) or ["k"])] = self.junk()
            return changed
        return self.junk()

    def mutate(self, value: Any) -> Any:
        """The value with one thing changed, somewhere in it."""
        value = copy.deepcopy(value)
        places: list[tuple[Any, Any]] = [(None, None)]  # (container, key); (None, None) is the value itself

        def collect(node: Any) -> None:
            if isinstance(node, dict):
                for key, child in node.items():
                    places.append((node, key))
                    collect(child)
            elif isinstance(node, list):
                for i, child in enumerate(node):
                    places.append((node, i))
                    collect(child)

        collect(value)
        container, key = self.rng.choice(places)
        target = value if container is None else container[key]
        changed = self.changed(target)
        if changed is _DELETE:
            if container is None:
                return self.junk()
            del container[key]
            return value
        if container is None:
            return changed
        container[key] = changed
        return value

    def changed(self, node: Any) -> Any:
        rng = self.rng
        roll = rng.random()
        if roll < 0.25:
            return self.junk()
        if roll < 0.35:
            return _DELETE
        if isinstance(node, dict):
            choice = rng.randrange(4)
            if choice == 0 and node:
                node = dict(node)
                del node[rng.choice(list(node))]
                return node
            if choice == 1:
                return {**node, rng.choice(EXTRA_KEYS): self.junk()}
            if choice == 2:
                return list(node.values())
            return None
        if isinstance(node, list):
            choice = rng.randrange(4)
            if choice == 0 and node:
                return node[:-1]
            if choice == 1:
                return node + [self.junk()]
            if choice == 2:
                return {str(i): item for i, item in enumerate(node)}
            return node + node
        if isinstance(node, str):
            return rng.choice([node + "\U0001f600", node[:-1], "", node + "\n", "\ud800" + node, node + node])
        if isinstance(node, bool):
            return not node
        if isinstance(node, (int, float)):
            return rng.choice([node + 1, node - 1, node + 0.5, -node, float(node), str(node)])
        return self.junk()

    def batch(self, schema: Any, path: Path, count: int) -> list[Any]:
        """About `count` distinct candidates: a quarter plain, a quarter at the bounds, half mutations of those."""
        seen: dict[str, Any] = {}

        def add(candidate: Any) -> None:
            seen.setdefault(json.dumps(candidate, ensure_ascii=True), candidate)

        for attempt in range(count * 10):
            if len(seen) >= count:
                break
            phase = attempt % 4
            candidate = self.value(schema, path, edge=phase == 1)
            for _ in range(0 if phase < 2 else self.rng.choice([1, 1, 1, 2, 3])):
                candidate = self.mutate(candidate)
            add(candidate)
        return list(seen.values())


_DELETE = object()


def math_ceil(value: float) -> int:
    import math

    return math.ceil(value)
