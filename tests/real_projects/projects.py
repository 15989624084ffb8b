"""The real-project corpus of issue 18: three open-source extensions, vendored unchanged, and how each one is built
with its original tool.

Each project lives under tests/real_projects/<name>/ exactly as upstream (ORIGIN.md says which commit and what was
left out). Its upstream lock is bun's or pnpm's, so an npm lock generated from its package.json sits beside the
tree as <name>.package-lock.json and is copied in at install time: the vendored tree stays byte-for-byte upstream's.

prepare.py installs each into tests/real_projects/.work/<name>/ (git-ignored); reference.py builds each there with
its own tool and records what the original build contains; benchmarks/import_build.py times the original build
against `xtk import` + `xtk build`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
WORK = HERE / ".work"


@dataclass(frozen=True)
class OriginalBuild:
    """One production build by the project's own tool: the command (run in the work dir) and where it writes."""

    browser: str
    argv: tuple[str, ...]
    output: str  # relative to the work dir


@dataclass(frozen=True)
class RealProject:
    name: str
    tool: str
    builds: tuple[OriginalBuild, ...]
    # Dependencies whose npm install scripts the build needs. Everything else installs with --ignore-scripts:
    # the projects' own lifecycle scripts would reach outside the work dir (github-better-line-counts' `prepare`
    # runs simple-git-hooks, which installs a pre-commit hook into the enclosing repository's .git).
    install_scripts: tuple[str, ...] = ()

    @property
    def source(self) -> Path:
        return HERE / self.name

    @property
    def lock(self) -> Path:
        return HERE / f"{self.name}.package-lock.json"

    @property
    def work(self) -> Path:
        return WORK / self.name

    @property
    def reference(self) -> Path:
        return HERE / f"{self.name}.reference.json"


PROJECTS: tuple[RealProject, ...] = (
    RealProject(
        name="github-better-line-counts",
        tool="wxt",
        # WXT's defaults: MV3 for Chrome, MV2 for Firefox.
        builds=(
            OriginalBuild("chrome", ("node_modules/.bin/wxt", "build", "-b", "chrome"), ".output/chrome-mv3"),
            OriginalBuild("firefox", ("node_modules/.bin/wxt", "build", "-b", "firefox"), ".output/firefox-mv2"),
        ),
        install_scripts=("esbuild", "sharp"),
    ),
    RealProject(
        name="storage-editor",
        tool="vite+crxjs",
        # @crxjs/vite-plugin 1.x builds a Chrome MV3 extension only; it has no Firefox target.
        builds=(OriginalBuild("chrome", ("node_modules/.bin/vite", "build"), "dist"),),
        install_scripts=("esbuild", "vue-demi"),
    ),
    RealProject(
        name="read-it-later",
        tool="plasmo",
        builds=(
            OriginalBuild(
                "chrome", ("node_modules/.bin/plasmo", "build", "--target=chrome-mv3"), "build/chrome-mv3-prod"
            ),
            OriginalBuild(
                "firefox", ("node_modules/.bin/plasmo", "build", "--target=firefox-mv3"), "build/firefox-mv3-prod"
            ),
        ),
        install_scripts=("esbuild", "@swc/core", "lmdb", "msgpackr-extract", "@parcel/watcher", "sharp"),
    ),
)


def project_named(name: str) -> RealProject:
    for project in PROJECTS:
        if project.name == name:
            return project
    raise KeyError(f"no real project named {name!r}: {', '.join(p.name for p in PROJECTS)}")
