"""Why a project bundles through Node (toolchain/tools/components.node_features): component frameworks, stylesheet
tools, a PostCSS config, Vite asset queries in its sources; and where a compiled stylesheet lands."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from toolchain.diagnostics import Diagnostic
from toolchain.plan.pages import stylesheet_out
from toolchain.tools.components import COMPILER_PACKAGE_FILES, missing_framework_hint, node_features


def _project(root: Path, package: dict, files: dict[str, str] | None = None) -> Path:
    (root / "src").mkdir(parents=True)
    (root / "package.json").write_text(json.dumps(package), encoding="utf-8")
    for name, text in (files or {}).items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return root


@pytest.mark.parametrize(
    ("package", "files", "expected"),
    [
        ({"devDependencies": {"sass": "1"}}, {}, ["sass"]),
        ({"devDependencies": {"sass-embedded": "1"}}, {}, ["sass"]),
        ({"devDependencies": {"less": "4"}, "dependencies": {"vue": "3"}}, {}, ["vue", "less"]),
        ({}, {"postcss.config.mjs": "export default {plugins: {}};"}, ["postcss"]),
        ({"devDependencies": {"@tailwindcss/vite": "4"}}, {}, ["tailwind"]),
        ({"devDependencies": {"tailwindcss": "4"}}, {}, ["tailwind"]),  # nothing compiles it: the plugin says so
        ({"devDependencies": {"tailwindcss": "3"}}, {"postcss.config.js": "module.exports = {}"}, ["postcss"]),
        ({}, {".postcssrc.json": "{}"}, ["postcss"]),
        ({"postcss": {"plugins": {}}}, {}, ["postcss"]),
        ({}, {"src/a.ts": "import svg from './a.svg?raw';"}, ["queries"]),
        ({}, {"src/deep/b.vue": '<script>import u from "./x.png?url"</script>'}, ["queries"]),
        ({}, {"src/c.ts": "const s = await import('./x.css?inline');"}, ["queries"]),
        ({}, {"src/a.ts": "import svg from './a.svg'; const text = 'a?raw';"}, []),
        ({}, {"src/notes.md": "import a from './a.svg?raw'"}, []),  # not a source file
        ({}, {"src/node_modules/x/i.js": "import a from './a.svg?raw'"}, []),
        ({"devDependencies": {"esbuild": "0", "typescript": "5"}}, {}, []),
    ],
)
def test_what_sends_a_project_to_the_node_path(tmp_path: Path, package: dict, files: dict, expected: list) -> None:
    root = _project(tmp_path / "p", package, files)
    assert node_features(root, root / "src") == expected


def test_the_style_tools_versions_are_in_the_cache_key() -> None:
    for package in ("sass", "sass-embedded", "less", "postcss", "tailwindcss", "@tailwindcss/postcss", "autoprefixer"):
        assert f"node_modules/{package}/package.json" in COMPILER_PACKAGE_FILES


@pytest.mark.parametrize(("kind", "package"), [("scss", "sass"), ("sass", "sass"), ("less", "less")])
def test_a_stylesheet_without_its_tool_names_the_npm_command(kind: str, package: str) -> None:
    found = Diagnostic("error", f'No loader is configured for ".{kind}" files: src/a.{kind}', path="src/a.ts")
    assert missing_framework_hint(found).message.endswith(
        f"run `npm install -D {package}` and xtk compiles .{kind} stylesheets with it"
    )


@pytest.mark.parametrize(
    ("out", "expected"),
    [
        ("popup/style.scss", "popup/style.css"),
        ("a.SASS", "a.css"),
        ("content/frame.less", "content/frame.css"),
        ("popup/style.css", "popup/style.css"),
        ("x.module.scss", "x.module.css"),
        ("plain", "plain"),
    ],
)
def test_a_compiled_stylesheet_is_written_as_css(out: str, expected: str) -> None:
    assert stylesheet_out(out) == expected


def test_auto_imports_bundle_through_node_with_the_esbuild_xtk_installed_when_the_project_has_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A WXT project under pnpm has no node_modules/esbuild of its own: xtk's in .xtk/tools/ bundles it."""
    from toolchain.diagnostics import InputError
    from toolchain.tools.components import check_installed

    root = _project(tmp_path, {"devDependencies": {"wxt": "0.20.0"}})
    assert node_features(root, root / "src") == []
    features = node_features(root, root / "src", auto_imports=True)
    assert features == ["auto_imports"]
    monkeypatch.setattr("shutil.which", lambda name: "/usr/bin/node")
    with pytest.raises(InputError, match="esbuild is not installed in"):
        check_installed(root, features)
    tools = root / ".xtk/tools/node_modules/esbuild"
    tools.mkdir(parents=True)
    (tools / "package.json").write_text('{"name": "esbuild", "version": "0.25.0"}', encoding="utf-8")
    check_installed(root, features)  # no error: the runner loads .xtk/tools/'s esbuild
