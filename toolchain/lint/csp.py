"""Content security policies as the CSP rules read them (XS002, XS011, XS012, XS013): a policy's directives, and
which policy of a manifest governs the extension's own pages."""

from __future__ import annotations

from collections.abc import Mapping


def parse_policy(policy: str) -> dict[str, list[str]]:
    """`"script-src 'self'; object-src 'none'"` → {"script-src": ["'self'"], "object-src": ["'none'"]} (the first of
    a repeated directive wins, as in browsers)."""
    directives: dict[str, list[str]] = {}
    for part in policy.split(";"):
        tokens = part.split()
        if tokens:
            directives.setdefault(tokens[0].lower(), tokens[1:])
    return directives


def extension_pages_policy(manifest: Mapping[str, object]) -> tuple[str, str | None]:
    """(JSON pointer, policy) of the extension pages' CSP: Manifest V2's string, or V3's `extension_pages`; the
    policy None when the manifest sets none (or sets something that is not a string)."""
    value = manifest.get("content_security_policy")
    if isinstance(value, dict):
        policy = value.get("extension_pages")
        return "/content_security_policy/extension_pages", policy if isinstance(policy, str) else None
    return "/content_security_policy", value if isinstance(value, str) else None
