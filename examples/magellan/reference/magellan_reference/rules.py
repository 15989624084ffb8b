"""Magellan's extraction rules (seed 004, "Page Content Extraction"), over a serialised simplified DOM tree.

The rules are pure: they read a tree, never a page. Python builds the tree from saved HTML (`snapshot.py`) for the
golden vectors; the content script builds it from the live DOM (`src/content/snapshot.ts`). Both then run the same
rules — this module and its TypeScript twin `src/shared/extraction.ts` — which `xtk conform` proves agree.

A tree node is either a string (a text node) or an element:

    {"tag": "p", "block": true, "hidden": "display", "children": [...]}

`tag` is the lower-case tag name; `block` says the element breaks the line (display other than inline, and `br`);
`hidden`, when present, is the first reason the element is not seen: `display` (display: none), `visibility`
(computed visibility hidden/collapse), `opacity` (0), `size` (a zero-sized box) or `offscreen` (its box lies off
the top or left of the document). The root is the page's `body`. What is computed (specs/extraction.md):

1. Elements are numbered in document (pre-)order from 0, the root included: `node` in the results.
2. An element matches the seed's selectors when its tag is one of SIMPLE_TAGS, or it is a `div` none of whose
   descendants (hidden or not, as `:has()` sees them) has a tag in HAS_TAGS.
3. It is visible when it has no `hidden` reason and no ancestor has `display` or `opacity` (those hide a subtree).
4. Its text is what innerText would give, simplified: text nodes in order; none inside a `display` element;
   none directly inside a `visibility` element (a visible child of it still counts); a `block` child is set off by
   spaces; then every run of HTML whitespace (space, tab, LF, FF, CR) becomes one space and the ends are trimmed.
5. It is kept when visible, its text is 15 to 2,500 UTF-16 code units long, and no element kept before it had the
   same text (compared code unit for code unit).
6. The k-th kept element is `mgl-node-k`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

SIMPLE_TAGS = frozenset(
    {
        "p",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "li",
        "span",
        "blockquote",
        "td",
        "th",
        "pre",
        "article",
        "section",
        "main",
    }
)
HAS_TAGS = frozenset(
    {
        "p",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "li",
        "article",
        "section",
        "main",
        "aside",
        "nav",
        "header",
        "footer",
        "form",
    }
)
HIDDEN_REASONS = ("display", "visibility", "opacity", "size", "offscreen")
SUBTREE_HIDING = frozenset({"display", "opacity"})
MIN_TEXT_LENGTH = 15
MAX_TEXT_LENGTH = 2500
ID_PREFIX = "mgl-node-"
HTML_WHITESPACE = re.compile(r"[ \t\n\f\r]+")

Element = dict[str, Any]


def utf16_units(text: str) -> bytes:
    """The UTF-16 code units of a string (lone surrogates kept): what JavaScript compares and measures."""
    return text.encode("utf-16-le", "surrogatepass")


def utf16_length(text: str) -> int:
    return len(utf16_units(text)) // 2


def element_text(element: Element) -> str:
    parts: list[str] = []
    _collect(element, parts)
    return HTML_WHITESPACE.sub(" ", "".join(parts)).strip(" ")


def _collect(element: Element, parts: list[str]) -> None:
    own_text_seen = element.get("hidden") != "visibility"
    for child in element["children"]:
        if isinstance(child, str):
            if own_text_seen:
                parts.append(child)
        elif child.get("hidden") != "display":
            if child["block"]:
                parts.append(" ")
            _collect(child, parts)
            if child["block"]:
                parts.append(" ")


def _has_container_descendant(element: Element) -> bool:
    return any(node["tag"] in HAS_TAGS for node in _descendants(element))


def _descendants(element: Element) -> Iterator[Element]:
    for child in element["children"]:
        if not isinstance(child, str):
            yield child
            yield from _descendants(child)


def matches_selectors(element: Element) -> bool:
    tag = element["tag"]
    return tag in SIMPLE_TAGS or (tag == "div" and not _has_container_descendant(element))


def _preorder(root: Element) -> Iterator[tuple[Element, bool]]:
    """(element, whether an ancestor hides its subtree), in document order."""
    stack: list[tuple[Element, bool]] = [(root, False)]
    while stack:
        element, hidden_above = stack.pop()
        yield element, hidden_above
        below = hidden_above or element.get("hidden") in SUBTREE_HIDING
        for child in reversed(element["children"]):
            if not isinstance(child, str):
                stack.append((child, below))


def extract_elements(tree: Element) -> list[dict[str, Any]]:
    """The identified elements: `[{"id": "mgl-node-0", "node": 12, "text": "..."}, ...]`, in document order."""
    kept: list[dict[str, Any]] = []
    seen: set[bytes] = set()
    for node, (element, hidden_above) in enumerate(_preorder(tree)):
        if hidden_above or "hidden" in element or not matches_selectors(element):
            continue
        text = element_text(element)
        units = utf16_units(text)
        if not MIN_TEXT_LENGTH <= len(units) // 2 <= MAX_TEXT_LENGTH or units in seen:
            continue
        seen.add(units)
        kept.append({"id": f"{ID_PREFIX}{len(kept)}", "node": node, "text": text})
    return kept


def full_text(elements: list[dict[str, Any]]) -> str:
    """The seed's full text format: one `[mgl-node-N] text` line per element."""
    return "\n".join(f"[{element['id']}] {element['text']}" for element in elements)


def fnv1a32(text: str) -> str:
    """FNV-1a (32 bits) over the UTF-16 code units, as 8 hex digits: a page text's fingerprint, not the text."""
    value = 0x811C9DC5
    units = utf16_units(text)
    for index in range(0, len(units), 2):
        value = ((value ^ (units[index] | units[index + 1] << 8)) * 0x01000193) & 0xFFFFFFFF
    return f"{value:08x}"


def extraction_digest(tree: Element) -> dict[str, Any]:
    """What the extraction gives, without the page's text: which nodes, how long, and the full text's fingerprint
    (corpus vectors hold no page text)."""
    elements = extract_elements(tree)
    text = full_text(elements)
    return {
        "count": len(elements),
        "nodes": [element["node"] for element in elements],
        "lengths": [utf16_length(element["text"]) for element in elements],
        "fullTextLength": utf16_length(text),
        "fullTextHash": fnv1a32(text),
    }


def tree_problems(tree: Any, pointer: str = "") -> list[tuple[str, str]]:
    """Shape problems of a tree (JSON pointers relative to the argument), iteratively (pages nest deep)."""
    problems: list[tuple[str, str]] = []
    stack: list[tuple[Any, str]] = [(tree, pointer)]
    while stack and len(problems) < 20:
        node, where = stack.pop()
        if not isinstance(node, dict):
            problems.append((where, "must be an element object"))
            continue
        unknown = set(node) - {"tag", "block", "hidden", "children"}
        if unknown:
            problems.append((where, f"unknown key(s): {', '.join(sorted(unknown))}"))
        tag = node.get("tag")
        if not isinstance(tag, str) or not re.fullmatch(r"[^\t\n\f\r />A-Z]+", tag):
            problems.append((f"{where}/tag", "must be a tag name (no whitespace, / or >, ASCII lower case)"))
        if not isinstance(node.get("block"), bool):
            problems.append((f"{where}/block", "must be true or false"))
        if "hidden" in node and node["hidden"] not in HIDDEN_REASONS:
            problems.append((f"{where}/hidden", f"must be one of {', '.join(HIDDEN_REASONS)}"))
        children = node.get("children")
        if not isinstance(children, list):
            problems.append((f"{where}/children", "must be a list"))
            continue
        for index, child in enumerate(children):
            if not isinstance(child, str):
                stack.append((child, f"{where}/children/{index}"))
    return problems
