"""What a batch of changed files asks of the dev loop: a `ChangeKind`, from the paths and what the last build read
(`BuiltFiles`), nothing else — no file is opened, no browser asked (as WXT's `detectDevChanges`).

Each file has a kind; a batch is the strongest of its files' kinds. The kinds, weakest first, and what the session
does for each (toolchain/dev/session.py; the reloaders, toolchain/dev/reload*.py, take the kind):

- IGNORED: nothing the build reads (a README, a new file nothing imports yet). Nothing is rebuilt.
- CONTENT_SCRIPT: code only the content scripts registered at run time bundle (Chromium sessions, runtime_scripts.py).
  The bundles are rebuilt; the browser re-reads those scripts, the background left running; the tabs reload.
- CODE: code any other bundle reads (the background, workers, the pages' scripts and styles, declared content
  scripts). The bundles are rebuilt and the extension reloaded.
- ASSET: a file copied as it is (an icon, a file of public/ or of the locales, one added or removed there).
- PAGE: an extension page's HTML (the scripts and styles it names are planned again).
- CONFIG: xtk.toml, tsconfig.json, package.json, the `.env` files of development mode.
  From ASSET up: the project is loaded and planned again, everything rebuilt, and the extension reloaded.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum
from pathlib import Path
from typing import TYPE_CHECKING

from toolchain.dev.runtime_scripts import reached_outputs
from toolchain.plan.env_files import env_file_names

if TYPE_CHECKING:
    from toolchain.dev.bundler import BundleResult
    from toolchain.dev.dev_build import DevPlan


class ChangeKind(IntEnum):
    """What a change asks for, weakest first (a batch takes its strongest)."""

    IGNORED = 0
    CONTENT_SCRIPT = 1
    CODE = 2
    ASSET = 3
    PAGE = 4
    CONFIG = 5

    @property
    def rebuilds_all(self) -> bool:
        """The project is loaded and planned again and everything rebuilt (not only the bundles)."""
        return self >= ChangeKind.ASSET


@dataclass(frozen=True)
class BuiltFiles:
    """What one good dev build read, as the classification needs it (absolute, resolved paths)."""

    config: frozenset[Path]  # xtk.toml, tsconfig.json, package.json
    pages: frozenset[Path]  # the extension pages' HTML sources
    assets: frozenset[Path]  # the files copied as they are
    asset_folders: tuple[Path, ...]  # public/, the locales: a file added or removed there changes the build
    sources: frozenset[Path]  # every source file the bundles were made from
    bundles: dict[Path, set[Path]]  # each output file → the sources it was made from
    registered_scripts: frozenset[Path]  # the built files of the content scripts registered at run time

    @classmethod
    def of(cls, dev: DevPlan, bundled: BundleResult) -> BuiltFiles:
        project, plan = dev.project, dev.plan
        # .env files define import.meta.env; the one image icons are made from is an asset like any icon
        env_files = [project.root / name for name in env_file_names("development")]
        icon = [project.path(project.config.icon)] if project.config.icon else []
        return cls(
            config=frozenset(
                path.resolve()
                for path in (
                    project.config_path,
                    project.root / "tsconfig.json",
                    project.root / "package.json",
                    *env_files,
                )
            ),
            pages=frozenset(page.source.resolve() for page in plan.pages),
            assets=frozenset(
                [*(asset.source.resolve() for asset in plan.assets.values()), *(p.resolve() for p in icon)]
            ),
            asset_folders=tuple(dev.watched_folders()),
            sources=frozenset(bundled.inputs),
            bundles=bundled.outputs,
            registered_scripts=frozenset(dev.content_script_files()),
        )


def file_kind(path: Path, built: BuiltFiles) -> ChangeKind:
    """The kind of one changed file (`path` absolute and resolved, as the watcher gives it)."""
    if path in built.config:
        return ChangeKind.CONFIG
    if path in built.pages:
        return ChangeKind.PAGE
    if path in built.assets or any(path.is_relative_to(folder) for folder in built.asset_folders):
        return ChangeKind.ASSET
    if path not in built.sources:
        return ChangeKind.IGNORED
    if built.registered_scripts and reached_outputs(built.bundles, {path}) <= built.registered_scripts:
        return ChangeKind.CONTENT_SCRIPT
    return ChangeKind.CODE


def change_kind(paths: Iterable[Path], built: BuiltFiles) -> ChangeKind:
    """The kind of a batch: the strongest of its files' kinds (IGNORED for none)."""
    return max((file_kind(path, built) for path in paths), default=ChangeKind.IGNORED)
