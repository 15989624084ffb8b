"""After a build is assembled: every file in it is reached by something, and everything named in it is there.

A file is reached when the manifest names it (or one of its `web_accessible_resources` globs matches it), a page
loads or links it (`src`, `href`, `srcset`, its inline CSS), a stylesheet names it (`url()`, `@import`), or a
script names it in a string (`getURL("icons/a.png")`, esbuild's `"./assets/logo-HASH.png"`: a conservative
search for the file's name in the built code). A file nothing reaches is a warning naming it: shipped for nothing,
or, more often, loaded by a reference that was lost on the way. Every file the manifest, a page or a stylesheet
names must be in the build, else a located error naming the referencing file: the build would load a missing file
in the browser. Source maps, `_locales/` and manifest.json itself are never reported.

Only the standard library and xtk's top modules are imported: the cached build path runs this too.
"""

from __future__ import annotations

import fnmatch
import posixpath
import re
from collections.abc import Iterator
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from toolchain.css_urls import css_references, names_a_file
from toolchain.diagnostics import Diagnostic
from toolchain.urls import is_remote_url, package_path, split_address, url_scheme

_GLOB = re.compile(r"[*?\[]")
_SCRIPTS = (".js", ".mjs", ".cjs")
#: esbuild's metafile kinds of an import from code (not a CSS url() or @import)
_CODE_IMPORTS = {"import-statement", "require-call", "dynamic-import", "require-resolve"}


def check_reachability(
    folder: Path, manifest: dict[str, Any], shown: str, metafile: dict[str, Any] | None = None, root: str = "."
) -> tuple[list[Diagnostic], list[str]]:
    """The errors of the build in `folder` (its manifest as written there), and the files nothing reaches (paths in
    the build); paths shown under `shown` (`build/chrome`), a source the metafile names under `root` (where esbuild
    ran, as shown)."""
    files = {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}
    reached: set[str] = set()
    problems: list[Diagnostic] = []
    problems += _manifest_references(manifest, files, reached, shown)
    texts: dict[str, str] = {}
    for name in sorted(files):
        if name.endswith((".html", ".htm", ".css", *_SCRIPTS)):
            try:
                texts[name] = (folder / name).read_text(encoding="utf-8", errors="replace")
            except OSError:
                continue
    for name, text in texts.items():
        if name.endswith((".html", ".htm")):
            problems += _page_references(name, text, files, reached, shown)
        elif name.endswith(".css"):
            problems += _css_references(name, text, 0, files, reached, f"{shown}/{name}", text)
    problems += _code_imports_of_public_files(metafile or {}, root)
    unreached = [
        name
        for name in sorted(files - reached)
        if name != "manifest.json" and not name.endswith(".map") and not name.startswith("_locales/")
    ]
    code = [text for name, text in texts.items() if name.endswith((*_SCRIPTS, ".html", ".htm"))]
    return problems, [name for name in unreached if not any(posixpath.basename(name) in text for text in code)]


def unreached_warnings(out: str, unreached: dict[str, list[str]]) -> list[Diagnostic]:
    """One warning per file nothing reaches (`unreached`: browser → its files), naming each browser's copy once:
    the same file left over in three builds is one mistake."""
    browsers_of: dict[str, list[str]] = {}
    for browser, names in unreached.items():
        for name in names:
            browsers_of.setdefault(name, []).append(browser)
    warnings = []
    for name, browsers in sorted(browsers_of.items()):
        also = f" (and in {', '.join(f'{out}/{b}/' for b in browsers[1:])})" if len(browsers) > 1 else ""
        warnings.append(
            Diagnostic(
                "warning",
                f"{out}/{browsers[0]}/{name} is in the build but nothing references it{also}: not the manifest, a "
                "page, a stylesheet nor a script names it",
            )
        )
    return warnings


def _resolve(value: str, folder: tuple[str, ...]) -> str | None:
    """The build path a reference from a file in `folder` names, or None when it names no file of the build."""
    if not names_a_file(value) or value.startswith("data:"):
        return None
    path = unquote(split_address(value)[0])
    if not path:
        return None
    return "/".join(package_path(folder, path))


# -- the manifest -----------------------------------------------------------------------------------------------


def _manifest_values(manifest: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """(value, JSON pointer) of every manifest key that names a file of the extension."""

    def at(value: object, pointer: str) -> Iterator[tuple[str, str]]:
        if isinstance(value, str):
            yield value, pointer
        elif isinstance(value, dict):  # icons: {"16": "icons/16.png"}
            for key, item in value.items():
                if isinstance(item, str):
                    yield item, f"{pointer}/{key}"
        elif isinstance(value, list):
            for i, item in enumerate(value):
                if isinstance(item, str):
                    yield item, f"{pointer}/{i}"

    def get(*keys: str | int) -> object:
        value: object = manifest
        for key in keys:
            if isinstance(key, int):
                value = value[key] if isinstance(value, list) and key < len(value) else None
            else:
                value = value.get(key) if isinstance(value, dict) else None
        return value

    yield from at(get("icons"), "/icons")
    for key in ("service_worker", "page", "scripts"):
        yield from at(get("background", key), f"/background/{key}")
    for action in ("action", "browser_action", "page_action"):
        yield from at(get(action, "default_popup"), f"/{action}/default_popup")
        yield from at(get(action, "default_icon"), f"/{action}/default_icon")
    yield from at(get("options_page"), "/options_page")
    yield from at(get("options_ui", "page"), "/options_ui/page")
    yield from at(get("side_panel", "default_path"), "/side_panel/default_path")
    yield from at(get("sidebar_action", "default_panel"), "/sidebar_action/default_panel")
    yield from at(get("sidebar_action", "default_icon"), "/sidebar_action/default_icon")
    yield from at(get("devtools_page"), "/devtools_page")
    yield from at(get("sandbox", "pages"), "/sandbox/pages")
    yield from at(get("chrome_url_overrides"), "/chrome_url_overrides")
    yield from at(get("storage", "managed_schema"), "/storage/managed_schema")
    yield from at(get("user_scripts", "api_script"), "/user_scripts/api_script")
    scripts = get("content_scripts")
    for i in range(len(scripts) if isinstance(scripts, list) else 0):
        for key in ("js", "css"):
            yield from at(get("content_scripts", i, key), f"/content_scripts/{i}/{key}")
    rules = get("declarative_net_request", "rule_resources")
    for i in range(len(rules) if isinstance(rules, list) else 0):
        yield from at(get("declarative_net_request", "rule_resources", i, "path"), f"/rule_resources/{i}/path")
    resources = get("web_accessible_resources")
    for i, entry in enumerate(resources if isinstance(resources, list) else []):
        if isinstance(entry, str):  # MV2: a list of paths and globs
            yield entry, f"/web_accessible_resources/{i}"
        else:
            yield from at(get("web_accessible_resources", i, "resources"), f"/web_accessible_resources/{i}/resources")


def _manifest_references(manifest: dict[str, Any], files: set[str], reached: set[str], shown: str) -> list[Diagnostic]:
    problems = []
    for value, pointer in _manifest_values(manifest):
        if pointer.startswith("/web_accessible_resources") and _GLOB.search(value):
            pattern = value.lstrip("/")
            reached.update(name for name in files if fnmatch.fnmatchcase(name, pattern))
            continue  # a glob that matches nothing loads nothing: no file is missing
        target = _resolve(value, ())
        if target is None:
            continue
        if target in files:
            reached.add(target)
        elif not value.startswith("__MSG_"):
            problems.append(
                Diagnostic("error", f"{value}: no such file in the build", path=f"{shown}/manifest.json", key=pointer)
            )
    return problems


# -- pages and stylesheets --------------------------------------------------------------------------------------

#: attributes whose value loads or links a file of the extension
_URL_ATTRIBUTES = {"src", "href", "poster", "data"}


class _PageLinks(HTMLParser):
    """Every `src`/`href`/`poster`/`data`/`srcset` value in a page, and its CSS, with offsets in the text."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.text = text
        self.line_starts = [0] + [m.end() for m in re.finditer("\n", text)]
        self.values: list[tuple[str, int]] = []  # (value, offset of the tag)
        self.css: list[tuple[int, int]] = []  # (start, end) of inline CSS in the text
        self._style_start: int | None = None

    def _offset(self) -> int:
        line, column = self.getpos()
        return self.line_starts[line - 1] + column

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        offset = self._offset()
        for name, value in attrs:
            if not value:
                continue
            if name in _URL_ATTRIBUTES and not (tag == "base" or (tag == "form" and name == "action")):
                self.values.append((value.strip(), offset))
            elif name in ("srcset", "imagesrcset"):
                for candidate in value.split(","):
                    if candidate.strip():
                        self.values.append((candidate.split()[0], offset))
            elif name == "style" and "url(" in value.lower():
                self.values += [(ref.value, offset) for ref in css_references(value)]
        if tag == "style":
            self._style_start = offset + len(self.get_starttag_text() or "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "style" and self._style_start is not None:
            self.css.append((self._style_start, self._offset()))
            self._style_start = None


def _page_references(name: str, text: str, files: set[str], reached: set[str], shown: str) -> list[Diagnostic]:
    links = _PageLinks(text)
    try:
        links.feed(text)
        links.close()
    except (AssertionError, ValueError):  # a page HTMLParser cannot read: the lint says what is wrong with it
        return []
    folder = tuple(name.split("/")[:-1])
    problems = []
    for value, offset in links.values:
        if is_remote_url(value) or url_scheme(value) is not None:
            continue
        target = _resolve(value, folder)
        if target is None or target == "/".join(folder) or target == "":
            continue  # `?tab=2`, `./`: the page itself or its folder
        problems += _reached(target, value, files, reached, f"{shown}/{name}", text, offset)
    for start, end in links.css:
        problems += _css_references(name, text[start:end], start, files, reached, f"{shown}/{name}", text)
    return problems


def _css_references(
    name: str, css: str, base: int, files: set[str], reached: set[str], path: str, whole: str
) -> list[Diagnostic]:
    folder = tuple(name.split("/")[:-1])
    problems = []
    for ref in css_references(css):
        target = _resolve(ref.value, folder)
        if target is not None:
            problems += _reached(target, ref.value, files, reached, path, whole, base + ref.start)
    return problems


def _reached(
    target: str, value: str, files: set[str], reached: set[str], path: str, text: str, offset: int
) -> list[Diagnostic]:
    if target in files:
        reached.add(target)
        return []
    if target + "/index.html" in files:  # a folder link: the browser does not serve index.html, but it is named
        reached.add(target + "/index.html")
        return []
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return [Diagnostic("error", f"{value}: no such file in the build", path=path, line=line, column=column)]


def _code_imports_of_public_files(metafile: dict[str, Any], root: str) -> list[Diagnostic]:
    """An import from code of `/x.png`: esbuild keeps root-relative URLs of public/ as written (for CSS), so in a
    script it would stay an import of a URL no bundle can load at run time. Named at the importing file."""
    problems = []
    for source, info in metafile.get("inputs", {}).items():
        for imported in info.get("imports", []) if isinstance(info, dict) else []:
            path = imported.get("path", "") if isinstance(imported, dict) else ""
            # esbuild lists a module it injects (`--inject`: xtk's framework runtime, long constants) as an
            # external import of its absolute path: a file on disk, not a URL of public/
            injected = Path(path).is_file()
            if (
                imported.get("external")
                and path.startswith("/")
                and imported.get("kind") in _CODE_IMPORTS
                and not injected
            ):
                problems.append(
                    Diagnostic(
                        "error",
                        f"imports {path!r}, a file of public/: code cannot import it (it is copied as it is, not "
                        f"bundled); use its URL (chrome.runtime.getURL({path!r})) or move it beside the code and "
                        "import it with a relative path",
                        path=source if root == "." else f"{root}/{source}",
                    )
                )
    return problems


_UNRESOLVED_ROOT_RELATIVE = re.compile(r'^Could not resolve "(/[^"]*)"$')


def root_relative_hint(diagnostic: Diagnostic) -> Diagnostic:
    """esbuild's `Could not resolve "/fonts/a.woff2"` says where xtk looked: a root-relative URL in a stylesheet
    names a file of public/ (esbuild keeps those as written), and there is none of that name."""
    match = _UNRESOLVED_ROOT_RELATIVE.match(diagnostic.message)
    if match is None:
        return diagnostic
    return replace(
        diagnostic,
        message=f"{diagnostic.message}: a root-relative URL names a file of the project's public folder (copied to "
        f"the build's root), and it has no {match.group(1).lstrip('/')}",
    )
