"""Lint contexts of the fixtures, built once per session: a project lint builds every target with esbuild
(~0.3 s), a plain extension only parses."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.unit.lint.rules.support import FIXTURES, NODE_MODULES, copy_project, lint_extension, lint_project
from toolchain.lint.context import LintContext

HERE = Path(__file__).parent
#: the fixtures (here and in the rule modules) that build a project with esbuild: a test asking for one needs
#: node_modules, so it carries the `node` marker (`pytest -m "not node"` leaves it out)
BUILDING_FIXTURES = frozenset({"project", "docmind", "drifting", "suppressed"})


@pytest.hookimpl(tryfirst=True)  # before -m selects on the markers
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.is_relative_to(HERE) and BUILDING_FIXTURES.intersection(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.node)


@pytest.fixture(scope="session")
def project(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], LintContext]:
    """`project("permissions")` → the LintContext of tests/fixtures/lint/projects/permissions (cached)."""
    if not (NODE_MODULES / "esbuild").is_dir():
        pytest.skip("extension_src/node_modules is missing (npm ci): project lints build with esbuild")
    cache: dict[str, LintContext] = {}

    def get(name: str) -> LintContext:
        if name not in cache:
            cache[name] = lint_project(copy_project(name, tmp_path_factory.mktemp("lint")))
        return cache[name]

    return get


@pytest.fixture(scope="session")
def extension() -> Callable[[str], LintContext]:
    """`extension("mv3-issues")` → the LintContext of tests/fixtures/lint/extensions/mv3-issues (cached)."""
    cache: dict[str, LintContext] = {}

    def get(name: str) -> LintContext:
        if name not in cache:
            cache[name] = lint_extension(FIXTURES / "extensions" / name)
        return cache[name]

    return get
