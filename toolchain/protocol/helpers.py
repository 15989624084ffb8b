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
    r"^(?P<doc>/\*\*(?:(?!\*/).)*\*/\n)?"
    r"export (?P<code>(?:type (?P<type>[\w$]+)[^\n]*;|function (?P<function>[\w$]+)[^\n]*\{\n.*?^\}))$",
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


#: what is not code in generated code: the serializer's strings (single-quoted, one line), comments
_NOT_CODE = re.compile(r"'(?:[^'\\\n]|\\.)*'|/\*.*?\*/|//[^\n]*", re.DOTALL)
_NAME = re.compile(r"[A-Za-z_$][\w$]*")


def identifiers(code: str) -> set[str]:
    """The names a piece of generated code uses: its identifiers outside string literals and comments (a property
    named `_len`, in a string, must not make the helper `_len` look used: unused, it would not compile, TS6133)."""
    return set(_NAME.findall(_NOT_CODE.sub(" ", code)))


def reachable(roots: list[str], declarations: dict[str, str], extra: dict[str, str] | None = None) -> dict[str, str]:
    """The declarations the roots use, directly or not, in declaration order. A check whose only callers were in
    code after an unconditional return, or a helper nothing calls, would be an unused local (TS6133)."""
    uses = {name: identifiers(code) for name, code in declarations.items()}
    found: set[str] = set()
    pending = [uses[name] for name in declarations if name in roots] + [
        identifiers(code) for code in (extra or {}).values()
    ]
    while pending:
        for name in (pending.pop() & uses.keys()) - found:
            found.add(name)
            pending.append(uses[name])
    return {name: code for name, code in declarations.items() if name in found or name in roots}
