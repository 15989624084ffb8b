"""Lint contexts of the fixtures, built once per session: a project lint builds every target with esbuild
(~0.3 s), a plain extension only parses."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.unit.lint.rules.support import FIXTURES, NODE_MODULES, copy_project, lint_extension, lint_project
from toolchain.lint.context import LintContext


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
