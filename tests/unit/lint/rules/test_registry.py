"""Every rule: one module each, a stable code and name, a severity (the catalog's), and a docstring in four parts
that `xtk lint --explain` prints."""

from __future__ import annotations

import pkgutil

import toolchain.lint.rules as package
from toolchain.lint.registry import all_rules

CODES = {
    "XP001": "api-without-permission", "XP002": "unused-permission", "XP003": "forbidden-permission",
    "XP004": "permission-without-justification", "XP005": "broad-host-access", "XP006": "redundant-permission",
    "XP007": "api-unavailable", "XS001": "remote-or-dynamic-code", "XS002": "unsafe-csp",
    "XS003": "over-exposed-web-accessible-resources", "XS004": "content-script-load-time-work",
    "XS005": "frozen-constant-drift", "XS006": "api-outside-abstraction", "XM001": "message-type-not-on-channel",
    "XM002": "declared-type-without-handler", "XM003": "payload-schema-mismatch", "XM004": "handler-in-wrong-context",
    "XM005": "unhandled-receiving-end-error", "XM006": "listener-answer-style", "XM007": "protocol-codegen-drift",
    "XP008": "unreviewed-broad-host-access", "XS007": "computed-html-sink",
    "XL007": "asset-not-in-package", "XP009": "tab-property-without-access", "XP010": "api-unavailable-in-context",
    "XL010": "path-outside-extension", "XL011": "duplicate-json-key", "XL012": "duplicate-archive-member",
    "XP011": "api-maybe-unavailable", "XS009": "wildcard-web-accessible-resources", "XS008": "unsettled-script-path",
    "XS010": "unsettled-injected-code", "XP012": "promise-from-callback-api", "XP013": "new-install-warning",
    "XL013": "firefox-background-service-worker", "XL014": "firefox-mv3-without-id",
    "XS011": "inline-script-in-page", "XL015": "firefox-without-id", "XL016": "firefox-data-collection-undeclared",
    "XL017": "firefox-manifest-invalid", "XL018": "unknown-manifest-key", "XL019": "firefox-key-newer-than-minimum",
    "XL020": "icon-not-square", "XL021": "icon-unusable", "XL022": "locale-messages-invalid",
    "XL023": "firefox-block-comment-in-json", "XL024": "unexpected-package-file", "XL025": "manifest-value-wrong-type",
    "XL026": "banned-library",
    "XL027": "coin-miner",
    "XS012": "csp-flagged-by-amo",
    "XS013": "webassembly-blocked-by-csp",
}  # fmt: skip
PROJECT_ONLY = {"XS003", "XP003", "XP004", "XP008", "XS004", "XS005", "XS006", "XM003", "XM004", "XM007"}
EXTENSION_ONLY = {"XL010", "XL012", "XS011"} | {f"XL0{n}" for n in range(13, 28)}  # Firefox, AMO, icons, locales...
WARNINGS = {"XP005", "XP006", "XS007", "XP011", "XS008", "XS009", "XS010", "XS012", "XS013"} | {
    "XL015", "XL016", "XL018", "XL019", "XL021", "XL024", "XL027"
}  # fmt: skip


def test_every_code_has_its_rule_in_its_own_module() -> None:
    assert {r.code: r.name for r in all_rules()} == CODES
    modules = [m.name for m in pkgutil.iter_modules(package.__path__)]
    assert len(modules) == len(CODES)
    for rule in all_rules():
        assert rule.__module__.rsplit(".", 1)[1].startswith(rule.code.lower() + "_"), rule.__module__


def test_scope_and_severity() -> None:
    for rule in all_rules():
        scope = "project" if rule.code in PROJECT_ONLY else "extension" if rule.code in EXTENSION_ONLY else "any"
        assert rule.applies_to == scope, rule.code
        assert rule.severity == ("warning" if rule.code in WARNINGS else "error"), rule.code


def test_docstrings_have_four_parts() -> None:
    for rule in all_rules():
        doc = rule.documentation()
        assert rule.summary() and "\n" not in rule.summary(), rule.code
        for part in ("What it checks:", "Why it matters:", "Example:", "Fix:"):
            assert part in doc, (rule.code, part)
        assert doc.index("What it checks:") < doc.index("Why it matters:") < doc.index("Example:") < doc.index("Fix:")
