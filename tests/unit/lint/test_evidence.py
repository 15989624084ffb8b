"""Evidence on every finding: an error names the call or key that caused it (file:line); a verdict of absence
(XP002, "unused") lists the files it was reached on, in every output format; a verdict that rests on code xtk could
not see (loaded from a computed or remote place) is not given, and XL006 says where that code comes in."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import run_xtk
from tests.unit.lint.rules.support import FIXTURES, copy_project, lint_extension, lint_project
from toolchain.lint.engine import run_rules

MANIFEST = {
    "manifest_version": 3,
    "name": "evidence",
    "version": "1.0",
    "permissions": ["storage", "alarms"],
    "background": {"service_worker": "background.js"},
    "content_scripts": [{"matches": ["https://example.org/*"], "js": ["content.js"]}],
}


@pytest.fixture
def extension(tmp_path: Path) -> Path:
    folder = tmp_path / "evidence"
    (folder / "lib").mkdir(parents=True)
    (folder / "manifest.json").write_text(json.dumps(MANIFEST, indent=2), encoding="utf-8")
    (folder / "background.js").write_text("import { save } from './lib/store.js';\nsave(1);\n", encoding="utf-8")
    (folder / "lib" / "store.js").write_text(
        "export function save(v) { chrome.storage.local.set({ v }); }\n", encoding="utf-8"
    )
    (folder / "content.js").write_text("document.title;\n", encoding="utf-8")
    return folder


ANALYSED = ["background.js", "content.js", "lib/store.js"]


def lint(folder: Path, fmt: str) -> str:
    result = run_xtk("lint", str(folder), "--format", fmt, "--select", "XP002,XL", cwd=folder.parent)
    assert result.code == 1, result.output
    return result.stdout


def test_text_lists_the_files_an_unused_verdict_rests_on(extension: Path) -> None:
    out = lint(extension, "text").splitlines()
    assert out[0].startswith("manifest.json:7:5: XP002 `alarms` is declared (permissions) but no API that needs it")
    assert out[1] == "  = analysed (3 files): " + ", ".join(ANALYSED)
    assert out[2:] == [
        "Store review: what a reviewer would reject",
        "  Chrome Web Store — Purple Potassium: excessive permissions: XP002",
        "Found 1 error.",
    ]


def test_json_has_the_related_files(extension: Path) -> None:
    [finding] = json.loads(lint(extension, "json"))
    assert (finding["code"], finding["path"], finding["line"]) == ("XP002", "manifest.json", 7)
    assert finding["related"] == [{"message": "analysed", "path": path, "line": None} for path in ANALYSED]


def test_sarif_has_related_locations(extension: Path) -> None:
    [result] = json.loads(lint(extension, "sarif"))["runs"][0]["results"]
    assert result["ruleId"] == "XP002"
    assert result["relatedLocations"] == [
        {"id": i, "physicalLocation": {"artifactLocation": {"uri": path, "uriBaseId": "%SRCROOT%"}},
         "message": {"text": "analysed"}}
        for i, path in enumerate(ANALYSED)
    ]  # fmt: skip


def test_github_annotation_carries_the_files(extension: Path) -> None:
    [line] = lint(extension, "github").splitlines()
    assert line.startswith("::error file=manifest.json,line=7,col=5,title=XP002::`alarms` is declared")
    assert line.endswith("%0Aanalysed (3 files): " + ", ".join(ANALYSED))


def test_a_long_list_is_cut_in_text_but_whole_in_json(extension: Path) -> None:
    names = [f"m{i:02}.js" for i in range(12)]
    for name in names:
        (extension / "lib" / name).write_text("export const x = 1;\n", encoding="utf-8")
    imports = "".join(f"import './lib/{name}';\n" for name in names)
    (extension / "background.js").write_text(
        imports + "import { save } from './lib/store.js';\nsave(1);\n", encoding="utf-8"
    )
    text = lint(extension, "text").splitlines()[1]
    assert text.startswith("  = analysed (15 files): background.js, content.js, lib/m00.js") and text.endswith(
        "… and 7 more"
    )
    [finding] = json.loads(lint(extension, "json"))
    assert len(finding["related"]) == 15


def test_code_loaded_from_a_computed_place_withholds_the_unused_verdict(extension: Path) -> None:
    background = extension / "background.js"
    background.write_text(
        background.read_text() + "const plugin = await import(chrome.runtime.getURL(name));\n", encoding="utf-8"
    )
    found = run_rules(lint_extension(extension), ["XP002", "XL"], [])
    assert [(f.code, f.severity, f.path, f.line) for f in found] == [("XL006", "warning", "background.js", 3)]
    assert "the code it loads was not analysed" in found[0].message and "XP002 at manifest.json:7" in found[0].message


def test_code_loaded_from_a_computed_place_says_nothing_when_nothing_rests_on_it(extension: Path) -> None:
    """XL006 explains withheld verdicts; with none withheld (every permission used), XS001 alone judges the load."""
    manifest = json.loads((extension / "manifest.json").read_text())
    manifest["permissions"] = ["storage"]
    (extension / "manifest.json").write_text(json.dumps(manifest, indent=2), encoding="utf-8")
    background = extension / "background.js"
    background.write_text(
        background.read_text() + "const plugin = await import(chrome.runtime.getURL(name));\n", encoding="utf-8"
    )
    assert run_rules(lint_extension(extension), ["XP002", "XL"], []) == []


@pytest.mark.node  # builds a project with esbuild
def test_every_error_finding_is_located(tmp_path: Path) -> None:
    """Over every lint fixture (plain extensions, precision cases, seed architectures, projects): an error names
    the file and line of the call or key that caused it."""
    contexts = [lint_extension(folder) for group in ("extensions", "precision", "seeds")
                for folder in sorted((FIXTURES / group).iterdir())
                if (folder / "manifest.json").is_file() and folder.name != "odd-manifest"]  # fmt: skip
    contexts += [lint_project(copy_project(name, tmp_path)) for name in ("permissions", "protocol", "security")]
    errors = [f for ctx in contexts for f in run_rules(ctx, [], []) if f.severity == "error"]
    assert len(errors) > 50
    assert [f for f in errors if not f.path or f.line is None] == []
