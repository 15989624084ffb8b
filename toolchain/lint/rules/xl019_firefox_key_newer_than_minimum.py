"""XL019: a manifest key that the declared minimum Firefox (desktop or Android) does not know yet."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cache
from typing import Any

from toolchain import browser_targets
from toolchain.json_pointer import escape_token
from toolchain.lint.context import LintContext
from toolchain.lint.gecko import gecko_pointer, min_versions
from toolchain.lint.model import Finding, Rule
from toolchain.resources import knowledge_file


@cache
def _key_versions() -> dict[str, dict[str, str | None]]:
    keys: dict[str, dict[str, str | None]] = knowledge_file("manifest-keys.json")["keys"]
    return keys


def _first_major(version: str | None) -> int | None:
    if version is None:
        return None
    head = version.split(".", 1)[0]
    return int(head) if head.isdigit() else None


def _present_keys(value: Any, path: str, pointer: str) -> Iterator[tuple[str, str]]:
    """(dotted key, pointer) for every key of `value` the compat data tracks, depth first (a sub-key is looked at
    only under a key that is there)."""
    if not isinstance(value, dict):
        return
    for key, inner in value.items():
        dotted = f"{path}.{key}" if path else key
        if dotted in _key_versions():
            yield dotted, f"{pointer}/{escape_token(key)}"
            yield from _present_keys(inner, dotted, f"{pointer}/{escape_token(key)}")


class FirefoxKeyNewerThanMinimum(Rule):
    """A manifest key is newer than the declared minimum Firefox version.

    What it checks: every key and sub-key of a plain extension Firefox loads that MDN's compat data tracks
    (`specs/knowledge/manifest-keys.json`, from @mdn/browser-compat-data), against
    `browser_specific_settings.gecko.strict_min_version` (Firefox desktop) and `gecko_android.strict_min_version`
    (Firefox for Android; the desktop minimum when it is absent). Nothing is reported without a minimum, nor for a
    sub-key that needs no later version than its key (said once, at the key). Permissions are not keys: XP007 judges
    the APIs behind them by version.

    Why it matters: a Firefox older than the key ignores it (with a warning in the console) or refuses the manifest,
    so users the extension declares it supports get it without that feature — `action` before Firefox 109, an MV3
    `background.preferred_environment` before 136 (addons-linter's `KEY_FIREFOX_UNSUPPORTED_BY_MIN_VERSION`,
    `KEY_FIREFOX_ANDROID_UNSUPPORTED_BY_MIN_VERSION`).

    Example:

        "browser_specific_settings": {"gecko": {"id": "a@example.org", "strict_min_version": "100.0"}},
        "action": {"default_popup": "popup.html"}        // XL019: `action` needs Firefox 109; the minimum is 100

    Fix: raise `strict_min_version` to the version named, or keep the key knowingly (older versions go without it).
    """

    code = "XL019"
    name = "firefox-key-newer-than-minimum"
    severity = "warning"
    applies_to = "extension"

    def check(self, ctx: LintContext) -> Iterable[Finding]:
        for target in ctx.targets:
            if not browser_targets.get(target.browser).is_gecko:
                continue
            desktop, android = min_versions(target.manifest)
            if desktop is None and android is None:
                continue
            floor = _first_major(_key_versions()["manifest_version"].get("firefox")) or 48
            if desktop is not None and desktop < floor:  # every key would be "newer": say it once, at the minimum
                yield self.finding(
                    f"strict_min_version is Firefox {desktop}, older than the first Firefox with a stable "
                    f"WebExtensions manifest ({floor}, MDN's compat data): every key is newer than the minimum",
                    browser=target.browser,
                    fix=f'declare at least "{floor}.0" (or the version the keys and APIs it uses need)',
                    **ctx.manifest_where(f"{gecko_pointer(target.manifest)}/strict_min_version", target),
                )
                desktop = floor
                android = max(android, floor) if android is not None else None
            said_for: dict[str, list[tuple[str, int]]] = {}  # reported keys → what was said they need
            for dotted, pointer in _present_keys(target.manifest, "", ""):
                versions = _key_versions()[dotted]
                needs = [
                    (label, added)
                    for label, minimum, added in (
                        ("Firefox", desktop, _first_major(versions.get("firefox"))),
                        ("Firefox for Android", android, _first_major(versions.get("firefox_android"))),
                    )
                    if minimum is not None and added is not None and added > minimum
                ]
                parent = said_for.get(dotted.rsplit(".", 1)[0], []) if "." in dotted else []
                needs = [need for need in needs if not any(p[0] == need[0] and p[1] >= need[1] for p in parent)]
                if not needs:
                    continue  # nothing newer than the minimum, or than what its key was said to need
                said_for[dotted] = needs
                said = " and ".join(f"{label} {added}" for label, added in needs)
                minimum_said = " / ".join(
                    f"{label} {minimum}" for label, minimum in (("Firefox", desktop), ("Android", android)) if minimum
                )
                yield self.finding(
                    f"`{dotted}` needs {said}; the declared minimum is {minimum_said} (strict_min_version): older "
                    "versions ignore it",
                    browser=target.browser,
                    fix="raise strict_min_version to the version named, or keep the key knowingly",
                    **ctx.manifest_where(pointer, target),
                )
