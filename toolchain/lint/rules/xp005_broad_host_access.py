"""XP005: host permissions or content-script matches that reach every site."""

from __future__ import annotations

from collections.abc import Iterable

from toolchain.lint import knowledge
from toolchain.lint.context import LintContext
from toolchain.lint.model import Finding, Rule

HOST_KEYS = ("permissions", "host_permissions")  # optional ones are granted by the user at run time: not judged


class BroadHostAccess(Rule):
    """Host access to every site: `<all_urls>`, `*://*/*`, `https://*/*`… in host permissions or content scripts.

    What it checks: host patterns in each target's `host_permissions` (in MV2, in `permissions`) and the
    `matches` of every content script, flagging those whose host is `*` or that match every URL. Optional host
    permissions are not judged: the user grants them at run time, when the feature asks (the posture's host
    allow-list still applies to them, XP003). With a posture, host patterns its `host_permissions.allowed` lists and
    content-script matches its `content_scripts.matches` lists are accepted. In a plain extension (no posture to
    say what was intended) findings are warnings.

    Why it matters: "Read and change all your data on all websites" is the install warning users fear most, a
    trigger for in-depth store review, and the largest blast radius if the extension is ever compromised; most
    extensions need a few hosts, or `activeTab`.

    Example:

        [host_permissions]
        "<all_urls>" = "Talks to our API."      # XP005: every site, to talk to one host

    Fix: list the hosts the extension talks to (`"https://api.example.com/*"`), use `activeTab` for "the page
    the user clicked on", or make broad access optional (`optional_host_permissions`, requested when needed);
    if broad access is the product (a content script on every page), say so in the posture.
    """

    code = "XP005"
    name = "broad-host-access"

    def check(self, ctx: LintContext) -> Iterable[Finding]:
        posture = ctx.posture
        severity = "error" if ctx.kind == "project" else "warning"
        allowed_hosts = set(posture.host_permissions.allowed) if posture else set()
        allowed_matches = set(posture.content_scripts.matches) if posture else set()
        for target in ctx.targets:
            for key in HOST_KEYS:
                for index, pattern in ctx.entries(target, key):
                    if knowledge.is_broad_host_pattern(pattern) and pattern not in allowed_hosts:
                        yield Finding(
                            self.code,
                            f"host permission `{pattern}` grants access to every "
                            f"{'site' if pattern in ('<all_urls>', '*://*/*') else 'site of its scheme'}",
                            severity,
                            browser=target.browser,
                            fix="list only the hosts the extension needs, use activeTab, or make it optional",
                            **ctx.manifest_where(f"/{key}/{index}", target),
                        )
            scripts = target.manifest.get("content_scripts")
            for i, script in enumerate(scripts if isinstance(scripts, list) else []):
                matches = script.get("matches") if isinstance(script, dict) else None
                for j, pattern in enumerate(matches if isinstance(matches, list) else []):
                    if isinstance(pattern, str) and knowledge.is_broad_host_pattern(pattern) and pattern not in allowed_matches:
                        yield Finding(
                            self.code,
                            f"content_scripts[{i}] runs on `{pattern}`: every "
                            f"{'page' if pattern in ('<all_urls>', '*://*/*') else 'page of its scheme'}"
                            + (", and the posture does not allow it" if posture else ""),
                            severity,
                            browser=target.browser,
                            fix="match only the sites the script is for (or inject it on demand with activeTab)",
                            **ctx.manifest_where(f"/content_scripts/{i}/matches/{j}", target),
                        )
