"""Typed access to a tree-sitter node's source: py-tree-sitter types `Node.text` as `bytes | None` (None for a tree
whose source is gone), while every tree here is parsed with its source (parse.py), so its text is always there.

Each helper reads `Node.text` itself, one call deep, not through the other: the walk recurses to the recursion limit
on hostile input, and `Node.text` of a tree parsed from a callback calls back into Python; with one frame more here,
tests/unit/lint/test_lint_fuzz.py's deepest file crashed inside `Node.text` (a segmentation fault, not the
RecursionError the walk handles).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from tree_sitter import Node


def node_source(node: Node) -> bytes:
    """The node's source bytes."""
    raw = node.text
    if raw is None:  # only a tree parsed without its source (never one of parse.py's)
        raise ValueError(f"the {node.type} node at byte {node.start_byte} has no source text")
    return raw


def node_text(node: Node, errors: str = "strict") -> str:
    """The node's source text, decoded as UTF-8 (`errors` as for `bytes.decode`)."""
    raw = node.text
    if raw is None:  # as in node_source
        raise ValueError(f"the {node.type} node at byte {node.start_byte} has no source text")
    return raw.decode("utf-8", errors)


class Parents:
    """The parent of each node of one tree, found once. tree-sitter's `Node.parent` descends from the root on every
    call (O(depth)), so climbing from a node nested thousands deep was quadratic (the fuzz test's 10,000-deep
    nests: seconds per API use); here one descent from the root records the whole chain down to the node asked
    about, and every step up from it is a dictionary lookup."""

    def __init__(self, root: Node) -> None:
        self.root = root
        self._parent: dict[int, Node | None] = {root.id: None}

    def of(self, node: Node) -> Node | None:
        if node.id in self._parent:
            return self._parent[node.id]
        current = self.root
        while current.id != node.id:
            child = current.child_with_descendant(node)
            if child is None or child.id == current.id:  # not in this tree (never for the walk's nodes)
                return node.parent
            self._parent[child.id] = current
            current = child
        return self._parent[node.id]
