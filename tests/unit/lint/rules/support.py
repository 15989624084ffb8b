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
#: what addons.mozilla.org asks of a listed add-on's manifest (an ID, the data-collection declaration): tests whose
#: minimal manifests are about the code leave these out
AMO_LISTING = ("XL015", "XL016")
NODE_MODULES = REPO / "extension_src" / "node_modules"

#: (path, line, browser) — what a rule test asserts about each finding of its code
Place = tuple[str, int | None, str | None]


def copy_project(source: str | Path, destination: Path) -> Path:
    """A copy of a fixture project — a name under tests/fixtures/lint/projects/, or any project folder (a rule's own
    fixture, tests/fixtures/lint/rules/<CODE>/) — whose lint build (.xtk/) lands in `destination`."""
    folder = FIXTURES / "projects" / source if isinstance(source, str) else source
    target = destination / folder.name
    shutil.copytree(folder, target)
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
    from toolchain.lint import catalog

    names = catalog.names_for_selection(found)
    return not names[0].startswith(selected) and any(name.startswith(selected) for name in names[1:])


def places(ctx: LintContext, code: str) -> set[Place]:
    """Where the findings of one code are: {(path, line, browser)}; asserts they all carry that code."""
    found = findings(ctx, code)
    assert all(f.code.startswith(code) for f in found), found
    return {(f.path or "", f.line, f.browser) for f in found}


def messages(ctx: LintContext, code: str) -> list[str]:
    return [f.message for f in findings(ctx, code)]


# -- the rules' own fixtures (tests/fixtures/lint/rules/<CODE>/) and their text snapshots ------------------------------

RULE_FIXTURES = FIXTURES / "rules"


def fixture_kind(folder: Path) -> str | None:
    """How a fixture folder is linted: "project" (xtk.toml), "extension" (manifest.json), "archive" (one .zip)."""
    if (folder / "xtk.toml").is_file():
        return "project"
    if (folder / "manifest.json").is_file():
        return "extension"
    if len(list(folder.glob("*.zip"))) == 1:
        return "archive"
    return None


def rule_fixture_parts(code: str) -> list[str]:
    """The parts of tests/fixtures/lint/rules/<code>/: [""] when the folder is one project or extension, else the
    names of its subfolders (a rule that behaves differently in projects and plain extensions shows both)."""
    folder = RULE_FIXTURES / code
    if fixture_kind(folder):
        return [""]
    parts = sorted(sub.name for sub in folder.iterdir() if sub.is_dir() and fixture_kind(sub))
    assert parts, f"{folder} holds neither xtk.toml, manifest.json, one .zip, nor subfolders that do"
    return parts


def lint_rule_fixture(code: str, part: str, workdir: Path) -> LintContext:
    """The LintContext of tests/fixtures/lint/rules/<code>/<part>: a project is copied into `workdir` first."""
    folder = RULE_FIXTURES / code / part if part else RULE_FIXTURES / code
    kind = fixture_kind(folder)
    if kind == "project":
        return lint_project(copy_project(folder, workdir))
    if kind == "archive":
        return lint_extension(next(folder.glob("*.zip")))
    context = lint_extension(folder)
    if (folder / "previous" / "manifest.json").is_file():  # the release `--against` compares with (XP013)
        from dataclasses import replace

        from toolchain.lint.previous_release import load_previous_release

        previous = load_previous_release(folder / "previous")
        context.previous_release = replace(previous, display="previous/")  # as `--against previous/` shows it
    return context


def render_findings(found: list[Finding], part: str = "") -> str:
    """One line per finding, in the order the reporters use: `path:line:col: CODE (severity) message [browser]`,
    paths relative to the fixture (`part/` first when it has parts); "-" where a finding has no line or column."""
    lines = []
    for finding in sorted(found, key=Finding.sort_key):
        where = f"{part + '/' if part else ''}{finding.path or '-'}:{finding.line or '-'}:{finding.column or '-'}"
        message = finding.message.replace("\n", "\\n")
        browser = f" [{finding.browser}]" if finding.browser else ""
        lines.append(f"{where}: {finding.code} ({finding.severity}) {message}{browser}")
    return "".join(line + "\n" for line in lines)
