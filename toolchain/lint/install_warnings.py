"""The warnings a browser shows when the extension is installed, in the browser's own words: Chromium's permission
messages (specs/knowledge/chromium-permission-messages.json, its rules in order) and Firefox's install prompt
(specs/knowledge/firefox-install-prompts.json). `xtk lint --warnings` prints them; `xtk lint --against OLD`
reports each warning the new version adds (XP013), since a new one stops the update for every user until they
accept it.

Chromium (ChromePermissionMessageProvider): the manifest's API permissions become permission IDs, its host access
(host permissions, MV2 host patterns in `permissions`, content-script matches) becomes "all hosts" or a list of
hosts; then each rule, in Chromium's order, fires when all its required IDs remain and consumes them with its
optional ones (`history` absorbs `tabs`' "Read your browsing history"; all hosts absorbs `tabs`, `topSites`...).
An update that adds a message disables the extension until the user accepts ("Chrome disables the extension").

Firefox (ExtensionData.formatPermissionStrings): one line per host class (`<all_urls>` or a `*` host: all websites;
`*.domain`; each site), then one per API permission in PERMISSIONS_WITH_MESSAGE, sorted (`nativeMessaging` first);
`devtools` when a devtools page is declared. In Manifest V3 host access is requested, not required (the user may
withhold it): it is shown at install but an update that adds it is not held back, so only its API permissions count
for an update.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from toolchain import browser_targets


@dataclass(frozen=True)
class InstallWarning:
    text: str  # in the browser's words
    causes: tuple[str, ...]  # the manifest entries behind it: permission names or host patterns
    blocks_update: bool = True  # an update that adds it waits for the user (Chrome: disables the extension)


def install_warnings(manifest: dict[str, Any], browser: str) -> list[InstallWarning] | None:
    """The warnings `browser` shows at install for this manifest; None when xtk does not know its rules."""
    if browser_targets.get(browser).is_gecko:
        return firefox_warnings(manifest)
    return chromium_warnings(manifest) if chromium_rules_known() else None


def chromium_rules_known() -> bool:
    from toolchain.resources import specs_dir

    return (specs_dir() / "knowledge" / "chromium-permission-messages.json").is_file()


# -- what the manifest asks for ---------------------------------------------------------------------------------


def _strings(value: object) -> list[str]:
    return [item for item in value if isinstance(item, str)] if isinstance(value, list) else []


def _is_host_pattern(entry: str) -> bool:
    return entry == "<all_urls>" or "://" in entry


def api_permissions(manifest: dict[str, Any]) -> list[str]:
    return [entry for entry in _strings(manifest.get("permissions")) if not _is_host_pattern(entry)]


def host_patterns(manifest: dict[str, Any]) -> list[str]:
    """Every host pattern the extension is granted at install: host permissions (MV2: in `permissions`) and the
    content scripts' matches."""
    patterns = [entry for entry in _strings(manifest.get("permissions")) if _is_host_pattern(entry)]
    patterns += _strings(manifest.get("host_permissions"))
    scripts = manifest.get("content_scripts")
    for entry in scripts if isinstance(scripts, list) else []:
        if isinstance(entry, dict):
            patterns += _strings(entry.get("matches"))
    return list(dict.fromkeys(patterns))


_PATTERN = re.compile(r"^([a-z*]+)://([^/]*)/")


def _host_of(pattern: str) -> tuple[str, str] | None:
    """(scheme, host) of a match pattern; `*` host for every site; None when it names no web host."""
    if pattern == "<all_urls>":
        return "*", "*"
    match = _PATTERN.match(pattern)
    return (match.group(1), match.group(2)) if match else None


# -- Firefox ----------------------------------------------------------------------------------------------------


@cache
def _firefox_prompts() -> dict[str, Any]:
    from toolchain.resources import knowledge_file

    data: dict[str, Any] = knowledge_file("firefox-install-prompts.json")
    return data


def firefox_message_id(permission: str) -> str:
    return "webext-perms-description-" + re.sub(r"[^a-zA-Z0-9]+", "-", permission).strip("-")


def firefox_warnings(manifest: dict[str, Any]) -> list[InstallWarning]:
    prompts = _firefox_prompts()
    messages: dict[str, str] = prompts["messages"]
    hosts_required = manifest.get("manifest_version") != 3  # MV3: host access is requested, not required
    found: list[InstallWarning] = []
    every, wildcards, sites = [], {}, {}  # type: ignore[var-annotated]
    for pattern in host_patterns(manifest):
        parsed = _host_of(pattern)
        if parsed is None:
            continue
        host = parsed[1]
        if host in ("", "*"):
            every.append(pattern)
        elif host.startswith("*."):
            wildcards.setdefault(host[2:], []).append(pattern)
        else:
            sites.setdefault(host, []).append(pattern)
    if every:
        text = messages["webext-perms-host-description-all-urls"]
        found.append(InstallWarning(text, tuple(every), hosts_required))
    else:
        for domain, patterns in wildcards.items():
            text = messages["webext-perms-host-description-wildcard"].format(domain=domain)
            found.append(InstallWarning(text, tuple(patterns), hosts_required))
        for domain, patterns in sites.items():
            text = messages["webext-perms-host-description-one-site"].format(domain=domain)
            found.append(InstallWarning(text, tuple(patterns), hosts_required))
    permissions = set(api_permissions(manifest))
    optional = set(_strings(manifest.get("optional_permissions")))
    if manifest.get("devtools_page") and "devtools" not in optional:
        permissions.add("devtools")
    with_message = set(prompts["permissions_with_message"])
    ordered = sorted(permissions & with_message, key=lambda p: (p != "nativeMessaging", p))
    for permission in ordered:
        found.append(InstallWarning(messages[firefox_message_id(permission)], (permission,)))
    return found


# -- Chromium ---------------------------------------------------------------------------------------------------


@cache
def _chromium_messages() -> dict[str, Any]:
    from toolchain.resources import knowledge_file

    data: dict[str, Any] = knowledge_file("chromium-permission-messages.json")
    return data


def chromium_warnings(manifest: dict[str, Any]) -> list[InstallWarning]:
    data = _chromium_messages()
    texts: dict[str, str] = data["messages"]
    ids: dict[str, set[str]] = {}  # permission id → the manifest entries behind it
    for permission in api_permissions(manifest):
        permission_id = data["permissions"].get(permission)
        if permission_id:
            ids.setdefault(permission_id, set()).add(permission)
    hosts: dict[str, set[str]] = {}
    for pattern in host_patterns(manifest):
        parsed = _host_of(pattern)
        if parsed is None:
            continue
        scheme, host = parsed
        if scheme not in ("*", "http", "https", "ws", "wss") and pattern != "<all_urls>":
            continue  # chrome://, file:// … are not named (Chromium's host messages are about web sites)
        if host in ("", "*"):
            ids.setdefault("kHostsAll", set()).add(pattern)
        else:
            hosts.setdefault(host, set()).add(pattern)
    if hosts and "kHostsAll" not in ids:
        ids["kHostReadWrite"] = {p for patterns in hosts.values() for p in patterns}
    found: list[InstallWarning] = []
    remaining = dict(ids)
    for rule in data["rules"]:
        if not all(r in remaining for r in rule["required"]):
            continue
        causes = sorted({c for r in (*rule["required"], *rule["optional"]) for c in remaining.get(r, ())})
        for consumed in (*rule["required"], *rule["optional"]):
            remaining.pop(consumed, None)
        text = _chromium_text(rule, texts, sorted(hosts))
        if text:
            found.append(InstallWarning(text, tuple(causes)))
    return found


def _chromium_text(rule: dict[str, Any], texts: dict[str, str], hosts: list[str]) -> str | None:
    formatter = rule["formatter"]
    messages = rule["messages"]
    if formatter == "hosts":
        shown = [f"all {host[2:]} sites" if host.startswith("*.") else host for host in hosts]
        which = messages[min(len(shown), 4) - 1] if shown else None
        if which is None:
            return None
        if len(shown) <= 3:
            return _fill(texts[which], shown)
        return texts[which] + ": " + ", ".join(shown)
    if formatter == "default" and messages and messages[0] in texts:
        return texts[messages[0]]
    return None  # parameterised messages (settings overrides, sockets, USB) are not computed: named in docs


def _fill(text: str, values: list[str]) -> str:
    for index, value in enumerate(values, start=1):
        text = text.replace("{" + str(index) + "}", value)
    return text
