"""XP009: a Tab's url/title/favIconUrl/pendingUrl read with neither `tabs` nor host access (always undefined)."""

from __future__ import annotations

from collections.abc import Iterable

from toolchain import browser_targets
from toolchain.lint import knowledge
from toolchain.lint.context import LintContext, Target, objects, strings
from toolchain.lint.model import Finding, Rule

#: the manifest lists whose entries grant access to a Tab's fields (optional ones: the code may request them)
ACCESS_KEYS = ("permissions", "optional_permissions", "host_permissions", "optional_host_permissions")


def tab_field_access(target: Target) -> str | None:
    """What lets the target read a Tab's url and title (the first found), or None."""
    for key in ACCESS_KEYS:
        for entry in strings(target.manifest.get(key)):
            if entry in ("tabs", "activeTab") or knowledge.is_host_pattern(entry):
                return f"`{entry}` ({key})"
    if browser_targets.get(target.browser).is_gecko and target.manifest_version == 2:
        for script in objects(target.manifest.get("content_scripts")):
            if strings(script.get("matches")):  # Firefox MV2 grants host access to the pages content scripts match
                return "content script matches (Firefox MV2)"
    return None


class TabPropertyWithoutAccess(Rule):
    """A Tab's `url`, `title`, `favIconUrl` or `pendingUrl` is read, but the manifest grants neither `tabs` nor host
    access: the field is always `undefined`.

    What it checks: reads of those fields on a Tab the code received (a listener's parameter: `tabs.onUpdated`,
    its `changeInfo` too, `tabs.onCreated`, `action.onClicked`, `contextMenus.onClicked`, `commands.onCommand`…; the
    result of `tabs.query`, `tabs.get`, `tabs.create`…, awaited, through `.then` or a callback, and over a list's
    elements), in code present in a target, against the target's manifest: `tabs`, `activeTab`, any host
    permission (required or optional) grant them, and in Firefox MV2 content-script match patterns too (Firefox
    adds them to an MV2 extension's host permissions; Chrome counts only explicit host permissions when it
    decides whether to strip a Tab's URL). `tab.id`, `tab.index` and the
    other fields need nothing and are not reported.

    Why it matters: the browser strips these fields from Tab objects without the permission: no error, no
    warning, just `undefined` — a URL check that never matches, a title shown as "undefined", in every browser.

    Example:

        chrome.tabs.onUpdated.addListener((id, change, tab) => {
          if (tab.url?.startsWith("https://docs.example.com/")) …   // XP009: no tabs permission, no host access
        });

    Fix: declare `tabs` (all tabs' URLs and titles; a line in the install prompt), or host permissions for the
    sites you need, or `activeTab` when the user invokes the extension on the tab.
    """

    code = "XP009"
    name = "tab-property-without-access"
    severity = "error"

    def check(self, ctx: LintContext) -> Iterable[Finding]:
        for target in ctx.targets:
            if tab_field_access(target) is not None:
                continue
            for _facts, read in ctx.each(target, "tab_reads"):
                yield self.finding(
                    f"`{read.field}` of a Tab (from `{read.source}`) is read, but the manifest grants neither `tabs` "
                    "nor host access: it is always undefined",
                    browser=target.browser,
                    fix="declare `tabs`, host permissions for the sites needed, or `activeTab`",
                    **ctx.where(read.location),
                )
