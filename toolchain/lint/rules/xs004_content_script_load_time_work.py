"""XS004: a content script that works at load instead of waiting to be asked (posture: inert content scripts)."""

from __future__ import annotations

from collections.abc import Iterable

from toolchain.lint.context import LintContext
from toolchain.lint.model import Finding, Rule


class ContentScriptLoadTimeWork(Rule):
    """A content script does work when it loads, but the posture says content scripts are inert.

    What it checks: with `content_scripts.inert: true` in the project's posture, the load-time work facts (what a
    module does when first evaluated, beyond declarations and registering listeners: reading or changing the DOM,
    network requests, timers, storage, sending messages, calling functions) of every file bundled into a content
    script, in each target's build, including the shared modules it imports.

    Why it matters: a content script declared on every page runs on every page the user visits; an inert one
    (listeners only) costs nothing and reads nothing until the user asks, which is what the privacy posture
    promises ("reads the page only when you ask"). Work at load reads pages the user never asked about, and slows
    every page down.

    Example:

        // content/index.ts
        const text = document.body.innerText;          // XS004: reads every page at load
        chrome.runtime.onMessage.addListener(…);

    Fix: move the work into the message handler (read the page when the `EXTRACT_TEXT` request arrives); in shared
    modules, compute lazily (a function, not a top-level constant from the DOM).
    """

    code = "XS004"
    name = "content-script-load-time-work"
    severity = "error"
    applies_to = "project"

    def check(self, ctx: LintContext) -> Iterable[Finding]:
        if ctx.posture is None or not ctx.posture.content_scripts.inert:
            return
        for target in ctx.targets:
            for facts, work in ctx.each(target, "load_time_work"):
                if "content" not in ctx.contexts_of(target, facts.path):
                    continue
                yield self.finding(
                    f"{work.description} runs when the content script loads ({work.kind}); the posture says content "
                    "scripts are inert until asked",
                    browser=target.browser,
                    fix="do this in the message handler, when the extension asks",
                    **ctx.where(work.location),
                )
