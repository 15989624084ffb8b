"""What a framework's runtime gives a project's code, supplied at build time (docs/import.md).

A WXT project calls `defineBackground`, `defineContentScript` and `browser` without importing them, and imports
`wxt/browser` or `#imports`; WXT's Vite plugins provide them. xtk writes its own small runtime
(`templates/runtime/<framework>.js`) into `.xtk/runtime/`, injects it into every bundle (esbuild `--inject`: a
free name the module exports becomes an import of it; an unused export is dropped) and points those import paths
at it (`--alias`). The project's files are not changed. `[aliases]` in xtk.toml adds the project's own path aliases.
"""

from __future__ import annotations

from pathlib import Path

from toolchain.resources import templates_dir

#: The import paths of WXT's runtime that xtk's runtime answers (what it exports: templates/runtime/wxt.js).
WXT_MODULES = (
    "#imports",
    "wxt/browser",
    "wxt/sandbox",
    "wxt/client",
    "wxt/utils/define-background",
    "wxt/utils/define-content-script",
    "wxt/utils/define-unlisted-script",
    "wxt/utils/content-script-context",
)

_MODULES = {"wxt": WXT_MODULES}


def runtime_path(root: Path, framework: str) -> Path:
    return root / ".xtk" / "runtime" / f"{framework}.js"


def runtime_text(framework: str) -> str:
    return (templates_dir() / "runtime" / f"{framework}.js").read_text(encoding="utf-8")


def framework_arguments(
    framework: str | None, aliases: dict[str, str], root: Path
) -> tuple[list[str], tuple[tuple[str, str], ...]]:
    """esbuild arguments for the project's aliases and its framework's runtime, and the runtime module to write."""
    arguments = [f"--alias:{name}=./{Path(target).as_posix()}" for name, target in sorted(aliases.items())]
    if framework is None:
        return arguments, ()
    module = runtime_path(root, framework)
    relative = module.relative_to(root).as_posix()
    arguments.append(f"--inject:{module}")
    arguments += [f"--alias:{name}=./{relative}" for name in _MODULES[framework]]
    return arguments, ((str(module), runtime_text(framework)),)
