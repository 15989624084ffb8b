"""What a store's review would say of a finding: the store, and the published policy or check it rejects under.

One table, by code (as addons-linter keeps its messages in one catalog): only codes whose error a store rejects or
refuses the upload for. The Chrome Web Store names its rejections by violation family ("Blue Argon": remotely hosted
code; "Purple Potassium": excessive permissions; "Yellow Magnesium": the extension does not work as described) on
its troubleshooting page; addons.mozilla.org refuses an upload its validator (addons-linter) gives an error, and
its reviewers apply the Add-on Policies. Warnings are not listed: a store may ask about them, not reject.

Every reporter shows it: the text output ends with what a reviewer would reject, the JSON and SARIF outputs carry it
on each finding (`store_review`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from toolchain.lint.model import Finding


@dataclass(frozen=True)
class StorePolicy:
    store: str
    policy: str
    url: str

    def to_json(self) -> dict[str, str]:
        return {"store": self.store, "policy": self.policy, "url": self.url}


_CWS_TROUBLESHOOTING = "https://developer.chrome.com/docs/webstore/troubleshooting"
_AMO_POLICIES = "https://extensionworkshop.com/documentation/publish/add-on-policies/"

CWS_REMOTE_CODE = StorePolicy("Chrome Web Store", "Blue Argon: remotely hosted code", _CWS_TROUBLESHOOTING)
CWS_PERMISSIONS = StorePolicy("Chrome Web Store", "Purple Potassium: excessive permissions", _CWS_TROUBLESHOOTING)
CWS_FUNCTIONALITY = StorePolicy(
    "Chrome Web Store", "Yellow Magnesium: the extension does not work as described", _CWS_TROUBLESHOOTING
)
CWS_UNLOADABLE = StorePolicy(
    "Chrome Web Store", "the upload is refused: Chrome cannot load the package", _CWS_TROUBLESHOOTING
)
AMO_REMOTE_CODE = StorePolicy("addons.mozilla.org", "Add-on Policies: no remote or obfuscated code", _AMO_POLICIES)
AMO_VALIDATOR = StorePolicy("addons.mozilla.org", "its validator's errors block the upload", _AMO_POLICIES)

REVIEW: dict[str, tuple[StorePolicy, ...]] = {
    "XS001": (CWS_REMOTE_CODE, AMO_REMOTE_CODE),
    "XS002": (CWS_REMOTE_CODE, AMO_REMOTE_CODE),
    "XP002": (CWS_PERMISSIONS,),
    "XL007": (CWS_FUNCTIONALITY, AMO_VALIDATOR),
    "XL011": (AMO_VALIDATOR,),
    "XL012": (AMO_VALIDATOR,),
    "XL013": (AMO_VALIDATOR,),
    "XL014": (AMO_VALIDATOR,),
    "XL017": (AMO_VALIDATOR,),
    "XL020": (AMO_VALIDATOR,),
    "XL022": (CWS_UNLOADABLE, AMO_VALIDATOR),
    "XL023": (AMO_VALIDATOR,),
    "XL025": (CWS_UNLOADABLE, AMO_VALIDATOR),
    "XL026": (AMO_VALIDATOR,),
}


def review_of(code: str) -> tuple[StorePolicy, ...]:
    return REVIEW.get(code, ())


def summary(findings: Iterable[Finding]) -> list[str]:
    """Lines saying, per store and policy, which errors a reviewer would reject (each for the stores it concerns)."""
    counted: dict[StorePolicy, dict[str, int]] = {}
    for finding in findings:
        for policy in finding.store_review():
            by_code = counted.setdefault(policy, {})
            by_code[finding.code] = by_code.get(finding.code, 0) + 1
    lines = []
    for policy in sorted(counted, key=lambda p: (p.store, p.policy)):
        listed = ", ".join(f"{code}{f' ×{n}' if n > 1 else ''}" for code, n in sorted(counted[policy].items()))
        lines.append(f"{policy.store} — {policy.policy}: {listed}")
    return lines
