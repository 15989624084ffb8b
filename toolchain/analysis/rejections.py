"""Where an unhandled rejection goes: to the callers of the function that awaits or returns it.

`async function beastify(tab) { await browser.tabs.sendMessage(tab.id, m); }` handles nothing itself, but when
every call of `beastify` is inside try/catch (or has `.catch()`), the "Receiving end does not exist" rejection is
handled there. A call whose rejection its function awaits or returns is marked by the walker
(`CallSite.rejects_to`); this module follows it to the function's callers in the same file, through functions
that pass it on in turn.

Only functions the file calls directly and mentions nowhere else are followed (in a module, or nested in a function): a function also passed as a
callback (`button.onclick = beastify`, `.then(beastify)`) is called from places the walk does not see, so its
rejection is not proven handled.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from toolchain.analysis.scopes import CallSite, ProjectFunction, WalkedModule

#: how many functions deep a rejection is followed (a chain of helpers longer than this is not proven handled)
MAX_DEPTH = 8


def rejection_handled(module: WalkedModule, site: CallSite, depth: int = 0) -> bool:
    """Is the rejection of this call handled: here, or by every caller of the function it goes to?"""
    if site.handles_error:
        return True
    function = site.rejects_to
    if function is None or depth >= MAX_DEPTH:
        return False
    callers = [s for s in module.call_sites if s.ref is not None and s.ref[0] == "fn" and s.ref[1] is function]
    if not callers or not _only_called(module, function, len(callers)):
        return False
    return all(rejection_handled(module, caller, depth + 1) for caller in callers)


def _only_called(module: WalkedModule, function: ProjectFunction, calls: int) -> bool:
    """The function's name appears in the file only where it is declared and where it is called (a top-level
    function of a classic script is a global other scripts may call: not proven)."""
    name = _name_of(function)
    if name is None or (module.kind == "script" and function.name is not None):
        return False
    wanted = name.encode()
    mentions = 0
    stack = [module.parsed.tree.root_node]
    while stack:  # identifiers only: the name in a comment or a string is no reference
        node = stack.pop()
        if node.type == "identifier" and node.text == wanted:
            mentions += 1
        stack.extend(node.children)
    return mentions == calls + 1


def _name_of(function: ProjectFunction) -> str | None:
    """`function f() {}` → f; `const f = async () => {}` → f; an anonymous function has none."""
    node = function.node
    name_node = node.child_by_field_name("name")
    if name_node is None and node.parent is not None and node.parent.type == "variable_declarator":
        name_node = node.parent.child_by_field_name("name")
    if name_node is None or name_node.type != "identifier":
        return None
    return name_node.text.decode("utf-8", "replace")


def runs_after_injection(module: WalkedModule, site: CallSite) -> bool:
    """Is the call inside a function that runs once a content script was injected (`executeScript(…).then(f)`,
    nested functions of f included)? A message sent there has a receiving end."""
    node = site.fn.node if site.fn is not None else None
    while node is not None:
        if node.id in module.after_injection:
            return True
        node = node.parent
    return False
