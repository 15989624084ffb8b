"""XS002: a content security policy that lets code in: unsafe-eval, unsafe-inline, remote or wildcard sources."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from toolchain.lint.context import LintContext
from toolchain.lint.csp import parse_policy
from toolchain.lint.model import Finding, Rule

#: Directives that decide which code runs; default-src stands in for them when they are absent.
SCRIPT_DIRECTIVES = ("script-src", "script-src-elem", "script-src-attr", "object-src", "worker-src")
_LOCAL_HOSTS = ("http://localhost", "http://127.0.0.1", "https://localhost", "https://127.0.0.1")


#: extension origins (`moz-extension://<uuid>`, `chrome-extension://<id>`): the code of an installed package, which
#: Firefox's own CSP validation accepts in `script-src` (addons-linter does not flag it either)
EXTENSION_SCHEMES = ("moz-extension:", "chrome-extension:", "ms-browser-extension:", "safari-web-extension:")


def _is_local(source: str) -> bool:
    return any(source.lower() == h or source.lower().startswith((h + ":", h + "/")) for h in _LOCAL_HOSTS)


def source_problem(source: str, manifest_version: int) -> str | None:
    s = source.lower()
    if s == "'unsafe-eval'":
        return "allows eval() and new Function"
    if s == "'unsafe-inline'":
        return "allows inline scripts and event-handler attributes"
    if s in ("'self'", "'none'", "'wasm-unsafe-eval'", "'wasm-eval'"):
        return None
    if s.startswith(("'sha256-", "'sha384-", "'sha512-", "'nonce-")):
        return "allows inline code by hash or nonce (Manifest V3 rejects it)" if manifest_version >= 3 else None
    if _is_local(s):
        return None
    if s.startswith(EXTENSION_SCHEMES):  # an extension's own origin: packaged code, never the network
        return None
    if s == "*" or "*" in s:
        return "allows scripts from any host"
    if s.endswith(":") and "/" not in s:
        return f"allows scripts from any {s} URL"
    if s.startswith("'"):
        return "is not allowed in Manifest V3 extension pages" if manifest_version >= 3 else None
    return "allows remote scripts"


def forbidden_by_posture(source: str, forbidden: set[str]) -> bool:
    """A posture's forbidden source matches itself; a forbidden scheme (`http:`) also matches every host source of
    that scheme (`http://localhost:8787`), as CSP's own scheme-source matching does."""
    return source in forbidden or any(f.endswith(":") and source.startswith(f + "//") for f in forbidden)


class UnsafeCsp(Rule):
    """The extension's content security policy lets in code that is not in the package.

    What it checks: the `content_security_policy` of each target's manifest (the MV2 string, or MV3's
    `extension_pages`): in the directives that decide what code runs (`script-src`, `object-src`, `worker-src`,
    and `default-src` when they are absent), `'unsafe-eval'`, `'unsafe-inline'`, wildcards (`*`,
    `https://*.cdn.com`), scheme sources (`https:`, `data:`, `blob:`) and remote hosts; in Manifest V3, anything
    besides `'self'`, `'none'`, `'wasm-unsafe-eval'` and localhost (Chrome refuses to load such an extension).
    MV3 `sandbox` policies may relax these (that is what sandboxed pages are for), but every policy, in every
    directive, must avoid the posture's `csp.forbidden_sources` (source by source; a forbidden scheme such as
    `http:` also covers host sources of that scheme, `http://localhost:8787` included).

    Why it matters: the default extension CSP is what keeps an injected string from becoming code; relaxing it
    turns any HTML-injection bug into remote code execution with the extension's privileges, and store review
    rejects remote code.

    Example:

        [csp]
        extension_pages = "script-src 'self' 'unsafe-eval' https://cdn.example.com; object-src 'self'"   # XS002

    Fix: keep `script-src 'self'` (add `'wasm-unsafe-eval'` only if WebAssembly needs it); bundle libraries
    instead of loading them from a CDN; move code that needs eval into a sandboxed page (Chrome) and talk to it
    with postMessage.
    """

    code = "XS002"
    name = "unsafe-csp"
    severity = "error"

    def check(self, ctx: LintContext) -> Iterable[Finding]:
        forbidden = {s.lower() for s in ctx.posture.csp.forbidden_sources} if ctx.posture else set()
        for target in ctx.targets:
            value = target.manifest.get("content_security_policy")
            policies: list[tuple[str, str, bool]] = []  # (pointer, policy, extension pages?)
            if isinstance(value, str):
                policies.append(("/content_security_policy", value, True))
            elif isinstance(value, dict):
                for key, policy in value.items():
                    if isinstance(policy, str):
                        policies.append((f"/content_security_policy/{key}", policy, key == "extension_pages"))
            for pointer, policy, pages in policies:
                where = ctx.manifest_where(pointer, target)
                yield from self._policy(target, policy, pages, forbidden, where)

    def _policy(
        self, target: Any, policy: str, pages: bool, forbidden: set[str], where: dict[str, Any]
    ) -> Iterator[Finding]:
        directives = parse_policy(policy)
        reported: set[str] = set()
        if pages:
            present = [d for d in SCRIPT_DIRECTIVES if d in directives]
            checked = present + (
                ["default-src"] if "default-src" in directives and "script-src" not in directives else []
            )
            for directive in checked:
                for source in directives[directive]:
                    problem = source_problem(source, target.manifest_version)
                    if problem:
                        reported.add(source.lower())
                        yield self.finding(
                            f"{directive} {source} {problem}",
                            browser=target.browser,
                            fix="keep script-src 'self' (plus 'wasm-unsafe-eval' if needed) and bundle what you load",
                            **where,
                        )
        for directive, sources in directives.items():
            for source in sources:
                if forbidden_by_posture(source.lower(), forbidden) and source.lower() not in reported:
                    reported.add(source.lower())
                    yield self.finding(
                        f"{directive} {source}: the posture forbids this source",
                        browser=target.browser,
                        fix=f"remove {source} from the policy",
                        **where,
                    )
