"""A plain extension's manifest against Firefox's manifest schema as xtk keeps it (specs/manifest/firefox.schema.json,
the one `xtk build` checks its Firefox manifests with), for XL017 (violations) and XL018 (unknown keys).

Each violation is sorted by what Firefox does with it (Firefox's own schemas, `toolkit/components/extensions/
schemas/manifest.json`, as addons-linter imports them):

- refused: a wrong type, a missing required key, a malformed value Firefox's schema rejects — Firefox does not
  install the extension, or addons.mozilla.org refuses it (XL017, an error);
- ignored: a key Firefox does not know, a key of the other manifest version, a permission it does not know —
  Firefox warns in the console and drops the entry (XL018, a warning);
- not Firefox's: rules the schema holds for the manifests xtk writes that Firefox does not apply (a version
  string like "3.0a8pre", a non-http homepage URL, `scripts` beside `page`), or that another rule reports (a
  background with only a service worker: XL013) — left out.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from toolchain.json_pointer import escape_token, unescape_token
from toolchain.positions.json import member_path


@dataclass(frozen=True)
class Violation:
    pointer: str
    key_path: str  # as people write it: `browser_specific_settings.gecko.id`, `permissions[2]`
    message: str
    ignored: bool  # Firefox warns and drops the entry (XL018); otherwise it refuses the manifest (XL017)


def key_path(pointer: str) -> str:
    path = ""
    for token in pointer.split("/")[1:]:
        key = unescape_token(token)
        path = f"{path}[{key}]" if key.isdigit() else member_path(path, key)
    return path or "manifest"


#: messages of rules Firefox does not apply to a plain extension, or that another rule reports (see the module doc)
_NOT_FIREFOX_RULES = (
    "needs background.scripts",  # XL013
    "background.scripts and background.page are mutually exclusive",  # Firefox uses the page
    "must be an http(s) URL",  # homepage_url and developer.url are any absolute URL to Firefox: _firefox_forms
    "must be a Firefox version like",  # xtk's form is stricter than Firefox's: _firefox_forms checks Firefox's
    "must name a folder under _locales",  # XL007 reports the catalog that is not there
)
#: messages of entries Firefox ignores with a warning
_IGNORED_BY_FIREFOX = (
    "unknown key",
    "add-ons Mozilla signs as privileged",  # outside a privileged add-on
    "is Manifest V3; Manifest V2 uses",
    "is Manifest V2; Manifest V3 uses",
    "Manifest V2 has no host_permissions",
    "Manifest V2 has no optional_host_permissions",
    "applications is not read in Manifest V3",
    "user_scripts is Manifest V2",
    "Manifest V3 background pages are never persistent",
    "Firefox can override only the newtab page",
)
#: where a malformed entry is dropped with a warning (Firefox's schemas mark these `onError: "warn"`): permission
#: names and host patterns Firefox does not know
_DROPPED_ENTRIES = re.compile(r"^/(optional_)?(permissions|host_permissions)/\d+$")


#: addons.mozilla.org's forms of strict_min_version and strict_max_version (addons-linter's schema; Firefox's own has
#: none): toolkit versions such as "3.0a8pre" pass, which xtk's schema (for the manifests it writes) does not accept
_FIREFOX_MIN_VERSION = re.compile(r"^[0-9]{1,3}(\.[a-z0-9]+)+$")
_FIREFOX_MAX_VERSION = re.compile(r"^[0-9]{1,3}(\.[a-z0-9*]+)+$")


def _firefox_accepts_version(pointer: str, value: object) -> bool:
    form = _FIREFOX_MAX_VERSION if pointer.endswith("strict_max_version") else _FIREFOX_MIN_VERSION
    return isinstance(value, str) and bool(form.match(value))


@lru_cache(maxsize=8)
def _violations(text: str) -> tuple[Violation, ...]:
    from toolchain.manifest.schema import validate_manifest
    from toolchain.resources import knowledge_file

    manifest = json.loads(text)
    privileged = knowledge_file("firefox-schema-events.json").get("privileged_manifest_keys", [])
    found = []
    for diagnostic in validate_manifest(manifest, "firefox"):
        message = diagnostic.message
        if any(rule in message for rule in _NOT_FIREFOX_RULES):
            continue
        pointer = diagnostic.key or ""
        if pointer.lstrip("/") in privileged and message.startswith("unknown key"):
            message = (
                "a key only add-ons Mozilla signs as privileged may use (addons.mozilla.org refuses the upload; "
                "a temporary install is refused)"
            )
        dropped = bool(_DROPPED_ENTRIES.match(pointer)) and message.startswith("must be")
        ignored = dropped or any(part in message for part in _IGNORED_BY_FIREFOX)
        found.append(Violation(pointer, key_path(pointer), message, ignored))
    if "experiment_apis" in manifest:
        # Firefox normalizes the key for every add-on before it asks whether the add-on is privileged
        for diagnostic in validate_manifest({"experiment_apis": manifest["experiment_apis"]}, "firefox-experiments"):
            pointer = diagnostic.key or ""
            found.append(Violation(pointer, key_path(pointer), diagnostic.message, False))
    found += _refused_by_amo(manifest) + _firefox_forms(manifest) + _ignored_by_firefox(manifest)
    refused = {violation.pointer for violation in found if not violation.ignored}
    # a value of the wrong type also fails the format checks of its place: the type error says it (a privileged key
    # is said to be one whatever its value)
    found = [
        violation
        for violation in found
        if not (violation.ignored and violation.pointer in refused and violation.pointer.lstrip("/") not in privileged)
    ]
    return tuple(found)


#: JavaScript's whitespace (what `String.prototype.trim` removes), which addons.mozilla.org trims names with
_JS_SPACE = (
    "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
    "\u2028\u2029\u202f\u205f\u3000\ufeff"
)
#: permissions addons.mozilla.org accepts only with a minimum Firefox version (addons-linter's RESTRICTED_PERMISSIONS:
#: `proxy` before 91.1 ran proxy scripts, bug 1733159)
AMO_RESTRICTED_PERMISSIONS = {"proxy": "91.1.0"}


def _version_key(version: str) -> tuple[int, ...]:
    """A toolkit version's numeric parts, for ordering (`91.1.0` > `91.0a1`; a part's letters are not compared)."""
    parts = [re.match(r"\d*", part).group() for part in version.split(".")]  # type: ignore[union-attr]
    numbers = [int(part) if part else 0 for part in parts]
    while numbers and numbers[-1] == 0:
        numbers.pop()
    return tuple(numbers)


#: the longest name addons.mozilla.org lists (addons-linter's schema; Firefox itself takes 75)
AMO_NAME_MAX = 45
#: hosts addons.mozilla.org does not accept as an add-on's homepage or developer URL (its own)
_AMO_HOSTS = re.compile(r"^https?://([^/]*\.)?(addons\.mozilla\.org|addons\.allizom\.org)(?=[/:?#]|$)", re.IGNORECASE)


#: an absolute URL (a scheme), and a message Firefox localizes (`__MSG_name__`)
_ABSOLUTE_URL = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
_LOCALIZED = re.compile(r"^__MSG_.+__$")


def _site_urls(manifest: dict[str, Any]) -> tuple[tuple[str, object], ...]:
    """(pointer, value) of the extension's web addresses: `homepage_url` and `developer.url`."""
    developer = manifest.get("developer")
    return (
        ("/homepage_url", manifest.get("homepage_url")),
        ("/developer/url", developer.get("url") if isinstance(developer, dict) else None),
    )


#: the background's environments, in the order Firefox picks them (Schemas.sys.mjs, checkRequiredManifestBackgroundKeys)
_BACKGROUND_ENVIRONMENTS = ("scripts", "page", "service_worker")


def _ignored_by_firefox(manifest: dict[str, Any]) -> list[Violation]:
    """What Firefox reads past with a warning, beyond unknown keys: `applications` beside
    `browser_specific_settings` (the latter wins), `browser_style: true` in Manifest V3 (no longer supported), a
    background with none of its environments (Firefox drops it), a Manifest V2 `service_worker` beside the
    `scripts` or `page` Firefox runs instead (no browser runs a service worker in Manifest V2), and
    `granted_host_permissions` outside a privileged add-on."""
    found = []
    if manifest.get("granted_host_permissions") is True:  # Extension.sys.mjs sets it false for any other add-on
        message = "is honoured only in add-ons Mozilla signs as privileged (or built in)"
        found.append(Violation("/granted_host_permissions", "granted_host_permissions", message, True))
    background = manifest.get("background")
    if isinstance(background, dict):
        if not any(background.get(key) for key in _BACKGROUND_ENVIRONMENTS):
            message = "has none of scripts, page or service_worker: no background runs"
            found.append(Violation("/background", "background", message, True))
        elif manifest.get("manifest_version") == 2 and background.get("service_worker"):
            preferred = background.get("preferred_environment")
            # `preferred_environment` naming "document": the fallback is said to be known (addons-linter's rule too)
            chosen = isinstance(preferred, list) and "document" in preferred
            if (background.get("scripts") or background.get("page")) and not chosen:
                message = "is Manifest V3: in Manifest V2 Firefox runs the background's scripts or page instead"
                found.append(Violation("/background/service_worker", "background.service_worker", message, True))
    if manifest.get("manifest_version") == 2 and "applications" in manifest and "browser_specific_settings" in manifest:
        message = "beside browser_specific_settings, which Firefox reads instead"
        found.append(Violation("/applications", "applications", message, True))
    if manifest.get("manifest_version") == 3:
        for key in ("action", "options_ui", "page_action", "sidebar_action"):
            holder = manifest.get(key)
            if isinstance(holder, dict) and holder.get("browser_style") is True:
                pointer = f"/{key}/browser_style"
                message = "not supported in Manifest V3 (Firefox 118 on)"
                found.append(Violation(pointer, key_path(pointer), message, True))
    return found


def _firefox_forms(manifest: dict[str, Any]) -> list[Violation]:
    """The forms Firefox's schema (or AMO's, for versions) requires where xtk's (for the manifests it writes) is
    stricter or silent: strict_min/max_version as AMO reads versions, homepage and developer URLs absolute (or
    localized), and the pages and rule files the manifest names inside the extension, not at a URL."""
    from toolchain.lint.extension_paths import manifest_paths
    from toolchain.lint.gecko import settings_key as gecko_settings_key

    found = []
    settings_key = gecko_settings_key(manifest)
    settings = manifest.get(settings_key)
    for engine in ("gecko", "gecko_android"):
        values = settings.get(engine) if isinstance(settings, dict) else None
        for key in ("strict_min_version", "strict_max_version"):
            value = values.get(key) if isinstance(values, dict) else None
            pointer = f"/{settings_key}/{engine}/{key}"
            if value is not None and not isinstance(value, str):
                message = f"expected a string, got {type(value).__name__.replace('dict', 'object')}"
                found.append(Violation(pointer, key_path(pointer), message, False))
            elif isinstance(value, str) and not _firefox_accepts_version(pointer, value):
                star = ", `*` allowed" if key == "strict_max_version" else ""
                message = (
                    'addons.mozilla.org requires a version like "128.0" or "128.0a1" (1 to 3 digits, then '
                    f"dot-separated parts{star})"
                )
                found.append(Violation(pointer, key_path(pointer), message, False))
    for pointer, value in _site_urls(manifest):
        if isinstance(value, str) and not (_ABSOLUTE_URL.match(value) or _LOCALIZED.match(value)):
            found.append(Violation(pointer, key_path(pointer), "must be an absolute URL (or a __MSG_name__)", False))
    found += _firefox_shortcuts(manifest)
    for named in manifest_paths(manifest):
        if named.kind in ("page", "file") and _ABSOLUTE_URL.match(named.value):
            message = "must be a file of the extension, not a URL"
            found.append(Violation(named.pointer, named.key_path, message, False))
    return found


#: Firefox's shortcut grammar (toolkit/modules/ShortcutUtils.sys.mjs, `validate` with extensionManifest): media keys
#: alone, or one or two modifiers (Shift alone only with a function key) and a key; F1-F12 alone
_MEDIA_KEYS = re.compile(r"^(MediaNextTrack|MediaPlayPause|MediaPrevTrack|MediaStop)$")
_BASIC_KEYS = re.compile(r"^([A-Z0-9]|Comma|Period|Home|End|PageUp|PageDown|Space|Insert|Delete|Up|Down|Left|Right)$")
_FUNCTION_KEYS = re.compile(r"^(F[1-9]|F1[0-2])$")
_MODIFIERS = {"Alt": "alt", "Command": "accel", "Ctrl": "accel", "MacCtrl": "control", "Shift": "shift"}
#: the platforms whose shortcut Firefox reads with that grammar (the others are plain strings to it)
_SHORTCUT_PLATFORMS = ("default", "mac", "linux", "windows")


def firefox_accepts_shortcut(shortcut: str) -> bool:
    if _MEDIA_KEYS.match(shortcut.strip()):
        return True
    *modifiers, key = [part.strip() for part in shortcut.split("+")]
    kinds = [_MODIFIERS.get(modifier) for modifier in modifiers]
    if None in kinds or len(kinds) > 2 or (len(kinds) == 2 and kinds[0] == kinds[1]):
        return False
    if (not kinds or kinds == ["shift"]) and not _FUNCTION_KEYS.match(key):
        return False  # a key alone, or with Shift alone, only when it is a function key
    return bool(_BASIC_KEYS.match(key) or _FUNCTION_KEYS.match(key))


def _firefox_shortcuts(manifest: dict[str, Any]) -> list[Violation]:
    """Suggested keys Firefox's grammar refuses (its schema's `manifestShortcutKey` format: the manifest is refused)."""
    found = []
    commands = manifest.get("commands")
    for name, command in commands.items() if isinstance(commands, dict) else ():
        keys = command.get("suggested_key") if isinstance(command, dict) else None
        if not isinstance(keys, dict):
            continue
        for platform in _SHORTCUT_PLATFORMS:
            shortcut = keys.get(platform)
            if isinstance(shortcut, str) and not firefox_accepts_shortcut(shortcut):
                pointer = f"/commands/{escape_token(name)}/suggested_key/{platform}"
                message = (
                    f"Firefox refuses the shortcut {json.dumps(shortcut)}: one or two modifiers (Ctrl, Alt, Command, "
                    "MacCtrl, Shift; none or Shift alone only before F1-F12) and a key (A-Z, 0-9, F1-F12, Comma, "
                    "Period, Home, End, PageUp, PageDown, Space, Insert, Delete, Up, Down, Left, Right), or a media key"
                )
                found.append(Violation(pointer, key_path(pointer), message, False))
    return found


def _refused_by_amo(manifest: dict[str, Any]) -> list[Violation]:
    """What addons.mozilla.org refuses beyond Firefox's schema (addons-linter's PROP_NAME_INVALID,
    ADMIN_INSTALL_ONLY_PROP_RESERVED, RESTRICTED_PERMISSION, RESTRICTED_HOMEPAGE_URL, and MANIFEST_INSTALL_ORIGINS for a
    wildcard)."""
    from toolchain.lint.gecko import gecko_pointer, gecko_settings

    found = []
    name = manifest.get("name")
    if isinstance(name, str) and not _LOCALIZED.match(name) and len(name) > AMO_NAME_MAX:
        message = f"addons.mozilla.org refuses a name longer than {AMO_NAME_MAX} characters ({len(name)})"
        found.append(Violation("/name", "name", message, False))
    if isinstance(name, str) and (name.strip(_JS_SPACE) != name or len(name.strip(_JS_SPACE)) < 2):
        found.append(
            Violation(
                "/name",
                "name",
                "addons.mozilla.org refuses a name with whitespace around it or shorter than 2 characters",
                False,
            )
        )
    if "admin_install_only" in gecko_settings(manifest):  # AMO refuses the key whatever its value
        pointer = f"{gecko_pointer(manifest)}/admin_install_only"
        found.append(
            Violation(
                pointer,
                key_path(pointer),
                "is reserved for enterprise add-ons that are not listed: addons.mozilla.org refuses it",
                False,
            )
        )
    permissions = manifest.get("permissions")
    minimum = gecko_settings(manifest).get("strict_min_version")
    for index, permission in enumerate(permissions if isinstance(permissions, list) else []):
        needed = AMO_RESTRICTED_PERMISSIONS.get(permission.lower()) if isinstance(permission, str) else None
        if needed is None or (isinstance(minimum, str) and _version_key(minimum) >= _version_key(needed)):
            continue
        pointer = f"/permissions/{index}"
        said = f"declares {minimum}" if isinstance(minimum, str) else "declares none"
        message = (
            f"addons.mozilla.org requires strict_min_version {needed} or above for `{permission}` (the manifest {said})"
        )
        found.append(Violation(pointer, key_path(pointer), message, False))
    origins = manifest.get("install_origins")
    for index, origin in enumerate(origins if isinstance(origins, list) else []):
        if isinstance(origin, str) and "*" in origin:  # Firefox would take it as a host name; AMO refuses it
            pointer = f"/install_origins/{index}"
            message = "addons.mozilla.org refuses a wildcard in an install origin: name each origin"
            found.append(Violation(pointer, key_path(pointer), message, False))
    for pointer, value in _site_urls(manifest):
        if isinstance(value, str) and _AMO_HOSTS.match(value):
            found.append(
                Violation(pointer, key_path(pointer), "may not link to addons.mozilla.org: AMO refuses it", False)
            )
    return found


def firefox_violations(manifest: dict[str, Any]) -> tuple[Violation, ...]:
    """Every violation of Firefox's manifest schema, in pointer order (memoised: XL017 and XL018 both ask), then
    the permission names Firefox does not know."""
    return _violations(json.dumps(manifest, sort_keys=True)) + tuple(_unknown_permissions(manifest))


def _unknown_permissions(manifest: dict[str, Any]) -> list[Violation]:
    """Permission names Firefox's own schemas do not accept (specs/knowledge/firefox-schema-events.json): Firefox
    warns and drops them. Host patterns are the schema's; Chrome's and privileged permissions are named as such."""
    import difflib

    from toolchain.manifest.conversions import permission_support
    from toolchain.resources import knowledge_file

    schemas = knowledge_file("firefox-schema-events.json")
    accepted, privileged = set(schemas["permissions"]), set(schemas["privileged_permissions"])
    optional_only = set(schemas.get("optional_only_permissions", ()))
    found = []
    for key in ("permissions", "optional_permissions"):
        names = manifest.get(key)
        for index, name in enumerate(names if isinstance(names, list) else []):
            if not isinstance(name, str) or not name or ":" in name or name == "<all_urls>":
                continue
            if name in accepted and not (key == "permissions" and name in optional_only):
                continue
            if name in optional_only:
                message = f"`{name}` may be requested only in optional_permissions (requested at run time)"
            elif name in privileged or name.startswith("experiments."):
                message = f"`{name}` is a privileged permission: only add-ons Mozilla signs as privileged get it"
            elif (permission_support().get(name) or {}).get("chrome") not in (False, None):
                message = f"`{name}` is a Chrome permission, not a Firefox one"
            else:
                close = difflib.get_close_matches(name, sorted(accepted), n=1, cutoff=0.7)
                message = f"unknown permission `{name}`" + (f" (did you mean `{close[0]}`?)" if close else "")
            pointer = f"/{key}/{index}"
            found.append(Violation(pointer, key_path(pointer), message, True))
    return found
