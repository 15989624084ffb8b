"""`xtk protocol codegen`: the TypeScript types and runtime validators of a protocol's JSON Schemas.

`generate(protocol)` returns the whole module, rendered through templates/protocol.ts.j2. It is deterministic: the
same schemas give the same bytes, wherever the project lives. `check_generated(protocol, path)` compares a file
with it (`xtk lint`'s drift rule, XM007, and `xtk protocol codegen --check`). The work is split along its seams:

    subset      the named schemas (channels, messages, referenced $defs); what is outside the subset below
    ts_types    schema → TypeScript type expression
    validators  schema → check functions (built from `fragments`, with `literals` for JavaScript source)
    helpers     the runtime helpers the checks call: real TypeScript in runtime/helpers.ts, embedded as needed
    literals    the one serializer every schema value goes through (strings, numbers, patterns, comment text)
    codegen     file assembly: declaration order, the header, per channel `is<Channel>`/`describeInvalid<Channel>`
    patterns    run by `xtk protocol codegen` before writing: each pattern compiled in Node, ReDoS warnings

The validators implement a subset of JSON Schema 2020-12, exactly (docs/protocol.md); a keyword outside it is an
InputError naming its file, line and JSON pointer, never silently ignored:

    type (string, number, integer, boolean, null, object, array, or a list of them), const, enum,
    properties, required, additionalProperties (false or a schema), items (one schema for every item),
    minItems, maxItems, minLength, maxLength (in code points, as JSON Schema counts, not UTF-16 units),
    minimum, maximum, exclusiveMinimum, exclusiveMaximum, pattern (an ECMAScript regex, `u` flag),
    oneOf (exactly one), anyOf, allOf, $ref (`#/$defs/X` or `file.json#/$defs/X`), $defs, true/false;
    annotations, ignored: title, description, $comment, examples, default; $schema (2020-12) and $id (the
    file's name) at a document's root only.

A number is a JavaScript double: non-finite numbers (NaN, ±Infinity: not JSON) fail every number and integer type
and every numeric keyword; integers beyond 2^53 cannot be told apart.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from pathlib import Path

from toolchain import catalog
from toolchain.diagnostics import Diagnostic, InputError
from toolchain.protocol.helpers import declared, identifiers, reachable, runtime_helpers
from toolchain.protocol.literals import comment_text, js_string
from toolchain.protocol.model import Channel, Protocol
from toolchain.protocol.subset import ANNOTATIONS, ASSERTIONS, Named, SchemaIndex, channel_constant
from toolchain.protocol.ts_types import TypeWriter
from toolchain.protocol.validators import ValidatorWriter

__all__ = ["ASSERTIONS", "DRIFT_CODE", "channel_constant", "check_generated", "generate"]

#: the drift rule of `xtk lint` (XM007): its code and severity are the code catalog's, not a second definition
DRIFT = catalog.named("protocol-codegen-drift")
DRIFT_CODE = DRIFT.code


def wrap_comment(words: Iterable[str], width: int, prefix: str = "// ") -> list[str]:
    lines: list[str] = []
    current = prefix
    for word in words:
        if len(current) + len(word) + 1 > width and current.strip() != prefix.strip():
            lines.append(current.rstrip())
            current = prefix
        current += word + " "
    lines.append(current.rstrip())
    return lines


def generate(protocol: Protocol, remembered: Path | None = None) -> str:
    """The TypeScript module of a protocol: types, one check function per named schema, and per channel its message
    types, `is<Channel>` and `describeInvalid<Channel>`. Raises InputError (located) on schemas outside the subset.
    With `remembered` (a project's `.xtk/rendered/`, as xtk lint passes it) the template's text is kept there."""
    from toolchain.templating import render, render_remembered

    index = SchemaIndex(protocol)
    index.collect()
    if index.problems:
        raise InputError(index.problems)
    ordered = _declaration_order(index)
    types = _type_declarations(index, ordered)

    validators = ValidatorWriter(index)
    for named in ordered:
        validators.function(named.check, named.schema, named.loc, "")
    roots = [index.named[(c.schema_path, "")].check for c in protocol.channels]
    functions = reachable(roots + ["_why"], {declared(code): code for code in validators.functions})
    recursive = _recursive(roots, functions)
    helpers = reachable(
        ["_why"] + (["_deep"] if recursive else []) + list(functions), dict(runtime_helpers()), functions
    )
    used = set().union(*(identifiers(function) for function in functions.values()))
    patterns = [code for name, code in validators.pattern_declarations().items() if name in used]

    folder = comment_text(protocol.shown(protocol.folder))
    files = [comment_text(p.name) for p in protocol.files()]
    header = wrap_comment(
        f"Generated by `xtk protocol codegen` from {folder}/ ({', '.join(files)}). Do not edit: change the schemas and run "
        "`xtk protocol codegen` again. `xtk lint` checks that this file matches them (drift is XM007).".split(),
        118,
    )
    return (partial(render_remembered, remembered) if remembered is not None else render)(
        "protocol.ts.j2",
        header="\n".join(header),
        types=types,
        helpers=list(helpers.values()),
        patterns=patterns,
        functions=list(functions.values()),
        channels=_channel_entries(index, recursive),
    )


def _declaration_order(index: SchemaIndex) -> list[Named]:
    """Each channel's union, then its messages, channel by channel; then the definitions they reference."""
    ordered: list[Named] = []
    for channel in index.protocol.channels:
        root = index.named[(channel.schema_path, "")]
        ordered.append(root)
        ordered += [
            n
            for n in index.named.values()
            if n.kind == "message" and n not in ordered and n.name in {m.name for m in channel.messages.values()}
        ]
    ordered += [n for n in index.named.values() if n not in ordered]
    return ordered


def _type_declarations(index: SchemaIndex, ordered: list[Named]) -> list[dict[str, str]]:
    """`export type <name> = <expr>;` per named schema, with its description as the doc comment."""
    writer = TypeWriter(index)
    types = []
    for named in ordered:
        if named.kind == "channel":
            text = writer.union(
                [
                    writer.type_of(sub, (named.loc[0], f"/oneOf/{i}"))
                    for i, sub in enumerate(named.schema.get("oneOf", []))
                ]
            )[0]
            extra = {k: v for k, v in named.schema.items() if k not in ("oneOf", *ANNOTATIONS, "$defs")}
            if extra:  # a channel schema with more than its oneOf (rare): the whole schema's type
                text = writer.type_of(named.schema, named.loc, top=True)[0]
        else:
            text = writer.type_of(named.schema, named.loc, top=True)[0]
        types.append({"name": named.name, "expr": text, "doc": comment_text(named.doc)})
    return types


def _transport(channel: Channel) -> str:
    return "postMessage" if channel.api == "worker" else f"{channel.api}.sendMessage"


def _recursive(roots: list[str], functions: dict[str, str]) -> set[str]:
    """The roots whose checks can call themselves again (a recursive schema, through properties or items): their
    depth is the value's, not the schema's, so a deep enough value exhausts the call stack."""
    calls = {
        name: identifiers(code.replace(f"function {name}(", "(", 1)) & functions.keys()
        for name, code in functions.items()
    }
    reaches = {name: _reaching(name, calls) for name in functions}
    cyclic = {name for name, reached in reaches.items() if name in reached}
    return {root for root in roots if root in cyclic or reaches.get(root, set()) & cyclic}


def _reaching(start: str, calls: dict[str, set[str]]) -> set[str]:
    """The functions `start` calls, directly or not."""
    seen: set[str] = set()
    pending = list(calls.get(start, set()))
    while pending:
        name = pending.pop()
        if name not in seen:
            seen.add(name)
            pending += calls.get(name, set())
    return seen


def _channel_entries(index: SchemaIndex, recursive: set[str]) -> list[dict[str, str]]:
    """Per channel what the template writes: its route, its message types' constant, and the check behind its
    `is<Channel>` guard and `describeInvalid<Channel>` (the first problem, or ''); a recursive one through `_deep`."""
    entries = []
    for channel in index.protocol.channels:
        check = index.named[(channel.schema_path, "")].check
        entries.append(
            {
                "name": comment_text(channel.name),  # only ever in comments
                "type_name": channel.type_name,
                "constant": channel_constant(channel),
                "types": ", ".join(js_string(t) for t in channel.messages),
                "call": f"_deep({check}, value)" if check in recursive else f"{check}(value, '')",
                "route": comment_text(
                    f"{', '.join(sorted(channel.senders))} -> {', '.join(sorted(channel.receivers))}, "
                    f"{_transport(channel)}, {channel.kind}"
                    + (f" to {channel.responds_to}" if channel.responds_to else "")
                ),
            }
        )
    return entries


# --- drift ----------------------------------------------------------------------------------------------------------


def check_generated(
    protocol: Protocol,
    path: Path,
    display: str | None = None,
    expected: str | None = None,
    remembered: Path | None = None,
) -> list[Diagnostic]:
    """Empty when `path` holds exactly what `generate(protocol)` makes (line endings aside); else one diagnostic
    (code XM007) naming the file and the first line that differs."""
    shown = display or protocol.shown(path)
    wanted = expected if expected is not None else generate(protocol, remembered)
    hint = "run `xtk protocol codegen`"
    try:
        actual = path.read_text(encoding="utf-8").replace("\r\n", "\n")
    except FileNotFoundError:
        return [
            Diagnostic(DRIFT.severity, f"the generated protocol module is missing: {hint}", path=shown, code=DRIFT_CODE)
        ]
    except (OSError, UnicodeDecodeError) as error:
        return [
            Diagnostic(
                DRIFT.severity, f"cannot read the generated protocol module: {error}", path=shown, code=DRIFT_CODE
            )
        ]
    if actual == wanted:
        return []
    actual_lines, wanted_lines = actual.split("\n"), wanted.split("\n")
    line = next(
        (i + 1 for i, (a, b) in enumerate(zip(actual_lines, wanted_lines)) if a != b),
        min(len(actual_lines), len(wanted_lines)),
    )
    source = protocol.shown(protocol.folder)
    message = (
        f"out of date with {source}/ (edited by hand, or the schemas changed): first difference at line {line}; {hint}"
    )
    return [Diagnostic(DRIFT.severity, message, path=shown, line=line, code=DRIFT_CODE)]
