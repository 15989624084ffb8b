"""XL013: a Manifest V3 background given only as a service worker, in an extension Firefox loads."""

from __future__ import annotations

from collections.abc import Iterable

from toolchain import browser_targets
from toolchain.lint.context import LintContext
from toolchain.lint.model import Finding, Rule


class FirefoxBackgroundServiceWorker(Rule):
    """Firefox runs no background for this extension: its background is only a `service_worker`.

    What it checks: a plain extension that Firefox loads (Manifest V2, or V3 with `browser_specific_settings.gecko`,
    see `xtk lint --browser`) whose `background` names a `service_worker` and neither `scripts` nor `page`. An xtk
    project never has it: xtk writes Firefox's manifest with `background.scripts`.

    Why it matters: Firefox does not run extension service workers — `extensions.backgroundServiceWorker.enabled` is
    `false` and locked in its release and ESR builds (Firefox's own default preferences) — so the extension installs
    with no background at all: its listeners are never registered, its messages go unanswered, and nothing says
    why. Chrome, which needs the service worker, ignores `scripts` beside it (Chrome 121 and later), so one
    manifest can serve both. addons.mozilla.org refuses the upload too (addons-linter's
    `BACKGROUND_SERVICE_WORKER_NOFALLBACK`, an error).

    Example:

        "background": { "service_worker": "background.js" }        // XL013: nothing runs in Firefox

    Fix: name the same file as Firefox's event page too: `"background": { "service_worker": "background.js",
    "scripts": ["background.js"] }` (Firefox uses `scripts`, Chrome the service worker); a background that uses
    `importScripts` needs those files listed in `scripts` instead.
    """

    code = "XL013"
    name = "firefox-background-service-worker"
    severity = "error"
    applies_to = "extension"

    def check(self, ctx: LintContext) -> Iterable[Finding]:
        for target in ctx.targets:
            if not browser_targets.get(target.browser).is_gecko:  # MV2 or MV3: no service worker runs in Firefox
                continue
            background = target.manifest.get("background")
            if not isinstance(background, dict) or "service_worker" not in background:
                continue
            if "scripts" in background or "page" in background:
                continue
            worker = background.get("service_worker")
            shown = f"`{worker}`" if isinstance(worker, str) else "a service worker"
            yield self.finding(
                f"the background is only {shown} as `service_worker`, which Firefox does not run "
                "(extensions.backgroundServiceWorker.enabled is off and locked): the extension has no background "
                "in Firefox",
                browser=target.browser,
                fix=f'add "scripts": ["{worker}"] beside it' if isinstance(worker, str) else "add scripts beside it",
                **ctx.manifest_where("/background/service_worker", target),
            )
