"""The build cache: replay a recipe when nothing it was derived from has changed.

A recipe depends on the config, on the HTML pages (they are rewritten into it), on which files exist (entries,
icons, the esbuild binary, tsconfig.json), on the listing of the folders copied whole (public/, _locales/),
and on xtk itself (its code, templates and schemas). Source code is not among them: esbuild reads it on every
build. The fingerprint records all of these; when every one is unchanged, `xtk build` runs the stored recipe
without loading the config again (no pydantic, Jinja2 or jsonschema), which is most of xtk's own start-up cost.
`--no-cache` skips it; any doubt (a missing or unreadable cache file, another xtk version) means a full build.

Only the standard library is imported here.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from toolchain import __version__
from toolchain.build.recipe import Recipe
from toolchain.resources import specs_dir, templates_dir

if TYPE_CHECKING:
    from toolchain.plan import BuildPlan
    from toolchain.project import Project

CACHE_FORMAT = 1


def _sha256(path: Path) -> str:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return "missing"


def _listing(folder: Path) -> list[str]:
    if not folder.is_dir():
        return []
    found = []
    for directory, _, files in os.walk(folder):
        for name in files:
            found.append(os.path.relpath(os.path.join(directory, name), folder))
    return sorted(found)


def toolchain_stamp() -> str:
    """xtk's own code, templates and manifest data, by name, size and modification time."""
    package = Path(__file__).resolve().parents[1]
    folders = [package, templates_dir(), specs_dir() / "manifest", specs_dir() / "knowledge"]
    entries = [__version__]
    for folder in folders:
        for directory, subfolders, files in os.walk(folder):
            subfolders[:] = sorted(d for d in subfolders if d != "__pycache__")
            for name in sorted(files):
                if name.endswith((".pyc", ".pyo")):
                    continue
                stat = os.stat(os.path.join(directory, name))
                entries.append(f"{directory}/{name}:{stat.st_size}:{stat.st_mtime_ns}")
    return hashlib.sha256("\n".join(entries).encode()).hexdigest()


@dataclass(frozen=True)
class Fingerprint:
    config: str  # sha256 of xtk.toml
    pages: dict[str, str]  # HTML page → sha256
    probes: dict[str, bool]  # file → whether it exists (entries, icons, the esbuild binary, tsconfig.json)
    listings: dict[str, list[str]]  # folder copied whole → the files in it
    toolchain: str
    request: list[str]  # the --browser choice and the mode

    @classmethod
    def of_build(cls, project: Project, plans: list[BuildPlan], binary: Path, request: str, mode: str) -> "Fingerprint":
        pages = {str(p.source): _sha256(p.source) for plan in plans for p in plan.pages}
        probed = [binary, project.root / "tsconfig.json"]
        for plan in plans:
            probed += [e.source for e in plan.scripts.values()] + [s.source for s in plan.styles.values()]
            probed += [a.source for a in plan.assets.values()]
        folders = [project.public_dir] + ([project.path(project.config.locales)] if project.config.locales else [])
        return cls(
            config=_sha256(project.config_path),
            pages=pages,
            probes={str(p): p.is_file() for p in dict.fromkeys(probed)},
            listings={str(f): _listing(f) for f in folders},
            toolchain=toolchain_stamp(),
            request=[request, mode],
        )

    def now(self, config_path: Path) -> "Fingerprint":
        """The same fingerprint taken again, over the same files, as they are now."""
        return Fingerprint(
            config=_sha256(config_path),
            pages={path: _sha256(Path(path)) for path in self.pages},
            probes={path: Path(path).is_file() for path in self.probes},
            listings={path: _listing(Path(path)) for path in self.listings},
            toolchain=toolchain_stamp(),
            request=self.request,
        )

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def cache_file(config_path: Path, request: str, mode: str) -> Path:
    return config_path.parent / ".xtk" / "build-cache" / f"{request}-{mode}.json"


def store(config_path: Path, request: str, mode: str, recipe: Recipe, fingerprint: Fingerprint) -> None:
    target = cache_file(config_path, request, mode)
    target.parent.mkdir(parents=True, exist_ok=True)
    data = {"format": CACHE_FORMAT, "xtk": __version__, "fingerprint": fingerprint.to_json(), "recipe": recipe.to_json()}
    temporary = target.with_suffix(".part")
    temporary.write_text(json.dumps(data), encoding="utf-8")
    temporary.replace(target)


def load(config_path: Path, request: str, mode: str) -> Recipe | None:
    """The stored recipe when every input is as it was; None otherwise (and on any doubt)."""
    try:
        data = json.loads(cache_file(config_path, request, mode).read_text(encoding="utf-8"))
        if data.get("format") != CACHE_FORMAT or data.get("xtk") != __version__:
            return None
        stored = Fingerprint(**data["fingerprint"])
        if stored.request != [request, mode] or stored.now(config_path) != stored:
            return None
        return Recipe.from_json(data["recipe"])
    except (OSError, ValueError, KeyError, TypeError):
        return None

