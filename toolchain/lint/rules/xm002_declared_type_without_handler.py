"""XM002: a declared message type that no handler in a receiving context handles."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from toolchain.lint.channels import reaches
from toolchain.lint.context import LintContext, Target
from toolchain.lint.model import Finding, Rule


class DeclaredTypeWithoutHandler(Rule):
    """A message type is declared (or, without a protocol, handled) but the other side is missing.

    What it checks: with a protocol, every message type a request channel declares, in each target's build: some
    `onMessage` handler in one of the channel's `to` contexts must test for it (a handler whose type tests are not
    visible counts as handling everything). The finding is at the type's `const` in the schema file. Response
    channels are answers, not handled by listeners, and are not checked; nor is a channel in a target that builds
    none of its receiving contexts (an offscreen document in Firefox, which has none: the project does that work
    elsewhere there, and its sends to the channel are compiled out). Without a protocol (a plain extension),
    the converse of XM001. Worker channels (postMessage to and from a Web Worker) are not checked: their
    receivers are `onmessage` handlers, which the source facts do not record: a type a handler tests for that no
    send reaching it ever sends (a send whose type is not a literal counts as sending anything).

    Why it matters: a declared type without a handler is a request that can only fail: the sender waits for an
    answer that never comes (or gets `undefined`), and the protocol documents a feature that does not exist.
    A handled type nothing sends is dead code, or a sender that was renamed on one side only.

    Example:

        // background-to-content.schema.json declares EXTRACT_TEXT and HIGHLIGHT; content/index.ts handles only
        // EXTRACT_TEXT                                                  → XM002 at HIGHLIGHT's "const"

    Fix: handle the type in a receiving context (and validate it with the generated validator), or remove it from
    the schema until the feature that handles it is built.
    """

    code = "XM002"
    name = "declared-type-without-handler"
    severity = "error"

    def check(self, ctx: LintContext) -> Iterable[Finding]:
        for target in ctx.targets:
            if ctx.protocol is not None:
                yield from self._protocol(ctx, target)
            else:
                yield from self._handlers(ctx, target)

    def _protocol(self, ctx: LintContext, target: Target) -> Iterator[Finding]:
        assert ctx.protocol is not None
        handlers = [(ctx.contexts_of(target, facts.path), h) for facts, h in ctx.each(target, "handlers")]
        built = set().union(*target.files.values())
        for channel in ctx.protocol.channels:
            if channel.kind != "request" or channel.api == "worker":
                continue  # answers are not handled by listeners; a worker's onmessage is not a runtime.onMessage
            if not channel.receivers & built:
                continue  # no receiver in this browser's build (Firefox has no offscreen documents)
            receiving = [h for contexts, h in handlers if contexts & channel.receivers]
            if any(not h.handled for h in receiving):
                continue
            handled = {t for h in receiving for t in h.handled}
            for type_value, message in channel.messages.items():
                if type_value in handled:
                    continue
                pointer = message.pointer
                if pointer.startswith("/$defs/"):
                    pointer += "/properties/type/const"
                line, column = channel.locate(pointer)
                yield self.finding(
                    f"`{type_value}` is declared on {channel.name}, but no onMessage handler in "
                    f"{'/'.join(sorted(channel.receivers))} handles it",
                    browser=target.browser,
                    fix="handle it in a receiving context, or remove it from the schema until it is built",
                    path=ctx.display(channel.schema_path),
                    line=line,
                    column=column,
                )

    def _handlers(self, ctx: LintContext, target: Target) -> Iterator[Finding]:
        sends = [(ctx.contexts_of(target, facts.path), s) for facts, s in ctx.each(target, "sends") if not s.forwarded]
        for facts, handler in ctx.each(target, "handlers"):
            contexts = ctx.contexts_of(target, facts.path)
            reaching = [s for sender, s in sends if reaches(s.channel, sender, contexts)]
            if any(s.message_type is None for s in reaching):
                continue
            sent = {s.message_type for s in reaching}
            for type_value in sorted(handler.handled - sent):
                yield self.finding(
                    f"the handler tests for `{type_value}`, but nothing that reaches "
                    f"{'/'.join(sorted(contexts)) or 'it'} sends it",
                    browser=target.browser,
                    fix="send it from the context that needs it, or remove the dead branch",
                    **ctx.where(handler.location),
                )
