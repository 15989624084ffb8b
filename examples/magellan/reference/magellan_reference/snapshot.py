"""Saved HTML → the simplified DOM tree the extraction rules read (rules.py), with the standard library only.

Deterministic, and close to what a browser builds, not equal to it (specs/extraction.md, "Python's snapshot"):

- The file is read as UTF-8 (a byte-order mark dropped), character references decoded (`html.parser`).
- The root is `body`: the tags `html`, `head` and `body` themselves are dropped, and so is everything a browser
  does not render as text: `head` (until `</head>`, `<body>` or the first tag that cannot be in a head), and
  SKIPPED_TAGS with their content. Comments are dropped.
- Void elements (`br`, `img`, …) have no children; a start tag closes what the HTML parser implies it closes (an
  open `p` before a block, `li` before `li`, `td`/`th` before a cell or row, `tr` before a row, `dt`/`dd`,
  `option`); an end tag closes up to its open element, and is ignored when none is open.
- `block` is the tag's default display in the browser's style sheet (BLOCK_TAGS, and `br`).
- `hidden` comes from markup only (no CSS files are read, no layout): the `hidden` attribute or an inline
  `display: none` is `display`; an inline `visibility: hidden|collapse` is `visibility`, inherited by the
  descendants until one says `visibility: visible`; an inline `opacity: 0` is `opacity`. Nothing is `size` or
  `offscreen`: that needs layout.
"""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path
from typing import Any

Element = dict[str, Any]

SKIPPED_TAGS = frozenset(
    {
        "script",
        "style",
        "noscript",
        "template",
        "svg",
        "math",
        "iframe",
        "object",
        "canvas",
        "video",
        "audio",
        "select",
        "textarea",
        "title",
    }
)
HEAD_TAGS = frozenset({"base", "link", "meta", "noscript", "script", "style", "template", "title"})
VOID_TAGS = frozenset(
    {
        "area",
        "base",
        "br",
        "col",
        "embed",
        "hr",
        "img",
        "input",
        "keygen",
        "link",
        "meta",
        "param",
        "source",
        "track",
        "wbr",
    }
)
BLOCK_TAGS = frozenset(
    {
        "address",
        "article",
        "aside",
        "blockquote",
        "br",
        "caption",
        "center",
        "dd",
        "details",
        "dialog",
        "dir",
        "div",
        "dl",
        "dt",
        "fieldset",
        "figcaption",
        "figure",
        "footer",
        "form",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "header",
        "hgroup",
        "hr",
        "legend",
        "li",
        "main",
        "menu",
        "nav",
        "ol",
        "p",
        "pre",
        "section",
        "summary",
        "table",
        "tbody",
        "td",
        "tfoot",
        "th",
        "thead",
        "tr",
        "ul",
        "body",
        "listing",
        "plaintext",
        "xmp",
        "search",
    }
)
CLOSES_P = frozenset(
    {
        "address",
        "article",
        "aside",
        "blockquote",
        "center",
        "details",
        "dialog",
        "dir",
        "div",
        "dl",
        "fieldset",
        "figcaption",
        "figure",
        "footer",
        "form",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "header",
        "hgroup",
        "hr",
        "main",
        "menu",
        "nav",
        "ol",
        "p",
        "pre",
        "section",
        "summary",
        "table",
        "ul",
        "li",
        "dd",
        "dt",
        "search",
    }
)
# start tag → (the open elements it closes, the elements that bound the search)
IMPLIED_CLOSES: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "li": (frozenset({"li"}), frozenset({"ul", "ol", "menu", "table"})),
    "dt": (frozenset({"dt", "dd"}), frozenset({"dl", "table"})),
    "dd": (frozenset({"dt", "dd"}), frozenset({"dl", "table"})),
    "td": (frozenset({"td", "th"}), frozenset({"tr", "table"})),
    "th": (frozenset({"td", "th"}), frozenset({"tr", "table"})),
    "tr": (frozenset({"tr", "td", "th"}), frozenset({"table", "tbody", "thead", "tfoot"})),
    "option": (frozenset({"option"}), frozenset({"select", "datalist"})),
}


def inline_style(style: str) -> dict[str, str]:
    declarations = {}
    for declaration in style.split(";"):
        name, colon, value = declaration.partition(":")
        if colon:
            declarations[name.strip().lower()] = value.lower().replace("!important", "").strip()
    return declarations


class _TreeBuilder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root: Element = {"tag": "body", "block": True, "children": []}
        self.open: list[Element] = [self.root]
        self.invisible: list[bool] = [False]  # inherited visibility: hidden, per open element
        self.skipping: list[str] = []  # open SKIPPED_TAGS (nested ones count)
        self.in_head = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.skipping:
            if tag == self.skipping[-1] and tag not in VOID_TAGS:
                self.skipping.append(tag)
            return
        if tag == "head":
            self.in_head = True
            return
        if self.in_head and (tag == "body" or tag not in HEAD_TAGS):
            self.in_head = False
        if tag in ("html", "body") or (self.in_head and tag in VOID_TAGS):
            return
        if tag in SKIPPED_TAGS or self.in_head:
            self.skipping.append(tag)
            return
        self._close_implied(tag)
        element = self._element(tag, dict(attrs))
        self.open[-1]["children"].append(element)
        if tag not in VOID_TAGS:
            self.open.append(element)
            self.invisible.append(element.get("hidden") == "visibility")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID_TAGS:
            self.handle_endtag(tag)

    def handle_endtag(self, tag: str) -> None:
        if self.skipping:
            if tag == self.skipping[-1]:
                self.skipping.pop()
            return
        if tag == "head":
            self.in_head = False
            return
        for depth in range(len(self.open) - 1, 0, -1):
            if self.open[depth]["tag"] == tag:
                del self.open[depth:], self.invisible[depth:]
                return

    def handle_data(self, data: str) -> None:
        if self.skipping or self.in_head or not data:
            return
        children = self.open[-1]["children"]
        if children and isinstance(children[-1], str):
            children[-1] += data
        else:
            children.append(data)

    def _close_implied(self, tag: str) -> None:
        if tag in CLOSES_P:
            self._close_first({"p"}, frozenset({"button", "table", "td", "th"}))
        implied = IMPLIED_CLOSES.get(tag)
        if implied:
            self._close_first(*implied)

    def _close_first(self, closes: set[str] | frozenset[str], bounds: frozenset[str]) -> None:
        for depth in range(len(self.open) - 1, 0, -1):
            open_tag = self.open[depth]["tag"]
            if open_tag in closes:
                del self.open[depth:], self.invisible[depth:]
                return
            if open_tag in bounds:
                return

    def _element(self, tag: str, attrs: dict[str, str | None]) -> Element:
        element: Element = {"tag": tag, "block": tag in BLOCK_TAGS, "children": []}
        style = inline_style(attrs.get("style") or "")
        visibility = style.get("visibility")
        if "hidden" in attrs or style.get("display") == "none":
            element["hidden"] = "display"
        elif visibility in ("hidden", "collapse") or (self.invisible[-1] and visibility != "visible"):
            element["hidden"] = "visibility"
        elif _is_zero(style.get("opacity")):
            element["hidden"] = "opacity"
        return element


def _is_zero(value: str | None) -> bool:
    try:
        return value is not None and float(value.rstrip("%")) == 0
    except ValueError:
        return False


def snapshot_html(html: str) -> Element:
    """The tree of a page's body, as described in the module's docstring."""
    builder = _TreeBuilder()
    builder.feed(html)
    builder.close()
    return builder.root


def snapshot_file(path: Path) -> Element:
    return snapshot_html(path.read_bytes().decode("utf-8", errors="replace").removeprefix("\ufeff"))
