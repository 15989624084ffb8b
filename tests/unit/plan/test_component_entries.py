"""Components as entries: a page key naming a .tsx (a page xtk writes) and a content script with component = true,
each bundled through a generated mount module under its own build path."""

from __future__ import annotations

from pathlib import Path

import pytest

from toolchain.diagnostics import InputError
from toolchain.plan import plan_build
from toolchain.project import load_project

CONFIG = """
[extension]
name = "C"
version = "1.0.0"

[targets.chrome]
min_version = "116"

[action]
popup = "src/popup.tsx"

[[content_scripts]]
matches = ["https://example.com/*"]
js = ["src/contents/badge.tsx"]
component = true
"""


def project(tmp_path: Path, config: str = CONFIG) -> Path:
    (tmp_path / "src" / "contents").mkdir(parents=True)
    (tmp_path / "src" / "popup.tsx").write_text("export default function P() { return null }\n", encoding="utf-8")
    (tmp_path / "src" / "contents" / "badge.tsx").write_text("export default () => null\n", encoding="utf-8")
    (tmp_path / "xtk.toml").write_text(config, encoding="utf-8")
    return tmp_path


def test_component_page_and_content_script_are_planned_through_mount_modules(tmp_path: Path) -> None:
    plan = plan_build(load_project(project(tmp_path)), "chrome", "production")
    assert plan.output_of("src/popup.tsx") == "popup.html"  # what the manifest names
    popup = plan.scripts[tmp_path / "src" / "popup.tsx"]
    assert (popup.out, popup.format, popup.contexts) == ("popup.js", "esm", ("popup",))
    assert popup.generated is not None and popup.generated[0] == ".xtk/pages/popup.mount.js"
    assert 'import Component from "../../src/popup.tsx";' in popup.generated[1]
    [page] = plan.pages
    assert page.out == "popup.html" and '<div id="root"></div>' in page.text and 'src="./popup.js"' in page.text
    badge = plan.scripts[tmp_path / "src" / "contents" / "badge.tsx"]
    assert (badge.out, badge.format, badge.contexts) == ("contents/badge.js", "iife", ("content",))
    assert badge.generated is not None and badge.generated[0] == ".xtk/content/contents/badge.mount.js"
    assert 'import * as ui from "../../../src/contents/badge.tsx";' in badge.generated[1]
    assert "attachShadow" in badge.generated[1] and "getRootContainer" in badge.generated[1]


def test_a_component_content_script_names_one_file(tmp_path: Path) -> None:
    config = CONFIG.replace('js = ["src/contents/badge.tsx"]', 'js = ["src/contents/badge.tsx", "src/popup.tsx"]')
    with pytest.raises(InputError, match="component = true mounts one component"):
        load_project(project(tmp_path, config))
