"""The pages a script opens or loads: `.html` names in a position that opens one, not every `.html` string.

A string names a page the extension opens when it reaches, through the expression around it (`{url: …}`, an array,
`a ? "x.html" : "y.html"`, `runtime.getURL(…)`, `new URL(…)`, a `+` concatenation, a constant it initialises and a
member of it), one of: the arguments of a call that opens or loads a page (`tabs.create`, `tabs.update`,
`windows.create`, `window.open`, `location.assign`/`replace`, `runtime.getURL`, `offscreen.createDocument`,
`sidePanel.setOptions`, `action.setPopup`, `devtools.panels.create`…, matched by the callee's last names so an alias
`api.tabs.create` counts too), an assignment to `location`, `.href`, `.src` or `.location`, `setAttribute("src" |
"href", …)`, a JSX `src`/`href` attribute, or a `href="…"`/`src="…"` inside markup. A string compared with the page's
own path (`location.pathname == "/tests/index.html"`, `location.href.endsWith("x.html")`) names no page it opens.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from toolchain.analysis import guards as G
from toolchain.analysis.nodes import node_text
from toolchain.analysis.syntax import member_chain

if TYPE_CHECKING:  # pragma: no cover
    from tree_sitter import Node

    from toolchain.analysis.parse import ParsedFile

#: a quoted name of an .html file (where to look; what the quotes hold is then judged by position)
HTML_LITERAL = re.compile(rb"""["'`]([^"'`\s<>]+\.html?)["'`]""")
#: calls whose arguments open or load a page, by the callee's last two names (or its last, for a bare function)
OPENING_CALLS = frozenset(
    {
        "tabs.create",
        "tabs.update",
        "windows.create",
        "runtime.getURL",
        "extension.getURL",
        "offscreen.createDocument",
        "sidePanel.setOptions",
        "action.setPopup",
        "browserAction.setPopup",
        "pageAction.setPopup",
        "sidebarAction.setPanel",
        "panels.create",
        "identity.launchWebAuthFlow",
        "location.assign",
        "location.replace",
        "window.open",
        "open",
        "getURL",
    }
)
#: what an assignment to it loads: `location = …`, `a.href = …`, `frame.src = …`, `window.location = …`
OPENING_TARGETS = frozenset({"location", "href", "src"})
#: a markup attribute before the name inside a larger string: `'<a href="options.html">'`
_MARKUP_ATTRIBUTE = re.compile(rb"""(?:href|src|action)\s*=\s*\\?$""", re.IGNORECASE)
#: expressions a page name passes through on its way to where it is used
_CARRIERS = frozenset(
    {
        "parenthesized_expression",
        "array",
        "object",
        "pair",
        "ternary_expression",
        "binary_expression",
        "template_substitution",
        "template_string",
        "spread_element",
        "as_expression",
        "satisfies_expression",
        "non_null_expression",
    }
)
#: how many constants a name is followed through (`const PAGES = {…}` used as `PAGES.options`)
_MAX_HOPS = 3


def pages_opened(parsed: ParsedFile) -> list[str]:
    """The .html names, as written, that the file opens or loads (in source order, once each)."""
    found: dict[str, None] = {}
    root = parsed.tree.root_node
    for match in HTML_LITERAL.finditer(parsed.source):
        node = root.descendant_for_byte_range(match.start(1), match.end(1))
        while node is not None and node.type not in ("string", "template_string", "program"):
            node = node.parent
        if node is None or node.type == "program":
            continue
        name = match.group(1).decode("utf-8", "replace")
        value = G.string_value(node)
        if value is not None and value != name:  # inside markup or a longer text: a link's or a frame's target
            before = parsed.source[node.start_byte : match.start()]
            if _MARKUP_ATTRIBUTE.search(before):
                found.setdefault(name)
            continue
        if _opens(parsed, node, 0):
            found.setdefault(name)
    return list(found)


def _opens(parsed: ParsedFile, node: Node, hops: int) -> bool:
    """Does the value at `node` reach a position that opens or loads a page?"""
    while True:
        parent = node.parent
        if parent is None:
            return False
        kind = parent.type
        if kind == "binary_expression":
            operator = parent.child_by_field_name("operator")
            if operator is None or operator.type not in ("+", "||", "??"):
                return False  # `location.pathname == "/tests/index.html"`: a comparison opens nothing
        elif parent.child_by_field_name("condition") == node or parent.child_by_field_name("key") == node:
            return False  # the test of `?:`, the key of a pair
        if kind in _CARRIERS:
            node = parent
            continue
        if kind == "arguments":
            call = parent.parent
            if call is None:
                return False
            if call.type == "new_expression":
                constructor = call.child_by_field_name("constructor")
                if constructor is not None and node_text(constructor) == "URL":
                    node = call  # `new URL("x.html", base)`: the page, wherever the URL goes
                    continue
                return False
            if call.type != "call_expression":
                return False
            callee = call.child_by_field_name("function")
            if callee is None:
                return False
            names = _callee_names(callee)
            if names[-1:] == ["setAttribute"]:
                first = parent.named_children[0] if parent.named_children else None
                return first is not None and G.string_value(first) in ("src", "href")
            return ".".join(names[-2:]) in OPENING_CALLS or ".".join(names[-1:]) in OPENING_CALLS
        if kind == "assignment_expression":
            if parent.child_by_field_name("right") != node:
                return False
            left = parent.child_by_field_name("left")
            names = _callee_names(left) if left is not None else []
            return bool(names) and names[-1] in OPENING_TARGETS
        if kind == "jsx_attribute":
            attribute = parent.named_children[0] if parent.named_children else None
            return attribute is not None and node_text(attribute) in ("src", "href")
        if kind == "variable_declarator" and parent.child_by_field_name("value") == node and hops < _MAX_HOPS:
            name = parent.child_by_field_name("name")
            if name is None or name.type != "identifier":
                return False
            text = node_text(name)
            return any(
                _opens(parsed, use, hops + 1)
                for use in parsed.nodes("identifier")
                if use != name and node_text(use) == text
            )
        if kind in ("member_expression", "subscript_expression") and parent.child_by_field_name("object") == node:
            node = parent  # `PAGES.options`: a member of a constant holding page names
            continue
        return False


def _callee_names(node: Node) -> list[str]:
    """`chrome.tabs.create` → ["chrome", "tabs", "create"]; `open` → ["open"]; [] for anything else."""
    root, props, _extras = member_chain(node)
    if root.type not in ("identifier", "this"):
        return list(props)
    return [node_text(root), *props]
