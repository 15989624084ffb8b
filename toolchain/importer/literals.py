"""Values written as literals in TypeScript or JavaScript, read without running the code (tree-sitter).

`wxt.config.ts`'s `manifest: {...}`, a content script's `defineContentScript({ matches: [...] })`, Plasmo's
`export const config = {...}`: objects, arrays, strings (template strings without `${}`), numbers, booleans,
null. What is not a literal (a variable, a call, a spread, a template with substitutions) is an `Unread` value
carrying its file:line, so the importer names it instead of guessing.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from toolchain.analysis.parse import ParsedFile, parse_file, parse_source

if TYPE_CHECKING:  # pragma: no cover
    from tree_sitter import Node

#: wrappers that do not change a value: `x as const`, `x satisfies T`, `(x)`, `x!`
_TRANSPARENT = {"as_expression", "satisfies_expression", "parenthesized_expression", "non_null_expression"}


@dataclass(frozen=True)
class Unread:
    """A value that is not a literal: where it is and how it is written."""

    line: int
    text: str

    def __str__(self) -> str:
        return self.text


def read_source(path: Path) -> ParsedFile | None:
    """The parsed file, or None when it cannot be read or parsed (the caller names it)."""
    try:
        parsed = parse_file(path)
    except (OSError, UnicodeDecodeError):
        return None
    return parsed


_VUE_SCRIPT = re.compile(r"<script\b[^>]*>(.*?)</script\s*>", re.DOTALL | re.IGNORECASE)


def read_vue_script(path: Path) -> ParsedFile | None:
    """The `<script>` blocks of a Vue single-file component, parsed as TypeScript (line numbers kept)."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    blank = re.sub(r"[^\n]", " ", text)  # the blocks at their own offsets, the rest blanked (lines kept)
    for match in _VUE_SCRIPT.finditer(text):
        blank = blank[: match.start(1)] + match.group(1) + blank[match.end(1) :]
    try:
        return parse_source(blank.encode("utf-8"), path.with_suffix(".ts"))
    except OSError:
        return None


def unwrap(node: Node) -> Node:
    while node.type in _TRANSPARENT and node.named_children:
        node = node.named_children[0]
    return node


def line_of(node: Node) -> int:
    return node.start_point[0] + 1


def value_of(parsed: ParsedFile, node: Node) -> Any:
    """The node's value as Python data; an `Unread` wherever it is not a literal."""
    node = unwrap(node)
    kind = node.type
    if kind == "string":
        return _string(parsed, node)
    if kind == "template_string":
        if any(child.type == "template_substitution" for child in node.named_children):
            return Unread(line_of(node), parsed.text(node))
        return parsed.text(node)[1:-1]
    if kind == "number":
        return _number(parsed.text(node))
    if kind == "unary_expression" and parsed.text(node).startswith("-") and node.named_children:
        inner = value_of(parsed, node.named_children[-1])
        return -inner if isinstance(inner, (int, float)) else Unread(line_of(node), parsed.text(node))
    if kind in ("true", "false"):
        return kind == "true"
    if kind in ("null", "undefined"):
        return None
    if kind == "array":
        return [value_of(parsed, child) for child in node.named_children if child.type != "comment"]
    if kind == "object":
        return _object(parsed, node)
    return Unread(line_of(node), parsed.text(node))


def _string(parsed: ParsedFile, node: Node) -> str:
    text = parsed.text(node)
    if text.startswith("'"):  # JSON reads double-quoted strings only
        text = '"' + text[1:-1].replace('\\"', '"').replace("\\'", "'").replace('"', '\\"') + '"'
    try:
        return str(json.loads(text))
    except json.JSONDecodeError:
        return text[1:-1]


def _number(text: str) -> int | float:
    text = text.replace("_", "")
    try:
        return int(text, 0)
    except ValueError:
        return float(text)


def key_of(parsed: ParsedFile, key: Node) -> str | None:
    if key.type in ("property_identifier", "identifier"):
        return parsed.text(key)
    if key.type == "string":
        return _string(parsed, key)
    if key.type == "number":
        return parsed.text(key)
    return None


def _object(parsed: ParsedFile, node: Node) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for child in node.named_children:
        if child.type == "pair":
            key_node, value_node = child.child_by_field_name("key"), child.child_by_field_name("value")
            key = key_of(parsed, key_node) if key_node is not None else None
            if key is None or value_node is None:
                result[f"…{line_of(child)}"] = Unread(line_of(child), parsed.text(child))
            else:
                result[key] = value_of(parsed, value_node)
        elif child.type == "method_definition":  # `main() {...}`: a function, not data
            name = child.child_by_field_name("name")
            if name is not None:
                result[parsed.text(name)] = Unread(line_of(child), "a function")
        elif child.type == "shorthand_property_identifier":
            result[parsed.text(child)] = Unread(line_of(child), parsed.text(child))
        elif child.type != "comment":  # a spread, a computed key
            result[f"…{line_of(child)}"] = Unread(line_of(child), parsed.text(child))
    return result


def default_export(parsed: ParsedFile) -> Node | None:
    """The expression after `export default` (or the declaration it names), None when there is none."""
    for statement in parsed.tree.root_node.named_children:
        if statement.type != "export_statement" or not parsed.text(statement).startswith("export default"):
            continue
        value = statement.child_by_field_name("value") or statement.child_by_field_name("declaration")
        if value is None:
            named = [c for c in statement.named_children if c.type != "comment"]
            value = named[0] if named else None
        return unwrap(value) if value is not None else None
    return None


def call_parts(parsed: ParsedFile, node: Node | None) -> tuple[str, Node | None] | None:
    """`name(arg, ...)` → (name, first argument); None when `node` is not a call of a plain name."""
    if node is None:
        return None
    node = unwrap(node)
    if node.type != "call_expression":
        return None
    function = node.child_by_field_name("function")
    arguments = node.child_by_field_name("arguments")
    if function is None or function.type not in ("identifier", "member_expression"):
        return None
    first = next((c for c in arguments.named_children if c.type != "comment"), None) if arguments else None
    return parsed.text(function), first


def exported_const(parsed: ParsedFile, name: str) -> Node | None:
    """The value of `export const NAME = ...` (its type annotation aside)."""
    for statement in parsed.tree.root_node.named_children:
        if statement.type != "export_statement":
            continue
        for declaration in statement.named_children:
            if declaration.type != "lexical_declaration":
                continue
            for declarator in declaration.named_children:
                if declarator.type != "variable_declarator":
                    continue
                declared = declarator.child_by_field_name("name")
                if declared is not None and parsed.text(declared) == name:
                    return declarator.child_by_field_name("value")
    return None


def exported_names(parsed: ParsedFile) -> set[str]:
    """Names a module exports by declaration (`export const/function/class X`), `export { X }`, and "default"."""
    names: set[str] = set()
    for statement in parsed.tree.root_node.named_children:
        if statement.type != "export_statement":
            continue
        text = parsed.text(statement)
        if text.startswith("export default"):
            names.add("default")
            continue
        for child in statement.named_children:
            if child.type in ("function_declaration", "class_declaration", "generator_function_declaration"):
                declared = child.child_by_field_name("name")
                if declared is not None:
                    names.add(parsed.text(declared))
            elif child.type == "lexical_declaration":
                for declarator in child.named_children:
                    declared = declarator.child_by_field_name("name")
                    if declared is not None and declared.type == "identifier":
                        names.add(parsed.text(declared))
    return names


def function_result(parsed: ParsedFile, node: Node) -> Node | None:
    """What a function returns at its end (`(env) => ({...})`, or a body whose last statement is `return {...}`);
    None otherwise."""
    node = unwrap(node)
    if node.type not in ("arrow_function", "function_expression", "function"):
        return None
    body = node.child_by_field_name("body")
    if body is None:
        return None
    if body.type != "statement_block":
        return unwrap(body)
    statements = [s for s in body.named_children if s.type != "comment"]
    if statements and statements[-1].type == "return_statement" and statements[-1].named_children:
        return unwrap(statements[-1].named_children[0])  # what it computes before is named where it is used
    return None


def imports_of(parsed: ParsedFile) -> list[tuple[str, set[str], int]]:
    """Each `import ... from "x"`: the module, the local names it binds, its line."""
    found: list[tuple[str, set[str], int]] = []
    for statement in parsed.tree.root_node.named_children:
        if statement.type != "import_statement":
            continue
        source = statement.child_by_field_name("source")
        if source is None:
            continue
        names: set[str] = set()
        for clause in statement.named_children:
            if clause.type != "import_clause":
                continue
            for part in _walk(clause):
                if part.type == "identifier":
                    names.add(parsed.text(part))
        found.append((_string(parsed, source), names, line_of(statement)))
    return found


def _walk(node: Node) -> list[Node]:
    """`node` and its named descendants (import clauses are shallow)."""
    found = [node]
    for child in node.named_children:
        found += _walk(child)
    return found


def free_uses(parsed: ParsedFile, names: frozenset[str] | set[str]) -> dict[str, int]:
    """Each of `names` the file uses as a plain identifier without importing or declaring it: name → first line."""
    bound: set[str] = set()
    for _, imported, _line in imports_of(parsed):
        bound |= imported
    for kind in ("variable_declarator", "function_declaration", "class_declaration"):
        bound.update(_declarations(parsed, kind))
    found: dict[str, int] = {}
    for node in parsed.nodes("identifier"):
        name = parsed.text(node)
        if name in names and name not in bound and name not in found:
            parent = node.parent
            if parent is not None and parent.type in ("import_specifier", "namespace_import", "export_specifier"):
                continue
            found[name] = line_of(node)
    return found


def _declarations(parsed: ParsedFile, kind: str) -> list[str]:
    declared: list[str] = []
    stack = [parsed.tree.root_node]
    while stack:
        node = stack.pop()
        if node.type == kind:
            name = node.child_by_field_name("name")
            if name is not None and name.type == "identifier":
                declared.append(parsed.text(name))
        stack.extend(node.named_children)
    return declared
