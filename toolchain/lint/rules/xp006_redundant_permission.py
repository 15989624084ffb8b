"""XP006: a permission another declared permission already covers."""

from __future__ import annotations

from collections.abc import Iterable

from toolchain.lint import knowledge
from toolchain.lint.context import LintContext
from toolchain.lint.model import Finding, Rule


class RedundantPermission(Rule):
    """A declared permission adds nothing: another declared one already covers it.

    What it checks: the permissions and host patterns each target's manifest asks for up front, against the
    permission relations of `specs/knowledge/`: `activeTab` beside `<all_urls>`, `*://*/*`, `http://*/*` or
    `https://*/*` (broad host access already covers the active tab); `declarativeNetRequestWithHostAccess` beside
    `declarativeNetRequest`. Also a permission listed twice, and an optional permission that is also required.
    Relations the knowledge base rates as informational only (`tabs` beside `<all_urls>`) are not reported.
    A warning: the extension works, it just asks for more words in its prompt than it needs.

    Why it matters: redundant entries make the permission list longer and harder to review, and usually mean one
    of the two was added without checking the other (often the broad one, which should go instead).

    Example:

        [permissions]
        activeTab = "Reads the page the user clicks on."
        [host_permissions]
        "<all_urls>" = "…"                      # XP006 on activeTab: <all_urls> already covers the active tab

    Fix: remove the covered permission; better, ask whether the broad one is needed at all (usually `activeTab`
    alone is enough, and it is the broad pattern that should go).
    """

    code = "XP006"
    name = "redundant-permission"
    severity = "warning"

    def check(self, ctx: LintContext) -> Iterable[Finding]:
        for target in ctx.targets:
            required = [(key, i, p) for key in ("permissions", "host_permissions") for i, p in ctx.entries(target, key)]
            optional = [
                (key, i, p)
                for key in ("optional_permissions", "optional_host_permissions")
                for i, p in ctx.entries(target, key)
            ]
            names = [p for _, _, p in required]
            for redundancy in knowledge.redundant_permissions(names):
                if redundancy.severity != "warning":
                    continue
                key, index, _ = next(entry for entry in required if entry[2] == redundancy.permission)
                yield self.finding(
                    f"`{redundancy.permission}` is redundant beside `{redundancy.because_of}`: {redundancy.note}",
                    browser=target.browser,
                    fix=f"remove `{redundancy.permission}` "
                    f"(or, better, the broader `{redundancy.because_of}` if it is not needed)",
                    **ctx.manifest_where(f"/{key}/{index}", target),
                )
            for entries in (required, optional):
                seen: set[str] = set()
                for key, index, permission in entries:
                    if permission in seen:
                        yield self.finding(
                            f"`{permission}` is declared twice ({key})",
                            browser=target.browser,
                            fix="remove the duplicate",
                            **ctx.manifest_where(f"/{key}/{index}", target),
                        )
                    seen.add(permission)
            for key, index, permission in optional:
                if permission in names:
                    yield self.finding(
                        f"`{permission}` is optional ({key}) but also required: the optional entry adds nothing",
                        browser=target.browser,
                        fix="keep it in one list: required if the extension always needs it, optional otherwise",
                        **ctx.manifest_where(f"/{key}/{index}", target),
                    )
