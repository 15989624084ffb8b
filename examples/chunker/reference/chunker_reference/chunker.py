"""The heading-hierarchy chunker (seed 002 §3 and §6) as a pure function over a simplified DOM tree.

The tree is what `html_tree.tree_from_html` makes of a saved page and what the content script makes of the live DOM
(src/content/tree.ts): an element is `{"tag", "attrs", "hidden", "children"}` (lower-case tag; only the attributes in
`ATTRIBUTES`; `hidden` when it is not rendered, its children then empty), a text node is a string. The TypeScript
twin is src/shared/chunker.ts; golden vectors prove they agree (specs/chunker.md says what is computed and why).

All lengths are UTF-16 code units and all case-insensitive matching is ASCII-only, so Python and JavaScript agree.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

Tree = dict[str, Any]

#: The attributes a tree keeps (the chunker reads no other).
ATTRIBUTES = ("role", "data-rag-ignore", "data-component", "id")
#: Never content (seed §3.2, §7.1): navigation, sidebars, footers and their ARIA roles.
EXCLUDED_TAGS = frozenset({"nav", "aside", "footer"})
EXCLUDED_ROLES = frozenset({"navigation", "complementary", "contentinfo", "search"})
#: Also skipped when looking for the main content by heuristics (a page header is not the content).
PAGE_CHROME_TAGS = frozenset({"header"})
PAGE_CHROME_ROLES = frozenset({"banner"})
HEADINGS = {"h1": 1, "h2": 2, "h3": 3, "h4": 4, "h5": 5, "h6": 6}
LISTS = frozenset({"ul", "ol"})
#: Elements whose text runs into its neighbours'; every other element separates words.
INLINE_TAGS = frozenset(
    "a abbr b bdi bdo big cite code data del dfn em font i ins kbd label mark nobr q s samp small span strike "
    "strong sub sup time tt u var wbr".split()
)
REGION_TAGS = frozenset({"section", "article"})
REGION_ROLES = frozenset({"region", "article"})
BLOCK_TAGS = frozenset({"p", "pre", "blockquote", "li", "dd", "td", "th", "figcaption"})
#: A chunk's own text is cut at this many code units (seed §7.4 "limit chunk size"), never inside a surrogate pair.
MAX_RAW_TEXT = 2000
#: At most this many chunks per page (seed §7.4 "limit chunks per page"); the rest are counted as truncated.
MAX_CHUNKS = 600
#: The heuristic descends into a child while its score is at least this share of its parent's (tenths).
DESCEND_TENTHS = 7
#: The heuristic ignores children with less text than this.
MIN_CANDIDATE_TEXT = 200

#: An id a selector can name as `#id` without escaping.
_PLAIN_ID = re.compile(r"-?[A-Za-z_][A-Za-z0-9_-]*", re.ASCII)
#: A tag a selector can name as it is (a custom element's too); any other is reached by `:nth-child`.
_PLAIN_TAG = re.compile(r"[a-z][a-z0-9-]*", re.ASCII)
_WHITESPACE = re.compile(r"[ \t\n\f\r]+")
_LINK_PHRASES = re.compile(r"(?<![A-Za-z0-9_])(?:view|learn|read|see) more(?![A-Za-z0-9_])", re.IGNORECASE | re.ASCII)


def utf16_length(text: str) -> int:
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


def collapse(text: str) -> str:
    """HTML's ASCII whitespace runs made one space, trimmed (a no-break space is content)."""
    return _WHITESPACE.sub(" ", text).strip(" ")


def remove_link_phrases(text: str) -> str:
    """Seed §6 removeLinks: "View More", "Learn More", "Read More", "See More", any ASCII case."""
    return collapse(_LINK_PHRASES.sub(" ", text))


def cut(text: str, limit: int) -> str:
    """At most `limit` code units; a high surrogate left alone at the end is dropped, then trailing spaces."""
    units = text.encode("utf-16-le", "surrogatepass")
    if len(units) <= limit * 2:
        return text
    kept = units[: limit * 2]
    if 0xD800 <= int.from_bytes(kept[-2:], "little") <= 0xDBFF:
        kept = kept[:-2]
    return kept.decode("utf-16-le", "surrogatepass").rstrip(" ")


def ascii_lower(text: str) -> str:
    return text.translate(_ASCII_LOWER)


_ASCII_LOWER = {code: code + 32 for code in range(ord("A"), ord("Z") + 1)}


def _role(element: Tree) -> str:
    return ascii_lower(collapse(element["attrs"].get("role", "")))


def is_excluded(element: Tree, page_level: bool = False) -> bool:
    """Hidden, ignored (data-rag-ignore, widget links) or not content (nav, aside, footer and their roles)."""
    attrs = element["attrs"]
    if element["hidden"] or "data-rag-ignore" in attrs or attrs.get("data-component") == "widget-link":
        return True
    tag, role = element["tag"], _role(element)
    if tag in EXCLUDED_TAGS or role in EXCLUDED_ROLES:
        return True
    return page_level and (tag in PAGE_CHROME_TAGS or role in PAGE_CHROME_ROLES)


def elements(node: Tree) -> list[Tree]:
    return [child for child in node["children"] if isinstance(child, dict)]


class _Text:
    """Text of a subtree: pieces with a space wherever a block element starts or ends."""

    def __init__(self, page_level: bool = False) -> None:
        self.page_level = page_level

    def pieces(self, node: Tree, out: list[str]) -> None:
        for child in node["children"]:
            if isinstance(child, str):
                out.append(child)
            elif is_excluded(child, self.page_level):
                out.append(" ")
            elif child["tag"] in INLINE_TAGS:
                self.pieces(child, out)
            else:
                out.append(" ")
                self.pieces(child, out)
                out.append(" ")

    def text(self, node: Tree) -> str:
        out: list[str] = []
        self.pieces(node, out)
        return collapse("".join(out))

    def link_length(self, node: Tree) -> int:
        total = 0
        for child in elements(node):
            if is_excluded(child, self.page_level):
                continue
            total += utf16_length(self.text(child)) if child["tag"] == "a" else self.link_length(child)
        return total


def _id_counts(root: Tree) -> dict[str, int]:
    counts: dict[str, int] = {}
    stack = [root]
    while stack:
        element = stack.pop()
        element_id = element["attrs"].get("id")
        if element_id is not None:
            counts[element_id] = counts.get(element_id, 0) + 1
        stack.extend(elements(element))
    return counts


def places(root: Tree) -> dict[int, dict[str, str]]:
    """Every element's place (by `id()` of the element). XPath: `/html/body/div[2]`, the index only where siblings
    share the tag. CSS selector: `#id` for an element whose id is plain and unique in the tree, else its parent's
    selector, ` > `, its tag, with `:nth-of-type(k)` only where siblings share the tag (`:nth-child(k)` for a tag
    CSS cannot name plainly)."""
    found: dict[int, dict[str, str]] = {}
    ids = _id_counts(root)

    def anchor(element: Tree) -> str | None:
        element_id = element["attrs"].get("id")
        if element_id is not None and ids[element_id] == 1 and _PLAIN_ID.fullmatch(element_id):
            return f"#{element_id}"
        return None

    def visit(element: Tree, xpath: str, selector: str) -> None:
        css_selector = anchor(element) or selector
        found[id(element)] = {"xpath": xpath, "cssSelector": css_selector}
        children = elements(element)
        counts: dict[str, int] = {}
        for child in children:
            counts[child["tag"]] = counts.get(child["tag"], 0) + 1
        seen: dict[str, int] = {}
        for position, child in enumerate(children):
            tag = child["tag"]
            seen[tag] = seen.get(tag, 0) + 1
            shared = counts[tag] > 1
            if not _PLAIN_TAG.fullmatch(tag):
                step = f":nth-child({position + 1})"
            else:
                step = f"{tag}:nth-of-type({seen[tag]})" if shared else tag
            visit(child, f"{xpath}/{tag}[{seen[tag]}]" if shared else f"{xpath}/{tag}", f"{css_selector} > {step}")

    visit(root, "/" + root["tag"], root["tag"] if _PLAIN_TAG.fullmatch(root["tag"]) else ":root")
    return found


def find_main(root: Tree) -> tuple[Tree, str]:
    """Seed §3.1 step 1: the first `<main>` or role=main, else the Readability-style descent, else the body."""
    stack = [root]
    while stack:
        element = stack.pop()
        if element["hidden"] or "data-rag-ignore" in element["attrs"]:
            continue
        if element["tag"] == "main":
            return element, "main"
        if _role(element) == "main":
            return element, "role-main"
        stack.extend(reversed(elements(element)))
    body = next((child for child in elements(root) if child["tag"] == "body"), root)
    return _descend(body)


def _holds_heading(node: Tree, measure: _Text) -> bool:
    """Whether a visible heading with text is in this subtree."""
    for child in elements(node):
        if is_excluded(child, measure.page_level):
            continue
        if (child["tag"] in HEADINGS and measure.text(child)) or _holds_heading(child, measure):
            return True
    return False


def _descend(current: Tree) -> tuple[Tree, str]:
    """Step into the child that keeps most of the text: score = text − 2 × link text, while the best child keeps
    at least 70 % of its parent's score (integers only). Never into a paragraph-level element (the content is its
    parent), nor past a heading that precedes the child (the title of the content it would leave behind)."""
    measure = _Text(page_level=True)

    def score(element: Tree) -> tuple[int, int]:
        length = utf16_length(measure.text(element))
        return length, length - 2 * measure.link_length(element)

    by = "body"
    _, current_score = score(current)
    while True:
        best: tuple[int, Tree, int] | None = None
        children = elements(current)
        for index, child in enumerate(children):
            if is_excluded(child, page_level=True):
                continue
            length, child_score = score(child)
            if length >= MIN_CANDIDATE_TEXT and (best is None or child_score > best[2]):
                best = (index, child, child_score)
        if best is None or best[2] * 10 < current_score * DESCEND_TENTHS or best[2] <= 0:
            return current, by
        index, child, child_score = best
        if child["tag"] in BLOCK_TAGS or child["tag"] in HEADINGS or child["tag"] in INLINE_TAGS:
            return current, by
        before = children[:index]
        if any(
            not is_excluded(e, page_level=True)
            and ((e["tag"] in HEADINGS and measure.text(e)) or _holds_heading(e, measure))
            for e in before
        ):
            return current, by
        current, current_score, by = child, child_score, "heuristic"


@dataclass
class _Slot:
    """A chunk being built: its text pieces arrive as the walk goes on."""

    id: str
    element: Tree
    heading_path: list[str]
    heading_levels: list[int]
    level: int
    content_type: str
    parent: str | None = None
    element_index: int | None = None
    pieces: list[str] = field(default_factory=list)
    fixed_text: str | None = None


class _HeadingWalk:
    """Seed §3.1 steps 2–4: every visible heading starts a chunk; the text after it, up to the next heading, is its
    content; a list item outside headings is a chunk of its own, under the current heading."""

    def __init__(self, main: Tree) -> None:
        self.text = _Text()
        self.preamble = _Slot("preamble", main, [], [], 0, "mixed")
        self.slots: list[_Slot] = [self.preamble]
        self.current = self.preamble
        self.stack: list[_Slot] = []
        self.headings = 0
        self.items = 0

    def walk(self, node: Tree) -> None:
        for child in node["children"]:
            if isinstance(child, str):
                self.current.pieces.append(child)
            elif is_excluded(child):
                self.current.pieces.append(" ")
            elif child["tag"] in HEADINGS:
                self.heading(child)
            elif child["tag"] in LISTS and not self.has_heading(child):
                self.list(child)
            elif child["tag"] in INLINE_TAGS:
                self.walk(child)
            else:
                self.current.pieces.append(" ")
                self.walk(child)
                self.current.pieces.append(" ")

    def has_heading(self, node: Tree) -> bool:
        return any(
            not is_excluded(child)
            and ((child["tag"] in HEADINGS and self.text.text(child) != "") or self.has_heading(child))
            for child in elements(node)
        )

    def heading(self, element: Tree) -> None:
        title = self.text.text(element)
        if not title:
            return
        level = HEADINGS[element["tag"]]
        while self.stack and self.stack[-1].level >= level:
            self.stack.pop()
        parent = self.stack[-1] if self.stack else None
        slot = _Slot(
            f"heading-{self.headings}",
            element,
            [*(parent.heading_path if parent else []), title],
            [*(parent.heading_levels if parent else []), level],
            level,
            "heading",
            parent.id if parent else None,
        )
        self.headings += 1
        self.slots.append(slot)
        self.stack.append(slot)
        self.current = slot
        self.current.pieces.append(" ")

    def list(self, element: Tree) -> None:
        self.current.pieces.append(" ")
        index = 0
        for child in element["children"]:
            if isinstance(child, str):
                self.current.pieces.append(child)
            elif is_excluded(child):
                continue
            elif child["tag"] == "li":
                owner = self.current
                slot = _Slot(
                    f"{owner.id}-item-{self.items}",
                    child,
                    owner.heading_path,
                    owner.heading_levels,
                    owner.level,
                    "list",
                    owner.id,
                    index,
                    fixed_text=self.text.text(child),
                )
                self.items += 1
                self.slots.append(slot)
                index += 1
            else:
                self.walk(child)
        self.current.pieces.append(" ")


def _chunk(slot: _Slot, raw: str, paths: dict[int, dict[str, str]]) -> dict[str, Any]:
    raw = cut(remove_link_phrases(raw), MAX_RAW_TEXT)
    prefix = " ".join(f"[H{level}: {title}]" for level, title in zip(slot.heading_levels, slot.heading_path))
    content_type = slot.content_type
    if content_type == "heading" and raw:
        content_type = "mixed"
    return {
        "id": slot.id,
        "text": f"{prefix} {raw}" if prefix and raw else prefix or raw,
        "rawText": raw,
        "headingPath": slot.heading_path,
        "headingLevel": slot.level,
        "semanticTag": slot.element["tag"],
        "contentType": content_type,
        "parentChunkId": slot.parent,
        "elementIndex": slot.element_index,
        "xpath": paths[id(slot.element)]["xpath"],
        "cssSelector": paths[id(slot.element)]["cssSelector"],
    }


def _by_headings(main: Tree, paths: dict[int, dict[str, str]]) -> list[dict[str, Any]]:
    walk = _HeadingWalk(main)
    walk.walk(main)
    if walk.headings == 0:
        return []  # no heading: the fallback layers decide
    chunks = []
    for slot in walk.slots:
        raw = slot.fixed_text if slot.fixed_text is not None else collapse("".join(slot.pieces))
        chunk = _chunk(slot, raw, paths)
        # A heading is a chunk even without content (its title is searchable); other slots need text.
        if slot.content_type == "heading" or chunk["rawText"]:
            chunks.append(chunk)
    return chunks


def _outermost(node: Tree, wanted: Any) -> list[Tree]:
    found: list[Tree] = []
    for child in elements(node):
        if is_excluded(child):
            continue
        if wanted(child):
            found.append(child)
        else:
            found.extend(_outermost(child, wanted))
    return found


def _fallback(main: Tree, paths: dict[int, dict[str, str]]) -> tuple[str, list[dict[str, Any]]]:
    """Seed §3.3: sections, articles and ARIA regions; else paragraph-level blocks; else the whole text."""
    text = _Text()
    layers = (
        ("regions", "region", lambda e: e["tag"] in REGION_TAGS or _role(e) in REGION_ROLES, "mixed"),
        ("blocks", "block", lambda e: e["tag"] in BLOCK_TAGS, "paragraph"),
    )
    for layer, prefix, wanted, content_type in layers:
        chunks = []
        for element in _outermost(main, wanted):
            kind = "list" if element["tag"] == "li" else content_type
            slot = _Slot(f"{prefix}-{len(chunks)}", element, [], [], 0, kind)
            chunk = _chunk(slot, text.text(element), paths)
            if chunk["rawText"]:
                chunks.append(chunk)
        if chunks:
            return layer, chunks
    whole = _chunk(_Slot("page", main, [], [], 0, "mixed"), text.text(main), paths)
    return ("text", [whole]) if whole["rawText"] else ("none", [])


def _deduplicate(chunks: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], int]:
    """Seed §7.2: responsive duplicates (the same text twice, e.g. mobile and desktop variants) keep the first."""
    first: dict[str, str] = {}
    renamed: dict[str, str] = {}
    kept = []
    for chunk in chunks:
        if chunk["text"] in first:
            renamed[chunk["id"]] = first[chunk["text"]]
            continue
        first[chunk["text"]] = chunk["id"]
        parent = chunk["parentChunkId"]
        if parent is not None and parent in renamed:
            chunk = {**chunk, "parentChunkId": renamed[parent]}
        kept.append(chunk)
    return kept, len(chunks) - len(kept)


def chunk_tree(tree: Tree) -> dict[str, Any]:
    """The chunks of a page's tree (seed §3.1): main content, heading hierarchy, grouping, fallbacks, duplicates."""
    paths = places(tree)
    main, by = find_main(tree)
    chunks = _by_headings(main, paths)
    layer = "headings"
    if not chunks:
        layer, chunks = _fallback(main, paths)
    chunks, duplicates = _deduplicate(chunks)
    return {
        "layer": layer,
        "main": {"xpath": paths[id(main)]["xpath"], "by": by},
        "duplicates": duplicates,
        "truncated": max(0, len(chunks) - MAX_CHUNKS),
        "chunks": chunks[:MAX_CHUNKS],
    }


def digest(text: str) -> str:
    """`<code units>:<FNV-1a 32 over the code units, hex>`: page text stands in the vectors only as this."""
    value = 0x811C9DC5
    units = text.encode("utf-16-le", "surrogatepass")
    for i in range(0, len(units), 2):
        value = ((value ^ (units[i] | units[i + 1] << 8)) * 0x01000193) & 0xFFFFFFFF
    return f"{len(units) // 2}:{value:08x}"


def chunk_tree_digest(tree: Tree) -> dict[str, Any]:
    """chunk_tree with every page-derived string (text, rawText, headingPath) replaced by its digest."""
    result = chunk_tree(tree)
    result["chunks"] = [
        {
            **chunk,
            "text": digest(chunk["text"]),
            "rawText": digest(chunk["rawText"]),
            "headingPath": [digest(title) for title in chunk["headingPath"]],
        }
        for chunk in result["chunks"]
    ]
    return result
