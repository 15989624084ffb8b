"""Extension pages: find the local scripts and stylesheets an HTML page loads, and point them at the bundles.

A page is written as users write it for any bundler: `<script type="module" src="./index.ts">` and
`<link rel="stylesheet" href="./popup.css">`. xtk bundles each referenced file and rewrites the reference to
the output. What an extension page cannot do is an error here rather than a blank popup at run time:
inline scripts and remote scripts are blocked by every browser's extension CSP.

The files a page's CSS names — `url()` and `@import` in an inline `<style>` or a `style="..."` attribute — are
references too: without them a font or background named only there never reached the build. A root-relative
path (`/logo.png`) is resolved as Vite resolves it: the file of that name in `public/` (copied to the build's root,
so the URL works as written), else the file under the project root.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import Literal
from urllib.parse import unquote

from toolchain.css_urls import css_references, names_a_file
from toolchain.diagnostics import Diagnostic
from toolchain.urls import is_remote_url, package_path, split_address, url_scheme

_SCRIPT_SUFFIXES = {".ts", ".tsx", ".mts", ".js", ".jsx", ".mjs"}
#: Inline `<script type=...>` blocks that hold data, not code: allowed by CSP.
_DATA_SCRIPT_TYPES = {"application/json", "application/ld+json", "importmap", "text/template", "text/html"}


@dataclass(frozen=True)
class PageReference:
    """One `src`/`href` attribute value in a page that xtk rewrites."""

    kind: Literal["script", "style", "asset"]
    value: str  # as written in the page
    target: Path  # the file it names, resolved against the page's folder
    start: int  # offset of the value in the page's text
    end: int
    line: int
    column: int
    module: bool = False  # <script type="module">


@dataclass(frozen=True)
class PageScan:
    references: list[PageReference]
    problems: list[Diagnostic]


_ATTR = r"""\b{name}\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))"""


def _attr_span(tag_text: str, name: str) -> tuple[int, int] | None:
    m = re.search(_ATTR.format(name=name), tag_text, flags=re.IGNORECASE)
    if not m:
        return None
    group = next(i for i in (1, 2, 3) if m.group(i) is not None)
    return m.start(group), m.end(group)


class _Scanner(HTMLParser):
    def __init__(
        self,
        text: str,
        page: Path,
        display: str,
        root: Path | None = None,
        public: Path | None = None,
        project_root: Path | None = None,
        aliases: dict[str, Path] | None = None,
    ) -> None:
        super().__init__(convert_charrefs=True)
        self.aliases = aliases or {}
        self.text = text
        self.page = page
        self.display = display
        self.root = root
        self.public, self.project_root = public, project_root
        self._style_start: int | None = None  # offset of an open <style>'s text
        self.line_starts = [0] + [m.end() for m in re.finditer("\n", text)]
        self.references: list[PageReference] = []
        self.problems: list[Diagnostic] = []
        self._inline_script: tuple[int, int] | None = None  # (line, col) of an open <script> without src
        self._inline_text: list[str] = []

    def _offset(self) -> int:
        line, col = self.getpos()
        return self.line_starts[line - 1] + col

    def _error(self, message: str, line: int, column: int) -> None:
        self.problems.append(Diagnostic("error", message, path=self.display, line=line, column=column))

    def _reference(self, kind: Literal["script", "style", "asset"], attr: str, module: bool = False) -> None:
        tag_text = self.get_starttag_text() or ""
        span = _attr_span(tag_text, attr)
        if span is None:
            return
        tag_start = self._offset()
        self._add(kind, tag_start + span[0], tag_start + span[1], module)

    def _add(self, kind: Literal["script", "style", "asset"], start: int, end: int, module: bool = False) -> None:
        value = self.text[start:end]
        line = self.text.count("\n", 0, start) + 1
        column = start - self.line_starts[line - 1] + 1
        if not value or value.startswith(("#", "data:")):
            return
        if is_remote_url(value):
            if kind == "script":
                self._error(
                    f"remote script {value!r}: extensions must ship their code (remote code is blocked by the "
                    "extension CSP and rejected by store review); install it as a dependency and import it",
                    line,
                    column,
                )
            return
        if url_scheme(value) is not None:  # the extension's own URL (chrome-extension://…): not a file to bundle
            return
        path_part = unquote(split_address(value)[0])  # my%20font.woff2 is the file `my font.woff2`
        alias = next((name for name in self.aliases if path_part.startswith(f"{name}/")), None)
        if self.root is None and alias is not None:  # `~/assets/x.css`: [aliases] as esbuild reads them in code
            target = (self.aliases[alias] / path_part[len(alias) + 1 :]).resolve()
        elif self.root is None and path_part.startswith("/") and self.public is not None:
            target = self._root_relative(path_part)
        elif self.root is None:
            target = (self.page.parent / path_part).resolve()
        else:
            target = _in_package(self.root, self.page, path_part)
        self.references.append(PageReference(kind, value, target, start, end, line, column, module))

    def _root_relative(self, path_part: str) -> Path:
        """`/logo.png` as Vite reads it: public/logo.png when there is one, else logo.png under the project root."""
        assert self.public is not None
        relative = path_part.lstrip("/")
        in_public = (self.public / relative).resolve()
        if _is_file(in_public) or self.project_root is None:
            return in_public
        return (self.project_root / relative).resolve()

    def _css(self, start: int, end: int, in_attribute: bool) -> None:
        """The files named by CSS at text[start:end]: `url()` values are assets, `@import`s stylesheets."""
        css = self.text[start:end]
        for ref in css_references(css):
            if not names_a_file(ref.value) or (in_attribute and "&" in ref.value):  # &quot;-quoted: left as written
                continue
            self._add("style" if ref.kind == "import" else "asset", start + ref.start, start + ref.end)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = {k.lower(): (v or "") for k, v in attrs}
        if tag == "script":
            script_type = attributes.get("type", "").strip().lower()
            if "src" in attributes:
                self._reference("script", "src", module=script_type == "module")
            elif script_type not in _DATA_SCRIPT_TYPES:
                self._inline_script = self.getpos()
                self._inline_text = []
        elif tag == "link":
            rel = attributes.get("rel", "").lower().split()
            if "stylesheet" in rel:
                self._reference("style", "href")
            elif "href" in attributes and ("icon" in rel or "preload" in rel or "manifest" in rel):
                self._reference("asset", "href")
        elif tag in ("img", "source", "audio", "video") and "src" in attributes:
            self._reference("asset", "src")
        elif tag == "style":
            self._style_start = self._offset() + len(self.get_starttag_text() or "")
        if "url(" in attributes.get("style", "").lower():  # style="background: url(./bg.png)"
            span = _attr_span(self.get_starttag_text() or "", "style")
            if span is not None:
                tag_start = self._offset()
                self._css(tag_start + span[0], tag_start + span[1], in_attribute=True)

    def handle_data(self, data: str) -> None:
        if self._inline_script is not None:
            self._inline_text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "style" and self._style_start is not None:
            self._css(self._style_start, self._offset(), in_attribute=False)
            self._style_start = None
        if tag == "script" and self._inline_script is not None:
            if "".join(self._inline_text).strip():
                line, col = self._inline_script
                self._error(
                    "inline <script>: the extension CSP blocks inline code; move it to a file and load it with "
                    '<script type="module" src="./file.ts">',
                    line,
                    col + 1,
                )
            self._inline_script = None


def _in_package(root: Path, page: Path, path_part: str) -> Path:
    """The file a page of a packaged extension (under `root`) loads, as the browser resolves its URL: `/x.js` from
    the root, `../x.js` no higher than the root (URL paths cannot climb above it). A link is followed: the caller
    checks the result is still inside `root`."""
    base = root.resolve()
    folder = page.resolve().parent
    parts = folder.relative_to(base).parts if folder.is_relative_to(base) else ()
    return base.joinpath(*package_path(parts, path_part)).resolve()


def scan_page(
    text: str,
    page: Path,
    display: str,
    root: Path | None = None,
    public: Path | None = None,
    project_root: Path | None = None,
    aliases: dict[str, Path] | None = None,
) -> PageScan:
    """The references in one page and the problems that would break it in a browser. `root`: the page is a file
    of the packaged extension there, and its references are resolved as the browser resolves their URLs.
    `public` and `project_root` (a source page): where a root-relative `/x.png` is looked for, in that order.
    `aliases` (a source page): `name/…` paths resolved in the alias's folder (xtk.toml's [aliases])."""
    scanner = _Scanner(text, page, display, root, public, project_root, aliases)
    read_whole_page(scanner, text)
    problems = list(scanner.problems)
    references: list[PageReference] = []
    for ref in scanner.references:
        if not _is_file(ref.target):
            where = ""
            if root is None and public is not None and ref.value.startswith("/"):
                where = f" in {public.name}/" + (" nor under the project root" if project_root is not None else "")
            problems.append(
                Diagnostic(
                    "error", f"{ref.value}: file not found{where}", path=display, line=ref.line, column=ref.column
                )
            )
            continue
        if ref.kind == "script" and ref.target.suffix.lower() not in _SCRIPT_SUFFIXES:
            problems.append(
                Diagnostic("error", f"{ref.value}: not a script file", path=display, line=ref.line, column=ref.column)
            )
            continue
        references.append(ref)
    return PageScan(references, problems)


def read_whole_page(parser: HTMLParser, text: str) -> None:
    """Feed a whole page to `parser` and close it. What the page leaves open at its end — a `<` after its last `>`:
    a tag, comment or script never closed — is dropped first, as a browser drops a tag cut by the end of the file
    (nor does it run a script never closed). Python's HTMLParser instead rescans to the end of the page from every
    `<` there when it closes: 50 KB of `<a ` took 100 s (issue 17). A `<![` declaration HTMLParser cannot read
    (`<![<![`: an AssertionError in its _markupbase) is, as in a browser, a bogus comment up to the next `>`."""
    declaration = parser.parse_html_declaration

    def tolerant_declaration(i: int) -> int:
        position = parser.getpos()
        try:
            return declaration(i)
        except AssertionError:
            parser.lineno, parser.offset = position  # _markupbase moved them before raising
            return parser.parse_bogus_comment(i)

    parser.parse_html_declaration = tolerant_declaration  # type: ignore[method-assign]  # this one parser's, on purpose
    parser.feed(text)
    tail = parser.rawdata
    cut = tail.find("<", tail.rfind(">") + 1)
    if cut >= 0:
        parser.rawdata = tail[:cut]
    parser.close()


def _is_file(path: Path) -> bool:
    """Is there a file at `path`? False, not an error, for a name the system refuses (too long for it)."""
    try:
        return path.is_file()
    except OSError:
        return False


#: Stylesheets a preprocessor compiles (on the Node path, toolchain/tools/components.py): their output is CSS.
_PREPROCESSED_STYLES = (".scss", ".sass", ".less", ".pcss", ".postcss")


def stylesheet_out(out: str) -> str:
    """Where a stylesheet lands in the build: `popup/style.scss` is compiled to `popup/style.css`."""
    stem, dot, suffix = out.rpartition(".")
    return f"{stem}.css" if dot and f".{suffix.lower()}" in _PREPROCESSED_STYLES else out


def rewrite_page(text: str, replacements: dict[tuple[int, int], str]) -> str:
    """Replace attribute values at the given (start, end) offsets, last first so offsets stay valid."""
    for (start, end), value in sorted(replacements.items(), reverse=True):
        text = text[:start] + value + text[end:]
    return text
