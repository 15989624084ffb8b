"""A saved page as the chunker's tree (chunker.py), built by an HTML5 parser so elements nest as in a browser.

selectolax's Lexbor parser follows the WHATWG tree construction (implied `tbody`, a `<p>` closed by a `<table>`,
`<template>` content outside the tree), so the XPaths computed on this tree address the same elements in the
live DOM. Without CSS, "hidden" is what the markup says: the `hidden` attribute, an inline `display: none` or
`visibility: hidden|collapse`, `<input type=hidden>`, and elements never rendered (head, script, style…). The
browser's tree (src/content/tree.ts) reads computed styles instead; the chunker is the same function of either.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from selectolax.lexbor import LexborHTMLParser, LexborNode

from chunker_reference.chunker import ATTRIBUTES, Tree, ascii_lower

#: Never rendered: kept as hidden leaves (they still count as siblings in XPaths).
NEVER_RENDERED = frozenset({"head", "script", "style", "noscript", "template", "title", "meta", "link", "base"})
#: Rendered, but their content is not text the chunker reads: kept as leaves.
OPAQUE = frozenset({"svg", "math", "iframe", "object", "canvas", "video", "audio"})

_HIDDEN_STYLE = re.compile(
    r"(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*(?:hidden|collapse))\s*(?:!important\s*)?(?:;|$)",
    re.IGNORECASE | re.ASCII,
)


def _hidden(tag: str, attributes: dict[str, Any]) -> bool:
    if tag in NEVER_RENDERED or "hidden" in attributes:
        return True
    if tag == "input" and ascii_lower(attributes.get("type") or "") == "hidden":
        return True
    return bool(_HIDDEN_STYLE.search(attributes.get("style") or ""))


def _element(node: LexborNode) -> Tree:
    tag = node.tag or ""
    attributes = node.attributes
    hidden = _hidden(tag, attributes)
    element: Tree = {
        "tag": tag,
        "attrs": {name: attributes[name] or "" for name in ATTRIBUTES if name in attributes},
        "hidden": hidden,
        "children": [],
    }
    if hidden or tag in OPAQUE:
        return element
    children: list[Any] = element["children"]
    child = node.child
    while child is not None:
        kind = child.tag
        if kind == "-text":
            text = child.text_content or ""
            if text:
                if children and isinstance(children[-1], str):
                    children[-1] += text  # adjacent text nodes are one string, as after normalize()
                else:
                    children.append(text)
        elif kind and not kind.startswith(("-", "!", "_")):
            children.append(_element(child))
        child = child.next
    return element


def tree_from_html(html: str) -> Tree:
    """The tree of a whole document, rooted at `<html>`."""
    root = LexborHTMLParser(html).root
    if root is None:
        return {"tag": "html", "attrs": {}, "hidden": False, "children": []}
    return _element(root)


def tree_from_file(path: Path) -> Tree:
    """A saved page read as UTF-8 (a byte order mark dropped, undecodable bytes replaced)."""
    return tree_from_html(path.read_bytes().decode("utf-8-sig", errors="replace"))
