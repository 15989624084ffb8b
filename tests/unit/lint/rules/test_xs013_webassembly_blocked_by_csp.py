"""XS013 reads the extension pages' policy as browsers do: WebAssembly compiles under 'wasm-unsafe-eval' (or
'unsafe-eval') in script-src, else default-src; the default policy of every browser disables it. The fixture
(tests/fixtures/lint/rules/XS013/) holds the finding and its twins: the same extension with 'wasm-unsafe-eval', one
whose only compiling code is a content script, and a Manifest V2 one (Firefox only reports the violation there)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from toolchain.lint.context import LintContext
from toolchain.lint.csp import extension_pages_policy
from toolchain.lint.rules.xs013_webassembly_blocked_by_csp import (
    DEFAULT_POLICY,
    WebAssemblyBlockedByCsp,
    allows_webassembly,
)


@pytest.mark.parametrize(
    ("policy", "allowed"),
    [
        (DEFAULT_POLICY, False),
        ("script-src 'self'; object-src 'self'", False),
        ("default-src 'self'", False),
        ("script-src 'self' 'wasm-unsafe-eval'; object-src 'self'", True),
        ("script-src 'self' 'WASM-UNSAFE-EVAL'", True),
        ("script-src 'self' 'unsafe-eval'", True),
        ("default-src 'self' 'wasm-unsafe-eval'", True),
        # script-src decides when present: default-src's source does not reach it
        ("default-src 'self' 'wasm-unsafe-eval'; script-src 'self'", False),
        ("object-src 'self'", True),  # no script restriction at all
    ],
)
def test_a_policy_allows_webassembly_as_browsers_read_it(policy: str, allowed: bool) -> None:
    assert allows_webassembly(policy) is allowed


def test_the_extension_pages_policy_is_read_from_either_manifest_form() -> None:
    assert extension_pages_policy({"content_security_policy": "script-src 'self'"}) == (
        "/content_security_policy",
        "script-src 'self'",
    )
    assert extension_pages_policy({"content_security_policy": {"extension_pages": "default-src 'self'"}}) == (
        "/content_security_policy/extension_pages",
        "default-src 'self'",
    )
    assert extension_pages_policy({"manifest_version": 3}) == ("/content_security_policy", None)
    assert extension_pages_policy({"content_security_policy": {"sandbox": "x"}}) == (
        "/content_security_policy/extension_pages",
        None,
    )


def test_only_the_blocked_fixture_is_reported(rule_fixture: Callable[..., LintContext]) -> None:
    parts = ("blocked", "allowed", "content-only", "mv2")
    found = {part: list(WebAssemblyBlockedByCsp().check(rule_fixture("XS013", part))) for part in parts}
    assert found["blocked"] and all(
        "`codec.wasm`" in f.message and "`popup.js` (line 3)" in f.message for f in found["blocked"]
    )
    assert found["allowed"] == [] and found["content-only"] == []
    assert found["mv2"] == [], "Firefox only reports an MV2 page's violation; Chrome loads no MV2 extension"
