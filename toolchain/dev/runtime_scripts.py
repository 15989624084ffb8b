"""Content scripts registered at run time in a Chromium dev session, so an edit of one needs no extension reload.

Chromium reads the files of the content scripts a manifest declares once, when it loads the extension: a new
content script reaches the open tabs only after a whole extension reload (20–40 ms here, and the service worker's
start). Scripts registered with `chrome.scripting.registerContentScripts` can be re-read on their own with
`chrome.scripting.updateContentScripts`, without touching the background, its state or the extension's open pages.
WXT's dev mode does the same (measured: benchmarks/dev_loop.py; the decision: docs/decisions.md).

So the Chromium dev manifest (MV3, with a service worker) moves `content_scripts` into registrations that the dev
reporter makes when the worker starts, with the `scripting` permission and the scripts' match patterns as host
permissions added, which registration needs. Only where every key has a registration field: `include_globs`,
`exclude_globs` and `match_about_blank` have none, and a manifest with one keeps its declared scripts (and the
extension reload). Production builds never change.
"""

from __future__ import annotations

import copy
from collections.abc import Set as AbstractSet
from pathlib import Path
from typing import Any

#: manifest key → `scripting.RegisteredContentScript` field.
FIELDS = {
    "matches": "matches",
    "exclude_matches": "excludeMatches",
    "js": "js",
    "css": "css",
    "run_at": "runAt",
    "all_frames": "allFrames",
    "world": "world",
    "match_origin_as_fallback": "matchOriginAsFallback",
}
#: The reporter unregisters stale ones by this prefix (a script removed from the config).
ID_PREFIX = "xtk-dev-"


def registrations(manifest: dict[str, Any]) -> list[dict[str, Any]]:
    """The `registerContentScripts` arguments for the manifest's content scripts; [] when it must keep them
    declared (not MV3, no service worker, no content scripts, or a key registration cannot express)."""
    scripts = manifest.get("content_scripts")
    background = manifest.get("background")
    if manifest.get("manifest_version") != 3 or not isinstance(background, dict) or "service_worker" not in background:
        return []
    if not isinstance(scripts, list) or not scripts:
        return []
    if not all(isinstance(script, dict) and set(script) <= set(FIELDS) for script in scripts):
        return []
    found = []
    for index, script in enumerate(scripts):
        registration: dict[str, Any] = {"id": f"{ID_PREFIX}{index}"}
        registration.update({FIELDS[key]: value for key, value in script.items()})
        registration["persistAcrossSessions"] = False
        found.append(registration)
    return found


def dev_manifest(manifest: dict[str, Any], registered: list[dict[str, Any]]) -> dict[str, Any]:
    """The manifest without the content scripts `registered` replaces, plus what registering them needs."""
    if not registered:
        return manifest
    changed = copy.deepcopy(manifest)
    del changed["content_scripts"]
    permissions = changed.setdefault("permissions", [])
    if "scripting" not in permissions:
        permissions.append("scripting")
    hosts = changed.setdefault("host_permissions", [])
    for registration in registered:
        hosts.extend(pattern for pattern in registration["matches"] if pattern not in hosts)
    return changed


def script_files(out: Path, registered: list[dict[str, Any]]) -> set[Path]:
    """The built files of the registered scripts: an edit reaching only these needs no extension reload."""
    return {
        (out / name).resolve()
        for registration in registered
        for key in ("js", "css")
        for name in registration.get(key, [])
    }


def reached_outputs(outputs: dict[Path, set[Path]], changed: AbstractSet[Path]) -> set[Path]:
    """The outputs whose bundle reads one of the `changed` files (esbuild's metafile: output → its inputs)."""
    return {output for output, inputs in outputs.items() if inputs & changed}
