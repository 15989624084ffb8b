"""Inline suppressions: `// xtk-ignore[CODE] reason` in sources and `# xtk-ignore[CODE] reason` in xtk.toml.

A suppression silences findings of the listed codes on one line and must say why. A comment alone on its line
applies to the next line with content. The source facts carry each file's source suppressions
(`FileFacts.suppressions`, read with `source_suppressions` while the file is walked); `collect_suppressions` adds the
config's and hands the engine one list.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from tree_sitter import Node

    from toolchain.analysis.facts import Location
    from toolchain.lint.context import LintContext

_SOURCE_SUPPRESSION = re.compile(r"^\s*\*?\s*xtk-ignore\[([^\]]*)\](.*)$", re.DOTALL)
_TOML_SUPPRESSION = re.compile(r"#\s*xtk-ignore\[([A-Za-z0-9, ]+)\]\s*(.*)$")


@dataclass
class Suppression:
    path: str
    line: int  # the line it applies to
    codes: frozenset[str]
    reason: str
    comment_line: int
    comment_column: int
    used: bool = False


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
        text = comment.text.decode("utf-8", errors="replace")
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


def collect_suppressions(ctx: LintContext) -> list[Suppression]:
    """Every suppression of a lint run: the sources' (from their facts) and, for a project, the config's."""
    found: list[Suppression] = []
    for path, facts in ctx.facts.items():
        for line, (codes, reason, location) in facts.suppressions.items():
            found.append(
                Suppression(ctx.display(path), line, frozenset(codes), reason.strip(), location.line, location.column)
            )
    if ctx.manifest_source.kind == "config":
        lines = ctx.manifest_source.path.read_text(encoding="utf-8").splitlines()
        for number, text in enumerate(lines, start=1):
            match = _TOML_SUPPRESSION.search(text)
            if not match:
                continue
            codes = frozenset(c.strip().upper() for c in match.group(1).split(",") if c.strip())
            alone = not text[: match.start()].strip()
            target = number + 1 if alone else number
            if alone:  # the next line with content
                while target <= len(lines) and not lines[target - 1].strip():
                    target += 1
            found.append(
                Suppression(
                    ctx.manifest_source.display, target, codes, match.group(2).strip(), number, match.start() + 1
                )
            )
    return found
