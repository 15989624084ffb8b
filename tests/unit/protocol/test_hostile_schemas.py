"""Property test: schemas written by an attacker cannot put code into the generated module.

Seeded random protocols carry hostile text — quotes, backticks, `${}`, `*/`, `</script>`, U+2028/U+2029, newlines,
backslashes and brackets, each with a payload that would set `globalThis.__pwned` if it ever ran — in every string a
schema can hold: descriptions (types, properties, channels), enum and const values (strings, object keys), property
names (also required ones), patterns, channel names and schema file names. Every module must be generated, parse
(esbuild), type-check under DocMind's settings (tsc, all modules in one run), load in Node, and answer every
validator call with a verdict, nothing else: the sentinel stays unset and no call throws. Type names, which must be
identifiers, are refused (located) when hostile, never written.
"""

from __future__ import annotations

import json
import random
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.unit.protocol.support import (
    ESBUILD,
    TSC,
    Candidates,
    load,
    needs_tools,
    tsconfig_like_docmind,
    write_protocol,
)
from toolchain.diagnostics import InputError
from toolchain.protocol.codegen import generate
from toolchain.protocol.patterns import check_patterns

pytestmark = pytest.mark.node

PAYLOAD = "globalThis.__pwned=1"
#: ways out of a string, a regex, a template literal, a comment or a script element, each followed by the payload
BREAKOUTS = [
    "'",
    '"',
    "`",
    "${",
    "}",
    "*/",
    "/*",
    "//",
    "</script>",
    "<!--",
    "-->",
    "\u2028",
    "\u2029",
    "\n",
    "\r",
    "\\",
    "\\'",
    "[",
    "]",
    "/",
    "\\u{",
    ")",
    ";",
    "\x00",
    "\ud800",
    "\U0001f600",
]


def hostile(rng: random.Random) -> str:
    """A string that tries to end whatever literal or comment it is written into and run the payload."""
    pieces = rng.sample(BREAKOUTS, rng.randint(1, 4))
    return "".join(f"{piece}{PAYLOAD};" if rng.random() < 0.7 else piece for piece in pieces) + rng.choice(
        ["", "//", "*/", "`"]
    )


def js_regex_source(text: str) -> str:
    """An ECMAScript pattern (u flag) that matches `text` literally: syntax characters escaped, others as they are."""
    out = []
    for ch in text:
        if ch in "\\^$.*+?()[]{}|/":
            out.append("\\" + ch)
        elif ch == "\ud800":
            out.append("\\ud800")  # a lone surrogate in a pattern is written as an escape (it cannot be UTF-8)
        else:
            out.append(ch)
    return "".join(out)


def hostile_schema(rng: random.Random, depth: int = 0) -> Any:
    roll = rng.random()
    if depth > 2 or roll < 0.2:
        return rng.choice(
            [
                {"type": "string", "pattern": js_regex_source(hostile(rng)), "description": hostile(rng)},
                {"const": hostile(rng)},
                {"enum": [hostile(rng), hostile(rng), 1, None]},
                {"const": {hostile(rng): hostile(rng), "__proto__": hostile(rng)}},
                {
                    "type": "string",
                    "pattern": "^[" + js_regex_source("`'\"$") + "]*(?:" + js_regex_source(hostile(rng)) + ")?$",
                },
            ]
        )
    names = [hostile(rng) for _ in range(rng.randint(1, 3))] + rng.sample(
        [
            "constructor",
            "__proto__",
            "toString",
            "hasOwnProperty",
            "valueOf",
            "new",
            "delete",
            "function",
            "_len",
            "_eq",
            "_re1",
            "checkC0Message0",
            "e",
            "v",
            "p",
            "x1",
            "isFinite",
        ],
        2,
    )
    properties = {name: hostile_schema(rng, depth + 1) for name in names}
    schema: dict[str, Any] = {
        "type": "object",
        "description": hostile(rng),
        "properties": properties,
        "required": rng.sample(names, rng.randint(0, len(names))),
    }
    if rng.random() < 0.5:
        schema["additionalProperties"] = rng.choice(
            [False, {"type": "string", "pattern": js_regex_source(hostile(rng))}]
        )
    if rng.random() < 0.3:
        schema = {
            "anyOf": [schema, {"type": "array", "items": hostile_schema(rng, depth + 1)}],
            "description": hostile(rng),
        }
    return schema


def hostile_protocol(rng: random.Random, folder: Path, index: int) -> Path:
    """A protocol of one or two channels, with hostile text everywhere a schema holds text."""
    schemas: dict[str, Any] = {}
    channels = []
    for c in range(rng.randint(1, 2)):
        file_name = (
            f"c{c}" + hostile(rng).replace("/", "\u2215").replace("\x00", "").replace("\ud800", "") + ".schema.json"
        )
        messages = {}
        for m in range(rng.randint(1, 3)):
            kind = f"M{m}" + hostile(rng)
            properties: dict[str, Any] = {"type": {"const": kind, "description": hostile(rng)}}
            properties.update({hostile(rng): hostile_schema(rng) for _ in range(rng.randint(1, 3))})
            messages[f"C{c}Message{m}"] = {
                "type": "object",
                "description": hostile(rng),
                "properties": properties,
                "required": ["type", *rng.sample(list(properties)[1:], 1)],
                "additionalProperties": rng.choice([True, False]),
            }
        schemas[file_name] = {
            "description": hostile(rng),
            "oneOf": [{"$ref": f"#/$defs/{name}"} for name in messages],
            "$defs": messages,
            "$comment": hostile(rng),
        }
        channels.append(
            {
                "name": f"c{c}-" + hostile(rng),
                "type_name": f"Channel{c}",
                "schema": file_name,
                "api": "runtime",
                "from": ["popup"],
                "to": ["background"],
                "kind": "request",
                "description": hostile(rng),
            }
        )
    return write_protocol(folder / f"p{index}", schemas, channels)


def test_hostile_schemas_cannot_inject_code(tmp_path: Path) -> None:
    needs_tools()
    rng = random.Random(17)
    work = tmp_path / "modules"
    work.mkdir()
    entry_lines, batch = [], []
    for index in range(24):
        protocol = load(hostile_protocol(rng, tmp_path / "schemas", index))
        text = generate(protocol)
        check_patterns(protocol)  # every hostile pattern compiles in JavaScript; the quantifier search copes with it
        code = [line for line in text.splitlines() if PAYLOAD in line and not line.lstrip().startswith(("//", "/**"))]
        assert all(_only_in_strings(line) for line in code), [line for line in code if not _only_in_strings(line)][:3]
        (work / f"p{index}.ts").write_text(text, encoding="utf-8")
        entry_lines.append(f"import * as p{index} from './p{index}';")
        candidates = Candidates(protocol, seed=index)
        for channel in protocol.channels:
            values = candidates.batch(channel.schema, channel.schema_path, 30)
            batch += [(f"p{index}", channel.type_name, value) for value in values]
    entry_lines.append(
        f"(globalThis as {{ __modules?: unknown }}).__modules = {{ {', '.join(f'p{i}' for i in range(24))} }};"
    )
    (work / "entry.ts").write_text("\n".join(entry_lines) + "\n", encoding="utf-8")

    (work / "tsconfig.json").write_text(json.dumps(tsconfig_like_docmind(["*.ts"])), encoding="utf-8")
    checked = subprocess.run(
        [str(TSC), "--noEmit", "--strict", "-p", "tsconfig.json", "--pretty", "false"],
        cwd=work,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert checked.returncode == 0, checked.stdout[:3000]

    bundled = work / "bundle.js"
    built = subprocess.run(
        [
            str(ESBUILD),
            str(work / "entry.ts"),
            "--bundle",
            "--format=iife",
            "--charset=ascii",
            "--target=es2022",
            f"--outfile={bundled}",
            "--log-level=warning",
        ],
        capture_output=True,
        text=True,
    )
    assert built.returncode == 0, built.stderr[:3000]
    (work / "batch.json").write_text(json.dumps(batch, ensure_ascii=True), encoding="ascii")
    runner = """
const fs = require('fs');
require(process.argv[2]);
const modules = globalThis.__modules;
const answers = JSON.parse(fs.readFileSync(process.argv[3], 'utf8')).map(([module, name, value]) => {
  try {
    const valid = modules[module]['is' + name](value);
    const why = modules[module]['describeInvalid' + name](value);
    return typeof valid === 'boolean' && typeof why === 'string' && (why === '') === valid ? 'ok' : 'odd answer';
  } catch (error) {
    return 'threw ' + String(error);
  }
});
process.stdout.write(JSON.stringify({ pwned: globalThis.__pwned ?? null, answers }));
"""
    (work / "runner.js").write_text(runner, encoding="utf-8")
    ran = subprocess.run(
        ["node", str(work / "runner.js"), str(bundled), str(work / "batch.json")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert ran.returncode == 0, ran.stderr[:3000]
    result = json.loads(ran.stdout)
    assert result["pwned"] is None
    odd = [(entry, answer) for entry, answer in zip(batch, result["answers"]) if answer != "ok"]
    assert not odd, odd[:5]
    assert len(batch) >= 24 * 20


def _only_in_strings(line: str) -> bool:
    """Whether every payload on a line of code sits inside a single-quoted string literal."""
    inside, escaped, spans = False, False, []
    start = 0
    for i, ch in enumerate(line):
        if inside:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == "'":
                inside = False
                spans.append((start, i))
        elif ch == "'":
            inside, start = True, i
    at = line.find(PAYLOAD)
    while at != -1:
        if not any(s < at < e for s, e in spans):
            return False
        at = line.find(PAYLOAD, at + 1)
    return True


@pytest.mark.parametrize("name", ["A'; globalThis.__pwned=1; '", "Type\n", "A`${x}`", "A*/", "Finite", "A\u2028B"])
@pytest.mark.parametrize("where", ["title", "$defs key", "channel type_name"])
def test_hostile_type_names_are_refused_located(tmp_path: Path, name: str, where: str) -> None:
    message: dict[str, Any] = {"type": "object", "properties": {"type": {"const": "A"}}, "required": ["type"]}
    channel = {
        "name": "a-channel",
        "schema": "a.schema.json",
        "api": "runtime",
        "from": ["popup"],
        "to": ["background"],
        "kind": "request",
    }
    schema: dict[str, Any] = {"oneOf": [message]}
    pointer = "/oneOf/0"
    if where == "title":
        message["title"] = name
    elif where == "$defs key":
        key = name.replace("~", "~0").replace("/", "~1")
        message["properties"]["x"] = {"$ref": f"#/$defs/{key}"}
        schema["$defs"] = {name: {"type": "string"}}
        pointer = f"/$defs/{key}"
    else:
        channel["type_name"] = name
        pointer = None
    folder = write_protocol(tmp_path / "p", {"a.schema.json": schema}, [channel])
    with pytest.raises(InputError) as caught:
        generate(load(folder))
    [problem] = caught.value.diagnostics
    assert problem.key == pointer and "TypeScript type name" in problem.message, problem.format()
