"""`auto_imports`: each file gets imports of the auto-imported names it uses, and only of those (as WXT's unimport
adds them; toolchain/tools/auto_imports.mjs). A component module that imports CSS reaches only the bundles whose code
uses it: injected into every bundle, its CSS was in every page and a stray background.css (issue 18)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import run_xtk
from tests.integration.components_support import copy_components, install_components_fixture

pytestmark = pytest.mark.node


def test_an_auto_imported_component_and_its_css_are_only_in_the_bundles_that_use_it(tmp_path: Path) -> None:
    project = copy_components(tmp_path / "p", install_components_fixture())
    components = project / "src/components"
    components.mkdir()
    (components / "Spinner.css").write_text(".xtk-spinner { animation: spin 1s linear infinite; }\n", "utf-8")
    (components / "Spinner.ts").write_text(
        'import "./Spinner.css";\n\nexport default function createSpinner(): HTMLElement {\n'
        '  const element = document.createElement("div");\n  element.className = "xtk-spinner";\n'
        "  return element;\n}\n",
        encoding="utf-8",
    )
    (components / "label.ts").write_text('export const spinnerLabel = "spinner-label-text";\n', encoding="utf-8")
    content = project / "src/content/index.ts"
    content.write_text(content.read_text(encoding="utf-8") + "document.body.append(Spinner());\n", encoding="utf-8")
    background = project / "src/background/index.ts"  # the name as a property, a key and in a comment: no use
    background.write_text(
        background.read_text(encoding="utf-8")
        + "// Spinner()\nconst parts = { Spinner: 1 };\nconsole.log(parts.Spinner);\n",
        encoding="utf-8",
    )
    config = project / "xtk.toml"
    config.write_text('auto_imports = ["src/components"]\n' + config.read_text(encoding="utf-8"), encoding="utf-8")

    built = run_xtk("build", "--browser", "chrome", "--no-typecheck", cwd=project)
    assert built.code == 0, built.output
    out = project / "build/chrome"
    assert "xtk-spinner" in (out / "content/index.js").read_text(encoding="utf-8")  # the component, imported
    content_css = [p for p in out.rglob("*.css") if "animation:spin" in p.read_text(encoding="utf-8").replace(" ", "")]
    assert [p.relative_to(out).as_posix() for p in content_css] == ["content/index.css"]  # its CSS: that bundle's only
    options = [p.read_text(encoding="utf-8") for p in (out / "options").rglob("*") if p.is_file()]
    assert not any("xtk-spinner" in text for text in options)
    assert not (out / "background/index.css").exists()
    for script in ("background/index.js", "options/main.js"):
        assert "spinner-label-text" not in (out / script).read_text(encoding="utf-8")
    # the build cache finds the same reasons to bundle through Node (auto_imports among them) and replays the recipe
    replayed = run_xtk("build", "--browser", "chrome", "--no-typecheck", "--format", "json", cwd=project)
    assert replayed.code == 0 and json.loads(replayed.stdout)["cached_recipe"] is True, replayed.output
