"""The build cache: replay a recipe when nothing it was derived from has changed.

The cache key (the fingerprint) is the project's own location and the content of every input of the recipe:
the config; the HTML pages (they are rewritten into it); which files the config and the pages name exist
(entries, icons, every path key); the content of the folders copied whole (public/, _locales/, so a removed
message is seen) and any link in them; the links under src/ that leave the project (refused: a replay must see
one added after the last build); tsconfig.json, package.json and package-lock.json; the installed
esbuild and TypeScript (their package.json and the binaries' size, time and inode), and of the component and
stylesheet tools; why the project bundles through Node (tools/components.node_features: found again before a
replay, so a PostCSS config or a `?raw` import added since is not replayed through the native binary); and xtk
itself (its code, templates and schemas); the content of the image `icon` names (icons are drawn from it).
Source code is not among them: esbuild and tsc read it on every build.

A project copied or moved elsewhere has another location, so it never replays the recipe of the original (whose
paths point at the original's files and build folder). When every part is unchanged, `xtk build` runs the stored
recipe without loading the config again (no pydantic, Jinja2 or jsonschema), which is most of xtk's own
start-up cost. `--no-cache` skips it; any doubt (a missing or unreadable cache file, another xtk) means a full build.

Only the standard library is imported here.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from dataclasses import asdict, dataclass
from dataclasses import field as dataclass_field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from toolchain import __version__
from toolchain.builder.recipe import Recipe
from toolchain.confine import copied_files, source_links, write_problem
from toolchain.diagnostics import InputError
from toolchain.fingerprint import file_sha256, tool_stamp, toolchain_stamp
from toolchain.tools.components import node_features
from toolchain.tools.project_files import PROJECT_FILES

if TYPE_CHECKING:
    from toolchain.plan import BuildPlan
    from toolchain.project import Project

CACHE_FORMAT = 4


def _state(path: Path) -> str:
    """Whether a named path is a file, a folder or missing (what the config checks look at)."""
    return "file" if path.is_file() else "dir" if path.is_dir() else "missing"


def _contents(folder: Path, project_dir: Path) -> dict[str, str]:
    """A folder copied whole: each file's content, and each link that leaves the project (it would be refused)."""
    tree = copied_files(folder, project_dir)
    found = {os.path.relpath(path, folder): file_sha256(path) for path in tree.files}
    found.update({os.path.relpath(link, folder): "link:" + os.readlink(link) for link in tree.refused_links})
    return found


def _links_out(src_dir: Path, project_dir: Path) -> dict[str, str]:
    return {os.path.relpath(link, src_dir): os.readlink(link) for link in source_links(src_dir, project_dir)}


def _node_binary(needed: bool) -> list[Path]:
    found = shutil.which("node") if needed else None
    return [Path(found).resolve()] if found else []


@dataclass(frozen=True)
class Fingerprint:
    location: str  # the config file, resolved: a copied or moved project has another one
    config: str  # sha256 of xtk.toml
    pages: dict[str, str]  # HTML page → sha256
    probes: dict[str, str]  # named path → file | dir | missing (config paths, entries, page references)
    contents: dict[str, dict[str, str]]  # folder copied whole → its files' sha256 (and links out)
    source_links: dict[str, dict[str, str]]  # src/ → its links that leave the project (each one refused)
    project_files: dict[str, str]  # tsconfig.json, package files, installed tool versions → sha256
    tools: dict[str, str]  # esbuild and tsc binaries → size:mtime:inode
    # why the project bundles through Node (components, stylesheet tools, asset queries): found again on replay,
    # so a query import or PostCSS config added since is never replayed through the native binary
    node: dict[str, Any]  # {"root", "src", "features"}
    toolchain: str
    request: list[str]  # the --browser choice and the mode
    #: the environment's variables a build reads (.env's allowed prefixes; plan/env_files.py): prefixes and sha256
    environment: dict[str, Any] = dataclass_field(default_factory=dict)
    #: the image `icon` names → sha256: the icons drawn from it are in the recipe, so an edited image rebuilds
    images: dict[str, str] = dataclass_field(default_factory=dict)

    @classmethod
    def of_build(
        cls, project: Project, plans: list[BuildPlan], binary: Path, request: str, mode: str, node: list[str]
    ) -> Fingerprint:
        """`node`: why the project bundles through Node (tools/components.node_features; its binary is then a tool of
        the build too)."""
        from toolchain.plan.env_files import env_file_names
        from toolchain.project import file_refs
        from toolchain.tools.typecheck import tsc_binary

        config = project.config
        pages = {str(p.source): file_sha256(p.source) for plan in plans for p in plan.pages}
        probed = [project.root, project.src_dir, project.public_dir] + [
            project.path(r.value) for r in file_refs(config)
        ]
        for plan in plans:
            probed += [e.source for e in plan.scripts.values()] + [s.source for s in plan.styles.values()]
            probed += [a.source for a in plan.assets.values()]
        folders = [project.public_dir] + ([project.path(config.locales)] if config.locales else [])
        folders += [project.path(folder) for folder in config.auto_imports]  # their exports are auto-imported
        return cls(
            location=str(project.config_path.resolve()),
            config=file_sha256(project.config_path),
            pages=pages,
            probes={str(p): _state(p) for p in dict.fromkeys(probed)},
            contents={str(f): _contents(f, project.base_dir.resolve()) for f in folders},
            source_links={str(project.src_dir): _links_out(project.src_dir, project.base_dir.resolve())},
            project_files={
                str(project.root / name): file_sha256(project.root / name)
                for name in (*PROJECT_FILES, *env_file_names(mode))  # .env files of the mode: import.meta.env
            },
            tools={
                str(path): tool_stamp(path) for path in (binary, tsc_binary(project.root), *_node_binary(bool(node)))
            },
            node={"root": str(project.root), "src": str(project.src_dir), "features": node},
            toolchain=toolchain_stamp(),
            request=[request, mode],
            environment=_environment(list(config.env_prefix)),
            images={str(project.path(config.icon)): file_sha256(project.path(config.icon))} if config.icon else {},
        )

    def now(self, config_path: Path) -> Fingerprint:
        """The same fingerprint taken again, over the same files, as they are now."""
        project_dir = config_path.resolve().parent
        return Fingerprint(
            location=str(config_path.resolve()),
            config=file_sha256(config_path),
            pages={path: file_sha256(Path(path)) for path in self.pages},
            probes={path: _state(Path(path)) for path in self.probes},
            contents={path: _contents(Path(path), project_dir) for path in self.contents},
            source_links={path: _links_out(Path(path), project_dir) for path in self.source_links},
            project_files={path: file_sha256(Path(path)) for path in self.project_files},
            tools={path: tool_stamp(Path(path)) for path in self.tools},
            node={**self.node, "features": _features_now(self.node)},
            toolchain=toolchain_stamp(),
            request=self.request,
            environment=_environment(self.environment.get("prefixes", [])),
            images={path: file_sha256(Path(path)) for path in self.images},
        )

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def _environment(prefixes: list[str]) -> dict[str, Any]:
    """The variables of xtk's environment a build puts into `import.meta.env` (those with an allowed prefix), hashed:
    `VITE_API=… xtk build` after a build without it is another build."""
    chosen = sorted((name, value) for name, value in os.environ.items() if name.startswith(tuple(prefixes)))
    return {"prefixes": prefixes, "sha256": hashlib.sha256(json.dumps(chosen).encode("utf-8")).hexdigest()}


def _features_now(node: dict[str, Any]) -> list[str]:
    try:
        # auto_imports come from xtk.toml, whose hash is part of the fingerprint: the same as when it was taken
        return node_features(Path(node["root"]), Path(node["src"]), "auto_imports" in node["features"])
    except (InputError, OSError):  # a package.json now broken: no replay; the full build names the problem
        return ["unreadable"]


def cache_file(config_path: Path, request: str, mode: str) -> Path:
    return config_path.parent / ".xtk" / "build-cache" / f"{request}-{mode}.json"


def store(config_path: Path, request: str, mode: str, recipe: Recipe, fingerprint: Fingerprint) -> None:
    from toolchain.files import confine, make_folder

    target = confine(cache_file(config_path, request, mode), config_path.parent)
    make_folder(target.parent, config_path.parent)
    data = {
        "format": CACHE_FORMAT,
        "xtk": __version__,
        "fingerprint": fingerprint.to_json(),
        "recipe": recipe.to_json(),
    }
    temporary = confine(target.with_suffix(".part"), config_path.parent)
    temporary.write_text(json.dumps(data), encoding="utf-8")
    temporary.replace(target)


def load(config_path: Path, request: str, mode: str) -> Recipe | None:
    """The stored recipe when every input is as it was; None otherwise (and on any doubt)."""
    path = cache_file(config_path, request, mode)
    if write_problem(path, config_path.parent) is not None:  # .xtk linked out: the full build refuses it, by name
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("format") != CACHE_FORMAT or data.get("xtk") != __version__:
            return None
        stored = Fingerprint(**data["fingerprint"])
        if stored.request != [request, mode] or stored.now(config_path) != stored:
            return None
        return Recipe.from_json(data["recipe"])
    except (OSError, ValueError, KeyError, TypeError):
        return None
