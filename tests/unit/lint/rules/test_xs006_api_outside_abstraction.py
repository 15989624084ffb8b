"""XS006 api-outside-abstraction (projects with [lint] abstraction). Where it fires, line by line:
tests/fixtures/lint/rules/XS006/XS006.snap."""

from __future__ import annotations

import pytest

from tests.unit.lint.rules.support import RULE_FIXTURES, findings, places


def test_fires_on_api_uses_and_polyfill_imports_outside_the_abstraction(project) -> None:
    ctx = project("security")
    # import Browser from 'webextension-polyfill', chrome.tabs.query, Browser.runtime.id (the polyfill)
    assert sorted(f.message for f in findings(ctx, "XS006")) == [
        "`runtime.id` is used through webextension-polyfill's browser outside the abstraction (src/shared/browser.ts)",
        "`tabs.query` is used through chrome outside the abstraction (src/shared/browser.ts)",
        "webextension-polyfill is imported outside the abstraction (src/shared/browser.ts)",
    ]


def test_near_misses(project) -> None:
    # the abstraction itself (polyfill), and the background's uses through its `browser` export
    assert not any(
        path.startswith(("src/shared", "src/background")) for path, _, _ in places(project("security"), "XS006")
    )
    assert places(project("protocol"), "XS006") == set()  # no [lint] abstraction


@pytest.mark.node  # builds a project with esbuild
def test_the_abstraction_may_be_a_folder(tmp_path) -> None:
    """`[lint] abstraction` naming a folder: every module in it may touch the APIs, and API aliases exported from
    its index (the background's `browser`) count as uses through the abstraction."""
    from tests.unit.lint.rules.support import NODE_MODULES, copy_project, lint_project

    if not (NODE_MODULES / "esbuild").is_dir():
        pytest.skip("extension_src/node_modules is missing (npm ci): project lints build with esbuild")
    folder = copy_project(RULE_FIXTURES / "XS006", tmp_path)  # the popup's lines 2, 5 and 6 fire
    shared = folder / "src" / "shared"
    (shared / "browser").mkdir()
    (shared / "browser.ts").rename(shared / "browser" / "index.ts")
    (shared / "browser" / "raw.ts").write_text(
        "export function ownId(): string | undefined {\n  return chrome.runtime.id;\n}\n", encoding="utf-8"
    )
    background = folder / "src" / "background" / "index.ts"
    background.write_text(background.read_text() + "export { ownId } from '../shared/browser/raw';\n", encoding="utf-8")
    popup = {("src/popup/index.ts", 2, None), ("src/popup/index.ts", 5, None), ("src/popup/index.ts", 6, None)}
    config = folder / "xtk.toml"
    original = config.read_text()
    config.write_text(original.replace('abstraction = "src/shared/browser.ts"', 'abstraction = "src/shared/browser"'))
    ctx = lint_project(folder)
    assert places(ctx, "XS006") == popup
    assert "outside the abstraction (src/shared/browser)" in {f.line: f for f in findings(ctx, "XS006")}[5].message
    # the same project with only the folder's index as the abstraction: raw.ts is outside it
    config.write_text(
        original.replace('abstraction = "src/shared/browser.ts"', 'abstraction = "src/shared/browser/index.ts"')
    )
    assert places(lint_project(folder), "XS006") == popup | {("src/shared/browser/raw.ts", 2, None)}
