"""XP008: in a project with a posture, host access to every site the posture does not allow (was XP005's)."""

from __future__ import annotations

from collections.abc import Iterable

from toolchain.lint.context import LintContext
from toolchain.lint.model import Finding, Rule
from toolchain.lint.rules.xp005_broad_host_access import broad_host_access


class UnreviewedBroadHostAccess(Rule):
    """Host access to every site in a project whose posture does not allow it.

    What it checks: host patterns in each target's built `host_permissions` (in MV2, in `permissions`) and the
    `matches` of every content script, flagging those whose host is `*` or that match every URL (`<all_urls>`,
    `*://*/*`, `https://*/*`…), unless the posture lists them (`host_permissions.allowed`,
    `content_scripts.matches`). Optional host permissions are not judged: the user grants them at run time (the
    posture's host allow-list still applies to them, XP003). Plain extensions, and projects without a posture
    (nothing states what was intended, so nothing proves broad access wrong), get the warning XP005 instead. Until
    the code catalog split them, these findings were XP005 errors: `xtk-ignore[XP005]`, `--select XP005` and
    `--ignore XP005` still apply to them.

    Why it matters: "Read and change all your data on all websites" is the install warning users fear most, a
    trigger for in-depth store review, and the largest blast radius if the extension is ever compromised; a project
    states what it intends in its posture, so broad access nobody reviewed there is an error.

    Example:

        [host_permissions]
        "<all_urls>" = "Talks to our API."      # XP008: every site, to talk to one host

    Fix: list the hosts the extension talks to (`"https://api.example.com/*"`), use `activeTab` for "the page
    the user clicked on", or make broad access optional (`optional_host_permissions`, requested when needed);
    if broad access is the product (a content script on every page), say so in the posture.
    """

    code = "XP008"
    name = "unreviewed-broad-host-access"
    severity = "error"
    formerly = ("XP005",)
    applies_to = "project"

    def check(self, ctx: LintContext) -> Iterable[Finding]:
        if ctx.posture is None:  # nothing says what was intended: XP005's warning, in the stores' words
            return iter(())
        return broad_host_access(ctx, self.code)
