"""XM001: a message type sent where no channel (or, without a protocol, no handler) takes it."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from toolchain.lint.channels import reaches
from toolchain.lint.context import LintContext, Target
from toolchain.lint.model import Finding, Rule

API = {"runtime": "runtime.sendMessage", "tabs": "tabs.sendMessage"}


def handled_types(ctx: LintContext, target: Target, channel: str, sender: set[str]) -> set[str] | None:
    """Every type a handler reachable from `sender` by `channel` tests for; None when one of them tests none we
    can see (it may take any type)."""
    found: set[str] = set()
    for facts, handler in ctx.each(target, "handlers"):
        if reaches(channel, sender, ctx.contexts_of(target, facts.path)):
            if not handler.handled:
                return None
            found |= handler.handled
    return found


class MessageTypeNotOnChannel(Rule):
    """A message is sent with a type that nothing on its way is declared (or written) to receive.

    What it checks: every send with a literal `type` (`runtime.sendMessage`, `tabs.sendMessage`, or the project's
    helpers around them), from the contexts its file runs in, in each target's build. With a protocol
    (`[protocol]`), the type must be declared by a request channel on the same API (`runtime`/`tabs`) whose `from`
    includes one of those contexts. Without a protocol (a plain extension), some `onMessage` handler in a context
    the send reaches must test for the type (`tabs.sendMessage` reaches content scripts and an extension page shown
    in the tab; `runtime.sendMessage` reaches the background and extension pages other than the sender:
    toolchain/lint/channels.py, measured in both engines); a handler whose type tests are not visible (it takes
    every message) counts as handling everything. A message to another extension — `runtime.sendMessage(extensionId,
    message)`: with a trailing callback set aside, two or more arguments whose first is a string (a literal, a
    constant, a template), as the browsers read them, or a name that says it is an ID (`extensionId`) before an
    object literal — is that extension's protocol (its `onMessageExternal`), not this one's, and is not judged;
    `runtime.sendMessage(runtime.id, message)` and `sendMessage(null, message)` name the extension itself and are
    (toolchain/analysis/send_recipients.py).

    Why it matters: a message nobody declared has no schema and no handler contract; at run time it is ignored
    (the sender's promise resolves with `undefined`, or rejects with "Receiving end does not exist"), which is
    a silent failure far from its cause.

    Example:

        // popup.ts; popup-to-background declares ANALYZE_PAGE and GET_PENDING_CONTEXT
        await sendToBackground({ type: 'ANALYZE_TAB', tabId });   // XM001: no channel declares ANALYZE_TAB

    Fix: use a declared type (typos are the usual cause), or declare the message in the channel's schema (and
    generate the protocol module again) — or, without a protocol, add the handler.
    """

    code = "XM001"
    name = "message-type-not-on-channel"
    severity = "error"

    def check(self, ctx: LintContext) -> Iterable[Finding]:
        for target in ctx.targets:
            for facts, send in ctx.each(target, "sends"):
                if send.forwarded or send.message_type is None:
                    continue
                sender = ctx.contexts_of(target, facts.path)
                if ctx.protocol is not None:
                    yield from self._against_protocol(ctx, target, send, sender)
                else:
                    handled = handled_types(ctx, target, send.channel, sender)
                    if handled is not None and send.message_type not in handled:
                        yield self.finding(
                            f"`{send.message_type}` is sent with {API[send.channel]} from {_contexts(sender)}, but no "
                            f"onMessage handler it reaches tests for it",
                            browser=target.browser,
                            fix="send a type a handler takes, or handle this one",
                            **ctx.where(send.location),
                        )

    def _against_protocol(self, ctx: LintContext, target: Target, send: Any, sender: set[str]) -> Iterator[Finding]:
        assert ctx.protocol is not None
        channels = [
            c for c in ctx.protocol.channels if c.kind == "request" and c.api == send.channel and c.senders & sender
        ]
        if any(send.message_type in c.messages for c in channels):
            return
        declared = sorted({t for c in channels for t in c.messages})
        where = (
            f"{', '.join(c.name for c in channels)} declare{'s' if len(channels) == 1 else ''}: {', '.join(declared)}"
            if channels
            else f"no {send.channel} request channel is declared from {_contexts(sender)}"
        )
        yield self.finding(
            f"`{send.message_type}` is sent with {API[send.channel]} from {_contexts(sender)}, but no channel declares "
            f"it ({where})",
            browser=target.browser,
            fix="send a declared type, or declare this one in the channel's schema",
            **ctx.where(send.location),
        )


def _contexts(contexts: set[str]) -> str:
    return "/".join(sorted(contexts)) or "an unknown context"
