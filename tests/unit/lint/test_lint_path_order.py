"""The lint path runs one way: targets and their contexts complete, then the facts once, then the rules.

Counted where it happens: `ProjectAnalysis` is the project-wide phase that turns walked files into facts. Before,
a plain extension whose code names a script (executeScript's files) had its facts computed once per round of
discovery, and a project once while esbuild bundled and again when the metafile showed more files.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import copy_flagship
from toolchain.analysis import project_analysis
from toolchain.lint.extension_targets import extension_context
from toolchain.lint.project_targets import project_context


@pytest.fixture
def analyses(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many times the facts phase ran (one entry per ProjectAnalysis: its module count)."""
    runs: list[int] = []
    original = project_analysis.ProjectAnalysis.__init__

    def counted(self: project_analysis.ProjectAnalysis, resolver: object) -> None:
        original(self, resolver)  # type: ignore[arg-type]
        runs.append(len(self.modules))

    monkeypatch.setattr(project_analysis.ProjectAnalysis, "__init__", counted)
    return runs


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")


def test_an_extension_whose_code_names_scripts_and_pages_has_its_facts_computed_once(
    tmp_path: Path, analyses: list[int]
) -> None:
    _write(
        tmp_path,
        {
            "manifest.json": json.dumps(
                {
                    "manifest_version": 2,
                    "name": "x",
                    "version": "1",
                    "background": {"scripts": ["background.js"]},
                    "permissions": ["activeTab"],
                }
            ),
            # the background injects a script by name and opens a page; the page's script injects another
            "background.js": "browser.browserAction.onClicked.addListener(() => {\n"
            '  browser.tabs.executeScript({file: "inject.js"});\n'
            '  browser.tabs.create({url: "panel.html"});\n});\n',
            "inject.js": 'import { helper } from "./helper.js";\nhelper(document.title);\n',
            "helper.js": (
                'export function helper(title) { return browser.runtime.sendMessage({type: "TITLE", title}); }\n'
            ),
            "panel.html": '<!doctype html><script src="panel.js"></script>\n',
            "panel.js": 'browser.tabs.executeScript({file: "second.js"});\n',
            "second.js": 'browser.storage.local.get("k");\n',
        },
    )
    context = extension_context(tmp_path, ["firefox"])
    files = {path.name: contexts for path, contexts in context.targets[0].files.items()}
    assert files == {
        "background.js": {"background"},
        "inject.js": {"content"},
        "helper.js": {"content"},
        "panel.js": {"page"},
        "second.js": {"content"},
    }
    assert sorted(path.name for path in context.facts) == [
        "background.js",
        "helper.js",
        "inject.js",
        "panel.js",
        "second.js",
    ]
    assert [len(context.facts)] == analyses  # one facts phase, over every file


@pytest.mark.node
def test_a_project_has_its_facts_computed_once_after_its_build(tmp_path: Path, analyses: list[int]) -> None:
    from toolchain.project import load_project

    context = project_context(load_project(copy_flagship(tmp_path / "docmind")))
    bundled = {path for target in context.targets for path in target.files if path.suffix == ".ts"}
    assert bundled and bundled <= set(context.facts)
    assert analyses == [len(context.facts)]
