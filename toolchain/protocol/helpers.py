"""The runtime helpers a generated module embeds (`_obj`, `_eq`, `_one`…), read from runtime/helpers.ts.

The helpers are real TypeScript, type-checked by a test, not strings in Python. Each exported declaration of the
file, with the `/** */` comment right above it, is one helper; a generated module gets those its checks use,
directly or through another helper (see `reachable`), without `export`, in the file's order.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

#: shipped inside the package (the wheel takes every file of toolchain/)
RUNTIME_HELPERS = Path(__file__).resolve().parent / "runtime" / "helpers.ts"

# An exported declaration at the start of a line: a one-line type alias, or a function up to the `}` closing it at
# the start of a line; the `/** */` comment right above it goes with it.
_EXPORTED = re.compile(
    r"^(?P<doc>/\*\*(?:(?!\*/).)*\*/\n)?export (?P<code>(?:type (?P<type>[\w$]+)[^\n]*;|function (?P<function>[\w$]+)[^\n]*\{\n.*?^\}))$",
    re.MULTILINE | re.DOTALL,
)


def parse_helpers(text: str) -> dict[str, str]:
    """Name → the declaration as a generated module holds it (its comment, no `export`), in the text's order."""
    helpers: dict[str, str] = {}
    for match in _EXPORTED.finditer(text):
        name = match.group("type") or match.group("function")
        helpers[name] = (match.group("doc") or "") + match.group("code")
    return helpers


@cache
def runtime_helpers() -> dict[str, str]:
    """The helpers of runtime/helpers.ts (read once)."""
    return parse_helpers(RUNTIME_HELPERS.read_text(encoding="utf-8"))


def declared(code: str) -> str:
    """The name a function or type declaration declares."""
    match = re.search(r"^(?:function|type) ([\w$]+)", code, re.MULTILINE)
    assert match, code
    return match.group(1)


def reachable(roots: list[str], declarations: dict[str, str], extra: dict[str, str] | None = None) -> dict[str, str]:
    """The declarations the roots use, directly or not, in declaration order. A check whose only callers were in
    code after an unconditional return, or a helper nothing calls, would be an unused local (TS6133)."""
    found: set[str] = set()
    pending = [code for name, code in declarations.items() if name in roots] + list((extra or {}).values())
    while pending:
        code = pending.pop()
        for name, declaration in declarations.items():
            if name not in found and re.search(rf"(?<![\w$]){re.escape(name)}(?![\w$])", code):
                found.add(name)
                pending.append(declaration)
    return {name: code for name, code in declarations.items() if name in found or name in roots}
