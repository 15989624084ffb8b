"""XP010: an extension API used in a context that does not have it (a content script calling `tabs.query`)."""

from __future__ import annotations

from collections.abc import Iterable

from toolchain import browser_targets
from toolchain.lint import context_apis, knowledge
from toolchain.lint.context import LintContext, Target
from toolchain.lint.model import Finding, Rule


def _service_worker(target: Target) -> bool:
    """Chrome and Edge run an MV3 background as a service worker (Firefox as an event page, with a window)."""
    background = target.manifest.get("background")
    return (
        browser_targets.get(target.browser).is_chromium
        and target.manifest_version == 3
        and isinstance(background, dict)
        and "service_worker" in background
    )


_FIXES = {
    "service_worker": "use runtime.getContexts or messages; a service worker has no window to reach",
    "worker": "post the work's result to the page that started the worker (postMessage) and use the API there",
    "offscreen": "ask the background for it with runtime.sendMessage; runtime is an offscreen document's one API",
}


class ApiUnavailableInContext(Rule):
    """An extension API is used in a context that does not have it, whatever the manifest declares.

    What it checks: every API use that runs in a content script, a sandboxed page, an offscreen document or a web
    worker of a target (the files loaded there — also a page given to `offscreen.createDocument` and a script given
    to `new Worker` — and the functions of shared files that code calls) against the APIs that context may use, per
    browser (`specs/knowledge/context-apis.json`, from Chromium's `_api_features.json`, Chrome's offscreen
    reference and MDN's "Content script environment"): content scripts have `storage`, `i18n`, `dom`,
    `runtime`'s messaging, `getURL`, `getManifest` and `id` (and `menus.getTargetElement` in Firefox); offscreen
    documents have `runtime` only; sandboxed pages and web workers have none. In Chrome and Edge, an MV3
    background is a service worker: `runtime.getBackgroundPage`, `extension.getBackgroundPage` and
    `extension.getViews` are not available there. A use that copes with the API being absent (in a `try` with a
    `catch`, or through `?.`) is not reported, nor a namespace read alone (`if (!browser.menus)`: a test).

    Why it matters: the namespace is `undefined` there, so the call throws a TypeError at run time ("Cannot read
    properties of undefined (reading 'query')"), however the manifest's permissions read; it is a classic
    mistake when code moves between the background and a content script.

    Example:

        // content script
        const [tab] = await browser.tabs.query({ active: true });   // XP010: tabs is not available in content scripts

    Fix: do it in the background and ask for it with a message (`runtime.sendMessage({type: 'ACTIVE_TAB'})`,
    answered by the background's `onMessage` listener); in a service worker, use `runtime.getContexts` or
    messages instead of reaching into a page's window.
    """

    code = "XP010"
    name = "api-unavailable-in-context"
    severity = "error"

    def check(self, ctx: LintContext) -> Iterable[Finding]:
        for target in ctx.targets:
            contexts = list(context_apis.limited_contexts())
            if _service_worker(target):
                contexts.append("service_worker")
            reported: set[tuple[str, int, int]] = set()
            for context in contexts:
                # proven reach only: a method reached because some call on an unknown receiver has its name (a
                # polyfill's `addListener` wrappers in a content script that calls `onMessage.addListener`) may
                # never run there, so it proves nothing
                running = ctx.reachable_in(
                    target, "background" if context == "service_worker" else context, proven=True
                )
                for path, facts in sorted(ctx.facts.items()):
                    for use in facts.api_uses:
                        if (
                            use.feature_checked
                            or use.deferred
                            or "." not in use.api
                            or (path, use.scope) not in running
                        ):
                            continue  # a namespace alone (`if (!browser.menus)`) is a test, not a use
                        if use.guard is not None and not use.guard.holds(target.env):
                            continue
                        api = knowledge.resolve_alias(use.api, target.browser, target.manifest_version)
                        if context == "service_worker":
                            unavailable = context_apis.unavailable_in_service_worker(api)
                        else:
                            unavailable = not context_apis.allowed_in(context, api, target.browser)
                        place = (ctx.display(path), use.location.line, use.location.column)
                        if not unavailable or place in reported:
                            continue
                        reported.add(place)
                        why = (
                            "it fails there: a service worker has no window"
                            if context == "service_worker"
                            else "it is undefined there at run time, whatever the manifest declares"
                        )
                        yield self.finding(
                            f"`{use.api}` is not available in {context_apis.label(context)}: {why}",
                            browser=target.browser,
                            fix=_FIXES.get(context, "do it in the background and ask for it with a message"),
                            **ctx.where(use.location),
                        )
