"""Inline suppressions: `// xtk-ignore[CODE] reason` in sources and `# xtk-ignore[CODE] reason` in xtk.toml.

A suppression silences findings of the listed codes on one line and must say why. A comment alone on its line
applies to the next line with content. The source facts carry each file's source suppressions
(`FileFacts.suppressions`, read by `toolchain.analysis.suppressions` while the file is walked);
`collect_suppressions` adds the config's and hands the engine one list.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from toolchain.lint.context import LintContext

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
