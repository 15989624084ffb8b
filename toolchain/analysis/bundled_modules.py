"""A bundler's module table: which of webpack's modules hand out the extension API namespace.

A webpack build keeps each source module as a function in a table keyed by its id (`{815(e, r) {…}}` minified,
`{"./src/webext.js": (module, exports, require) => {…}}` in development, a split chunk's
`self.webpackChunk.push([[121], {815: …}])` in another file; webpack 4: arrays of functions indexed by id, holes
counted, `window.webpackJsonp.push([[1], [, function (e, t, n) {…}]])`) and reaches it through its require function:
`var r = n(815), t = n.n(r); t().storage.local.set(…)`. The walker asks here what `n(815)` is: the module's value
(`module.exports`, CommonJS) and its ES exports (`n.d(exports, {default: () => x})`, or webpack 5.10x's
`n.d(exports, ["A", 0, x])`, webpack 4's `n.d(exports, "a", function () { return x; })`), each an API object or
not. A module is the namespace when it is webextension-polyfill
(its message "This script should only be loaded in a browser extension", or a key naming the package) or when what
it exports is `browser`/`chrome` (also through `globalThis.`, `??`/`||`, `?:`, another module of the table, a
`n.n()` getter called). Syntax only: nothing here walks or knows a lexical scope beyond the module's own function.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from toolchain.analysis import guards as G
from toolchain.analysis.api_tables import API_GLOBALS, GLOBAL_OBJECTS, INLINED_POLYFILL, POLYFILL_MODULES
from toolchain.analysis.nodes import node_text
from toolchain.analysis.scopes import ApiRef
from toolchain.analysis.syntax import FUNCTION_NODES, call_arguments, member_chain, property_name, unwrap

if TYPE_CHECKING:  # pragma: no cover
    from tree_sitter import Node

    from toolchain.analysis.parse import ParsedFile

#: the export name under which a module whose whole value is an API object keeps it (what `require` returns)
MODULE_VALUE = "module.exports"
#: Binding kinds and markers of a webpack build (walk_modules.py): a module required by id (Binding.name: the id),
#: and the getter `n.n(module)` (Binding.api: the value had by calling it, `t()`, or through its `.a`)
BUNDLED_MODULE = "bundled-module"
BUNDLED_GETTER = "bundled-getter"
#: a split chunk of a webpack build (the module table is elsewhere than the code that requires from it)
_CHUNK_MARK = re.compile(rb"webpackChunk|webpackJsonp")
#: a file that may require from a module table: webpack's names, or its runtime's `.d(`/`.n=` helpers
_BUNDLE_MARK = re.compile(rb"webpack|\.[nd]\s*=|\.d\(\w+,\s*[\[{]")
#: how deep one module's value is followed through others (a re-export of a re-export…)
_MAX_DEPTH = 8
#: how many sibling files are read to find a split chunk's table
_MAX_SIBLINGS = 64


@dataclass(frozen=True)
class Getter:
    """`n.n(module)`: a function returning the module's default export (ES) or its value (CommonJS)."""

    module: dict[str, ApiRef]


@dataclass
class BundledModules:
    """Module functions found by id in the files of one lint (the requiring file first, then its folder's chunks)."""

    #: module id → its exports that are API objects ({} when none are), computed once
    exports: dict[str, dict[str, ApiRef]] = field(default_factory=dict)
    #: the folders whose split chunks were read
    folders: set[Path] = field(default_factory=set)
    #: split chunks read, by path
    chunks: list[ParsedFile] = field(default_factory=list)

    #: (requiring file, id) that no table defines, so that a file's many `f(0)` calls scan it once each
    missing: set[tuple[Path, str]] = field(default_factory=set)
    #: files that may require from a module table (their text says webpack, or holds `x.d(` / `x.n=`)
    bundles: dict[Path, bool] = field(default_factory=dict)

    def module_exports(self, parsed: ParsedFile, key: str, depth: int = 0) -> dict[str, ApiRef] | None:
        """The API exports of the module `key` requires from `parsed` (None when no table there or in a chunk beside
        it defines that id)."""
        if key in self.exports:
            return self.exports[key]
        if (parsed.path, key) in self.missing:
            return None
        bundle = self.bundles.get(parsed.path)
        if bundle is None:
            bundle = self.bundles[parsed.path] = bool(_BUNDLE_MARK.search(parsed.source))
        if not bundle:
            return None
        found = _module_function(parsed, key)
        if found is None:
            self._read_chunks(parsed.path.parent)
            found = next((f for chunk in self.chunks if (f := _module_function(chunk, key)) is not None), None)
        if found is None:
            self.missing.add((parsed.path, key))
            return None
        self.exports[key] = {}  # a cycle sees the module as exporting nothing
        result = _ModuleValue(self, parsed, found[0], found[1], depth).exports(key)
        self.exports[key] = result
        return result

    def _read_chunks(self, folder: Path) -> None:
        if folder in self.folders:
            return
        self.folders.add(folder)
        from toolchain.analysis.parse import is_source, parse_file

        try:
            siblings = sorted(p for p in folder.iterdir() if is_source(p) and p.is_file())[:_MAX_SIBLINGS]
        except OSError:
            return
        for sibling in siblings:
            try:
                parsed = parse_file(sibling)
            except OSError:  # unreadable, too large or over its budget: the lint says so where it walks it
                continue
            if _CHUNK_MARK.search(parsed.source):
                self.chunks.append(parsed)


#: a key of an object entry, after `{` or `,` (and a development build's `/*! ./src/x.js */` banners), before `:`
#: or a method's `(`: where a module table's functions are, found in one pass over the file
_GAP = rb"(?:\s|/\*(?:[^*]|\*(?!/))*\*/|//[^\n]*)*"
#: an array whose first element (after holes) is a function: webpack 4's module table
_ARRAY_TABLE = re.compile(rb"\[[\s,]*(?:function\s*\(|\([\w$,\s]*\)\s*=>)")
_TABLE_KEY = re.compile(rb"[{,]" + _GAP + rb"(\d+|\"[^\"\\\n]*/[^\"\\\n]*\"|'[^'\\\n]*/[^'\\\n]*')" + _GAP + rb"[:(]")


def _table_keys(parsed: ParsedFile) -> dict[str, list[int]]:
    """Every object key that may be a module id in `parsed` (numbers, quoted paths), and every element of an array
    of functions by its index (webpack 4: `push([[1], [, function (e, t, n) {…}]])`, holes counted), with where
    the entry starts: one pass, kept with the parse (as its node index is)."""
    found: dict[str, list[int]] | None = parsed.__dict__.get("_module_keys")
    if found is None:
        found = parsed.__dict__["_module_keys"] = {}
        for match in _TABLE_KEY.finditer(parsed.source):
            key = match.group(1).decode("utf-8", "replace").strip("\"'")
            found.setdefault(key, []).append(match.start(1))
        root = parsed.tree.root_node
        for match in _ARRAY_TABLE.finditer(parsed.source):
            bracket = root.descendant_for_byte_range(match.start(), match.start() + 1)
            array = bracket.parent if bracket is not None else None
            if array is None or array.type != "array" or array.start_byte != match.start():
                continue
            index = 0
            for child in array.children[1:-1]:  # between `[` and `]`: elements and commas (holes are commas)
                if child.type == ",":
                    index += 1
                elif child.type in FUNCTION_NODES:
                    found.setdefault(str(index), []).append(child.start_byte)
    return found


def _module_function(parsed: ParsedFile, key: str) -> tuple[Node, ParsedFile] | None:
    """The function of module `key` in a table of `parsed`: `815(e, r) {…}`, `815: function (…) {…}`,
    `"./src/x.js": (…) => {…}`, the element at index `key` of an array of functions."""
    root = parsed.tree.root_node
    for offset in _table_keys(parsed).get(key, ()):
        node: Node | None = root.descendant_for_byte_range(offset, offset + 1)
        while node is not None and node.type not in ("pair", "method_definition", "array", "program"):
            if node.type in FUNCTION_NODES and node.parent is not None and node.parent.type == "array":
                return node, parsed
            node = node.parent
        if node is None or node.parent is None or node.parent.type != "object":
            continue
        if node.type == "method_definition":
            return node, parsed
        value = node.child_by_field_name("value")
        function = unwrap(value) if value is not None else None
        if function is not None and function.type in FUNCTION_NODES:
            return function, parsed
    return None


class _ModuleValue:
    """What one module function exports, read from its body: `module.exports = x`, `exports.name = x`,
    `require.d(exports, {name: () => x})` / `require.d(exports, ["name", 0, x])`."""

    def __init__(self, table: BundledModules, parsed: ParsedFile, function: Node, defined_in: ParsedFile, depth: int):
        self.table, self.requiring, self.parsed, self.depth = table, parsed, defined_in, depth
        self.function = function
        names = [
            node_text(p)
            for p in (function.child_by_field_name("parameters") or function).named_children
            if p.type == "identifier"
        ]
        self.module_param, self.exports_param, self.require_param = (names + [None, None, None])[:3]
        body = function.child_by_field_name("body")
        declarations, self.expressions = _body_parts(body) if body is not None else ([], [])
        self.declared: dict[str, Node] = {}
        for statement in declarations:
            for declarator in statement.named_children:
                name, value = declarator.child_by_field_name("name"), declarator.child_by_field_name("value")
                if name is not None and value is not None and name.type == "identifier":
                    self.declared.setdefault(node_text(name), value)

    def exports(self, key: str) -> dict[str, ApiRef]:
        text = self.parsed.source[self.function.start_byte : self.function.end_byte]
        if any(package in key for package in POLYFILL_MODULES) or INLINED_POLYFILL[1].search(text):
            return {MODULE_VALUE: ApiRef("polyfill", ()), "default": ApiRef("polyfill", ())}
        found: dict[str, ApiRef] = {}
        for expression in self.expressions:
            if expression.type == "assignment_expression":
                self._assigned(expression, found)
            elif expression.type == "call_expression":
                self._defined(expression, found)
        if MODULE_VALUE in found and "default" not in found:
            found["default"] = found[MODULE_VALUE]
        return found

    def _assigned(self, assignment: Node, found: dict[str, ApiRef]) -> None:
        left, right = assignment.child_by_field_name("left"), assignment.child_by_field_name("right")
        if left is None or right is None:
            return
        root, props, _ = member_chain(unwrap(left))
        if root.type != "identifier":
            return
        chain = [node_text(root), *props]
        if chain == [self.module_param, "exports"]:
            name = MODULE_VALUE
        elif len(chain) == 2 and chain[0] == self.exports_param:
            name = chain[1]
        else:
            return
        api = self.api(right)
        if isinstance(api, ApiRef):
            found[name] = api

    def _defined(self, call: Node, found: dict[str, ApiRef]) -> None:
        """`require.d(exports, {name: () => x})`, `require.d(exports, ["name", 0, x, "other", () => y])` (webpack
        5) or `require.d(exports, "name", function () { return x; })` (webpack 4)."""
        callee = unwrap(call.child_by_field_name("function") or call)
        root, props, _ = member_chain(callee)
        args = call_arguments(call)
        if root.type != "identifier" or node_text(root) != self.require_param or props != ["d"] or len(args) < 2:
            return
        if node_text(unwrap(args[0])) != self.exports_param:
            return
        if len(args) == 3:
            name = G.string_value(unwrap(args[1]))
            if name is not None:
                self._export(name, _returned(args[2]), found)
            return
        table = unwrap(args[1])
        if table.type == "object":
            for pair in table.named_children:
                if pair.type == "pair":
                    key, value = pair.child_by_field_name("key"), pair.child_by_field_name("value")
                    if key is not None and value is not None:
                        self._export(property_name(key), _returned(value), found)
        elif table.type == "array":  # [name, getter or 0, (value when 0)…]
            items = [c for c in table.named_children if c.type != "comment"]
            index = 0
            while index + 1 < len(items):
                name = G.string_value(items[index])
                getter = unwrap(items[index + 1])
                if getter.type == "number":
                    value, index = (items[index + 2] if index + 2 < len(items) else None), index + 3
                else:
                    value, index = _returned(getter), index + 2
                if name is not None:
                    self._export(name, value, found)

    def _export(self, name: str, value: Node | None, found: dict[str, ApiRef]) -> None:
        api = self.api(value) if value is not None else None
        if isinstance(api, ApiRef):
            found[name] = api

    def api(self, node: Node, depth: int = 0) -> ApiRef | Getter | dict[str, ApiRef] | None:
        """What an expression of the module's body is: an API object, a getter, another module's exports."""
        if depth > 24:
            return None
        node = unwrap(node)
        kind = node.type
        if kind == "identifier":
            name = node_text(node)
            if name in self.declared:
                return self.api(self.declared[name], depth + 1)
            if name in API_GLOBALS and name not in (self.module_param, self.exports_param, self.require_param):
                return ApiRef(name, ())
            return None
        if kind in ("member_expression", "subscript_expression"):
            root, props, extras = member_chain(node)
            if extras or root.type != "identifier":
                return None
            name = node_text(root)
            if name not in self.declared and name in GLOBAL_OBJECTS and props[:1] and props[0] in API_GLOBALS:
                return ApiRef(props[0], tuple(props[1:]))
            base = self.api(root, depth + 1)
            return _member(base, props)
        if kind == "call_expression":
            callee = unwrap(node.child_by_field_name("function") or node)
            args = call_arguments(node)
            if callee.type == "identifier" and node_text(callee) == self.require_param and len(args) == 1:
                key = module_key(args[0])
                if key is None or self.depth >= _MAX_DEPTH:
                    return None
                return self.table.module_exports(self.requiring, key, self.depth + 1)
            if callee.type == "member_expression" and len(args) == 1:
                root, props, _ = member_chain(callee)
                if root.type == "identifier" and node_text(root) == self.require_param and props == ["n"]:
                    inner = self.api(args[0], depth + 1)
                    return Getter(inner) if isinstance(inner, dict) else None
            if not args:
                getter = self.api(callee, depth + 1)
                return called(getter)
            return None
        if kind == "binary_expression":
            operator = node.child_by_field_name("operator")
            if operator is not None and operator.type in ("||", "??"):
                left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
                found = self.api(left, depth + 1) if left is not None else None
                return found if isinstance(found, ApiRef) or right is None else self.api(right, depth + 1)
            return None
        if kind == "ternary_expression":
            for branch in ("consequence", "alternative"):
                part = node.child_by_field_name(branch)
                found = self.api(part, depth + 1) if part is not None else None
                if isinstance(found, ApiRef):
                    return found
            return None
        if kind == "sequence_expression":
            parts = [c for c in node.named_children if c.type != "comment"]
            return self.api(parts[-1], depth + 1) if parts else None
        return None


def called(value: object) -> ApiRef | None:
    """The value of calling a getter (`t()` with `t = n.n(r)`): the module's value, or its default export."""
    if isinstance(value, Getter):
        return value.module.get(MODULE_VALUE) or value.module.get("default")
    return None


def _member(base: object, props: list[str]) -> ApiRef | None:
    """`m.default.storage`, `getter.a.storage` (webpack's getter has `.a`), `api.storage`: the API object reached."""
    if isinstance(base, Getter):
        return _member(called(base), props[1:]) if props[:1] == ["a"] else None
    if isinstance(base, dict):
        if not props:
            return None
        head = base.get(props[0])
        return ApiRef(head.via, head.path + tuple(props[1:]), head.fallback) if head is not None else None
    if isinstance(base, ApiRef):
        return ApiRef(base.via, base.path + tuple(props), base.fallback)
    return None


def module_key(node: Node) -> str | None:
    """A module id as a require call passes it: a number, or a path (`"./src/webext.js"`, development builds)."""
    node = unwrap(node)
    if node.type == "number":
        return node_text(node)
    value = G.string_value(node) if node.type == "string" else None
    return value if value is not None and "/" in value else None


def _returned(getter: Node) -> Node | None:
    """What a getter `() => x` / `function () { return x; }` returns."""
    getter = unwrap(getter)
    if getter.type not in FUNCTION_NODES:
        return None
    body = getter.child_by_field_name("body")
    if body is None:
        return None
    if body.type != "statement_block":
        return body
    returns = [s for s in body.named_children if s.type == "return_statement"]
    return returns[0].named_children[0] if len(returns) == 1 and returns[0].named_children else None


def _body_parts(body: Node) -> tuple[list[Node], list[Node]]:
    """A function body's declarations and its statements' expressions, `a, b, c;` (minified code) split into one
    expression each."""
    declarations: list[Node] = []
    expressions: list[Node] = []
    for statement in body.named_children:
        if statement.type in ("variable_declaration", "lexical_declaration"):
            declarations.append(statement)
        elif statement.type == "expression_statement" and statement.named_children:
            stack = [unwrap(statement.named_children[0])]
            while stack:
                current = stack.pop()
                if current.type == "sequence_expression":
                    stack.extend(reversed([unwrap(c) for c in current.named_children if c.type != "comment"]))
                else:
                    expressions.append(current)
    return declarations, expressions
