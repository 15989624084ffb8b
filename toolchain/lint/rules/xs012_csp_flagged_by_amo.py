"""XS012: a content security policy addons.mozilla.org flags for review, though no source in it is unsafe."""

from __future__ import annotations

from collections.abc import Iterable

from toolchain import browser_targets
from toolchain.lint.context import LintContext
from toolchain.lint.csp import extension_pages_policy, parse_policy
from toolchain.lint.model import Finding, Rule
from toolchain.lint.rules.xs002_unsafe_csp import forbidden_by_posture, source_problem

#: the directives AMO reads, default-src first (a later script-src that is sound makes an open default-src sound)
_AMO_DIRECTIVES = ("default-src", "script-src", "script-src-elem", "script-src-attr", "worker-src")
#: the only sources AMO takes as sound (addons-linter's CSP_KEYWORD_RE)
_SOUND_KEYWORDS = ("'self'", "'none'", "'wasm-unsafe-eval'")


def _sound(source: str) -> bool:
    return source.lower() in _SOUND_KEYWORDS or source.lower().startswith("moz-extension:")


def amo_flags(policy: str, manifest_version: int, forbidden: frozenset[str] = frozenset()) -> list[str]:
    """Why addons.mozilla.org flags this policy (addons-linter's `MANIFEST_CSP`, validateCspPolicyString), leaving
    out what XS002 reports (unsafe sources, `'unsafe-eval'`, sources the posture forbids): an empty list when it
    does not."""
    directives = parse_policy(policy)
    reasons: list[str] = []

    def xs002s(source: str) -> bool:
        lowered = source.lower()
        return (
            lowered == "'unsafe-eval'"
            or source_problem(source, manifest_version) is not None
            or forbidden_by_posture(lowered, set(forbidden))
        )

    open_default = "default-src" not in directives  # no default-src: every directive it stands in for is open
    for directive in _AMO_DIRECTIVES:
        sources = directives.get(directive)
        if sources is None:
            continue
        if open_default and directive == "script-src" and all(_sound(s) or xs002s(s) for s in sources):
            open_default = False  # closed, but for what XS002 reports
            continue
        for source in sources:
            if _sound(source) or xs002s(source):
                continue
            reasons.append(f"`{directive} {source}` is a source AMO does not take as sound")
            if directive == "default-src":
                open_default = True
    if open_default:
        reasons.insert(0, "it sets no default-src and no script-src of only 'self', 'none' or moz-extension: sources")
    return reasons


class CspFlaggedByAmo(Rule):
    """addons.mozilla.org flags the content security policy for a reviewer, though no source in it is unsafe.

    What it checks: for Firefox, the policy of extension pages (`content_security_policy`, or its
    `extension_pages`) as addons.mozilla.org reads it: a `default-src`, or a `script-src` of only `'self'`,
    `'none'`, `'wasm-unsafe-eval'` and `moz-extension:` sources, must close the policy, and `default-src`,
    `script-src`, `script-src-elem`, `script-src-attr` and `worker-src` may hold only those. A nonce, a hash, an
    unknown keyword, or a policy with no script directive is flagged. Sources that let code in (`'unsafe-inline'`,
    remote hosts, wildcards) are XS002's errors; `'unsafe-eval'` is XS002's too.

    Why it matters: addons.mozilla.org's validator warns ("content_security_policy: … is not secure") and a human
    reviewer reads the policy before the add-on is approved; and a policy Firefox's own validator does not accept
    (one with no `script-src`) is dropped for the default one, so it does not do what it says.

    Example:

        "content_security_policy": "script-src 'self' 'sha256-…'; object-src 'self'"   // XS012

    Fix: move inline code into packaged files and keep `script-src 'self'` (or remove the key: the default policy
    is what AMO expects).
    """

    code = "XS012"
    name = "csp-flagged-by-amo"
    severity = "warning"

    def check(self, ctx: LintContext) -> Iterable[Finding]:
        forbidden = frozenset(s.lower() for s in ctx.posture.csp.forbidden_sources) if ctx.posture else frozenset()
        for target in ctx.targets:
            if not browser_targets.get(target.browser).is_gecko:
                continue
            pointer, policy = extension_pages_policy(target.manifest)
            if policy is None:
                continue
            reasons = amo_flags(policy, target.manifest_version, forbidden)
            if reasons:
                yield self.finding(
                    f"addons.mozilla.org flags this policy for review: {'; '.join(reasons)}",
                    browser=target.browser,
                    fix="keep script-src 'self' and move inline code into packaged files, or drop the key",
                    **ctx.manifest_where(pointer, target),
                )
