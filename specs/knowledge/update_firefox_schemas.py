"""Regenerate specs/knowledge/firefox-schema-events.json: the events, the asynchronous functions and the permission
names Firefox's own API schemas declare.

browser-compat-data marks an event Firefox never fires as unsupported (`tabs.onReplaced`: false), yet Firefox's
schemas declare it, so `browser.tabs.onReplaced.addListener(f)` works there and `f` is simply never called. Such a
call is not an error (XP007 judges availability as "the code throws"), so xtk needs to know which events exist in
Firefox's API object whatever BCD says.

The asynchronous functions (`"async": "callback"` and the like: `tabs.query`, `storage.local.get` through its
`StorageArea` type) are what returns a Promise through `browser.*` — and, in Manifest V2, `undefined` through
`chrome.*`, which takes callbacks there (XP012).

The privileged manifest keys are those Firefox reads only from add-ons Mozilla signs as privileged (XL018 says so
instead of "unknown key"). The permissions are the names Firefox's manifest accepts (XL018 names the others, which
Firefox drops with a warning): MDN's compat data, which the build's permission scoping reads, misses Firefox-only
ones (`trialML`) and lags behind new ones (`userScripts` in Manifest V3).

Source: the installed Firefox's own schema files (`toolkit/components/extensions/schemas/*.json` and
`browser/components/extensions/schemas/*.json`, packed in `omni.ja` and `browser/omni.ja`), read with `zipfile`.
An event marked `"unsupported": true` there is not created, so it is not listed.

Usage:  python specs/knowledge/update_firefox_schemas.py [--firefox /usr/lib/firefox-esr] [--output PATH]
"""

from __future__ import annotations

import argparse
import configparser
import json
import re
import sys
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
_COMMENT = re.compile(r"^\s*//.*$", re.MULTILINE)  # the schemas open with a licence comment


def declared_events(firefox: Path) -> list[str]:
    events: set[str] = set()
    for archive in (firefox / "omni.ja", firefox / "browser" / "omni.ja"):
        with zipfile.ZipFile(archive) as packed:
            for name in packed.namelist():
                if "/schemas/" not in name or not name.endswith(".json"):
                    continue
                for namespace in json.loads(_COMMENT.sub("", packed.read(name).decode("utf-8"))):
                    if not isinstance(namespace, dict):
                        continue
                    for event in namespace.get("events") or []:
                        if isinstance(event, dict) and not event.get("unsupported"):
                            events.add(f"{namespace['namespace']}.{event['name']}")
    return sorted(events)


def _namespaces(firefox: Path) -> list[dict]:
    found: list[dict] = []
    for archive in (firefox / "omni.ja", firefox / "browser" / "omni.ja"):
        with zipfile.ZipFile(archive) as packed:
            for name in packed.namelist():
                if "/schemas/" in name and name.endswith(".json"):
                    found += [
                        n
                        for n in json.loads(_COMMENT.sub("", packed.read(name).decode("utf-8")))
                        if isinstance(n, dict) and "namespace" in n
                    ]
    return found


def async_functions(firefox: Path) -> list[str]:
    """`namespace.function` for every asynchronous function, and `namespace.property.function` for the functions of
    a typed property (`storage.local` is a `StorageArea`, whose `get` is asynchronous)."""
    namespaces = _namespaces(firefox)
    types: dict[str, list[dict]] = {}
    for namespace in namespaces:
        for kind in namespace.get("types") or []:
            if isinstance(kind, dict) and kind.get("id") and kind.get("functions"):
                types[f"{namespace['namespace']}.{kind['id']}"] = kind["functions"]
    found: set[str] = set()
    for namespace in namespaces:
        name = namespace["namespace"]
        for function in namespace.get("functions") or []:
            if isinstance(function, dict) and function.get("async") and not function.get("unsupported"):
                found.add(f"{name}.{function['name']}")
        for prop, value in (namespace.get("properties") or {}).items():
            reference = value.get("$ref") if isinstance(value, dict) else None
            if not reference:
                continue
            functions = types.get(reference if "." in reference else f"{name}.{reference}", [])
            for function in functions:
                if isinstance(function, dict) and function.get("async") and not function.get("unsupported"):
                    found.add(f"{name}.{prop}.{function['name']}")
    return sorted(found)


#: the manifest types Firefox's schemas extend with the permissions any extension may request, and the privileged ones
_PERMISSION_TYPES = (
    "Permission",
    "PermissionNoPrompt",
    "OptionalPermission",
    "OptionalPermissionNoPrompt",
    "OptionalOnlyPermission",
)
_PRIVILEGED_TYPES = ("PermissionPrivileged",)


def permissions(firefox: Path) -> tuple[list[str], list[str]]:
    """The permission names Firefox's schemas accept from any extension, and those only privileged (Mozilla-signed)
    extensions may request: the enums each API schema adds to the manifest's permission types (`experiments.*` is a
    pattern, for privileged extensions too)."""
    found: dict[str, set[str]] = {"any": set(), "privileged": set()}
    for namespace in _namespaces(firefox):
        for kind in namespace.get("types") or []:
            if not isinstance(kind, dict):
                continue
            name = kind.get("id") or kind.get("$extend")
            group = "any" if name in _PERMISSION_TYPES else "privileged" if name in _PRIVILEGED_TYPES else None
            if group is None:
                continue
            for choice in kind.get("choices") or []:
                for value in choice.get("enum") or []:
                    found[group].add(value if isinstance(value, str) else value.get("name"))
    return sorted(found["any"]), sorted(found["privileged"] - found["any"])


def optional_only_permissions(firefox: Path) -> list[str]:
    """The permissions Firefox accepts only in `optional_permissions` (`userScripts`, `trialML`): in `permissions`
    they match none of the types there, and Firefox drops them with a warning."""
    found: set[str] = set()
    for namespace in _namespaces(firefox):
        for kind in namespace.get("types") or []:
            if isinstance(kind, dict) and (kind.get("id") or kind.get("$extend")) == "OptionalOnlyPermission":
                for choice in kind.get("choices") or []:
                    found |= {v if isinstance(v, str) else v.get("name") for v in choice.get("enum") or []}
    return sorted(found)


def privileged_keys(firefox: Path) -> list[str]:
    """The manifest keys Firefox's schemas mark `"privileged": true` (`experiment_apis`, `l10n_resources`): read from
    any manifest, used only in add-ons Mozilla signs as privileged."""
    found: set[str] = set()
    for namespace in _namespaces(firefox):
        for kind in namespace.get("types") or []:
            if isinstance(kind, dict) and kind.get("$extend") == "WebExtensionManifest":
                found |= {key for key, value in (kind.get("properties") or {}).items() if value.get("privileged")}
    return sorted(found)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--firefox", type=Path, default=Path("/usr/lib/firefox-esr"))
    parser.add_argument("--output", type=Path, default=HERE / "firefox-schema-events.json")
    args = parser.parse_args()
    ini = configparser.ConfigParser()
    ini.read(args.firefox / "application.ini")
    version = ini.get("App", "Version", fallback="unknown")
    data = {
        "source": f"Firefox {version}'s API schemas (omni.ja), by specs/knowledge/update_firefox_schemas.py",
        "firefox_version": version,
        "events": declared_events(args.firefox),
        "async_functions": async_functions(args.firefox),
    }
    data["permissions"], data["privileged_permissions"] = permissions(args.firefox)
    data["privileged_manifest_keys"] = privileged_keys(args.firefox)
    data["optional_only_permissions"] = optional_only_permissions(args.firefox)
    args.output.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(
        f"{args.output}: {len(data['events'])} events, {len(data['async_functions'])} asynchronous functions, "
        f"{len(data['permissions'])} permissions of Firefox {version}",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
