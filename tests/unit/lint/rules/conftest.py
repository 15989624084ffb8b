"""Lint contexts of the fixtures, built once per session: a project lint builds every target with esbuild
(~0.3 s), a plain extension only parses."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.unit.lint.rules.support import (
    FIXTURES,
    NODE_MODULES,
    copy_project,
    fixture_kind,
    lint_extension,
    lint_project,
    lint_rule_fixture,
)
from toolchain.lint.context import LintContext

HERE = Path(__file__).parent
#: the fixtures (here and in the rule modules) that build a project with esbuild: a test asking for one needs
#: node_modules, so it carries the `node` marker (`pytest -m "not node"` leaves it out)
BUILDING_FIXTURES = frozenset({"project", "docmind", "drifting", "suppressed"})


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-snapshots",
        action="store_true",
        default=False,
        help="rewrite the rules' snapshots, tests/fixtures/lint/rules/<CODE>/<CODE>.snap (or XTK_UPDATE_SNAPSHOTS=1)",
    )


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


@pytest.fixture(scope="session")
def rule_fixture(tmp_path_factory: pytest.TempPathFactory) -> Callable[..., LintContext]:
    """`rule_fixture("XP002")` → the LintContext of the rule's own fixture, tests/fixtures/lint/rules/XP002 (cached);
    `rule_fixture("XP001", "project")` → of one part of a fixture that has parts."""
    cache: dict[tuple[str, str], LintContext] = {}

    def get(code: str, part: str = "") -> LintContext:
        if (code, part) not in cache:
            folder = FIXTURES / "rules" / code / part if part else FIXTURES / "rules" / code
            if fixture_kind(folder) == "project" and not (NODE_MODULES / "esbuild").is_dir():
                pytest.skip("extension_src/node_modules is missing (npm ci): project lints build with esbuild")
            cache[code, part] = lint_rule_fixture(code, part, tmp_path_factory.mktemp(f"rule-{code}"))
        return cache[code, part]

    return get
