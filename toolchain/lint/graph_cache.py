"""The lint graph cache: after an edit that changes no import, `xtk lint` reuses what its last lint build learned
(`.xtk/lint-graph.json`) instead of running esbuild again.

What a project lint takes from its lint build (project_targets.py) is small: per target, the manifest, the folded
`import.meta.env`, which sources run in which contexts (esbuild's metafile) and the built folder. None of it depends
on what a source does beyond what it imports — so when the config and every other file are as they were, and
every source's imports read the same, the build would give the same targets, and they are taken from here. The
sources themselves are always parsed and walked again: the findings are the edited code's.

Compared before reuse (any difference, doubt or unreadable entry means a full lint build, which stores anew):

- xtk itself (version, code, knowledge) and Python's version; the project's location;
- by content: the config, the posture, tsconfig.json, package.json, package-lock.json and the installed tools'
  package.json (as the result cache); the environment variables with the config's `env_prefix`;
- by name, size and modification time: every file under the project's root and the protocol schemas' folder that
  is not a source (`.env`, pages, styles, assets, locales…; node_modules, .xtk and the build and dist folders
  aside) and every node_modules file the lint build bundled;
- every source under the root (`.ts`, `.js`… by name: one added or removed means a full build), by its import
  signature: the specifiers of its `import`/`export … from`/`import()`/`require()` and anything else that names a
  module, as text;
- the built folders still present; every edited source parsed by esbuild itself (its transform, one file at a
  time, nothing written) and by tree-sitter without error: a file esbuild would refuse fails the lint build, so
  it gets the full build and its verdict (file and line).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from toolchain import __version__
from toolchain.fingerprint import toolchain_stamp
from toolchain.lint.result_cache import size_and_time, walk_files
from toolchain.lint.targets import SOURCE_SUFFIXES

if TYPE_CHECKING:
    from toolchain.lint.context import Target
    from toolchain.project import Project

FORMAT = 1
#: what names a module in a source: `from '…'`, `import '…'`, `import(…)`, `require(…)`, `import.meta.glob(…)`,
#: `new URL('…', import.meta.url)`, triple-slash references; matched as text, comments included (an import
#: commented out changes the signature too: a rebuild, never a stale graph)
_MODULE_NAMES = re.compile(
    rb"""\bfrom\s*(?:'[^'\n]*'|"[^"\n]*")"""
    rb"""|\bimport\s*(?:'[^'\n]*'|"[^"\n]*")"""
    rb"""|\bimport\s*\(\s*[^)\n]{0,300}"""
    rb"""|\brequire\s*\(\s*[^)\n]{0,300}"""
    rb"""|\bimport\.meta\.\w+\s*\(?[^)\n]{0,300}"""
    rb"""|\bnew\s+URL\s*\([^)\n]{0,300}"""
    rb"""|///\s*<reference[^\n]*"""
)


def cache_file(project: Project) -> Path:
    return project.base_dir / ".xtk" / "lint-graph.json"


def import_signature(source: bytes) -> str:
    return hashlib.sha256(b"\n".join(_MODULE_NAMES.findall(source))).hexdigest()


def _snapshot(project: Project, bundled_packages: list[str], contents: dict[str, str]) -> dict[str, Any]:
    """What the lint build reads: the config and the project's tool files by content, the environment variables it
    may fold in, the folders under the root and the protocol schemas' (sources by import signature, the rest by size
    and mtime), bundled node_modules files by size and mtime. `contents` receives each source's sha256 (what
    changed, for esbuild's own check)."""
    from toolchain.fingerprint import file_sha256
    from toolchain.tools.project_files import PROJECT_FILES

    root = project.root.resolve()
    named = [project.config_path, *(root / name for name in PROJECT_FILES)]
    settings = project.config.lint
    if settings and settings.posture:
        named.append(project.base_dir / settings.posture)
    by_content: dict[str, str] = {}
    for each in named:
        try:
            by_content[str(each)] = file_sha256(each)
        except OSError:
            by_content[str(each)] = "absent"
    prefixes = tuple(project.config.env_prefix)
    environment = {name: value for name, value in os.environ.items() if prefixes and name.startswith(prefixes)}
    folders = [root]
    if project.config.protocol:
        folders.append((project.base_dir / project.config.protocol.schemas).resolve())
    excluded = {str(project.out_dir.resolve()), str(project.dist_dir.resolve())}

    def describe(path: str) -> str:
        """A source by its import signature (its content hash kept in `contents`), any other file by size:mtime."""
        if os.path.splitext(path)[1] not in SOURCE_SUFFIXES:
            return size_and_time(path)
        with open(path, "rb") as handle:
            text = handle.read()
        contents[path] = hashlib.sha256(text).hexdigest()
        return "imports:" + import_signature(text)

    files = {str(folder): walk_files(folder, excluded, describe) for folder in dict.fromkeys(folders)}
    packages: dict[str, str] = {}
    for path in bundled_packages:
        try:
            packages[path] = size_and_time(path)
        except OSError:
            packages[path] = "missing"
    return {
        "xtk": [__version__, toolchain_stamp(), sys.version],
        "config": str(project.config_path.resolve()),
        "named": by_content,
        "environment": environment,
        "files": files,
        "packages": packages,
    }


def _target_json(target: Target) -> dict[str, Any]:
    return {
        "browser": target.browser,
        "manifest": target.manifest,
        "min_version": target.min_version,
        "files": {str(path): sorted(contexts) for path, contexts in target.files.items()},
        "env": target.env,
        "package_dir": str(target.package_dir) if target.package_dir is not None else None,
        "injected_resources": sorted(target.injected_resources),
    }


def _target(data: dict[str, Any]) -> Target:
    from toolchain.lint.context import Target

    return Target(
        browser=data["browser"],
        manifest=data["manifest"],
        min_version=data["min_version"],
        files={Path(path): set(contexts) for path, contexts in data["files"].items()},
        env=data["env"],
        package_dir=Path(data["package_dir"]) if data["package_dir"] is not None else None,
        injected_resources=frozenset(data["injected_resources"]),
    )


def reusable_targets(project: Project, browsers: list[str]) -> list[Target] | None:
    """The targets of the last lint build, when nothing the build reads changed but what sources do besides
    importing; None otherwise (run the lint build)."""
    try:
        data = json.loads(cache_file(project).read_text(encoding="utf-8"))
        if data.get("format") != FORMAT or data.get("browsers") != browsers:
            return None
        contents: dict[str, str] = {}
        if _snapshot(project, data["packages"], contents) != data["snapshot"]:
            return None
        targets = [_target(entry) for entry in data["targets"]]
        changed = sorted(path for path, digest in contents.items() if data["contents"].get(path) != digest)
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if any(target.package_dir is None or not target.package_dir.is_dir() for target in targets):
        return None
    if not _esbuild_accepts(project, [Path(path) for path in changed]):
        return None  # the full build reports what esbuild refuses, with its file and line
    return targets


#: esbuild's loader for a source, as its transform reads stdin
_LOADERS = {".ts": "ts", ".mts": "ts", ".tsx": "tsx", ".js": "js", ".mjs": "js", ".cjs": "js", ".jsx": "jsx"}


def _esbuild_accepts(project: Project, changed: list[Path]) -> bool:
    """Does esbuild parse every edited source? A file tree-sitter reads but esbuild refuses (a duplicate `let`, an
    `await` outside an async function) would fail the lint build: such an edit gets the full build and its verdict.
    One esbuild transform per file, from stdin (nothing written); any doubt is a no."""
    import subprocess

    from toolchain.tools.esbuild import find_esbuild

    if not changed:
        return True
    try:
        binary = find_esbuild(project.root)
    except Exception:
        return False
    for path in changed:
        loader = _LOADERS.get(path.suffix)
        if loader is None:
            return False
        try:
            done = subprocess.run(
                [str(binary), f"--loader={loader}", "--log-level=error"],
                input=path.read_bytes(),
                capture_output=True,
                timeout=60,
                check=False,
            )
        except (OSError, subprocess.SubprocessError):
            return False
        if done.returncode != 0:
            return False
    return True


def store(project: Project, browsers: list[str], targets: list[Target], bundled_packages: list[str]) -> None:
    """Record a successful lint build's targets. Never fails the lint: a cache that cannot be written is skipped."""
    from toolchain.files import confine, make_folder

    try:
        contents: dict[str, str] = {}
        data = {
            "format": FORMAT,
            "browsers": browsers,
            "packages": sorted(bundled_packages),
            "snapshot": _snapshot(project, sorted(bundled_packages), contents),
            "contents": contents,
            "targets": [_target_json(target) for target in targets],
        }
        file = cache_file(project)
        make_folder(confine(file, project.base_dir).parent, project.base_dir)
        temporary = confine(file.with_suffix(f".{os.getpid()}.part"), project.base_dir)
        temporary.write_text(json.dumps(data), encoding="utf-8")
        temporary.replace(file)
    except (OSError, TypeError, ValueError):
        return
