"""Run-time guards: the conditions, in the same function, that decide whether a piece of code runs at all.

`guards.py` reads the build-time conditions over `import.meta.env` that esbuild folds away; they are evaluated
exactly. Run-time conditions cannot be: `if (isMV3)`, `if (!chrome.storage.session) return`, `if (isFirefox())`,
`if (tab.groupId >= 0)`. When such a condition is about availability — it mentions the extension API, a value
derived from it, the manifest version or the browser — a rule asking "can this run here?" has no proof either way,
and says so as a warning showing the condition (or says nothing); see docs/lint.md, "When a finding is an error".

This module finds the conditions (`enclosing_conditions`); whether one is about availability is the walker's
question (`relevant`), because only the walker knows what a name is bound to.

What decides whether `node` runs, nearest first, up to the function that holds it:

- the test of an enclosing `if`/`?:` when `node` is in a branch, of `while`, of `&&`/`||`/`??` when `node` is
  on the right;
- an early exit before it in an enclosing block: `if (c) return;` (or `throw`, `break`, `continue`, a block that
  ends with one of them) — what follows runs only when `c` is false;
- a `case` of a `switch`: its discriminant.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Literal

from toolchain.analysis.syntax import FUNCTION_NODES

if TYPE_CHECKING:  # pragma: no cover
    from tree_sitter import Node

_BRANCHING = ("if_statement", "ternary_expression")
_LOOPS = ("while_statement", "do_statement", "for_statement")
_SHORT_CIRCUIT = (b"&&", b"||", b"??")
_EXITS = frozenset({"return_statement", "throw_statement", "break_statement", "continue_statement"})
_BLOCKS = frozenset({"statement_block", "program", "switch_case", "switch_default", "class_static_block"})
#: how many enclosing nodes are looked at (minified code nests thousands deep; guards sit close to the code)
MAX_DEPTH = 256


def _exits(statement: Node | None) -> bool:
    """Does this statement always leave the block: `return`, `throw`, `break`, `continue`, or a block ending so?"""
    while statement is not None and statement.type == "statement_block":
        named = [child for child in statement.named_children if child.type != "comment"]
        statement = named[-1] if named else None
    return statement is not None and statement.type in _EXITS


def early_exits(block: Node, cache: dict[int, list[tuple[int, Node]]]) -> list[tuple[int, Node]]:
    """The `if (c) <exit>` statements of a block without an `else`: (their end byte, c), in source order."""
    found = cache.get(block.id)
    if found is None:
        found = []
        for statement in block.named_children:
            if statement.type != "if_statement" or statement.child_by_field_name("alternative") is not None:
                continue
            condition = statement.child_by_field_name("condition")
            if condition is not None and _exits(statement.child_by_field_name("consequence")):
                found.append((statement.end_byte, condition))
        cache[block.id] = found
    return found


#: how the condition decides: the code runs when it is truthy, when it is falsy, or it depends (`??`, `switch`)
Polarity = Literal["true", "false", "depends"]


def enclosing_conditions(
    node: Node,
    cache: dict[int, list[tuple[int, Node]]],
    parent_of: Callable[[Node], Node | None] = lambda n: n.parent,
) -> Iterator[tuple[Node, Polarity]]:
    """The conditions that decide whether `node` runs, nearest first, within its function (see the module's doc),
    each with the value for which the code runs. `parent_of`: the tree's parent index (ParsedFile.parent) where the
    caller has one."""
    current = node
    for _ in range(MAX_DEPTH):
        parent = parent_of(current)
        if parent is None or current.type in FUNCTION_NODES:
            return
        kind = parent.type
        if kind in _BRANCHING or kind in _LOOPS:
            condition = parent.child_by_field_name("condition")
            if condition is not None and condition != current:
                alternative = parent.child_by_field_name("alternative")
                in_alternative = alternative is not None and alternative == current
                yield condition, "false" if in_alternative else "true"
        elif kind == "else_clause":
            statement = parent_of(parent)
            condition = statement.child_by_field_name("condition") if statement is not None else None
            if condition is not None:
                yield condition, "false"
            current = statement if statement is not None else parent
            continue
        elif kind == "binary_expression":
            operator = parent.child_by_field_name("operator")
            left = parent.child_by_field_name("left")
            if operator is not None and operator.text in _SHORT_CIRCUIT and left is not None and left != current:
                yield left, "true" if operator.text == b"&&" else "false" if operator.text == b"||" else "depends"
        elif kind == "switch_body" and (switch := parent_of(parent)) is not None:
            value = switch.child_by_field_name("value")
            if value is not None:
                yield value, "depends"
        if kind in _BLOCKS:
            for end, condition in reversed(early_exits(parent, cache)):
                if end <= current.start_byte:
                    yield condition, "false"
        current = parent
