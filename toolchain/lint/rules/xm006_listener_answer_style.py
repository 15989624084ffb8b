"""XM006: an onMessage listener whose way of answering breaks in a target browser."""

from __future__ import annotations

import re
from collections.abc import Iterable

from toolchain import browser_targets
from toolchain.lint.channels import channels_into
from toolchain.lint.context import LintContext, Target
from toolchain.lint.model import Finding, Rule


def promise_unaware(browser: str) -> bool:
    """Chromium's own `runtime.onMessage` ignores a Promise returned by a listener."""
    return browser_targets.get(browser).is_chromium


#: A vendored copy of webextension-polyfill (`browser-polyfill.min.js` before the extension's own scripts).
_POLYFILL_FILE = re.compile(r"(browser|webextension)-polyfill([.-]min)?\.m?js$", re.IGNORECASE)


def polyfilled_contexts(target: Target) -> set[str]:
    """Contexts that load a vendored webextension-polyfill script, where the `browser` global is the polyfill's."""
    return {c for path, contexts in target.files.items() if _POLYFILL_FILE.search(path.name) for c in contexts}


def replies_read(ctx: LintContext, target: Target) -> set[str]:
    """The channels ("runtime", "tabs") on which some send of the target reads the reply: only there does the way a
    listener answers reach anyone (which contexts each channel reaches: toolchain/lint/channels.py)."""
    return {send.channel for _, send in ctx.each(target, "sends") if send.reply_read}


class ListenerAnswerStyle(Rule):
    """An `onMessage` listener answers in a way that does not reach the sender in some target browser.

    What it checks: every `onMessage` handler in each target's build, by how it answers: a listener that answers
    with a Promise (an `async` function that returns a value or calls `sendResponse`, or `return promise`), while
    an answer is expected — some sender on the channel that reaches it reads the reply (`await`s it into a value,
    `.then(r => …)`, a callback), or the protocol declares a response for a type it handles — registered on the
    browser's own `runtime.onMessage`
    (`chrome.*`, or a bare `browser.*` global, rather than webextension-polyfill — imported, or a vendored
    `browser-polyfill.js` loaded in the same context — or the project's abstraction on top of it) in Chrome or
    Edge, which ignore the returned Promise; and, with a protocol, a listener that never
    answers (no return value, no `sendResponse`) while handling a request type whose channel has a response
    channel (`responds_to`).

    Why it matters: in Chromium, returning a Promise from a listener closes the channel at once: the sender gets
    `undefined` (or "The message port closed before a response was received"), while the same code works in
    Firefox, so the bug only shows in one browser. A listener that answers nothing leaves a sender awaiting a
    declared response with `undefined`. An `async` listener that returns nothing (it only acts on the message),
    or one no sender expects an answer from, loses nothing and is not reported. (A listener that returns `true`
    but never calls `sendResponse` is not detected yet.)

    Example:

        chrome.runtime.onMessage.addListener(async (message) => {   // XM006 [chrome,edge]
          return { type: 'TEXT_EXTRACTED', text: readPage() };
        });

    Fix: register through webextension-polyfill (or the project's abstraction built on it), which turns a
    returned Promise into `sendResponse`; or, with the raw API, call `sendResponse(answer)` and `return true`
    for asynchronous answers. Make request handlers answer what the response channel declares.
    """

    code = "XM006"
    name = "listener-answer-style"
    severity = "error"

    def check(self, ctx: LintContext) -> Iterable[Finding]:
        protocol = ctx.protocol
        answered = set()
        if protocol is not None:
            requests = {c.responds_to for c in protocol.channels if c.kind == "response" and c.responds_to}
            answered = {
                (t, r) for c in protocol.channels if c.name in requests for t in c.messages for r in c.receivers
            }
        for target in ctx.targets:
            polyfilled = polyfilled_contexts(target)
            read = replies_read(ctx, target)
            for facts, handler in ctx.each(target, "handlers"):
                contexts = ctx.contexts_of(target, facts.path)
                # the types it handles whose channel declares a response (protocol projects)
                expecting = sorted(t for t in handler.handled if any((t, c) in answered for c in contexts))
                if (
                    handler.answer == "promise"
                    and promise_unaware(target.browser)
                    and (channels_into(contexts) & read or expecting)
                ):  # an answer someone reads or is promised
                    via = ctx.listener_via(facts, handler)
                    if via == "browser" and contexts <= polyfilled:
                        via = "polyfill"
                    if via in ("chrome", "browser"):
                        yield self.finding(
                            f"the listener answers with a Promise through {via}.runtime.onMessage, not "
                            "webextension-polyfill: in Chrome and Edge the sender gets undefined",
                            browser=target.browser,
                            fix="register it through webextension-polyfill (or the abstraction), or use sendResponse "
                            "and return true",
                            **ctx.where(handler.location),
                        )
                if handler.answer == "none" and expecting:
                    yield self.finding(
                        f"the listener never answers, but {', '.join(f'`{t}`' for t in expecting)} "
                        f"{'expects' if len(expecting) == 1 else 'expect'} a response (the protocol declares one)",
                        browser=target.browser,
                        fix="return the answer (a Promise through the polyfill), or call sendResponse",
                        **ctx.where(handler.location),
                    )
