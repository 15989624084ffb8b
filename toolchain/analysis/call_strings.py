"""The string literals a call passes: what needs a permission by value, not by the API called.

`webRequest.onAuthRequired.addListener(fn, filter, ["blocking"])` needs `webRequestBlocking`,
`permissions.request({permissions: ["history"]})` uses the optional `history`, `document.execCommand("copy")` needs
`clipboardWrite` in an extension, `scripting.executeScript({files: ["x.js"]})` and `importScripts("x.js")` bring
code into a context. The walker records which API each expression is; this pass, over the same syntax tree, pairs
each call of an extension API (or of a listed web-platform function) with the strings in its arguments, and says
whether anything there was computed (a name known only at run time may be any name).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from toolchain.analysis.facts import ApiUse, CallStrings
from toolchain.analysis.guards import string_value
from toolchain.analysis.nodes import node_text
from toolchain.analysis.syntax import member_chain, unwrap

if TYPE_CHECKING:  # pragma: no cover
    from tree_sitter import Node

    from toolchain.analysis.parse import ParsedFile

#: web-platform functions whose arguments matter to the lint (permissions they need, code they load); written as
#: the source writes them (a `window.`/`self.` prefix is dropped)
WEB_CALLS = frozenset(
    {
        "document.execCommand",
        "navigator.clipboard.writeText",
        "navigator.clipboard.write",
        "navigator.clipboard.readText",
        "navigator.clipboard.read",
        "navigator.geolocation.getCurrentPosition",
        "navigator.geolocation.watchPosition",
        "importScripts",
    }
)
#: constructors whose argument names a script to run: recorded as "new Worker", "new SharedWorker"
WEB_CONSTRUCTORS = frozenset({"Worker", "SharedWorker"})
#: calls that turn a packaged path into a URL: their string is the path itself (`new Worker(runtime.getURL("w.js"))`)
_URL_OF_PATH = ("runtime.getURL", "extension.getURL")
_GLOBAL_PREFIXES = ("window.", "self.", "globalThis.")
#: what `_constant_value` gives for a name that is no known constant
NOT_FOUND = object()
#: literal leaves: values that are not computed
_LITERALS = frozenset({"number", "true", "false", "null", "undefined", "regex"})


def call_strings(
    parsed: ParsedFile, api_uses: Iterable[ApiUse], constants: Mapping[str, object] | None = None
) -> list[CallStrings]:
    """Every call of an extension API (as the walker resolved it, matched by where the callee starts) or of a
    `WEB_CALLS` function, with the strings in its arguments. `constants`: top-level constants the file sees by name
    (its own, and those of the classic scripts it shares globals with): `[WebRequest.BLOCKING]` with
    `const WebRequest = {BLOCKING: "blocking"}` passes "blocking"."""
    known = constants or {}
    by_place = {(use.location.line, use.location.column): use for use in api_uses if use.kind in ("call", "event")}
    found: list[CallStrings] = []
    for call in parsed.nodes("call_expression"):
        callee = call.child_by_field_name("function")
        arguments = call.child_by_field_name("arguments")
        if callee is None or arguments is None or not _plain_callee(callee):
            continue
        location = parsed.location(callee)
        use = by_place.get((location.line, location.column))
        name, scope = (use.api, use.scope) if use is not None else (_web_call(callee), "")
        if name is None:
            continue
        strings: set[str] = set()
        computed = _collect(arguments, strings, known)
        found.append(CallStrings(name, frozenset(strings), computed, location, scope))
    for construction in parsed.nodes("new_expression"):
        constructor = construction.child_by_field_name("constructor")
        arguments = construction.child_by_field_name("arguments")
        if constructor is None or arguments is None or not arguments.named_children:
            continue
        name = _global_name(constructor)
        if name not in WEB_CONSTRUCTORS:
            continue
        strings = set()
        computed = _collect(arguments.named_children[0], strings, known)  # the script; the options do not name files
        found.append(CallStrings(f"new {name}", frozenset(strings), computed, parsed.location(constructor), ""))
    return found


def _global_name(node: Node) -> str:
    """A callee or constructor as written, without spaces and without a `window.`/`self.`/`globalThis.` prefix."""
    text = "".join(node_text(unwrap(node), "replace").split())
    for prefix in _GLOBAL_PREFIXES:
        if text.startswith(prefix):
            text = text[len(prefix) :]
    return text


def _plain_callee(callee: Node) -> bool:
    """`a.b.c` or `f`, not `a.b(x).then`: a chained call starts where the first one does, and is another call."""
    root, _props, _extras = member_chain(unwrap(callee))
    return root.type == "identifier"


def _web_call(callee: Node) -> str | None:
    text = _global_name(callee)
    return text if text in WEB_CALLS else None


def _constant_value(node: Node, constants: Mapping[str, object]) -> object:
    """The value of `NAME` or `NAME.KEY…` when NAME is a known constant (NOT_FOUND otherwise)."""
    root, props, extras = member_chain(node)
    if root.type != "identifier" or extras:
        return NOT_FOUND
    value = constants.get(node_text(root), NOT_FOUND)
    for prop in props:
        value = value.get(prop, NOT_FOUND) if isinstance(value, dict) else NOT_FOUND
    return value


def _collect(node: Node, strings: set[str], constants: Mapping[str, object] | None = None) -> bool:
    """Add the strings of an argument list (through arrays, objects, `a ? "x" : "y"` and named constants) to
    `strings`; True when some value there is computed. Functions passed as arguments (listeners) are not looked
    into."""
    computed = False
    stack = [node]
    while stack:
        current = unwrap(stack.pop())
        kind = current.type
        if constants and kind in ("identifier", "member_expression"):
            value = _constant_value(current, constants)
            if value is not NOT_FOUND:
                values = value if isinstance(value, list) else [value]
                strings.update(v for v in values if isinstance(v, str))
                computed = computed or not all(isinstance(v, str) for v in values)
                continue
        if kind in ("string", "template_string"):
            value = string_value(current)
            if value is None:
                computed = True
            else:
                strings.add(value)
        elif kind in ("arguments", "array", "object"):
            stack.extend(c for c in current.named_children if c.type != "comment")
        elif kind == "pair":
            value_node = current.child_by_field_name("value")
            if value_node is not None:
                stack.append(value_node)
        elif kind == "ternary_expression":
            stack.extend(
                c
                for c in (current.child_by_field_name("consequence"), current.child_by_field_name("alternative"))
                if c is not None
            )
        elif kind in ("arrow_function", "function_expression", "function"):
            continue
        elif kind == "call_expression" and _global_name(current.child_by_field_name("function") or current).endswith(
            _URL_OF_PATH
        ):
            arguments = current.child_by_field_name("arguments")  # `runtime.getURL("w.js")`: the path it names
            if arguments is not None:
                stack.extend(c for c in arguments.named_children[:1])
        elif kind == "new_expression" and _global_name(current.child_by_field_name("constructor") or current) == "URL":
            arguments = current.child_by_field_name("arguments")  # `new URL("w.js", import.meta.url)`: its path
            if arguments is None or not arguments.named_children:
                computed = True
            else:
                stack.append(arguments.named_children[0])
        elif kind not in _LITERALS:
            computed = True  # an identifier, a call, a member: known only at run time
    return computed
