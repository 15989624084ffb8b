#!/usr/bin/env python3
"""Reference facts of the real-project corpus: build each project with its original tool and record, per browser,
what the build's manifest declares and every stylesheet each page and content script gets, with its CSS rule counts.

    .venv/bin/python tests/real_projects/reference.py [NAME ...]    (after prepare.py; writes <name>.reference.json)

What is recorded, per build (projects.py says which tool command and output folder):

- manifest: manifest_version, background (service_worker / scripts / page), each content script's matches, js and
  css, and the extension pages (popup, options, side panel / sidebar, devtools, overrides, sandbox), as written.
- pages: for each extension page (query and fragment cut), the stylesheets it applies: `<link rel=stylesheet>`
  files and inline `<style>` elements, in document order.
- content_scripts: for each manifest content script, its `css` files.
- for every stylesheet: its bytes and its rule counts, counted with tinycss2 (a CSS Syntax Level 3 parser, the
  tokenizer and rule grammar browsers implement; docs/decisions.md):
    top_level_rules  rules at the top of the sheet, `@charset` aside: what `document.styleSheets[i].cssRules.length`
                     gives in a browser that keeps every rule;
    style_rules      style rules at any depth: inside @media / @supports / @layer / @container / @scope /
                     @starting-style / @document blocks and nested in other style rules (CSS nesting); keyframe
                     selectors (`from`, `50%`) are not style rules;
    at_rules         at-rules by name, at any depth.
  A browser drops rules it does not understand (e.g. another engine's prefixed pseudo-elements), so a CSSOM count
  can be lower than these; an xtk build of the same sources must give the same numbers as the original's.

The output folder is deleted before each build, so the facts are the build's own. Nothing is typed in: run the
script again to reproduce the numbers (tool versions come from the committed npm locks).
"""

from __future__ import annotations

import html.parser
import json
import shutil
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import tinycss2

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.real_projects.prepare import PrepareError, prepare
from tests.real_projects.projects import PROJECTS, OriginalBuild, RealProject, project_named

# At-rules whose block holds rules (CSSOM: CSSGroupingRule and kin); other blocks hold declarations or keyframes.
GROUPING_AT_RULES = {"media", "supports", "layer", "container", "scope", "starting-style", "document", "-moz-document"}


# -- CSS rule counts ---------------------------------------------------------------------------------------------


def count_rules(css: str) -> dict[str, Any]:
    rules = tinycss2.parse_stylesheet(css, skip_comments=True, skip_whitespace=True)
    top_level = [rule for rule in rules if not (rule.type == "at-rule" and rule.lower_at_keyword == "charset")]
    errors = [rule for rule in rules if rule.type == "error"]
    style_rules = 0
    at_rules: Counter[str] = Counter()

    def walk(nodes: list[Any]) -> None:
        nonlocal style_rules
        for node in nodes:
            if node.type == "qualified-rule":
                style_rules += 1
                # CSS nesting: rules inside a style rule's block
                walk(tinycss2.parse_blocks_contents(node.content, skip_comments=True, skip_whitespace=True))
            elif node.type == "at-rule":
                at_rules[node.lower_at_keyword] += 1
                if node.content is not None and node.lower_at_keyword in GROUPING_AT_RULES:
                    walk(tinycss2.parse_blocks_contents(node.content, skip_comments=True, skip_whitespace=True))

    walk(rules)
    return {
        "top_level_rules": len([rule for rule in top_level if rule.type != "error"]),
        "style_rules": style_rules,
        "at_rules": dict(sorted(at_rules.items())),
        "parse_errors": len(errors),
    }


def sheet_facts(path: Path) -> dict[str, Any]:
    return {"bytes": path.stat().st_size, **count_rules(path.read_text(encoding="utf-8"))}


# -- pages -------------------------------------------------------------------------------------------------------


class StylesheetsOfPage(html.parser.HTMLParser):
    """`<link rel=stylesheet href>` and inline `<style>` of a page, in document order."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.sheets: list[tuple[str, str]] = []  # ("link", href) or ("inline", css text)
        self._in_style = False
        self._style_text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        if tag == "link" and "stylesheet" in values.get("rel", "").lower().split():
            self.sheets.append(("link", values.get("href", "")))
        elif tag == "style":
            self._in_style, self._style_text = True, []

    def handle_data(self, data: str) -> None:
        if self._in_style:
            self._style_text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "style" and self._in_style:
            self._in_style = False
            self.sheets.append(("inline", "".join(self._style_text)))


def resolve_in_build(build_dir: Path, from_file: str, address: str) -> str:
    """A page's or manifest's address as a path relative to the build folder (root-relative = extension root)."""
    address = address.split("#", 1)[0].split("?", 1)[0]
    if address.startswith("/"):
        return address.lstrip("/")
    base = Path(from_file).parent
    return (base / address).as_posix() if str(base) != "." else address


def page_facts(build_dir: Path, page: str) -> dict[str, Any]:
    parser = StylesheetsOfPage()
    parser.feed((build_dir / page).read_text(encoding="utf-8"))
    sheets: list[dict[str, Any]] = []
    for kind, value in parser.sheets:
        if kind == "link":
            target = resolve_in_build(build_dir, page, value)
            sheets.append({"href": value, "file": target, **sheet_facts(build_dir / target)})
        else:
            sheets.append({"inline": True, "bytes": len(value.encode()), **count_rules(value)})
    return {"stylesheets": sheets}


# -- manifest ----------------------------------------------------------------------------------------------------


def manifest_pages(manifest: dict[str, Any]) -> dict[str, str]:
    """Every extension page the manifest names, by its manifest key (addresses as written)."""
    pages: dict[str, str] = {}
    for key in ("action", "browser_action", "page_action"):
        if isinstance(manifest.get(key), dict) and manifest[key].get("default_popup"):
            pages[f"{key}.default_popup"] = manifest[key]["default_popup"]
    if manifest.get("options_page"):
        pages["options_page"] = manifest["options_page"]
    if isinstance(manifest.get("options_ui"), dict) and manifest["options_ui"].get("page"):
        pages["options_ui.page"] = manifest["options_ui"]["page"]
    if isinstance(manifest.get("side_panel"), dict) and manifest["side_panel"].get("default_path"):
        pages["side_panel.default_path"] = manifest["side_panel"]["default_path"]
    if isinstance(manifest.get("sidebar_action"), dict) and manifest["sidebar_action"].get("default_panel"):
        pages["sidebar_action.default_panel"] = manifest["sidebar_action"]["default_panel"]
    if manifest.get("devtools_page"):
        pages["devtools_page"] = manifest["devtools_page"]
    for name, address in (manifest.get("chrome_url_overrides") or {}).items():
        pages[f"chrome_url_overrides.{name}"] = address
    for index, address in enumerate((manifest.get("sandbox") or {}).get("pages", [])):
        pages[f"sandbox.pages[{index}]"] = address
    return pages


def build_facts(build_dir: Path) -> dict[str, Any]:
    manifest = json.loads((build_dir / "manifest.json").read_text(encoding="utf-8"))
    pages = manifest_pages(manifest)
    content_scripts = [
        {
            "matches": script.get("matches", []),
            "js": script.get("js", []),
            "css": script.get("css", []),
            "stylesheets": [{"file": css, **sheet_facts(build_dir / css)} for css in script.get("css", [])],
        }
        for script in manifest.get("content_scripts", [])
    ]
    page_files = sorted({resolve_in_build(build_dir, "manifest.json", address) for address in pages.values()})
    every_css = sorted(path.relative_to(build_dir).as_posix() for path in build_dir.rglob("*.css"))
    return {
        "manifest": {
            "manifest_version": manifest.get("manifest_version"),
            "background": manifest.get("background"),
            "content_scripts": [{k: v for k, v in cs.items() if k != "stylesheets"} for cs in content_scripts],
            "pages": pages,
            "web_accessible_resources": manifest.get("web_accessible_resources"),
        },
        "pages": {page: page_facts(build_dir, page) for page in page_files},
        "content_scripts": [
            {"js": cs["js"], "stylesheets": cs["stylesheets"]} for cs in content_scripts if cs["stylesheets"]
        ],
        "css_files": every_css,
    }


# -- running -----------------------------------------------------------------------------------------------------


def run_original_build(project: RealProject, build: OriginalBuild) -> tuple[Path, float]:
    """The original tool's production build in the work dir, its output folder removed first; (folder, seconds)."""
    output = project.work / build.output
    shutil.rmtree(output, ignore_errors=True)
    started = time.perf_counter()
    done = subprocess.run(list(build.argv), cwd=project.work, capture_output=True, text=True)
    seconds = time.perf_counter() - started
    if done.returncode != 0 or not (output / "manifest.json").is_file():
        raise PrepareError(
            f"{project.name}: `{' '.join(build.argv)}` failed (exit {done.returncode}) or wrote no "
            f"{build.output}/manifest.json:\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}"
        )
    return output, seconds


def tool_versions(project: RealProject) -> dict[str, str]:
    lock = json.loads(project.lock.read_text())["packages"]
    names = ("wxt", "plasmo", "vite", "@crxjs/vite-plugin", "tailwindcss", "sass", "postcss", "vue", "react")
    return {name: lock[f"node_modules/{name}"]["version"] for name in names if f"node_modules/{name}" in lock}


def reference_of(project: RealProject) -> dict[str, Any]:
    prepare(project)
    builds: dict[str, Any] = {}
    for build in project.builds:
        output, seconds = run_original_build(project, build)
        print(f"  {project.name}: {build.browser} built by {project.tool} in {seconds:.1f} s", flush=True)
        builds[build.browser] = {"command": " ".join(build.argv), "output": build.output, **build_facts(output)}
    return {
        "project": project.name,
        "tool": project.tool,
        "tool_versions": tool_versions(project),
        "css_parser": f"tinycss2 {tinycss2.__version__}",
        "builds": builds,
    }


def main(argv: list[str]) -> int:
    try:
        chosen = [project_named(name) for name in argv] if argv else list(PROJECTS)
        for project in chosen:
            facts = reference_of(project)
            project.reference.write_text(json.dumps(facts, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
            print(f"wrote {project.reference}")
    except (KeyError, PrepareError) as problem:
        print(f"reference.py: {problem}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
