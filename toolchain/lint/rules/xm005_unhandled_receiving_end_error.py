"""XM005: tabs.sendMessage without handling "Receiving end does not exist"."""

from __future__ import annotations

from collections.abc import Iterable

from toolchain.lint.context import LintContext
from toolchain.lint.model import Finding, Rule


class UnhandledReceivingEndError(Rule):
    """A message is sent to a tab without handling the error a tab with no content script gives.

    What it checks: every `tabs.sendMessage` in each target's build (directly, or through a helper: the helper's
    callers are judged, not the forwarding call inside it) that is not inside `try`/`catch`, chained with
    `.catch()`, or given a rejection handler.

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

    def check(self, ctx: LintContext) -> Iterable[Finding]:
        for target in ctx.targets:
            for _facts, send in ctx.each(target, "sends"):
                if send.channel != "tabs" or send.forwarded or send.handles_error:
                    continue
                subject = f"`{send.message_type}`" if send.message_type else "a message"
                via = "tabs.sendMessage" if send.via == "api" else f"{send.via}() (tabs.sendMessage)"
                yield self.finding(
                    f"{subject} is sent with {via} without handling the error of a tab that has no content script "
                    "(\"Receiving end does not exist\")",
                    browser=target.browser,
                    fix="catch the rejection (try/catch or .catch()) and tell the user the page cannot be read",
                    **ctx.where(send.location),
                )
