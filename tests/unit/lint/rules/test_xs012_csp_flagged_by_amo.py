"""XS012 reads a policy as addons.mozilla.org does (addons-linter's validateCspPolicyString), less what XS002 reports:
the policies below are addons-linter's own test inputs and verdicts."""

from __future__ import annotations

import pytest

from toolchain.lint.rules.xs012_csp_flagged_by_amo import amo_flags

FLAGGED = [
    "",
    "foo",
    "script-src 'nonce-abc'",
    "script-src 'sha256-/b/HvSeUCyUL0XlV1ZK0nwDk18O2BpM5Scj+dZ1weIY='",
    "script-src-elem 'self'",  # no script-src, no default-src: the policy is open
    "worker-src 'self'",
    "default-src; script-src-elem 'nonce-abc'",
    "default-src; script-src-attr 'sha256-/b/HvSeUCyUL0XlV1ZK0nwDk18O2BpM5Scj+dZ1weIY='",
    "default-src 'self' 'strict-dynamic'",
]
SOUND = [
    "script-src 'self'; object-src 'self'",
    "default-src 'self'",
    "default-src 'none'; script-src 'self' moz-extension:",
    "script-src 'self' 'wasm-unsafe-eval'; object-src 'none'",
    # what XS002 reports (remote hosts, unsafe-eval, unsafe-inline) is its error, not a second finding
    "script-src 'self' https://ssl.google-analytics.com; object-src 'self'",
    "script-src 'self' 'unsafe-eval'",
    "default-src 'self' 'unsafe-inline'",
]


@pytest.mark.parametrize("policy", FLAGGED)
def test_amo_flags_it(policy: str) -> None:
    assert amo_flags(policy, 2), policy


@pytest.mark.parametrize("policy", SOUND)
def test_amo_does_not_flag_it_or_xs002_reports_it(policy: str) -> None:
    assert amo_flags(policy, 2) == [], policy
