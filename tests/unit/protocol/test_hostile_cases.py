"""The hostile schemas reported in issue 17, one by one: what once ran code, failed tsc after codegen said 0, or hung a
receiver is now refused (exit 2, located at its JSON pointer, nothing written), expressed safely, or warned about."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import copy_flagship, run_xtk
from tests.unit.protocol.support import TSC, bundle, load, message, needs_tools, tsconfig_like_docmind, write_protocol
from toolchain.diagnostics import InputError
from toolchain.protocol.codegen import generate
from toolchain.protocol.patterns import nested_quantifier

MODULE = Path("extension_src/src/shared/protocol.ts")
COMMON = Path("extension_src/specs/protocol/common.schema.json")
CITE = '"pattern": "^cite-[0-9]+$"'


def _load_in_node(module_text: str, work: Path, calls: str) -> dict[str, Any]:
    """Bundle a generated module, load it in Node, run `calls` (JavaScript using `m`, the module's exports); what
    loading and calling did, and whether anything set the sentinel globalThis.__pwned."""
    needs_tools()
    work.mkdir(parents=True, exist_ok=True)
    (work / "protocol.ts").write_text(module_text, encoding="utf-8")
    bundled = bundle(work / "protocol.ts", work)
    script = f"""
let loaded = 'loaded', result = null;
try {{ require({json.dumps(str(bundled))}); }} catch (error) {{ loaded = String(error); }}
const m = globalThis.__protocol;
if (m) {{ try {{ result = {calls}; }} catch (error) {{ result = 'threw ' + String(error); }} }}
process.stdout.write(JSON.stringify({{ loaded, result, pwned: globalThis.__pwned ?? null }}));
"""
    ran = subprocess.run(["node", "-e", script], capture_output=True, text=True, timeout=60)
    assert ran.returncode == 0, ran.stderr
    return json.loads(ran.stdout)


def _tsc(module_text: str, work: Path) -> subprocess.CompletedProcess[str]:
    work.mkdir(parents=True, exist_ok=True)
    (work / "protocol.ts").write_text(module_text, encoding="utf-8")
    (work / "tsconfig.json").write_text(json.dumps(tsconfig_like_docmind(["protocol.ts"])), encoding="utf-8")
    return subprocess.run(
        [str(TSC), "--noEmit", "--strict", "-p", "tsconfig.json", "--pretty", "false"],
        cwd=work,
        capture_output=True,
        text=True,
        timeout=120,
    )


def _project_with_pattern(tmp_path: Path, pattern: str) -> Path:
    """DocMind with its citation-id pattern replaced (common.schema.json, /$defs/Citation/properties/id/pattern)."""
    project = copy_flagship(tmp_path / "docmind")
    (project / MODULE).unlink()
    common = project / COMMON
    text = common.read_text(encoding="utf-8")
    assert CITE in text
    common.write_text(text.replace(CITE, f'"pattern": {json.dumps(pattern)}', 1), encoding="utf-8")
    return project


# --- 1. an unclosed `[` ended the regex literal: the rest of the line was code -------------------------------------


@pytest.mark.node
def test_an_unclosed_bracket_in_a_pattern_runs_nothing(tmp_path: Path) -> None:
    # The pattern appears twice on a line (the test and the error message), escaped differently: its class, unclosed
    # in the regex, closed in the message's copy, and the payload after it became code.
    pattern = "[\\]/,globalThis.__pwned=1,`,0"
    schema = {"type": "string", "allOf": [{"pattern": pattern}, {"pattern": pattern}]}
    text = generate(load(write_protocol(tmp_path / "p", {"a.schema.json": {"oneOf": [message("A", x=schema)]}})))
    outcome = _load_in_node(text, tmp_path / "run", "m.isAChannel({ type: 'A', x: 's' })")
    assert outcome["pwned"] is None, outcome
    # The pattern is not valid JavaScript: built from a string at load, it throws there, naming the pattern
    # (and `xtk protocol codegen` refuses it before, below).
    assert outcome["loaded"].startswith("SyntaxError: Invalid regular expression"), outcome


# --- 2. patterns that do not compile are refused, located -----------------------------------------------------------


@pytest.mark.node
@pytest.mark.parametrize("pattern", ["^cite-[0-9+$", "(a", "${x}", "a**", "\\p{NoSuchProperty}"])
def test_an_invalid_pattern_is_refused_naming_its_pointer(tmp_path: Path, pattern: str) -> None:
    needs_tools()
    project = _project_with_pattern(tmp_path, pattern)
    result = run_xtk("protocol", "codegen", cwd=project)
    assert result.code == 2, result.output
    text = (project / COMMON).read_text(encoding="utf-8")
    line = next(i + 1 for i, row in enumerate(text.splitlines()) if json.dumps(pattern) in row)
    assert re.match(
        rf"{re.escape(COMMON.as_posix())}:{line}:\d+: error: /\$defs/\w+/properties/id/pattern: "
        r"not a valid ECMAScript regular expression \(u flag\): ",
        result.stderr,
    ), result.stderr
    assert "Traceback" not in result.output
    assert not (project / MODULE).exists()
    check = run_xtk("protocol", "codegen", "--check", "--format", "json", cwd=project)
    assert check.code == 2 and json.loads(check.stdout)["errors"][0]["key"].endswith("/properties/id/pattern")


@pytest.mark.node
def test_a_pattern_with_template_syntax_compiles_and_type_checks(tmp_path: Path) -> None:
    needs_tools()
    schema = {"type": "string", "pattern": "^\\$\\{x\\}`'\"\\\\[\\]]*$"}
    text = generate(load(write_protocol(tmp_path / "p", {"a.schema.json": {"oneOf": [message("A", x=schema)]}})))
    checked = _tsc(text, tmp_path / "tsc")
    assert checked.returncode == 0, checked.stdout
    outcome = _load_in_node(
        text,
        tmp_path / "run",
        "[m.isAChannel({ type: 'A', x: '${x}`\\'\"\\\\]]' }), m.describeInvalidAChannel({ type: 'A', x: '${y}' })]",
    )
    assert outcome["result"] == [True, f"/x: expected a string matching /{schema['pattern']}/u"], outcome


# --- 3. $ref cycles ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("defs", "pointer"),
    [
        ({"N": {"$ref": "#/$defs/M"}, "M": {"$ref": "#/$defs/N"}}, "/$defs/M/$ref"),
        ({"N": {"$ref": "#/$defs/N"}, "M": {}}, "/$defs/N/$ref"),
        (
            {
                "N": {"anyOf": [{"type": "string"}, {"allOf": [{"$ref": "#/$defs/M"}]}]},
                "M": {"oneOf": [{"$ref": "#/$defs/N"}, {}]},
            },
            "/$defs/M/oneOf/0/$ref",
        ),
        ({"N": {"type": "object", "$ref": "#/$defs/M"}, "M": {"type": "object", "$ref": "#/$defs/N"}}, "/$defs/M/$ref"),
    ],
    ids=["two", "self", "through-combinators", "with-siblings"],
)
def test_a_ref_cycle_that_consumes_nothing_is_refused(tmp_path: Path, defs: dict[str, Any], pointer: str) -> None:
    schema = {"oneOf": [message("A", x={"$ref": "#/$defs/N"})], "$defs": defs}
    with pytest.raises(InputError) as caught:
        generate(load(write_protocol(tmp_path / "p", {"a.schema.json": schema})))
    [problem] = caught.value.diagnostics
    assert (problem.path, problem.key) == ("p/a.schema.json", pointer), problem.format()
    assert (
        problem.line is not None
        and "$ref cycle" in problem.message
        and "properties, items or additionalProperties" in problem.message
    )


@pytest.mark.parametrize("shape", ["inline", "chain"])
def test_nesting_past_the_bound_is_refused_located(tmp_path: Path, shape: str) -> None:
    # The generator recurses as deep as schemas nest: past 64 it is a located error, not a RecursionError (which
    # a chain of thousands of definitions caused) nor a module quadratic in the depth.
    inner: Any = {"type": "string"}
    defs: dict[str, Any] = {}
    if shape == "inline":
        for _ in range(100):
            inner = {"type": "object", "properties": {"a": inner}}
    else:
        defs = {f"D{i}": {"type": "object", "properties": {"n": {"$ref": f"#/$defs/D{i + 1}"}}} for i in range(3000)}
        defs["D3000"] = inner
        inner = {"$ref": "#/$defs/D0"}
    schema = {"oneOf": [message("A", x=inner)], "$defs": defs}
    (tmp_path / "p").mkdir()
    with pytest.raises(InputError) as caught:
        generate(load(write_protocol(tmp_path / "p", {"a.schema.json": json.dumps(schema)})))
    [problem] = caught.value.diagnostics
    assert "nested more than 64 deep" in problem.message and problem.line is not None, problem.format()


@pytest.mark.node
def test_recursion_through_properties_and_items_is_expressed(tmp_path: Path) -> None:
    needs_tools()
    defs = {
        "Tree": {
            "type": "object",
            "properties": {
                "children": {"type": "array", "items": {"$ref": "#/$defs/Tree"}},
                "named": {"type": "object", "additionalProperties": {"$ref": "#/$defs/Node"}},
            },
        },
        "Node": {
            "anyOf": [
                {"type": "string"},
                {"$ref": "#/$defs/Tree"},
                {"type": "array", "items": {"$ref": "#/$defs/Node"}},
            ]
        },
    }
    schema = {"oneOf": [message("A", x={"$ref": "#/$defs/Node"})], "$defs": defs}
    text = generate(load(write_protocol(tmp_path / "p", {"a.schema.json": schema})))
    checked = _tsc(text, tmp_path / "tsc")
    assert checked.returncode == 0, checked.stdout
    outcome = _load_in_node(
        text,
        tmp_path / "run",
        "[m.isAChannel({ type: 'A', x: [['a', { children: [{ named: { k: 'v' } }] }]] }), "
        "m.isAChannel({ type: 'A', x: [[1]] })]",
    )
    assert outcome["result"] == [True, False], outcome


@pytest.mark.node
def test_a_value_nested_past_the_call_stack_is_invalid_not_an_exception(tmp_path: Path) -> None:
    tree = {"type": "object", "properties": {"children": {"type": "array", "items": {"$ref": "#/$defs/Tree"}}}}
    schema = {"oneOf": [message("A", tree={"$ref": "#/$defs/Tree"})], "$defs": {"Tree": tree}}
    text = generate(load(write_protocol(tmp_path / "p", {"a.schema.json": schema})))
    calls = """(() => {
      let deep = {}; for (let i = 0; i < 200000; i++) deep = { children: [deep] };
      const shallow = { children: [{ children: [] }] };
      return [m.isAChannel({ type: 'A', tree: deep }), m.describeInvalidAChannel({ type: 'A', tree: deep }),
              m.isAChannel({ type: 'A', tree: shallow }),
              m.describeInvalidAChannel({ type: 'A', tree: { children: [1] } })];
    })()"""
    outcome = _load_in_node(text, tmp_path / "run", calls)
    assert outcome["result"] == [
        False,
        "(root): nested too deeply to check",
        True,
        "/tree/children/0: expected an object",
    ], outcome
    # A protocol without recursion is called directly (nothing to catch: its depth is the schema's).
    flat = generate(load(write_protocol(tmp_path / "q", {"a.schema.json": {"oneOf": [message("A")]}})))
    assert "_deep" not in flat


# --- 4. Object.prototype members as property names ----------------------------------------------------------------


@pytest.mark.node
def test_object_prototype_member_names_are_plain_own_properties(tmp_path: Path) -> None:
    needs_tools()
    names = ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf", "isPrototypeOf"]
    schema = {
        "type": "object",
        "properties": {"type": {"const": "A"}, **{n: {"type": "string", "const": n} for n in names}},
        "required": ["type", "constructor", "__proto__"],
        "additionalProperties": False,
    }
    nested = {
        "type": "object",
        "properties": {
            "inner": {"type": "object", "properties": {n: {"type": "integer"} for n in names}, "required": names}
        },
        "required": ["inner"],
    }
    channel = {
        "oneOf": [
            schema,
            {**nested, "properties": {**nested["properties"], "type": {"const": "B"}}, "required": ["type", "inner"]},
        ]
    }
    text = generate(load(write_protocol(tmp_path / "p", {"a.schema.json": channel})))
    checked = _tsc(text, tmp_path / "tsc")
    assert checked.returncode == 0, checked.stdout
    calls = """[
      m.isAChannel({ type: 'A' }),
      m.isAChannel({ type: 'A', constructor: 'constructor' }),
      m.isAChannel(JSON.parse('{"type": "A", "constructor": "constructor", "__proto__": "__proto__"}')),
      m.isAChannel(JSON.parse(
        '{"type": "A", "constructor": "constructor", "__proto__": "__proto__", "toString": "x"}')),
      m.isAChannel(JSON.parse(
        '{"type": "B", "inner": {"constructor": 1, "__proto__": 2, "toString": 3, "hasOwnProperty": 4, '
        + '"valueOf": 5, "isPrototypeOf": 6}}')),
      m.isAChannel({ type: 'B', inner: {} }),
    ]"""
    outcome = _load_in_node(text, tmp_path / "run", calls)
    assert outcome["result"] == [False, False, True, False, True, False], outcome


@pytest.mark.node
def test_helper_names_in_strings_do_not_count_as_uses(tmp_path: Path) -> None:
    # A helper only a string mentions would be declared and never read: noUnusedLocals fails (TS6133).
    names = ["_len", "_eq", "_one", "_any", "_at", "_re1", "checkB"]
    schema = {**message("A", **{n: {"type": "string"} for n in names}), "required": ["type", *names]}
    text = generate(load(write_protocol(tmp_path / "p", {"a.schema.json": {"oneOf": [schema]}})))
    assert "function _len(" not in text and "const _re1" not in text
    checked = _tsc(text, tmp_path / "tsc")
    assert checked.returncode == 0, checked.stdout


# --- 5. nested unbounded quantifiers: a warning, not a refusal ---------------------------------------------------


@pytest.mark.parametrize("pattern", ["^(a+)+$", "(a*)*", "(.*a)+", "([a-z]+-?)+$", "((ab)*c?)+", "(?:x+x+){2,}"])
def test_nested_unbounded_quantifiers_are_found(pattern: str) -> None:
    assert nested_quantifier(pattern) is not None, pattern


@pytest.mark.parametrize(
    "pattern",
    [
        "^(/[^/\\s]+)+$",
        "(\\d+\\.)+",
        "^cite-[0-9]+$",
        "(a+)?",
        "(a|b)+",
        "^(preamble|heading-[0-9]+(-item-[0-9]+)?)$",
        "[(a+)+]",
        "\\(a+\\)+",
    ],
)
def test_unambiguous_repetitions_are_not_flagged(pattern: str) -> None:
    assert nested_quantifier(pattern) is None, pattern


def test_the_quantifier_search_survives_any_text() -> None:
    import random

    rng = random.Random(5)
    alphabet = list("()[]{}|^$.*+?\\-,:=!<>/^dDwWsSbBpPkux0123456789aé\u2028`'\"") + ["(?:", "(?<n>", "\\u{", "\\p{L}"]
    for _ in range(3000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 24)))
        assert nested_quantifier(text) in (
            None,
            *[text[i:j] for i in range(len(text)) for j in range(i, len(text) + 1)],
        )
    assert nested_quantifier("(" * 5000 + "a+" + ")" * 5000 + "+") in (None, "(" * 5000 + "a+" + ")" * 5000 + "+")


@pytest.mark.node
def test_a_catastrophic_pattern_is_written_with_a_warning_naming_its_pointer(tmp_path: Path) -> None:
    needs_tools()
    project = _project_with_pattern(tmp_path, "^(a+)+$")
    result = run_xtk("protocol", "codegen", cwd=project)
    assert result.code == 0, result.output
    assert re.search(
        rf"{re.escape(COMMON.as_posix())}:\d+:\d+: warning: /\$defs/\w+/properties/id/pattern: "
        r"nested unbounded quantifiers",
        result.stderr,
    ), result.stderr
    assert (project / MODULE).is_file()
    as_json = run_xtk("protocol", "codegen", "--check", "--format", "json", cwd=project)
    report = json.loads(as_json.stdout)
    assert as_json.code == 0 and report["warnings"][0]["key"].endswith("/properties/id/pattern")


# --- 6. text outside strings: comments, file names, non-finite numbers, lone surrogates ------------------------------


@pytest.mark.node
def test_channel_names_and_descriptions_stay_in_their_comments(tmp_path: Path) -> None:
    channels = [
        {
            "name": "a\nglobalThis.__pwned=1;//",
            "type_name": "AChannel",
            "schema": "a.schema.json",
            "api": "runtime",
            "from": ["popup"],
            "to": ["background"],
            "kind": "request",
            "description": "*/ globalThis.__pwned=1; /*",
        },
        {
            "name": "b\u2028globalThis.__pwned=2;//*/",
            "type_name": "BChannel",
            "schema": "b.schema.json",
            "api": "runtime",
            "from": ["popup"],
            "to": ["background"],
            "kind": "request",
            "description": "x\u2029globalThis.__pwned=3",
        },
    ]
    folder = write_protocol(
        tmp_path / "p",
        {
            "a.schema.json": {"oneOf": [message("A")]},
            "b.schema.json": {"oneOf": [{**message("B"), "description": "\ud800 */ globalThis.__pwned=4"}]},
        },
        channels,
    )
    text = generate(load(folder))
    text.encode("utf-8")  # a lone surrogate becomes U+FFFD, not an encoding error when the file is written
    assert not any(line.lstrip().startswith("globalThis") for line in text.splitlines())
    outcome = _load_in_node(text, tmp_path / "run", "[m.isAChannel({ type: 'A' }), m.isBChannel({ type: 'B' })]")
    assert outcome == {"loaded": "loaded", "result": [True, True], "pwned": None}


def test_a_schema_file_name_stays_in_the_header_comment(tmp_path: Path) -> None:
    name = "a\nglobalThis.__pwned=1;\u2028x.schema.json"
    folder = write_protocol(
        tmp_path / "p",
        {name: {"oneOf": [message("A")]}},
        [
            {
                "name": "a-channel",
                "schema": name,
                "api": "runtime",
                "from": ["popup"],
                "to": ["background"],
                "kind": "request",
            }
        ],
    )
    text = generate(load(folder))
    assert not any(line.lstrip().startswith("globalThis") for line in text.splitlines())
    assert "\u2028" not in text


@pytest.mark.parametrize(
    ("value", "pointer"),
    [({"const": 1e400}, "/oneOf/0/properties/x/const"), ({"enum": [1, [-1e400]]}, "/oneOf/0/properties/x/enum")],
)
def test_numbers_javascript_cannot_write_are_refused(tmp_path: Path, value: dict[str, Any], pointer: str) -> None:
    text = json.dumps({"oneOf": [message("A", x={"type": "string"})]}).replace(
        '{"type": "string"}', json.dumps(value).replace("Infinity", "1e400")
    )
    with pytest.raises(InputError) as caught:
        generate(load(write_protocol(tmp_path / "p", {"a.schema.json": text})))
    [problem] = caught.value.diagnostics
    assert problem.key == pointer and "finite" in problem.message, problem.format()


def test_patterns_never_reach_the_module_as_regex_literals(tmp_path: Path) -> None:
    schema = {"type": "string", "pattern": "^a/b[/]c$"}
    text = generate(load(write_protocol(tmp_path / "p", {"a.schema.json": {"oneOf": [message("A", x=schema)]}})))
    assert "const _re1 = /* @__PURE__ */ new RegExp('^a/b[/]c$', 'u');" in text
    assert "_re1.test(" in text and not re.search(r"!/.*/u\.test", text)
    shutil.rmtree(tmp_path / "p")
