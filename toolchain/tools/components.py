""".svelte and .vue components: the projects that need them bundle through esbuild's JavaScript API in Node.

esbuild's native binary runs no JavaScript plugins, and a component is only JavaScript after its framework's
compiler ran. A project whose package.json depends on `svelte` or `vue` therefore bundles with `components.mjs`
(next to this file): Node, in the project's folder, loads the project's own esbuild package and compiler
(xtk ships none) and runs the same build as the binary would, with the compiler as a plugin. Every other
project keeps the native binary and its start-up speed.

The native command stays the one source of truth: its arguments are translated into the JavaScript API's
options (by `toolchain.tools.esbuild_options`, which `xtk dev` uses too), so both paths bundle with the same
settings. Only the standard library here (the cached build path runs it).
"""

from __future__ import annotations

import json
import re
import shutil
from dataclasses import replace
from pathlib import Path

from toolchain.diagnostics import Diagnostic, InputError
from toolchain.tools.esbuild import EsbuildCommand
from toolchain.tools.esbuild_options import esbuild_options

#: The frameworks xtk compiles, each with the packages whose version is part of the build's cache key.
FRAMEWORKS: dict[str, tuple[str, ...]] = {
    "svelte": ("svelte",),
    "vue": ("vue", "@vue/compiler-sfc"),
}
#: Every installed package file that changes what the Node path does (the cache key includes them all).
COMPILER_PACKAGE_FILES = tuple(
    f"node_modules/{package}/package.json" for packages in FRAMEWORKS.values() for package in packages
)
RUNNER = Path(__file__).with_name("components.mjs")
#: Vue's bundler build reads these flags; unset, it warns in the console at run time.
VUE_FLAGS = {
    "__VUE_OPTIONS_API__": "true",
    "__VUE_PROD_DEVTOOLS__": "false",
    "__VUE_PROD_HYDRATION_MISMATCH_DETAILS__": "false",
}


def component_frameworks(root: Path) -> list[str]:
    """The component frameworks the project's package.json depends on (none: the native binary bundles it)."""
    manifest = root / "package.json"
    try:
        text = manifest.read_text(encoding="utf-8")
    except FileNotFoundError:
        return []
    except (OSError, UnicodeDecodeError) as error:
        raise InputError.single(f"cannot read package.json: {error}", path=str(manifest)) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise InputError.single(
            f"package.json is not valid JSON: {error.msg}", path=str(manifest), line=error.lineno, column=error.colno
        ) from None
    if not isinstance(data, dict):
        raise InputError.single("package.json must hold a JSON object", path=str(manifest))
    names: set[str] = set()
    for key in ("dependencies", "devDependencies"):
        section = data.get(key, {})
        if not isinstance(section, dict):
            raise InputError.single(f"{key} must be an object of package names", path=str(manifest), key=key)
        names.update(section)
    return [name for name in FRAMEWORKS if name in names]


def check_installed(root: Path, frameworks: list[str]) -> None:
    """Node and each framework's compiler must be there before the build starts (a clear message, not Node's)."""
    if shutil.which("node") is None:
        raise InputError.single(
            f"node is not installed: {', '.join(frameworks)} components are compiled by the "
            "framework's compiler in Node (install Node 20 or later)"
        )
    missing = [
        p
        for f in frameworks
        for p in FRAMEWORKS[f] + ("esbuild",)
        if not (root / "node_modules" / p / "package.json").is_file()
    ]
    if missing:
        raise InputError.single(
            f"{', '.join(dict.fromkeys(missing))} not installed in {root}/node_modules: run `npm ci` in {root}",
            path=str(root / "package.json"),
        )


def request_path(root: Path, browser: str, fmt: str) -> Path:
    return root / ".xtk" / "components" / f"{browser}.{fmt}.json"


def node_command(command: EsbuildCommand, root: Path, frameworks: list[str]) -> EsbuildCommand:
    """The same bundle as `command` (a native esbuild run), made by esbuild's JS API with the compilers."""
    # xtk dev's translation (one for both): it leaves out what its service handles itself, which the runner needs.
    options = esbuild_options(command.argv, root)
    options.update(metafile=True, logLevel="warning", color=False)
    if "vue" in frameworks:
        options["define"] = {**VUE_FLAGS, **options.get("define", {})}
    request = {"options": options, "metafile": command.metafile, "frameworks": frameworks}
    path = request_path(root, command.browser, command.fmt)
    node = shutil.which("node") or "node"
    return replace(
        command,
        argv=(node, str(RUNNER), str(path)),
        generated=command.generated + ((str(path), json.dumps(request, indent=1)),),
    )


def missing_framework_hint(diagnostic: Diagnostic) -> Diagnostic:
    """esbuild's 'No loader is configured for ".svelte" files' says what to do in an xtk project.

    Only the native binary says it (the Node path compiles both kinds), so the framework is not a dependency."""
    match = re.search(r'No loader is configured for "\.(svelte|vue)" files', diagnostic.message)
    if not match:
        return diagnostic
    framework = match.group(1)
    return replace(
        diagnostic,
        message=f"{diagnostic.message}: add {framework} to package.json's dependencies "
        f"(npm install {framework}) and xtk compiles .{framework} components with it",
    )
