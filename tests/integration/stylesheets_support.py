"""The stylesheets fixture (tests/fixtures/projects/stylesheets/: Sass, Less, PostCSS with Tailwind v4 and
autoprefixer, Vue and Svelte styles, asset queries): its npm packages installed once with `npm ci` (`make
fixture-deps` does it ahead), and disposable copies of it to build."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import REPO
from tests.integration.components_support import copy_npm_fixture, install_npm_fixture

STYLESHEETS = REPO / "tests/fixtures/projects/stylesheets"


def install_stylesheets_fixture() -> Path:
    return install_npm_fixture(STYLESHEETS)


def copy_stylesheets(destination: Path, node_modules: Path) -> Path:
    return copy_npm_fixture(STYLESHEETS, destination, node_modules)
