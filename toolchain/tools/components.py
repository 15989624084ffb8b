"""The Node path: the projects that need JavaScript plugins bundle through esbuild's JavaScript API in Node.

esbuild's native binary runs no JavaScript plugins. A project takes the Node path (`components.mjs`, next to this
file) when `node_features` finds any of:

- `svelte` or `vue` among package.json's dependencies: a component is only JavaScript after its compiler ran;
- `sass`, `sass-embedded` or `less` among them, or a PostCSS config (postcss.config.*, .postcssrc*, package.json
  "postcss"): stylesheets go through the project's own tools (stylesheets.mjs), also a component's `<style lang>`;
- `@tailwindcss/vite` among them (Tailwind v4 without PostCSS): its compiler runs on the stylesheets using Tailwind;
  `tailwindcss` alone: a stylesheet using Tailwind that nothing would compile is an error, not Tailwind's source CSS;
- `auto_imports` or `[auto_import_names]` in xtk.toml (`auto_imports=True`): each file gets imports of the
  auto-imported names it uses (auto_imports.mjs), as WXT's unimport adds them;
- an import with a Vite asset query (`'./a.svg?url'`, `?raw`, `?inline`) in a source file under src/
  (asset_queries.mjs). These are found by reading the sources (a regular expression, a few ms) rather than handled
  without plugins: the native binary resolves `./a.svg?raw` to the plain file and gives its URL, a silent wrong
  value no flag changes. The build cache keeps the features found and finds them again before replaying a recipe,
  so a query added later is never replayed through the binary.

Node, in the project's folder, loads the project's own esbuild package and tools (xtk ships none) and runs the
same build as the binary would, with the plugins. Every other project keeps the native binary and its start-up
speed; there, a `.scss` or `.less` import fails with esbuild's "No loader" and `missing_tool_hint` names the npm
command.

The native command stays the one source of truth: its arguments are translated into the JavaScript API's
options (by `toolchain.tools.esbuild_options`, which `xtk dev` uses too), so both paths bundle with the same
settings. Only the standard library here (the cached build path runs it).
"""

from __future__ import annotations

import json
import os
import re
import shutil
from dataclasses import replace
from pathlib import Path
from typing import Any

from toolchain.diagnostics import Diagnostic, InputError
from toolchain.tools.esbuild import EsbuildCommand, esbuild_package
from toolchain.tools.esbuild_options import esbuild_options

#: The frameworks xtk compiles, each with the packages whose version is part of the build's cache key.
FRAMEWORKS: dict[str, tuple[str, ...]] = {
    "svelte": ("svelte",),
    "vue": ("vue", "@vue/compiler-sfc"),
}
#: The stylesheet tools, by the feature they give (`sass`: either package; the first installed one compiles).
STYLE_TOOLS: dict[str, tuple[str, ...]] = {"sass": ("sass", "sass-embedded"), "less": ("less",)}
#: Where postcss-load-config looks for a PostCSS config (package.json's "postcss" key too).
POSTCSS_CONFIGS = (
    *(f".postcssrc{ext}" for ext in ("", ".json", ".yaml", ".yml", ".js", ".cjs", ".mjs", ".ts", ".cts", ".mts")),
    *(f"postcss.config.{ext}" for ext in ("js", "cjs", "mjs", "ts", "cts", "mts")),
)
#: PostCSS and the plugins most projects name (a plugin not listed here still runs; its version is in the lockfile).
POSTCSS_PACKAGES = ("postcss", "postcss-load-config", "autoprefixer", "tailwindcss", "@tailwindcss/postcss")
#: Tailwind v4 through its Vite plugin: xtk runs the compiler that plugin runs (stylesheets.mjs).
TAILWIND_VITE = ("@tailwindcss/vite", "@tailwindcss/node")
#: Every installed package file that changes what the Node path does (the cache key includes them all).
COMPILER_PACKAGE_FILES = tuple(
    f"node_modules/{package}/package.json"
    for package in dict.fromkeys(
        [p for packages in (*FRAMEWORKS.values(), *STYLE_TOOLS.values()) for p in packages]
        + [*POSTCSS_PACKAGES, *TAILWIND_VITE]
    )
)
#: Source files that may import with a query, and the import it looks for (a string ending in ?url, ?raw, ?inline).
QUERY_SOURCES = (".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs", ".svelte", ".vue")
QUERY_IMPORT = re.compile(rb"""(?:\bfrom|\bimport)\s*\(?\s*["'][^"'\n]*\?(?:url|raw|inline)["']""")
RUNNER = Path(__file__).with_name("components.mjs")
#: Vue's bundler build reads these flags; unset, it warns in the console at run time.
VUE_FLAGS = {
    "__VUE_OPTIONS_API__": "true",
    "__VUE_PROD_DEVTOOLS__": "false",
    "__VUE_PROD_HYDRATION_MISMATCH_DETAILS__": "false",
}


def node_features(root: Path, src_dir: Path, auto_imports: bool = False) -> list[str]:
    """Why the project bundles through Node: "svelte", "vue", "sass", "less", "postcss", "tailwind", "queries",
    "auto_imports" (see the module docstring; `auto_imports`: xtk.toml has some); none: the native binary bundles it."""
    data = _package_json(root)
    names = _dependencies(root, data)
    features = [name for name in FRAMEWORKS if name in names]
    features += [feature for feature, packages in STYLE_TOOLS.items() if names.intersection(packages)]
    if "postcss" in data or any((root / name).is_file() for name in POSTCSS_CONFIGS):
        features.append("postcss")
    if TAILWIND_VITE[0] in names or ("tailwindcss" in names and "postcss" not in features):
        features.append("tailwind")
    if has_query_imports(src_dir):
        features.append("queries")
    if auto_imports:
        features.append("auto_imports")
    return features


def has_query_imports(src_dir: Path) -> bool:
    """Does a source file under `src_dir` import with a Vite asset query? (node_modules and dot folders skipped.)"""
    for folder, folders, files in os.walk(src_dir):
        folders[:] = [name for name in folders if name != "node_modules" and not name.startswith(".")]
        for name in files:
            if not name.endswith(QUERY_SOURCES):
                continue
            try:
                text = (Path(folder) / name).read_bytes()
            except OSError:
                continue
            if (b"?url" in text or b"?raw" in text or b"?inline" in text) and QUERY_IMPORT.search(text):
                return True
    return False


def _package_json(root: Path) -> dict[str, Any]:
    manifest = root / "package.json"
    try:
        text = manifest.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
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
    return data


def _dependencies(root: Path, data: dict[str, Any]) -> set[str]:
    manifest = root / "package.json"
    names: set[str] = set()
    for key in ("dependencies", "devDependencies"):
        section = data.get(key, {})
        if not isinstance(section, dict):
            raise InputError.single(f"{key} must be an object of package names", path=str(manifest), key=key)
        names.update(section)
    return names


def check_installed(root: Path, features: list[str]) -> None:
    """Node and each tool must be there before the build starts (a clear message, not Node's)."""
    if shutil.which("node") is None:
        raise InputError.single(
            f"node is not installed: this project is bundled by esbuild's JavaScript API in Node "
            f"({', '.join(features)}; install Node 20 or later)"
        )

    def installed(package: str) -> bool:
        return (root / "node_modules" / package / "package.json").is_file()

    esbuild_package(root)  # the project's esbuild, or xtk's own in .xtk/tools/ (a WXT project under pnpm has none)
    missing = [p for f in features for p in FRAMEWORKS.get(f, ()) if not installed(p)]
    missing += [STYLE_TOOLS[f][0] for f in features if f in STYLE_TOOLS and not any(map(installed, STYLE_TOOLS[f]))]
    if "postcss" in features and not installed("postcss"):
        raise InputError.single(
            "the project has a PostCSS config but postcss is not installed: run `npm install -D postcss`",
            path=str(root / "package.json"),
        )
    if missing:
        raise InputError.single(
            f"{', '.join(dict.fromkeys(missing))} not installed in {root}/node_modules: run `npm ci` in {root}",
            path=str(root / "package.json"),
        )


def request_path(root: Path, browser: str, fmt: str) -> Path:
    return root / ".xtk" / "components" / f"{browser}.{fmt}.json"


def node_command(
    command: EsbuildCommand, root: Path, features: list[str], plugins: list[dict[str, Any]] | None = None
) -> EsbuildCommand:
    """The same bundle as `command` (a native esbuild run), made by esbuild's JS API with the compilers (and the
    project's own `[[esbuild_plugins]]`: package, export, options)."""
    # xtk dev's translation (one for both): it leaves out what its service handles itself, which the runner needs.
    options = esbuild_options(command.argv, root)
    options.update(metafile=True, logLevel="warning", color=False)
    if "vue" in features:
        options["define"] = {**VUE_FLAGS, **options.get("define", {})}
    request = {"options": options, "metafile": command.metafile, "frameworks": features, "plugins": plugins or []}
    try:  # the JS API of the very package whose binary the native path runs (the project's, or .xtk/tools/'s)
        request["esbuild"] = str(esbuild_package(root))
    except InputError:  # none: the runner's own lookup in the project says so, located, when it runs
        pass
    path = request_path(root, command.browser, command.fmt)
    node = shutil.which("node") or "node"
    return replace(
        command,
        argv=(node, str(RUNNER), str(path)),
        generated=command.generated + ((str(path), json.dumps(request, indent=1)),),
    )


#: A file kind esbuild has no loader for → the package that compiles it on the Node path.
MISSING_TOOLS = {"svelte": "svelte", "vue": "vue", "scss": "sass", "sass": "sass", "less": "less"}


def missing_framework_hint(diagnostic: Diagnostic) -> Diagnostic:
    """esbuild's 'No loader is configured for ".svelte" files' says what to do in an xtk project.

    Only the native binary says it (the Node path compiles these kinds), so the tool is not a dependency."""
    match = re.search(r'No loader is configured for "\.(svelte|vue|scss|sass|less)" files', diagnostic.message)
    if not match:
        return diagnostic
    kind = match.group(1)
    package = MISSING_TOOLS[kind]
    if package in FRAMEWORKS:
        advice = f"add {package} to package.json's dependencies (npm install {package}) and xtk compiles .{kind} "
        advice += "components with it"
    else:
        advice = f"run `npm install -D {package}` and xtk compiles .{kind} stylesheets with it"
    return replace(diagnostic, message=f"{diagnostic.message}: {advice}")
