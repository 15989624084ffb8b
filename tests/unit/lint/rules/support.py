"""Shared helpers of the rule tests: fixture projects (copied, with node_modules linked) and plain extensions under
tests/fixtures/lint/, linted once per test session, and compact views of findings."""

from __future__ import annotations

import shutil
from pathlib import Path

from toolchain.lint.context import LintContext
from toolchain.lint.engine import run_rules
from toolchain.lint.model import Finding

REPO = Path(__file__).resolve().parents[4]
FIXTURES = REPO / "tests" / "fixtures" / "lint"
NODE_MODULES = REPO / "extension_src" / "node_modules"

#: (path, line, browser) — what a rule test asserts about each finding of its code
Place = tuple[str, int | None, str | None]


def copy_project(name: str, destination: Path) -> Path:
    """A copy of tests/fixtures/lint/projects/<name> whose lint build (.xtk/) lands in `destination`."""
    target = destination / name
    shutil.copytree(FIXTURES / "projects" / name, target)
    (target / "node_modules").symlink_to(NODE_MODULES, target_is_directory=True)
    return target


def lint_project(folder: Path) -> LintContext:
    from toolchain.lint.project_targets import project_context
    from toolchain.project import load_project

    return project_context(load_project(folder))


def lint_extension(path: Path) -> LintContext:
    from toolchain.lint.extension_targets import extension_context

    return extension_context(path)


def findings(ctx: LintContext, code: str, ignore: tuple[str, ...] = ()) -> list[Finding]:
    """The findings `--select code` gives, less those of codes split from it (XS007 answers to XS001 too)."""
    return [f for f in run_rules(ctx, [code], list(ignore)) if not _only_as_former(f.code, code)]


def _only_as_former(found: str, selected: str) -> bool:
    from toolchain import catalog

    names = catalog.names_for_selection(found)
    return not names[0].startswith(selected) and any(name.startswith(selected) for name in names[1:])


def places(ctx: LintContext, code: str) -> set[Place]:
    """Where the findings of one code are: {(path, line, browser)}; asserts they all carry that code."""
    found = findings(ctx, code)
    assert all(f.code.startswith(code) for f in found), found
    return {(f.path or "", f.line, f.browser) for f in found}


def messages(ctx: LintContext, code: str) -> list[str]:
    return [f.message for f in findings(ctx, code)]
