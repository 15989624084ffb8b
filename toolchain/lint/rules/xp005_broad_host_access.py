"""XP005: host permissions or content-script matches that reach every site (in a plain extension: a warning)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from toolchain.lint import knowledge
from toolchain.lint.context import LintContext
from toolchain.lint.model import Finding, Rule

HOST_KEYS = ("permissions", "host_permissions")  # optional ones are granted by the user at run time: not judged
#: what the stores say of it, quoted in the warning of an extension that has no posture to say it was intended
STORE_WORDS = (
    'browsers warn at install "Read and change all your data on all websites" (Chrome; Firefox: "Access your data '
    'for all websites"), and the Chrome Web Store reviews broad host permissions in depth'
)


def broad_host_access(ctx: LintContext, code: str) -> Iterator[Finding]:
    """Every broad host pattern of every target the posture (if any) does not allow, as a finding of `code`:
    XP005 in a plain extension, XP008 in a project (toolchain/lint/rules/xp008_unreviewed_broad_host_access.py)."""
    posture = ctx.posture
    allowed_hosts = set(posture.host_permissions.allowed) if posture else set()
    allowed_matches = set(posture.content_scripts.matches) if posture else set()
    for target in ctx.targets:
        for key in HOST_KEYS:
            for index, pattern in ctx.entries(target, key):
                if knowledge.is_broad_host_pattern(pattern) and pattern not in allowed_hosts:
                    yield Finding.of(
                        code,
                        f"host permission `{pattern}` grants access to every "
                        f"{'site' if pattern in ('<all_urls>', '*://*/*') else 'site of its scheme'}"
                        + ("" if posture else f": {STORE_WORDS}"),
                        browser=target.browser,
                        fix="list only the hosts the extension needs, use activeTab, or make it optional",
                        **ctx.manifest_where(f"/{key}/{index}", target),
                    )
        yield from _content_scripts(ctx, target, code, allowed_matches, has_posture=posture is not None)


def _content_scripts(
    ctx: LintContext, target: Any, code: str, allowed: set[str], has_posture: bool
) -> Iterator[Finding]:
    scripts = target.manifest.get("content_scripts")
    for i, script in enumerate(scripts if isinstance(scripts, list) else []):
        matches = script.get("matches") if isinstance(script, dict) else None
        for j, pattern in enumerate(matches if isinstance(matches, list) else []):
            if isinstance(pattern, str) and knowledge.is_broad_host_pattern(pattern) and pattern not in allowed:
                yield Finding.of(
                    code,
                    f"content_scripts[{i}] runs on `{pattern}`: every "
                    f"{'page' if pattern in ('<all_urls>', '*://*/*') else 'page of its scheme'}"
                    + (", and the posture does not allow it" if has_posture else ""),
                    browser=target.browser,
                    fix="match only the sites the script is for (or inject it on demand with activeTab)",
                    **ctx.manifest_where(f"/content_scripts/{i}/matches/{j}", target),
                )


class BroadHostAccess(Rule):
    """Host access to every site: `<all_urls>`, `*://*/*`, `https://*/*`… in host permissions or content scripts.

    What it checks: in a plain extension (or a project with no posture), host patterns in each target's
    `host_permissions` (in MV2, in `permissions`) and the `matches` of every content script, flagging those whose
    host is `*` or that match every URL. Optional host permissions are not judged: the user grants them at run
    time, when the feature asks. It is a warning, in the stores' own words: a plain extension — or an xtk project
    without a posture — has nothing that says whether broad access was intended, and for an ad blocker or a page
    tool it is the product. In a project with a posture, the same patterns are errors unless the posture allows
    them: XP008 (which reported as XP005 before; suppressions naming XP005 still apply).

    Why it matters: "Read and change all your data on all websites" is the install warning users fear most, a
    trigger for in-depth store review, and the largest blast radius if the extension is ever compromised; most
    extensions need a few hosts, or `activeTab`.

    Example:

        "host_permissions": ["<all_urls>"]      // manifest.json — XP005: every site, to talk to one host

    Fix: list the hosts the extension talks to (`"https://api.example.com/*"`), use `activeTab` for "the page
    the user clicked on", or make broad access optional (`optional_host_permissions`, requested when needed).
    """

    code = "XP005"
    name = "broad-host-access"
    severity = "warning"

    def check(self, ctx: LintContext) -> Iterable[Finding]:
        if ctx.kind == "project" and ctx.posture is not None:  # the posture decides: XP008
            return iter(())
        return broad_host_access(ctx, self.code)
