"""The generated validators against Python's jsonschema (Draft 2020-12), value by value.

For every channel of DocMind's specs/protocol and of tests/fixtures/protocol/kitchen (every supported keyword),
hundreds of candidates — valid values, values at the bounds (lengths counted in astral characters, numbers at
the limits) and mutations (missing and extra keys, wrong kinds, nulls, arrays for objects) — get a verdict from
jsonschema and from the generated module, bundled by esbuild and run once in Node over the whole batch. The
verdicts must be identical, and describeInvalid<Channel> must be '' exactly for the valid ones.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from tests.unit.protocol.support import (
    KITCHEN,
    SPECS,
    Candidates,
    bundle,
    load,
    needs_tools,
    python_validators,
    run_in_node,
)
from toolchain.protocol.codegen import generate

pytestmark = pytest.mark.node

PER_CHANNEL = 600


def _pointer_exists(value: Any, pointer: str) -> bool:
    node = value
    for part in pointer.split("/")[1:]:
        key = part.replace("~1", "/").replace("~0", "~")
        if isinstance(node, dict) and key in node:
            node = node[key]
        elif isinstance(node, list) and key.isdigit() and int(key) < len(node):
            node = node[int(key)]
        else:
            return False
    return True


def _hand_written(channel: str) -> list[Any]:
    """Cases worth having whatever the generator draws (DocMind's limits, in astral characters)."""
    emoji = "\U0001f600"
    return {
        "content-to-background": [
            {"type": "TEXT_EXTRACTED", "text": emoji * 30000, "charCount": 30000},  # 60,000 UTF-16 units: valid
            {"type": "TEXT_EXTRACTED", "text": emoji * 30001, "charCount": 30001},
            {"type": "TEXT_EXTRACTED", "text": "a" * 30000 + emoji, "charCount": 1.0},
            {"type": "ERROR", "error": ""},
            {"type": "ERROR", "error": emoji},
            {"type": "ERROR"},
        ],
        "background-to-popup": [
            {"type": "PENDING_CONTEXT", "payload": None},
            {
                "type": "PENDING_CONTEXT",
                "payload": {"kind": "selection", "tabId": 1, "selectionText": emoji * 3, "createdAt": 0},
            },
            {
                "type": "PENDING_CONTEXT",
                "payload": {"kind": "selection", "tabId": 1, "selectionText": emoji * 2, "createdAt": 0},
            },
            {
                "type": "PENDING_CONTEXT",
                "payload": {"kind": "selection", "tabId": 1, "selectionText": emoji * 503, "createdAt": 1.5},
            },
            {
                "type": "PENDING_CONTEXT",
                "payload": {"kind": "selection", "tabId": 1, "selectionText": emoji * 504, "createdAt": 1.5},
            },
            {"type": "PENDING_CONTEXT"},
            {"type": "PAGE_ANALYZED", "charactersAnalyzed": 30000, "truncated": True},
            {"type": "PAGE_ANALYZED", "charactersAnalyzed": 30000.5, "truncated": True},
            {"type": "PAGE_UNSUPPORTED", "reason": "restricted-page"},
            {"type": "PAGE_UNSUPPORTED", "reason": "toString"},
        ],
        "popup-to-background": [
            {"type": "ANALYZE_PAGE", "tabId": 0},
            {"type": "ANALYZE_PAGE", "tabId": -0.0},
            {"type": "ANALYZE_PAGE", "tabId": 7.0},
            {"type": "ANALYZE_PAGE", "tabId": True},
            {"type": "ANALYZE_PAGE", "tabId": "1"},
            {"type": "toString", "tabId": 1},
            {"type": "constructor"},
            [{"type": "ANALYZE_PAGE", "tabId": 1}],
            "ANALYZE_PAGE",
            None,
        ],
        "background-to-content": [{"type": "EXTRACT_TEXT"}, {"type": "EXTRACT_TEXT", "__proto__": {}}, {}],
        "shapes": [
            {
                "type": "CONSTANTS",
                "object": {"__proto__": "p", "t": True, "k": [1, 2.5, None]},
            },  # keys in another order
            {"type": "CONSTANTS", "object": {"k": [1, 2.5, None], "t": True, "__proto__": "p", "x": 1}},
            {"type": "CONSTANTS", "object": {"k": [1, 2.5, None], "t": True}},
            {"type": "CONSTANTS", "object": {"k": [1, 2.5, None], "t": 1, "__proto__": "p"}},
            {"type": "CONSTANTS", "array": [1, "a", {"x": None}, None]},
            {"type": "CONSTANTS", "array": [1.0, "a", {"x": None}]},
            {"type": "CONSTANTS", "one": 1.0},
            {"type": "CONSTANTS", "one": True},
            {"type": "CONSTANTS", "zero": -0.0},
            {"type": "CONSTANTS", "no": 0},
            {"type": "CONSTANTS", "nil": False},
            {"type": "CONSTANTS", "mixed": [1.0]},
            {"type": "CONSTANTS", "mixed": {"x": 1}},
            {"type": "CONSTANTS", "mixed": {"x": True}},
            {"type": "CONSTANTS", "ints": 1.5},
            {"type": "CONSTANTS", "ints": 2.0},
            {"type": "CONSTANTS", "typed": 3},
            {"type": "CONSTANTS", "narrowed": "y"},
            {"type": "CONSTANTS", "narrowed": "x"},
            {"type": "CONSTANTS", "both": "a"},
            {"type": "CONTAINERS", "mixed": {"a": "", "constructor": None}},
            {"type": "CONTAINERS", "mixed": {"a": ""}},
            {"type": "CONTAINERS", "mixed": {"a": "", "constructor": None, "__proto__": 1}},
            {"type": "CONTAINERS", "mixed": {"a": "", "constructor": None, "toString": True, "a/b~c": 1.0}},
            {"type": "CONTAINERS", "loose": {"x": 1, "ghost": None}},
            {"type": "CONTAINERS", "loose": {"x": 1, "ghost": 0, "valueOf": 0}},
            {"type": "CONTAINERS", "loose": "not an object"},
            {"type": "CONTAINERS", "loose": {"x": 1}},
            {"type": "CONTAINERS", "nothing": []},
            {"type": "CONTAINERS", "nothing": [None]},
            {"type": "CONTAINERS", "tree": {"value": 1, "children": [{"value": 2, "children": [{"value": 3.5}]}]}},
            {"type": "STRINGS", "exact": "\U0001f600\U0001f600"},
            {"type": "STRINGS", "exact": "\U0001f600\U0001f600a"},
            {"type": "STRINGS", "exact": "ab", "code": "AB-123\n"},
            {"type": "STRINGS", "exact": "ab", "lines": "one\ntwo\n\n"},
            {"type": "STRINGS", "exact": "ab", "emoji": "\U0001f610"},
            {"type": "STRINGS", "exact": "ab", "slashy": 5},
            {"type": "NUMBERS", "unit": 0},
            {"type": "NUMBERS", "unit": 1},
            {"type": "NUMBERS", "unit": 5e-324},
            {"type": "NUMBERS", "small": 3},
            {"type": "NUMBERS", "small": 4},
            {"type": "NUMBERS", "small": -4},
            {"type": "NUMBERS", "either": -1},
            {"type": "NUMBERS", "either": ""},
            {"type": "NUMBERS", "either": 1.5},
            {"type": "COMBINATORS", "one": 5},
            {"type": "COMBINATORS", "one": 5.5},
            {"type": "COMBINATORS", "one": 11},
            {"type": "COMBINATORS", "truthy": 1},
            {"type": "COMBINATORS", "truthy": "x"},
            {"type": "COMBINATORS", "falsy": 1},
            {"type": "COMBINATORS", "pet": {"kind": "dog", "good": False}},
            {"type": "COMBINATORS", "pet": {"kind": "cow"}},
            {"type": "COMBINATORS", "all": {"a": 1, "c": True}},
            {"type": "COMBINATORS", "all": {"a": 1, "b": 2, "c": True}},
            {"type": "COMBINATORS", "nested": {"deep": {"z": 1}}},
            {"type": "COMBINATORS", "nested": [1, "ab", "abc"]},
        ],
        "replies": [
            5,
            "x",
            None,
            [],
            {"type": "DONE"},
            {"type": "DONE", "result": {"kind": "cat", "lives": 10}},
            {"type": "PROGRESS", "percent": 100, "zz": "ab"},
            {"type": "PROGRESS", "percent": 100, "zz": "abc"},
            {"type": "ERROR", "error": "\ud800"},
            {"type": "ERROR", "error": ""},
        ],
    }.get(channel, [])


@pytest.mark.parametrize("folder", [SPECS, KITCHEN], ids=["docmind", "kitchen"])
def test_generated_validators_agree_with_jsonschema(folder: Path, tmp_path: Path) -> None:
    needs_tools()
    started = time.perf_counter()
    protocol = load(folder)
    module = tmp_path / "protocol.ts"
    module.write_text(generate(protocol), encoding="utf-8")
    bundled = bundle(module, tmp_path)
    oracle = python_validators(protocol)

    batch: list[tuple[str, Any]] = []
    expected: list[bool] = []
    counts: dict[str, dict[str, int]] = {}
    for index, channel in enumerate(protocol.channels):
        candidates = Candidates(protocol, seed=index).batch(channel.schema, channel.schema_path, PER_CHANNEL)
        candidates += _hand_written(channel.name)
        verdicts = [oracle[channel.name].is_valid(value) for value in candidates]
        batch += [(channel.type_name, value) for value in candidates]
        expected += verdicts
        counts[channel.name] = {
            "values": len(candidates),
            "valid": sum(verdicts),
            "invalid": len(verdicts) - sum(verdicts),
        }
    verdicts, node_seconds = run_in_node(bundled, batch, tmp_path)

    disagreements = []
    for (name, value), python, (generated, why) in zip(batch, expected, verdicts):
        if python != generated or (why == "") != generated:
            disagreements.append(
                f"{name}: jsonschema {python}, generated {generated} ({why!r}): {json.dumps(value)[:300]}"
            )
        elif not generated:
            pointer = "" if why.startswith("(root)") else why.split(": ", 1)[0]
            assert _pointer_exists(value, pointer) or why.split(": ", 1)[1].startswith("missing"), (why, value)
    summary = json.dumps(counts)
    print(
        f"\n{folder.name}: {len(batch)} values {summary}; Node {node_seconds * 1000:.1f} ms; "
        f"total {time.perf_counter() - started:.2f} s"
    )
    assert not disagreements, f"{len(disagreements)} of {len(batch)} verdicts differ:\n" + "\n".join(disagreements[:20])
    for name, count in counts.items():
        assert count["values"] >= 200 and count["valid"] >= 1 and count["invalid"] >= 100, (name, count)
    if folder == KITCHEN:
        assert all(count["valid"] >= 50 for count in counts.values()), counts


# --- random schemas ---------------------------------------------------------------------------------------------

_PATTERNS = ["^a", "b$", "^[a-c]*$", "\U0001f600", "^$", "^[^/]+/", "x{2}"]
_CONSTS = ["a", "", 0, 1, -1.5, True, False, None, [1, "a"], {"k": None}, "\U0001f600"]


def _random_schema(rng: Any, depth: int, defs: list[str]) -> Any:
    """A schema of the supported subset, with keywords combined the ways a hand would rarely try."""
    roll = rng.random()
    if depth > 2 or roll < 0.08:
        return rng.choice([True, False, {"type": rng.choice(["string", "integer", "null", "boolean"])}])
    if roll < 0.16 and defs:
        node: dict[str, Any] = {"$ref": f"common.schema.json#/$defs/{rng.choice(defs)}"}
        if rng.random() < 0.3:
            node["maximum"] = rng.choice([0, 3])
        return node
    schema: dict[str, Any] = {}
    kinds = rng.sample(
        ["string", "number", "integer", "boolean", "null", "object", "array"], rng.choice([1, 1, 1, 2, 3])
    )
    if rng.random() < 0.8:
        schema["type"] = kinds[0] if len(kinds) == 1 else kinds
    if rng.random() < 0.15:
        schema["const"] = rng.choice(_CONSTS)
    if rng.random() < 0.15:
        schema["enum"] = rng.sample(_CONSTS, rng.randint(1, 4))
    if "string" in kinds or rng.random() < 0.1:
        if rng.random() < 0.6:
            schema["minLength"] = rng.randint(0, 3)
        if rng.random() < 0.6:
            schema["maxLength"] = rng.randint(0, 4)
        if rng.random() < 0.4:
            schema["pattern"] = rng.choice(_PATTERNS)
    if {"number", "integer"} & set(kinds) or rng.random() < 0.1:
        for keyword in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
            if rng.random() < 0.35:
                schema[keyword] = rng.choice([-2, 0, 0.5, 1, 2.5, 10])
    if "array" in kinds or rng.random() < 0.1:
        if rng.random() < 0.7:
            schema["items"] = _random_schema(rng, depth + 1, defs)
        if rng.random() < 0.4:
            schema["minItems"] = rng.randint(0, 2)
        if rng.random() < 0.4:
            schema["maxItems"] = rng.randint(0, 3)
    if "object" in kinds or rng.random() < 0.1:
        names = rng.sample(["a", "b", "type", "__proto__", "x/y"], rng.randint(0, 3))
        if names:
            schema["properties"] = {name: _random_schema(rng, depth + 1, defs) for name in names}
        if rng.random() < 0.6:
            schema["required"] = rng.sample(names + ["z"], rng.randint(0, len(names) + 1))
        if rng.random() < 0.5:
            schema["additionalProperties"] = rng.choice([False, False, _random_schema(rng, depth + 1, defs)])
    for keyword in ("allOf", "anyOf", "oneOf"):
        if rng.random() < 0.12:
            schema[keyword] = [_random_schema(rng, depth + 1, defs) for _ in range(rng.randint(1, 3))]
    return schema


def test_random_schemas_compile_and_agree_with_jsonschema(tmp_path: Path) -> None:
    """Seeded random schemas (every keyword, combined freely): the module compiles under DocMind's strict settings
    and its verdicts equal jsonschema's on candidates drawn from each schema."""
    import random
    import subprocess

    from tests.unit.protocol.support import TSC, message, tsconfig_like_docmind, write_protocol

    needs_tools()
    rng = random.Random(20240)
    defs = {f"D{i}": _random_schema(rng, 1, []) for i in range(8)}
    messages = {f"R{i}": message(f"R{i}", value=_random_schema(rng, 0, list(defs))) for i in range(120)}
    channel = {"oneOf": [{"$ref": f"#/$defs/{name}"} for name in messages], "$defs": messages}
    protocol = load(
        write_protocol(tmp_path / "random", {"random.schema.json": channel, "common.schema.json": {"$defs": defs}})
    )
    module = tmp_path / "protocol.ts"
    module.write_text(generate(protocol), encoding="utf-8")
    (tmp_path / "tsconfig.json").write_text(json.dumps(tsconfig_like_docmind(["protocol.ts"])), encoding="utf-8")
    compiled = subprocess.run(
        [str(TSC), "--noEmit", "--strict", "-p", "tsconfig.json", "--pretty", "false"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert compiled.returncode == 0, compiled.stdout[:3000]

    # Each message requires its own "type" const, so the channel's verdict is its message's: jsonschema need not
    # try all 120 branches of the oneOf (the generated side does go through the channel's dispatch).
    oracle = python_validators(protocol, {name: {"$ref": f"random.schema.json#/$defs/{name}"} for name in messages})
    candidates = Candidates(protocol, seed=7)
    batch: list[tuple[str, Any]] = []
    for name, schema in messages.items():
        for value in candidates.batch(schema["properties"]["value"], protocol.channels[0].schema_path, 12):
            batch.append(("RandomChannel", {"type": name, "value": value}))
    expected = [oracle[value["type"]].is_valid(value) for _, value in batch]
    verdicts, _ = run_in_node(bundle(module, tmp_path), batch, tmp_path)
    differing = [
        (value, python, got)
        for (_, value), python, got in zip(batch, expected, verdicts)
        if python != got[0] or (got[1] == "") != got[0]
    ]
    valid = sum(expected)
    print(f"\nrandom: {len(messages)} schemas, {len(batch)} values ({valid} valid)")
    assert not differing, "\n".join(
        f"{json.dumps(messages[v['type']]['properties']['value'])} {json.dumps(v['value'])}: "
        f"jsonschema {p}, generated {g}"
        for v, p, g in differing[:10]
    )
    assert valid >= len(batch) // 10
