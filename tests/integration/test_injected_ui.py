"""A shadow-root UI made the documented way (docs/config.md, "A shadow-root UI: `[[injected]]`") in a project made by
`xtk init`: it builds and lints clean under the template's own posture, and XS003/XS004 still report what they are
for (an exposure the posture does not allow, a UI mounted while the content script loads).

The example's files are read from docs/config.md itself, so the docs and this test cannot drift apart.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.conftest import REPO, run_xtk

DOCS = REPO / "docs" / "config.md"
SECTION = "### A shadow-root UI: `[[injected]]`"


def documented_blocks() -> dict[str, str]:
    """The section's code blocks by the file their first line names (`// src/widget/index.ts: …` → that path)."""
    text = DOCS.read_text(encoding="utf-8")
    section = text[text.index(SECTION) : text.index("\n### ", text.index(SECTION) + 1)]
    blocks: dict[str, str] = {}
    for body in re.findall(r"```\w+\n(.*?)```", section, flags=re.S):
        first = body.splitlines()[0]
        name = re.match(r"^(?://|#|/\*)\s*([\w./-]+)", first)
        assert name is not None, first
        blocks[name.group(1)] = body
    assert set(blocks) == {
        "xtk.toml",
        "src/widget/index.ts",
        "src/widget/widget.css",
        "src/shared/browser.ts",
        "src/content/index.ts",
    }, blocks.keys()
    return blocks


def _lint(project: Path) -> list[dict[str, object]]:
    result = run_xtk("lint", "--no-cache", "--format", "json", cwd=project)
    assert result.code in (0, 1), result.output
    findings: list[dict[str, object]] = json.loads(result.stdout)
    return findings


def _codes(findings: list[dict[str, object]]) -> list[tuple[object, object]]:
    return sorted((f["code"], f["message"]) for f in findings)


@pytest.fixture(scope="module")
def documented(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`xtk init demo` (with npm ci), then the documented shadow-root UI added as docs/config.md says."""
    parent = tmp_path_factory.mktemp("injected-ui")
    result = run_xtk("init", "demo", cwd=parent, timeout=600)
    assert result.code == 0, result.output
    project = parent / "demo"
    blocks = documented_blocks()
    (project / "src" / "widget").mkdir()
    for name in ("src/widget/index.ts", "src/widget/widget.css"):
        (project / name).write_text(blocks[name], encoding="utf-8")
    for name in ("xtk.toml", "src/shared/browser.ts", "src/content/index.ts"):  # "append"
        with (project / name).open("a", encoding="utf-8") as file:
            file.write("\n" + blocks[name])
    content = project / "src" / "content" / "index.ts"
    imports = "import { onMessage } from '../shared/browser';"
    assert imports in content.read_text(encoding="utf-8")
    content.write_text(
        content.read_text(encoding="utf-8").replace(
            imports, "import { extensionUrl, loadWidget, onMessage } from '../shared/browser';"
        ),
        encoding="utf-8",
    )
    return project


@pytest.mark.node
def test_the_documented_shadow_root_ui_builds_and_lints_clean(documented: Path) -> None:
    build = run_xtk("build", cwd=documented)
    assert build.code == 0, build.output
    for browser in ("chrome", "edge", "firefox"):
        manifest = json.loads((documented / "build" / browser / "manifest.json").read_text(encoding="utf-8"))
        assert manifest["web_accessible_resources"] == [
            {"resources": ["widget/index.js", "widget/widget.css"], "matches": ["<all_urls>"]}
        ]
        assert (documented / "build" / browser / "widget" / "index.js").is_file()
        assert (documented / "build" / browser / "widget" / "widget.css").is_file()
    assert _lint(documented) == []
    for browser in ("chrome", "firefox"):  # a built folder is judged with the project's posture, as the project is
        folder = run_xtk("lint", "--no-cache", f"build/{browser}", cwd=documented)
        assert folder.code == 0 and folder.stdout.strip() == "All checks passed.", folder.output


@pytest.mark.node
def test_the_rules_still_catch_what_the_posture_does_not_allow(documented: Path) -> None:
    posture_path = documented / "specs" / "posture.json"
    config_path = documented / "xtk.toml"
    content_path = documented / "src" / "content" / "index.ts"
    posture, config, content = (p.read_text(encoding="utf-8") for p in (posture_path, config_path, content_path))
    try:
        # Without `injected: true` the posture allows no exposed file: the widget's two are reported.
        data = json.loads(posture)
        data["web_accessible_resources"] = {"allowed": []}
        posture_path.write_text(json.dumps(data), encoding="utf-8")
        assert _codes(_lint(documented)) == [
            ("XS003", "web-accessible `widget/index.js` is beyond what the posture allows (none)"),
            ("XS003", "web-accessible `widget/widget.css` is beyond what the posture allows (none)"),
        ]
        posture_path.write_text(posture, encoding="utf-8")

        # `injected: true` allows the [[injected]] files only: another exposure, or a wildcard, is still reported.
        config_path.write_text(
            config + '\n[[web_accessible_resources]]\nresources = ["widget/*"]\nmatches = ["<all_urls>"]\n',
            encoding="utf-8",
        )
        assert _codes(_lint(documented)) == [
            ("XS003", "web-accessible `widget/*` is beyond what the posture allows (none)"),
            ("XS009", "web-accessible `widget/*` is a wildcard exposed to every site"),
        ]
        config_path.write_text(config, encoding="utf-8")

        # The UI mounted while the content script loads is work at load: the inert posture refuses it.
        content_path.write_text(content + "\nvoid showWidget();\n", encoding="utf-8")
        findings = _lint(documented)
        assert [f["code"] for f in findings] == ["XS004"], findings
        assert "showWidget() runs when the content script loads" in str(findings[0]["message"])
    finally:
        posture_path.write_text(posture, encoding="utf-8")
        config_path.write_text(config, encoding="utf-8")
        content_path.write_text(content, encoding="utf-8")
    assert _lint(documented) == []


# --- the documented UI in real browsers ----------------------------------------------------------------------------

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Widget host</title></head>
<body><main><h1>A page with a widget</h1></main></body></html>
"""


@pytest.fixture(scope="module")
def built(documented: Path) -> Path:
    if not (documented / "build" / "firefox" / "manifest.json").is_file():
        result = run_xtk("build", cwd=documented)
        assert result.code == 0, result.output
    return documented


@pytest.mark.browser
@pytest.mark.node
@pytest.mark.parametrize(("build", "engine"), [("chrome", "chromium"), ("firefox", "firefox")])
def test_the_documented_widget_opens_in_its_shadow_root_with_its_css(
    built: Path, build: str, engine: str, tmp_path: Path
) -> None:
    """Alt+W on a page: the content script loads the [[injected]] bundle by its extension URL, mounts it in a
    shadow root and links its stylesheet there (Firefox: its MV3 build, host access granted at install)."""
    from toolchain.browsers import FixtureServer, launch

    with (
        FixtureServer(pages={"/page.html": PAGE}) as server,
        launch(engine, built / "build" / build, workdir=tmp_path) as browser,
    ):
        page = browser.open_tab(server.url("/page.html"))
        assert browser.evaluate(page, "document.body.children.length") == 1  # inert: nothing added at load
        found = browser.evaluate(
            page,
            """(async () => {
            const deadline = Date.now() + 10000;
            let host = null;
            while (Date.now() < deadline) {  // the content script may still be starting: ask again until it answers
                document.dispatchEvent(new KeyboardEvent('keydown', { key: 'w', altKey: true }));
                await new Promise((resolve) => setTimeout(resolve, 200));
                host = [...document.body.children].find((element) => element.shadowRoot);
                const panel = host?.shadowRoot.querySelector('.panel');
                if (panel && getComputedStyle(panel).position === 'fixed') {
                    return { text: panel.textContent, position: getComputedStyle(panel).position,
                             inPage: document.querySelector('.panel') !== null };
                }
            }
            return { host: String(host), html: host?.shadowRoot?.innerHTML ?? null };
        })()""",
        )
        assert found == {"text": "Hello from the widget", "position": "fixed", "inPage": False}
        assert browser.extension_errors() == []
