"""The real-project corpus' reference facts: the CSS rule count they rest on, and one reference per original build."""

from __future__ import annotations

import json

from tests.real_projects.projects import PROJECTS
from tests.real_projects.reference import count_rules, manifest_pages


def test_rule_counts_follow_the_cssom_top_level_and_every_style_rule_at_any_depth() -> None:
    css = """@charset "utf-8";
    @import url("https://example.com/x.css");
    a { color: red }
    @media (min-width: 1px) { b { color: blue } @supports (display: grid) { i { display: grid } } }
    .card { color: red; &:hover { color: blue } .title { margin: 0 } }
    @keyframes spin { from { rotate: 0 } to { rotate: 360deg } }
    @font-face { font-family: x; src: url(x.woff2) }
    @layer base { p { margin: 0 } }
    """
    counts = count_rules(css)
    # @charset is no CSSOM rule; @import, a, @media, .card, @keyframes, @font-face, @layer are
    assert counts["top_level_rules"] == 7
    # a, b, i, .card, &:hover, .title, p; keyframe selectors and @font-face are not style rules
    assert counts["style_rules"] == 7
    assert counts["at_rules"] == {
        "charset": 1,
        "font-face": 1,
        "import": 1,
        "keyframes": 1,
        "layer": 1,
        "media": 1,
        "supports": 1,
    }
    assert counts["parse_errors"] == 0


def test_manifest_pages_names_every_kind_of_extension_page() -> None:
    manifest = {
        "action": {"default_popup": "popup.html#/popup"},
        "options_ui": {"page": "options.html"},
        "side_panel": {"default_path": "panel.html"},
        "devtools_page": "devtools.html",
        "chrome_url_overrides": {"newtab": "tab.html"},
        "sandbox": {"pages": ["sandbox.html"]},
    }
    assert manifest_pages(manifest) == {
        "action.default_popup": "popup.html#/popup",
        "options_ui.page": "options.html",
        "side_panel.default_path": "panel.html",
        "devtools_page": "devtools.html",
        "chrome_url_overrides.newtab": "tab.html",
        "sandbox.pages[0]": "sandbox.html",
    }


def test_every_project_has_a_reference_for_each_of_its_original_builds_with_its_stylesheets() -> None:
    for project in PROJECTS:
        assert (project.source / "package.json").is_file(), project.name
        assert project.lock.is_file(), project.name
        reference = json.loads(project.reference.read_text(encoding="utf-8"))
        assert reference["project"] == project.name
        assert set(reference["builds"]) == {build.browser for build in project.builds}, project.name
        for browser, facts in reference["builds"].items():
            sheets = [s for page in facts["pages"].values() for s in page["stylesheets"]]
            sheets += [s for script in facts["content_scripts"] for s in script["stylesheets"]]
            # every original build of the corpus applies CSS somewhere, with rules in it
            assert sheets and all(s["top_level_rules"] > 0 for s in sheets), (project.name, browser)
