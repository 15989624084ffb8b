"""Where an unhandled rejection goes: to the callers of the function that awaits or returns it.

`async function beastify(tab) { await browser.tabs.sendMessage(tab.id, m); }` handles nothing itself, but when
every call of `beastify` is inside try/catch (or has `.catch()`), the "Receiving end does not exist" rejection is
handled there. A call whose rejection its function awaits or returns is marked by the walker
(`CallSite.rejects_to`); this module follows it to the function's callers in the same file, through functions
that pass it on in turn.

Only functions whose every call is in view are followed (callers.py): a function also passed as a callback
(`.then(beastify)`) or exported is called from places the walk does not see, so its rejection is not proven handled.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from toolchain.analysis.callers import direct_callers

if TYPE_CHECKING:  # pragma: no cover
    from toolchain.analysis.scopes import CallSite, WalkedModule

#: how many functions deep a rejection is followed (a chain of helpers longer than this is not proven handled)
MAX_DEPTH = 8


def rejection_handled(
    module: WalkedModule, site: CallSite, others: Iterable[WalkedModule] = (), depth: int = 0
) -> bool:
    """Is the rejection of this call handled: here, or by every caller of the function it goes to?"""
    if site.handles_error:
        return True
    function = site.rejects_to
    if function is None or depth >= MAX_DEPTH:
        return False
    callers = direct_callers(module, function, others)
    if not callers:
        return False
    return all(rejection_handled(module, caller, others, depth + 1) for caller in callers)


def runs_after_injection(module: WalkedModule, site: CallSite) -> bool:
    """Is the call inside a function that runs once a content script was injected (`executeScript(…).then(f)`,
    nested functions of f included)? A message sent there has a receiving end."""
    node = site.fn.node if site.fn is not None else None
    while node is not None:
        if node.id in module.after_injection:
            return True
        node = node.parent
    return False
