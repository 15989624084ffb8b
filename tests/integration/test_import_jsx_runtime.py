"""An imported Plasmo project compiles JSX as Plasmo does, with React's automatic runtime: a .tsx page that never
imports React (Plasmo's tsconfig base says `jsx: preserve`, so tsconfig alone would give classic React.createElement
calls to a `React` that is not in scope), and its background gets the `action` every Plasmo manifest has."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.conftest import run_xtk
from tests.integration.test_import import project

pytestmark = pytest.mark.node


def test_plasmo_page_without_import_react_builds_on_the_jsx_runtime(tmp_path: Path) -> None:
    folder = project("plasmo", tmp_path)
    popup = (folder / "src" / "popup.tsx").read_text(encoding="utf-8")
    assert "import React" not in popup and "<div" in popup  # the page the test is about
    (folder / "src" / "background.ts").write_text("chrome.action.onClicked.addListener(() => {})\n", encoding="utf-8")
    imported = run_xtk("import", cwd=folder)
    assert imported.code == 0, imported.output
    assert 'jsx = "automatic"' in (folder / "xtk.toml").read_text(encoding="utf-8")
    built = run_xtk("build", "--browser", "all", "--mode", "development", cwd=folder)
    assert built.code == 0, built.output
    for browser in ("chrome", "edge", "firefox"):
        bundle = (folder / "build" / browser / "popup.js").read_text(encoding="utf-8")
        assert re.search(r"^// .*node_modules/react/jsx-runtime\.js$", bundle, re.MULTILINE), browser
        page_code = bundle[bundle.index("// src/popup.tsx") :]
        assert "import_jsx_runtime.jsx" in page_code and "React.createElement" not in page_code, browser
        manifest = json.loads((folder / "build" / browser / "manifest.json").read_text(encoding="utf-8"))
        assert manifest["action"]["default_icon"] == {"16": "icons/icon-16.png", "32": "icons/icon-32.png"}, browser


def test_jsx_key_of_xtk_toml_decides_over_tsconfig(tmp_path: Path) -> None:
    folder = project("plasmo", tmp_path)
    assert run_xtk("import", cwd=folder).code == 0
    config = folder / "xtk.toml"
    text = config.read_text(encoding="utf-8").replace('jsx = "automatic"', 'jsx = "classic"')
    config.write_text(text, encoding="utf-8")
    built = run_xtk("build", "--browser", "chrome", "--mode", "development", cwd=folder)
    assert built.code == 0, built.output
    bundle = (folder / "build" / "chrome" / "popup.js").read_text(encoding="utf-8")
    assert "React.createElement" in bundle[bundle.index("// src/popup.tsx") :]  # classic, as asked
    config.write_text(
        text.replace('jsx = "classic"', 'jsx = "classic"\njsx_import_source = "preact"'), encoding="utf-8"
    )
    refused = run_xtk("build", "--browser", "chrome", cwd=folder)
    assert refused.code == 2 and "jsx_import_source" in refused.output, refused.output
