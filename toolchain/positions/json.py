"""Where each value of a JSON document starts, by JSON pointer — so a finding about `/permissions/2` can name its
line and column in manifest.json — and which object keys are written twice. Tolerates `//` and `/* */` comments
(as Chrome's manifest parser does) and never raises: on malformed text it returns what it found so far.

A key written twice in one object (`{"name": "a", "name": "b"}`) is legal to JSON parsers: Python's `json`,
`JSON.parse` and both browsers' manifest readers keep the last value (Chromium 156 and Firefox 153 load such a
manifest without a word). Positions follow them: a duplicated key's pointer names the last occurrence, the value
the parsed document holds; the earlier ones are listed in `JsonLayout.duplicates`.

The scan is iterative (an explicit stack): nesting as deep as the text allows costs no Python recursion. Its
memory is bounded in proportion to the text: pointers grow with depth and key length (`[[[[…` or a megabyte-long
key holding a long list would otherwise store a quadratic amount of text), so the scan stops, keeping what it found,
once the pointers it stored reach POINTER_BUDGET_PER_CHARACTER times the text's length.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from toolchain.json_pointer import escape_token

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_SCALAR = re.compile(r"-?[0-9][0-9.eE+-]*|true|false|null")
_IDENTIFIER = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*")

Position = tuple[int, int]
#: characters of pointers and key paths stored per character of text before the scan stops (real manifests: ~2)
POINTER_BUDGET_PER_CHARACTER = 16


@dataclass(frozen=True)
class DuplicateKey:
    """A key written again in the same object: `earlier` is ignored by every JSON parser, `later` is kept."""

    pointer: str  # the key's JSON pointer (`/content_scripts/0/js`)
    key_path: str  # as people write it (`content_scripts[0].js`)
    key: str
    earlier: Position
    later: Position


@dataclass
class JsonLayout:
    positions: dict[str, Position] = field(default_factory=dict)
    duplicates: list[DuplicateKey] = field(default_factory=list)


@dataclass
class _Container:
    pointer: str
    key_path: str
    is_object: bool
    index: int = 0  # arrays: the next element's index
    seen: dict[str, Position] = field(default_factory=dict)  # objects: key → where it was last written


def member_path(parent: str, key: str) -> str:
    """`content_scripts[0]` + `js` → `content_scripts[0].js`; a key that is not an identifier is quoted:
    `icons["16"]`."""
    if _IDENTIFIER.fullmatch(key):
        return f"{parent}.{key}" if parent else key
    return f"{parent}[{json.dumps(key)}]"


def scan_json(text: str) -> JsonLayout:
    """The position of every value (an object member's is its key's) and every duplicated key, in one pass."""
    layout = JsonLayout()
    line_starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def where(offset: int) -> Position:
        low, high = 0, len(line_starts) - 1
        while low < high:
            middle = (low + high + 1) // 2
            if line_starts[middle] <= offset:
                low = middle
            else:
                high = middle - 1
        return low + 1, offset - line_starts[low] + 1

    i = 0
    n = len(text)

    def skip() -> None:
        nonlocal i
        while i < n:
            if text[i] in " \t\r\n\ufeff":
                i += 1
            elif text.startswith("//", i):
                end = text.find("\n", i)
                i = n if end < 0 else end
            elif text.startswith("/*", i):
                end = text.find("*/", i + 2)
                i = n if end < 0 else end + 2
            else:
                return

    budget = POINTER_BUDGET_PER_CHARACTER * n + 4096
    stack: list[_Container] = []
    # the value to read next: its pointer, its key path and where its position is (a member's key), else None
    pending: tuple[str, str, int | None] | None = ("", "", None)
    while True:
        skip()
        if pending is not None:  # a value starts here
            pointer, key_path, at = pending
            pending = None
            budget -= len(pointer) + len(key_path)
            if i >= n or budget < 0:
                break
            layout.positions[pointer] = where(at if at is not None else i)
            ch = text[i]
            if ch in "{[":
                stack.append(_Container(pointer, key_path, ch == "{"))
                i += 1
                continue
            match = (_STRING if ch == '"' else _SCALAR).match(text, i)
            i = match.end() if match else n
            continue
        if not stack or i >= n:
            break
        top = stack[-1]
        closing = "}" if top.is_object else "]"
        if text[i] == closing:
            stack.pop()
            i += 1
            continue
        if (top.seen or top.index) and text[i] == ",":  # after a member or element
            i += 1
            skip()
            if i < n and text[i] == closing:  # a trailing comma
                continue
        elif top.index:  # two elements without a comma: malformed (a missing comma between members is passed over)
            break
        if not top.is_object:
            pending = (f"{top.pointer}/{top.index}", f"{top.key_path}[{top.index}]", None)
            top.index += 1
            continue
        match = _STRING.match(text, i)
        if not match:
            break
        try:
            key = json.loads(match.group())
        except ValueError:
            break
        key_at = i
        i = match.end()
        skip()
        if i >= n or text[i] != ":":
            break
        i += 1
        pointer = f"{top.pointer}/{escape_token(key)}"
        path = member_path(top.key_path, key)
        if key in top.seen:
            layout.duplicates.append(DuplicateKey(pointer, path, key, top.seen[key], where(key_at)))
        top.seen[key] = where(key_at)
        pending = (pointer, path, key_at)
    return layout


def value_positions(text: str) -> dict[str, Position]:
    """JSON pointer → (line, column), 1-based, of every value (the key's position for object members)."""
    return scan_json(text).positions


def locate_pointer(positions: dict[str, Position], pointer: str) -> Position | None:
    """The position of `pointer`, or of its nearest parent."""
    probe = pointer
    while True:
        if probe in positions:
            return positions[probe]
        if not probe:
            return None
        probe = probe.rsplit("/", 1)[0]
