"""The warnings a browser shows when the extension is installed, in the browser's own words: Chromium's permission
messages (specs/knowledge/chromium-permission-messages.json, its rules in order) and Firefox's install prompt
(specs/knowledge/firefox-install-prompts.json); docs/install-warnings.md tables both. `xtk lint --warnings` prints
them; `xtk lint --against OLD` reports each warning the new version adds (XP013), since a new one stops the update
for every user until they accept it.

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
    """ChromePermissionMessageProvider: permission ids from the API permissions and the host access, then the rules in
    order, each consuming what it covers."""
    data = _chromium_messages()
    texts: dict[str, str] = data["messages"]
    ids: dict[str, set[str]] = {}  # permission id → the manifest entries behind it
    for permission in api_permissions(manifest):
        permission_id = data["permissions"].get(permission)
        if permission_id:
            ids.setdefault(permission_id, set()).add(permission)
        if permission in data["implies_all_hosts"]:  # kFlagImpliesFullURLAccess: debugger, pageCapture, proxy...
            ids.setdefault("kHostsAll", set()).add(permission)
    overrides = manifest.get("chrome_url_overrides")
    if isinstance(overrides, dict) and "newtab" in overrides:  # the new-tab override is a manifest permission
        ids.setdefault("kNewTabPageOverride", set()).add("chrome_url_overrides.newtab")
    parameters: dict[str, str] = {}  # permission id → the value its message names
    for permission_id, (cause, shown) in settings_overrides(manifest).items():
        ids.setdefault(permission_id, set()).add(cause)
        parameters[permission_id] = shown
    hosts: dict[str, set[str]] = {}  # GetDistinctHosts: display host → patterns
    for pattern in host_patterns(manifest):
        parsed = _host_of(pattern)
        if parsed is None:
            continue
        scheme, host = parsed
        if scheme == "chrome":  # FilterHostPermissions: chrome:// is dropped, chrome://favicon/ is the favicon
            if host == "favicon":
                ids.setdefault("kFavicon", set()).add(pattern)
            continue
        if scheme == "file":
            continue  # GetDistinctHosts excludes file://
        if host in ("", "*") or _public_suffix_wildcard(host):  # MatchesAllURLs, MatchesEffectiveTld
            ids.setdefault("kHostsAll", set()).add(pattern)
        else:
            hosts.setdefault(host.split(":", 1)[0], set()).add(pattern)  # ports and schemes are not shown
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
        text = _chromium_text(rule, texts, sorted(hosts), parameters)
        if text:
            found.append(InstallWarning(text, tuple(causes)))
    return found


#: a wildcard host on a top-level domain alone (`*.com`): Chromium's MatchesEffectiveTld counts it as every site;
#: a multi-label public suffix (`*.co.uk`) needs the public suffix list, which xtk does not carry
_TLD_WILDCARD = re.compile(r"^\*\.[a-z]+$")


def _public_suffix_wildcard(host: str) -> bool:
    return bool(_TLD_WILDCARD.match(host))


def settings_overrides(manifest: dict[str, Any]) -> dict[str, tuple[str, str]]:
    """SettingsOverridesHandler::Parse: `chrome_settings_overrides` gives kSearchProvider, kStartupPages (the first
    page only) and kHomepage, each with the host its message names (FormatUrlForDisplay: the URL's host, `www.`
    stripped); a URL that is not http(s) gives nothing. permission id → (the manifest key, the host shown)."""
    overrides = manifest.get("chrome_settings_overrides")
    if not isinstance(overrides, dict):
        return {}
    found: dict[str, tuple[str, str]] = {}
    search = overrides.get("search_provider")
    if isinstance(search, dict) and (host := _display_host(search.get("search_url"))):
        found["kSearchProvider"] = ("chrome_settings_overrides.search_provider", host)
    pages = overrides.get("startup_pages")
    first = next((h for page in pages if (h := _display_host(page))), None) if isinstance(pages, list) else None
    if first:
        found["kStartupPages"] = ("chrome_settings_overrides.startup_pages", first)
    if host := _display_host(overrides.get("homepage")):
        found["kHomepage"] = ("chrome_settings_overrides.homepage", host)
    return found


def _display_host(url: object) -> str | None:
    from urllib.parse import urlsplit

    if not isinstance(url, str):
        return None
    try:
        parts = urlsplit(url.strip())
        host = parts.hostname
    except ValueError:
        return None
    if parts.scheme.lower() not in ("http", "https") or not host:
        return None
    return host[4:] if host.startswith("www.") else host  # url_formatter::StripWWW


def _chromium_text(
    rule: dict[str, Any], texts: dict[str, str], hosts: list[str], parameters: dict[str, str]
) -> str | None:
    formatter = rule["formatter"]
    messages = rule["messages"]
    if formatter == "single_parameter" and rule["required"][0] in parameters:
        return _fill(texts[messages[0]], [parameters[rule["required"][0]]])
    if formatter == "hosts":
        if not hosts:
            return None
        if len(hosts) <= 3:  # HostListFormatter: up to 3 inline, "all x sites" for a subdomain pattern
            shown = [
                _fill(texts["IDS_EXTENSION_PROMPT_WARNING_HOST_AND_SUBDOMAIN"], [h[2:]]) if h.startswith("*.") else h
                for h in hosts
            ]
            return _fill(texts[messages[len(shown) - 1]], shown)
        listed = [
            _fill(texts["IDS_EXTENSION_PROMPT_WARNING_HOST_AND_SUBDOMAIN_LIST"], [h[2:]]) if h.startswith("*.") else h
            for h in hosts
        ]
        return texts[messages[3]] + ": " + ", ".join(listed)
    if formatter == "default" and messages and messages[0] in texts:
        return texts[messages[0]]
    return None  # parameterised messages of sockets and USB devices are not computed: named in docs


def _fill(text: str, values: list[str]) -> str:
    for index, value in enumerate(values, start=1):
        text = text.replace("{" + str(index) + "}", value)
    return text


def warning_tables() -> str:
    """The Markdown tables docs/install-warnings.md shows (its test keeps them equal to the data): Chromium's rules
    that a manifest permission can reach, in order, and Firefox's prompt lines."""
    data = _chromium_messages()
    names: dict[str, list[str]] = {}
    for name, permission_id in sorted(data["permissions"].items()):
        names.setdefault(permission_id, []).append(f"`{name}`")
    names.setdefault("kHostsAll", []).insert(0, "host access to every site")
    names.setdefault("kHostReadWrite", []).insert(0, "host access to some sites")
    rows = ["| # | Chromium's message | when these remain | also consumes |", "|---:|---|---|---|"]
    for index, rule in enumerate(data["rules"], start=1):
        if not all(names.get(r) for r in rule["required"]) or rule["formatter"] not in ("default", "hosts"):
            continue  # reachable only from keys other than permissions (automation, settings overrides, USB…)
        text = data["messages"].get(rule["messages"][0], rule["messages"][0])
        if rule["formatter"] == "hosts":
            text = " / ".join(data["messages"][m] for m in rule["messages"])
        required = " and ".join(", ".join(names[r]) for r in rule["required"])
        optional = ", ".join(n for r in rule["optional"] for n in names.get(r, []) if n.startswith("`"))
        rows.append(f"| {index} | {text} | {required} | {optional} |")
    prompts = _firefox_prompts()
    firefox = ["| permission | Firefox's prompt line |", "|---|---|"]
    firefox += [
        f"| `{p}` | {prompts['messages'][firefox_message_id(p)]} |" for p in prompts["permissions_with_message"]
    ]
    return "\n".join(rows) + "\n\n" + "\n".join(firefox) + "\n"
