"""The `// xtk-ignore[CODES] reason` comments of a source file, read while the file is walked (its facts carry
them); `toolchain.lint.suppressions` turns them, with the config's, into the engine's suppressions.

A comment on a line with code applies to that line; alone on its line, to the next line with code.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from toolchain.analysis.nodes import node_text

if TYPE_CHECKING:  # pragma: no cover
    from tree_sitter import Node

    from toolchain.analysis.facts import Location

_SOURCE_SUPPRESSION = re.compile(r"^\s*\*?\s*xtk-ignore\[([^\]]*)\](.*)$", re.DOTALL)


def source_suppressions(
    root: Node, source: bytes, location: Callable[[Node], Location]
) -> dict[int, tuple[frozenset[str], str, Location]]:
    """The `// xtk-ignore[CODES] reason` (or `/* … */`) comments of a parsed file: line they apply to → (codes,
    reason, location of the comment). A comment on a line with code applies to that line; alone on its line, to
    the next line with code. Two comments for one line merge (codes united, reasons joined with "; ")."""
    result: dict[int, tuple[frozenset[str], str, Location]] = {}
    comments: list[Node] = []
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type == "comment":
            comments.append(node)
            continue
        stack.extend(reversed(node.named_children))
    if not comments:
        return result
    lines = source.split(b"\n")
    spans: dict[int, list[tuple[int, int]]] = {}
    for comment in comments:
        (start_row, start_col), (end_row, end_col) = comment.start_point, comment.end_point
        for row in range(start_row, end_row + 1):
            begin = start_col if row == start_row else 0
            end = end_col if row == end_row else len(lines[row]) if row < len(lines) else 0
            spans.setdefault(row, []).append((begin, end))

    def has_code(row: int) -> bool:
        if row >= len(lines):
            return False
        line = bytearray(lines[row])
        for begin, end in spans.get(row, ()):
            line[begin:end] = b" " * (end - begin)
        return bool(bytes(line).strip())

    for comment in comments:
        text = node_text(comment, "replace")
        body = text[2:-2] if text.startswith("/*") else text[2:]
        match = _SOURCE_SUPPRESSION.match(body)
        if match is None:
            continue
        codes = frozenset(code.strip() for code in match.group(1).split(",") if code.strip())
        reason = " ".join(match.group(2).split()).lstrip(":-—– ").strip()
        row = comment.start_point[0]
        if not has_code(row):
            row = comment.end_point[0] + 1
            while row < len(lines) and not has_code(row):
                row += 1
            if row >= len(lines):
                row = comment.start_point[0]
        line = row + 1
        where = location(comment)
        if line in result:
            old_codes, old_reason, old_location = result[line]
            reasons = [r for r in (old_reason, reason) if r]
            result[line] = (old_codes | codes, "; ".join(reasons), old_location)
        else:
            result[line] = (codes, reason, where)
    return result
