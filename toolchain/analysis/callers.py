"""The calls of a function within its file, when they are all there is: what a caller does with the result (catch
its rejection, pass a constant) then holds for every run of the function.

Only functions the file calls directly and mentions nowhere else qualify: a function also passed as a callback
(`button.onclick = f`, `.then(f)`) or exported is called from places the walk does not see; a top-level function
of a classic script is a global, so no other file read with it may name it either.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from toolchain.analysis.nodes import node_text

if TYPE_CHECKING:  # pragma: no cover
    from toolchain.analysis.scopes import CallSite, ProjectFunction, WalkedModule


def direct_callers(
    module: WalkedModule, function: ProjectFunction, others: Iterable[WalkedModule] = ()
) -> list[CallSite]:
    """Every call of `function` in its file, or [] when it may also be called from elsewhere. `others`: the other
    files read with it, which a classic script's global function may be called from (by name, or as a method of
    the background page's window)."""
    callers = [s for s in module.call_sites if s.ref is not None and s.ref[0] == "fn" and s.ref[1] is function]
    if not callers:
        return []
    name = _name_of(function)
    if name is None or _mentions(module, name)[0] != len(callers) + 1:  # the declaration and the calls, nothing else
        return []
    # a global: no other file may name it at all
    if (
        module.kind == "script"
        and function.name is not None
        and any(sum(_mentions(other, name)) for other in others if other is not module)
    ):
        return []
    return callers


def constant_arguments(
    module: WalkedModule, function: ProjectFunction, index: int, others: Iterable[WalkedModule] = ()
) -> bool:
    """Does every call of `function` pass a string fixed in the source at position `index`?"""
    callers = direct_callers(module, function, others)
    return bool(callers) and all(index < len(c.args) and c.args[index].string is not None for c in callers)


def _mentions(module: WalkedModule, name: str) -> tuple[int, int]:
    """How often a file uses `name` as an identifier, and as a property (`page.name`); comments and strings are no
    reference."""
    return module.parsed.mentions(name)


def _name_of(function: ProjectFunction) -> str | None:
    """`function f() {}` → f; `const f = async () => {}` → f; an anonymous function has none."""
    node = function.node
    name_node = node.child_by_field_name("name")
    if name_node is None and node.parent is not None and node.parent.type == "variable_declarator":
        name_node = node.parent.child_by_field_name("name")
    if name_node is None or name_node.type != "identifier":
        return None
    return node_text(name_node, "replace")
