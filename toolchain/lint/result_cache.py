"""The lint result cache: `xtk lint` on a project none of whose inputs changed since its last lint replays that
lint's findings (`.xtk/lint-cache/`), without loading the config, building, parsing or judging anything.

What a project lint reads is recorded with its findings, and compared before the next one:

- by content (sha256): the config, every source file facts were read from, every input of the lint build's
  metafiles (node_modules files included), the posture, tsconfig.json, package.json, package-lock.json and the
  installed esbuild's and TypeScript's package.json;
- by name, size and modification time: every file under the project's root and the protocol schemas' folder
  (node_modules, .xtk and the build and dist folders aside), so a file added, removed or changed anywhere there (a
  page, an asset, a locale, a schema) is seen;
- xtk itself (its code, templates, schemas and knowledge base, as the build cache stamps it), Python's version,
  and the request: --select, --ignore, --browser and the size limit;
- the project's own location (its config, resolved): every path above is absolute, so a project copied or moved
  together with its .xtk/ would otherwise compare the original's files and replay the original's findings.

Any difference, or any doubt (no cache, an unreadable or foreign one), means a full lint, which then stores its
result; a lint that fails (bad input, exit 2) stores nothing. Only the standard library is imported here, so a replay
costs no more than Python, click and these checks. The project is located as `lint_path` locates it.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from toolchain import __version__
from toolchain.fingerprint import file_sha256, toolchain_stamp
from toolchain.tools.project_files import PROJECT_FILES

if TYPE_CHECKING:
    from toolchain.lint.context import LintContext
    from toolchain.lint.model import Finding

CACHE_FORMAT = 4  # 4: every field of a finding (3 lost its stores and key on replay)
#: folders never walked: installed packages, xtk's own outputs, VCS and tool caches
SKIPPED_FOLDERS = frozenset(
    {"node_modules", ".xtk", ".git", "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache", ".venv"}
)


def size_and_time(path: str) -> str:
    stat = os.stat(path)
    return f"{stat.st_size}:{stat.st_mtime_ns}"


def walk_files(folder: Path, excluded: set[str], describe: Callable[[str], str] = size_and_time) -> dict[str, str]:
    """Every file under `folder` (skipped and excluded folders aside), by its path relative to `folder` → what
    `describe` says of it (by default size:mtime); a file that cannot be described (gone, unreadable) is left out."""
    found: dict[str, str] = {}
    for directory, subfolders, files in os.walk(folder):
        subfolders[:] = sorted(
            d for d in subfolders if d not in SKIPPED_FOLDERS and os.path.join(directory, d) not in excluded
        )
        for name in files:
            path = os.path.join(directory, name)
            try:
                found[os.path.relpath(path, folder)] = describe(path)
            except OSError:
                continue
    return found


@dataclass(frozen=True)
class LintCache:
    config_path: Path
    request: tuple[str, ...]

    @classmethod
    def of(cls, path: Path | None, project_option: str | None, request: dict[str, Any]) -> LintCache | None:
        """The cache of a project lint (as `engine.lint_path` decides it is one), or None for a plain extension or
        when the config cannot be found (the full path then says why)."""
        from toolchain.project.locate import CONFIG_NAME, find_config

        if not (path is None or (path.is_dir() and (path / CONFIG_NAME).is_file()) or path.name == CONFIG_NAME):
            return None
        try:
            config = find_config(project_option or path)
        except Exception:
            return None
        return cls(config, tuple(f"{key}={request[key]}" for key in sorted(request)))

    @property
    def file(self) -> Path:
        key = hashlib.sha256("\n".join(self.request).encode()).hexdigest()[:16]
        return self.config_path.parent / ".xtk" / "lint-cache" / f"{key}.json"

    def replay(self) -> tuple[list[Finding], Path] | None:
        """The stored findings and the root they are shown from, when every input is as it was; else None."""
        from toolchain.confine import write_problem

        if write_problem(self.file, self.config_path.parent) is not None:  # .xtk linked out: the full lint says so
            return None
        try:
            data = json.loads(self.file.read_text(encoding="utf-8"))
            if data.get("format") != CACHE_FORMAT or data.get("request") != list(self.request):
                return None
            if data.get("location") != str(self.config_path.resolve()):  # a copied or moved project
                return None
            if _snapshot(data["watch"]) != data["snapshot"]:
                return None
            from toolchain.lint.model import Finding, Related

            findings = [
                Finding(
                    # store_review is derived from the rest; related and stores are tuples
                    **{k: v for k, v in f.items() if k not in ("store_review", "related", "stores")},
                    related=tuple(Related(**r) for r in f.get("related", ())),
                    stores=tuple(f.get("stores", ())),
                )
                for f in data["findings"]
            ]
            return findings, Path(data["root"])
        except (OSError, ValueError, KeyError, TypeError):
            return None

    def store(self, ctx: LintContext, findings: list[Finding]) -> None:
        """Record what this lint read and found. Never fails the lint: a cache that cannot be written is skipped."""
        project = ctx.project
        if project is None:
            return
        try:
            watch = _watch(ctx)
            data = {
                "format": CACHE_FORMAT,
                "request": list(self.request),
                "location": str(self.config_path.resolve()),
                "root": str(ctx.root),
                "watch": watch,
                "snapshot": _snapshot(watch),
                "findings": [_finding_json(f) for f in findings],
            }
            from toolchain.files import confine, make_folder

            make_folder(confine(self.file, self.config_path.parent).parent, self.config_path.parent)
            temporary = confine(self.file.with_suffix(f".{os.getpid()}.part"), self.config_path.parent)
            temporary.write_text(json.dumps(data), encoding="utf-8")
            temporary.replace(self.file)
        except OSError:
            return


def _finding_json(finding: Finding) -> dict[str, Any]:
    """Every field of the finding, so that a replay is the finding itself (a field left out here was lost on
    replay: the stores a finding concerns, its config key)."""
    import dataclasses

    data = {field.name: getattr(finding, field.name) for field in dataclasses.fields(finding)}
    data["related"] = [r.to_json() for r in finding.related]
    data["stores"] = list(finding.stores)
    return data


def _watch(ctx: LintContext) -> dict[str, Any]:
    """What the lint read: files compared by content, the folder walked, the folders excluded from the walk."""
    project = ctx.project
    assert project is not None
    files = {project.config_path.resolve(), *ctx.facts, *(p for t in ctx.targets for p in t.files)}
    files.update(project.root / name for name in PROJECT_FILES)
    for target in ctx.targets:  # every input of the lint build, node_modules included
        metafile = project.base_dir / ".xtk" / "lint-build" / f"{target.browser}.metafile.json"
        inputs = json.loads(metafile.read_text(encoding="utf-8")).get("inputs", {})
        files.update((project.root / source).resolve() for source in inputs)
    settings = project.config.lint
    if settings and settings.posture:
        files.add((project.base_dir / settings.posture).resolve())
    folders = [project.root.resolve()]
    if project.config.protocol:
        folders.append((project.base_dir / project.config.protocol.schemas).resolve())
    return {
        "files": sorted(str(f) for f in files),
        "folders": sorted(str(f) for f in dict.fromkeys(folders)),
        "excluded": sorted({str(project.out_dir), str(project.dist_dir)}),
    }


def _snapshot(watch: dict[str, Any]) -> dict[str, Any]:
    excluded = set(watch["excluded"])
    return {
        "xtk": [__version__, toolchain_stamp(), sys.version],
        "files": {path: file_sha256(Path(path)) for path in watch["files"]},
        "folders": {folder: walk_files(Path(folder), excluded) for folder in watch["folders"]},
    }
