"""XM004: a handler for a message type that is never sent to the context it runs in."""

from __future__ import annotations

from collections.abc import Iterable

from toolchain.lint.context import LintContext
from toolchain.lint.model import Finding, Rule


class HandlerInWrongContext(Rule):
    """An `onMessage` handler tests for a type whose channels never deliver it to the handler's context.

    What it checks: with a protocol, every handler in each target's build, for each type it tests for (directly,
    through the functions it passes the message to, or through its validator): the type is declared only on
    channels whose `to` contexts exclude every context the handler's file runs in. Types no channel declares are
    not judged here.

    Why it matters: the handler can never receive that message, so the code is dead where it is and missing
    where it should be: usually the handler was written (or moved) into the wrong bundle, e.g. a content-script
    request handled in the background, and the real receiver answers with "Receiving end does not exist".

    Example:

        // background/index.ts; EXTRACT_TEXT is declared only on background-to-content (to: content)
        onMessage((m) => m.type === 'EXTRACT_TEXT' ? extract() : undefined);   // XM004

    Fix: move the handler to a receiving context (the content script here), or fix the channel's `to` if the
    protocol is what is wrong.
    """

    code = "XM004"
    name = "handler-in-wrong-context"
    severity = "error"
    applies_to = "project"

    def check(self, ctx: LintContext) -> Iterable[Finding]:
        protocol = ctx.protocol
        if protocol is None:
            return
        for target in ctx.targets:
            for facts, handler in ctx.each(target, "handlers"):
                contexts = ctx.contexts_of(target, facts.path)
                if not contexts:
                    continue
                for type_value in sorted(handler.handled):
                    channels = [c for c in protocol.channels if type_value in c.messages]
                    if channels and not any(c.receivers & contexts for c in channels):
                        receivers = sorted({r for c in channels for r in c.receivers})
                        yield self.finding(
                            f"the handler in {'/'.join(sorted(contexts))} tests for `{type_value}`, which "
                            f"{', '.join(c.name for c in channels)} deliver{'s' if len(channels) == 1 else ''} only to "
                            f"{'/'.join(receivers)}",
                            browser=target.browser,
                            fix=f"handle `{type_value}` in {'/'.join(receivers)}, or correct the channel's `to`",
                            **ctx.where(handler.location),
                        )
