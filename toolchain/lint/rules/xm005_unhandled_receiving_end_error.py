"""XM005: tabs.sendMessage without handling "Receiving end does not exist"."""

from __future__ import annotations

from collections.abc import Iterable

from toolchain.analysis.facts import MessageSend
from toolchain.lint.context import LintContext
from toolchain.lint.model import Finding, Rule


class UnhandledReceivingEndError(Rule):
    """A message is sent to a tab without handling the error a tab with no content script gives.

    What it checks: every `tabs.sendMessage` in each target's build (directly, or through a helper: the helper's
    callers are judged, not the forwarding call inside it — unless the helper drops its promise, `void send(m)`)
    that is not inside `try`/`catch`, chained with `.catch()`, given a rejection handler, or awaited or returned
    by a function whose every call in that file handles it, or sent once a content script was injected
    (`executeScript(…).then(f)`: the receiving end exists). A helper whose own send is inside `try`/`catch` (or
    `.catch()`) handles the error for all its callers, and so does a helper that only relays to such a helper.
    Nor is a send whose receiving end is known to exist (toolchain/analysis/receivers.py): a reply to
    `sender.tab.id` from a `runtime.onMessage` listener (or to a port's `sender.tab.id`); a send after an awaited
    `executeScript` in the same function, or in `Promise.all([executeScript(…)]).then(f)`; a send once the tab
    finished loading (a test of `status` against `'complete'`); a promise kept in a variable whose later use
    reaches `.catch()` or an `await` inside `try` (`p = withTimeout(p).catch(…)`). Nor, in Manifest V2, is a
    `chrome.tabs.sendMessage(…)` given no callback: MV2's `chrome.*` returns no promise (in Chrome, and in
    Firefox's `chrome` namespace), so the error goes to `runtime.lastError` and nothing is left unhandled.
    A tab id that is a function's parameter is judged by what its callers pass (toolchain/analysis/tab_origins.py):
    `sender.tab.id` from a message listener is the sender's tab; an event's tab, a tab id read from a message or
    any other value is any tab (reported); a function no visible code calls leaves it unsettled (not reported).

    Why it matters: restricted pages (`chrome://`, `about:`, the web stores, PDF viewers) never run content
    scripts, nor do tabs opened before the extension was installed or updated; there the promise rejects with
    "Could not establish connection. Receiving end does not exist." Unhandled, the feature just stops on those
    pages (an uncaught rejection in the background) instead of telling the user the page cannot be read.

    Example:

        const answer = await chrome.tabs.sendMessage(tabId, { type: 'EXTRACT_TEXT' });   // XM005

    Fix: wrap the send in `try`/`catch` (or `.catch()`), and turn the "Receiving end does not exist" error into
    a clear answer ("this page can't be read") — ideally once, in the helper every caller uses.
    """

    code = "XM005"
    name = "unhandled-receiving-end-error"
    severity = "error"

    def check(self, ctx: LintContext) -> Iterable[Finding]:
        for target in ctx.targets:
            sends = [send for _facts, send in ctx.each(target, "sends")]
            catching = _catching_helpers(sends)
            for send in sends:
                forwarded = send.forwarded and not send.rejection_lost  # a lost rejection: no caller can catch it
                if send.channel != "tabs" or forwarded or send.handles_error or send.via in catching:
                    continue
                if send.receiver:  # a reply to the sender's tab, after an injection or a completed load
                    continue
                if send.chrome_without_callback and target.manifest_version == 2:  # no promise, nothing to reject
                    continue
                if send.tab_origin_unknown:  # the tab id comes from callers the analysis cannot see: not a proof
                    continue
                subject = f"`{send.message_type}`" if send.message_type else "a message"
                via = "tabs.sendMessage" if send.via == "api" else f"{send.via}() (tabs.sendMessage)"
                yield self.finding(
                    f"{subject} is sent with {via} without handling the error of a tab that has no content script "
                    '("Receiving end does not exist")',
                    browser=target.browser,
                    fix="catch the rejection (try/catch or .catch()) and tell the user the page cannot be read",
                    **ctx.where(send.location),
                )


def _catching_helpers(sends: list[MessageSend]) -> set[str]:
    """The send helpers (by name) that deal with the rejection themselves: every forwarding send in the helper is
    caught there, or goes through a helper that is itself catching."""
    by_helper: dict[str, list[MessageSend]] = {}
    for send in sends:
        if send.channel == "tabs" and send.forwarded and send.scope:
            by_helper.setdefault(send.scope.rsplit(".", 1)[-1], []).append(send)
    catching: set[str] = set()
    changed = True
    while changed:  # a helper of a helper: until nothing more is found
        changed = False
        for helper, inner in by_helper.items():
            if helper not in catching and all(s.handles_error or s.via in catching for s in inner):
                catching.add(helper)
                changed = True
    return catching
