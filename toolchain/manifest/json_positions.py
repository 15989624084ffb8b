"""Where each value of a JSON document starts, by JSON pointer — so a finding about `/permissions/2` can name its
line and column in manifest.json. Tolerates `//` and `/* */` comments (as Chrome's manifest parser does) and
never raises: on malformed text it returns what it found so far.
"""

from __future__ import annotations

import json
import re

from toolchain.json_pointer import escape_token

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_SCALAR = re.compile(r"-?[0-9][0-9.eE+-]*|true|false|null")


def value_positions(text: str) -> dict[str, tuple[int, int]]:
    """JSON pointer → (line, column), 1-based, of every value (the key's position for object members)."""
    positions: dict[str, tuple[int, int]] = {}
    line_starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def where(offset: int) -> tuple[int, int]:
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

    def value(pointer: str, at: int | None = None) -> None:
        nonlocal i
        skip()
        if i >= n:
            return
        positions.setdefault(pointer, where(at if at is not None else i))
        ch = text[i]
        if ch == "{":
            i += 1
            while True:
                skip()
                if i >= n or text[i] == "}":
                    i += 1
                    return
                match = _STRING.match(text, i)
                if not match:
                    return
                try:
                    key = json.loads(match.group())
                except ValueError:
                    return
                key_at = i
                i = match.end()
                skip()
                if i >= n or text[i] != ":":
                    return
                i += 1
                value(f"{pointer}/{escape_token(key)}", key_at)
                skip()
                if i < n and text[i] == ",":
                    i += 1
        elif ch == "[":
            i += 1
            index = 0
            while True:
                skip()
                if i >= n or text[i] == "]":
                    i += 1
                    return
                value(f"{pointer}/{index}")
                index += 1
                skip()
                if i < n and text[i] == ",":
                    i += 1
                elif i < n and text[i] != "]":
                    return
        elif ch == '"':
            match = _STRING.match(text, i)
            i = match.end() if match else n
        else:
            match = _SCALAR.match(text, i)
            i = match.end() if match else n

    value("")
    return positions


def locate_pointer(positions: dict[str, tuple[int, int]], pointer: str) -> tuple[int, int] | None:
    """The position of `pointer`, or of its nearest parent."""
    probe = pointer
    while True:
        if probe in positions:
            return positions[probe]
        if not probe:
            return None
        probe = probe.rsplit("/", 1)[0]
