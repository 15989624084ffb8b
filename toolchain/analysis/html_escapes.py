"""Functions of the project that escape HTML, read from their bodies: what makes a value safe for an HTML sink.

XS007 warns on computed HTML written into a page. A value is safe when a function of the project escaped it first
(`el.innerHTML = escapeHTML(name)`), or when it is a tagged template whose tag escapes the values it is given
(``el.innerHTML = html`<b>${name}</b>` ``). Whether a function escapes is decided from its body, not its name:

- it replaces `<` or `&` with their entities (`.replace(/[&<>"']/g, c => map[c])` with `&lt;`/`&amp;` in the
  function or in a top-level table of its file, `.replace(/&/g, '&amp;').replace(/</g, '&lt;')`), or
- it writes the value as text and reads it back as HTML (`div.textContent = s; return div.innerHTML`;
  `createTextNode`), or
- it returns what such a function returns (`const esc = (s) => escapeHTML(String(s))`).

A tag function escapes when its body does, or calls such a function (`values.map(escapeHTML)`, `escapeHTML(v)` in
its reducer): a tag sees every value, and one that escapes any is taken to escape each. A plain function that calls
an escaper on part of its input and returns more (`render(x)` escaping `x.title` only) is not trusted. A name that
says "escape" with a body that does none of these is not trusted; a function outside the project (a library's
`html` tag) is not read, and the warning stays.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from toolchain.analysis.nodes import node_source
from toolchain.analysis.syntax import unwrap

if TYPE_CHECKING:  # pragma: no cover
    from tree_sitter import Node

#: the entities of `<` and `&` (as written in a string: `&lt;`, `&#60;`, `&#x3c;`, `&amp;`, `&#38;`)
_ENTITY = re.compile(rb"&(?:lt|amp|#0*60|#0*38|#x0*3c|#x0*26);", re.IGNORECASE)
_REPLACE = re.compile(rb"\.replace(?:All)?\s*\(")
_TEXT_THEN_HTML = (re.compile(rb"\.textContent\s*=|createTextNode\s*\("), re.compile(rb"\.innerHTML\b"))
#: how deep calls of other functions are followed
MAX_DEPTH = 3

#: an identifier → the definition of the project function it names, with its file's tables (None: not one)
Resolve = Callable[["Node"], "tuple[Node, bytes] | None"]


def escapes_html(function: Node, resolve: Resolve, tables: bytes, depth: int = 0) -> bool:
    """Does this function return its input escaped (see the module's docstring)? `tables`: the source of its file's
    top-level declarations that hold an entity (a replacement map it may read)."""
    body = node_source(function)
    if _REPLACE.search(body) and (_ENTITY.search(body) or _uses_a_table(body, tables)):
        return True
    if _TEXT_THEN_HTML[0].search(body) and _TEXT_THEN_HTML[1].search(body):
        return True
    returned = _returned_callee(function)
    found = resolve(returned) if returned is not None and depth < MAX_DEPTH else None
    return found is not None and found[0] != function and escapes_html(found[0], resolve, found[1], depth + 1)


def tag_escapes(function: Node, resolve: Resolve, tables: bytes) -> bool:
    """Does this tag function escape the values it is given: its body escapes, or it calls an escaping function?"""
    if escapes_html(function, resolve, tables):
        return True
    for name in called_identifiers(function):
        found = resolve(name)
        if found is not None and found[0] != function and escapes_html(found[0], resolve, found[1], 1):
            return True
    return False


def entity_tables(program: Node) -> bytes:
    """The source of a file's top-level declarations that hold an entity of `<` or `&` (replacement maps)."""
    return b"\n".join(
        source
        for child in program.named_children
        if child.type in ("lexical_declaration", "variable_declaration")
        and _ENTITY.search(source := node_source(child))
    )


def _returned_callee(function: Node) -> Node | None:
    """`f` of a function whose body is `return f(…)` alone (or an arrow whose expression is `f(…)`)."""
    body = function.child_by_field_name("body")
    if body is None:
        return None
    if body.type == "statement_block":
        statements = [c for c in body.named_children if c.type != "comment"]
        if len(statements) != 1 or statements[0].type != "return_statement":
            return None
        value = next((c for c in statements[0].named_children if c.type != "comment"), None)
    else:
        value = body
    value = unwrap(value) if value is not None else None
    if value is None or value.type != "call_expression":
        return None
    callee = value.child_by_field_name("function")
    return unwrap(callee) if callee is not None and unwrap(callee).type == "identifier" else None


def _uses_a_table(body: bytes, tables: bytes) -> bool:
    """Does the body read one of the declarations in `tables` (by name)?"""
    names = re.findall(rb"(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=", tables)
    return any(re.search(rb"\b" + re.escape(name) + rb"\b", body) for name in names)


def called_identifiers(function: Node) -> list[Node]:
    """The identifiers called in a function's body (`escape(x)`, `values.map(escape)`), in source order."""
    found: list[Node] = []
    stack = [function]
    while stack:
        node = stack.pop()
        if node.type == "call_expression":
            callee = node.child_by_field_name("function")
            if callee is not None and unwrap(callee).type == "identifier":
                found.append(unwrap(callee))
            arguments = node.child_by_field_name("arguments")
            for argument in arguments.named_children if arguments is not None else []:
                if argument.type == "identifier":  # passed on to be called: `values.map(escapeHTML)`
                    found.append(argument)
        stack.extend(reversed(node.named_children))
    return found
