"""Functions of the project that escape HTML, read from their bodies: what makes a value safe for an HTML sink.

XS007 warns on computed HTML written into a page. A value is safe when a function of the project escaped it first
(`el.innerHTML = escapeHTML(name)`), or when it is a tagged template whose tag escapes the values it is given
(``el.innerHTML = html`<b>${name}</b>` ``). Whether a function escapes is decided from its body, not its name:

- it replaces `<` or `&` with their entities (`.replace(/[&<>"']/g, c => map[c])` with `&lt;`/`&amp;` in the
  function or in the table it reads, `.replace(/&/g, '&amp;').replace(/</g, '&lt;')`), or
- it writes the value as text and reads it back as HTML (`div.textContent = s; return div.innerHTML`;
  `createTextNode`), or
- it calls such a function of the project (a tag function that escapes each value through `escapeHTML`).

A name that says "escape" with a body that does none of these is not trusted; a function outside the project
(a library's `html` tag) is not read, and the warning stays.
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

#: a function's body → the function nodes of the project functions it calls (resolved by the walker)
Callees = Callable[["Node"], list["Node"]]


def escapes_html(function: Node, callees: Callees, depth: int = 0, tables: bytes = b"") -> bool:
    """Does this function's body escape HTML (see the module's docstring)? `tables`: source of the file's
    top-level constants the body may read its replacement map from."""
    body = node_source(function)
    if _REPLACE.search(body) and (_ENTITY.search(body) or (_uses_a_table(body, tables) and _ENTITY.search(tables))):
        return True
    if _TEXT_THEN_HTML[0].search(body) and _TEXT_THEN_HTML[1].search(body):
        return True
    if depth >= MAX_DEPTH:
        return False
    return any(escapes_html(callee, callees, depth + 1, tables) for callee in callees(function))


def _uses_a_table(body: bytes, tables: bytes) -> bool:
    """Does the body read one of the constants in `tables` (by name)?"""
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
