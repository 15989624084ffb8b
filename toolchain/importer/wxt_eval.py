"""wxt.config.* evaluated in Node (toolchain/importer/wxt_config.mjs) for the values a static reading cannot take:
a `manifest` function of the browser, computed permissions, folders from variables. The config is bundled by the
project's own esbuild into the project's `.xtk/` and imported there (its packages resolve from node_modules);
the bundle is removed afterwards. Modules and Vite plugins are imported but never run.

`manifest` is called once per browser xtk builds for (chrome, edge, firefox, each as Manifest V3); `split`
turns the three manifests into the part they share and each browser's own keys."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from toolchain.diagnostics import InputError
from toolchain.tools.esbuild import esbuild_package

BROWSERS = ("chrome", "edge", "firefox")
#: Permission lists: a browser's extra entries become grants limited to it (`browsers = [...]`), not raw keys.
GRANT_KEYS = ("permissions", "optional_permissions", "host_permissions", "optional_host_permissions")
#: Only Firefox reads it, and xtk writes it for Firefox alone: taken from Firefox's manifest as the config's own.
FIREFOX_ONLY_KEY = "browser_specific_settings"
_SCRIPT = Path(__file__).with_name("wxt_config.mjs")
_TIMEOUT_SECONDS = 60


@dataclass
class Evaluated:
    """What Node read from the config: folder fields, module names, `imports`, and one manifest per browser."""

    fields: dict[str, str]
    modules: list[str]
    imports: Any
    manifest_is_function: bool
    manifests: dict[str, dict[str, Any]]


@dataclass
class Failure:
    reason: str


@dataclass
class Split:
    """The manifest every browser shares, each browser's own keys, and who has each permission-list entry."""

    common: dict[str, Any]
    per_browser: dict[str, dict[str, Any]] = field(default_factory=dict)
    grant_browsers: dict[str, list[str]] = field(default_factory=dict)


def evaluate(directory: Path, config_file: Path) -> Evaluated | Failure:
    """The config's values as Node computes them, or why it could not (the caller reads the file statically)."""
    node = shutil.which("node")
    if node is None:
        return Failure("node is not installed")
    try:
        esbuild = esbuild_package(directory)  # the project's, or the one `xtk prepare` put in .xtk/tools/
    except InputError as error:
        return Failure(error.diagnostics[0].message if error.diagnostics else "esbuild is not installed")
    work = directory / ".xtk"
    created = not work.exists()
    bundle = work / f"wxt-config-{os.getpid()}.mjs"
    try:
        work.mkdir(exist_ok=True)
        result = subprocess.run(
            [node, str(_SCRIPT), str(directory), str(config_file), str(bundle), str(esbuild)],
            cwd=directory,
            capture_output=True,
            text=True,
            timeout=_TIMEOUT_SECONDS,
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        return Failure(f"node did not finish: {error}")
    finally:
        bundle.unlink(missing_ok=True)
        if created:
            shutil.rmtree(work, ignore_errors=True)
    if result.returncode != 0:
        lines = [line for line in result.stderr.splitlines() if line.strip()]
        message = next((line for line in lines if "Error" in line), lines[-1] if lines else "no output")
        return Failure(message.strip()[:300])
    try:
        data = json.loads(result.stdout)
    except json.JSONDecodeError:
        return Failure("node printed no config")
    manifests = data.get("manifests") or {}
    if not all(isinstance(manifests.get(browser), dict) for browser in BROWSERS):
        return Failure("`manifest` did not give an object for every browser")
    return Evaluated(
        fields={k: v for k, v in (data.get("fields") or {}).items() if isinstance(v, str)},
        modules=[str(module) for module in data.get("modules") or []],
        imports=data.get("imports"),
        manifest_is_function=bool(data.get("manifestIsFunction")),
        manifests=manifests,
    )


def split(manifests: dict[str, dict[str, Any]]) -> Split:
    """Keys equal in every browser's manifest are common; permission lists are merged (each entry with the
    browsers that list it); any other key that differs is that browser's own (its raw target manifest)."""
    common: dict[str, Any] = {}
    result = Split(common, {browser: {} for browser in BROWSERS})
    keys = list(dict.fromkeys(key for browser in BROWSERS for key in manifests[browser]))
    for key in keys:
        values = [manifests[browser].get(key) for browser in BROWSERS]
        if key in GRANT_KEYS:
            merged: list[Any] = []
            for value in values:
                merged += [item for item in value or [] if item not in merged] if isinstance(value, list) else []
            common[key] = merged
            continue
        if all(key in manifests[browser] for browser in BROWSERS) and all(value == values[0] for value in values):
            common[key] = values[0]
            continue
        if key == FIREFOX_ONLY_KEY and key in manifests["firefox"]:
            common[key] = manifests["firefox"][key]  # xtk maps it to [targets.firefox] (gecko_id, data_collection)
            continue
        for browser in BROWSERS:
            if key in manifests[browser]:
                result.per_browser[browser][key] = manifests[browser][key]
    for key in GRANT_KEYS:
        for item in common.get(key, []):
            having = [b for b in BROWSERS if any(item in (manifests[b].get(k) or []) for k in GRANT_KEYS)]
            if isinstance(item, str) and len(having) < len(BROWSERS):
                result.grant_browsers[item] = having
    return result
