"""Where each key of a TOML document is written, so a config error can name its line.

`tomllib` parses without positions. This scanner reads the same text line by line and records, for every
table header and every `key = value`, the full key path and the line it starts on. It understands what
configs use: `[table]`, `[[array.of.tables]]`, dotted and quoted keys, inline tables on one line, comments,
and multi-line strings and arrays (skipped as values). It never raises: an odd line is simply not recorded,
and `locate` then falls back to the nearest recorded parent.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

KeyPath = tuple[str | int, ...]

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


def _split_key(text: str) -> list[str] | None:
    """Split a dotted TOML key (`a."b.c".d`) into its parts; None if it is not a key."""
    parts: list[str] = []
    i, n = 0, len(text)
    while i < n:
        while i < n and text[i] in " \t":
            i += 1
        if i >= n:
            return None
        if text[i] in "\"'":
            quote = text[i]
            end = text.find(quote, i + 1)
            while quote == '"' and end > 0 and text[end - 1] == "\\":
                end = text.find(quote, end + 1)
            if end < 0:
                return None
            parts.append(text[i + 1 : end])
            i = end + 1
        else:
            m = _BARE_KEY.match(text, i)
            if not m:
                return None
            parts.append(m.group())
            i = m.end()
        while i < n and text[i] in " \t":
            i += 1
        if i < n:
            if text[i] != ".":
                return None
            i += 1
    return parts or None


def _unquoted(text: str) -> Iterator[tuple[int, str]]:
    """(index, character) for every character of `text` outside TOML strings (quotes themselves excluded)."""
    quote: str | None = None
    i = 0
    while i < len(text):
        ch = text[i]
        if quote:
            if ch == "\\" and quote == '"':
                i += 2
                continue
            if ch == quote:
                quote = None
        elif ch in "\"'":
            quote = ch
        else:
            yield i, ch
        i += 1


def _strip_comment(line: str) -> str:
    """Drop a trailing `# comment`, respecting quotes on the line."""
    comment = _find_top_level(line, "#")
    return line[:comment] if comment >= 0 else line


def _find_top_level(text: str, target: str) -> int:
    """Index of the first `target` character outside quotes, or -1."""
    return next((i for i, ch in _unquoted(text) if ch == target), -1)


def _bracket_balance(text: str) -> int:
    """Opening minus closing brackets and braces outside strings."""
    return sum(1 if ch in "[{" else -1 for _, ch in _unquoted(text) if ch in "[{]}")


def _record_inline_table(
    positions: dict[KeyPath, tuple[int, int]], prefix: KeyPath, body: str, line_no: int, col0: int
) -> None:
    """Record `k = v` pairs of a one-line inline table `{ k = v, ... }` (nested ones too)."""
    depth = 0
    start = 0
    pieces: list[tuple[int, str]] = []
    for i, ch in _unquoted(body):
        if ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        elif ch == "," and depth == 0:
            pieces.append((start, body[start:i]))
            start = i + 1
    pieces.append((start, body[start:]))
    for offset, piece in pieces:
        eq = _find_top_level(piece, "=")
        if eq < 0:
            continue
        key = _split_key(piece[:eq])
        if key is None:
            continue
        path = prefix + tuple(key)
        lead = len(piece) - len(piece.lstrip())
        positions.setdefault(path, (line_no, col0 + offset + lead + 1))
        value = piece[eq + 1 :].strip()
        if value.startswith("{") and value.endswith("}"):
            inner_at = col0 + offset + piece.index("{", eq) + 1
            _record_inline_table(positions, path, value[1:-1], line_no, inner_at)


def key_positions(text: str) -> dict[KeyPath, tuple[int, int]]:
    """Map each key path in `text` to its (line, column), both 1-based."""
    positions: dict[KeyPath, tuple[int, int]] = {}
    array_counts: dict[tuple[str | int, ...], int] = {}
    table: KeyPath = ()
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        raw = lines[i]
        line_no = i + 1
        i += 1
        line = _strip_comment(raw).rstrip()
        stripped = line.strip()
        if not stripped:
            continue
        indent = len(line) - len(line.lstrip())
        if stripped.startswith("[["):
            key = _split_key(stripped[2 : stripped.find("]]")] if "]]" in stripped else "")
            if key is None:
                continue
            resolved = _resolve_table(tuple(key), array_counts)
            count = array_counts.get(resolved, -1) + 1
            array_counts[resolved] = count
            positions.setdefault(resolved, (line_no, indent + 1))
            table = resolved + (count,)
            positions[table] = (line_no, indent + 1)
            continue
        if stripped.startswith("["):
            key = _split_key(stripped[1 : stripped.find("]")] if "]" in stripped else "")
            if key is None:
                continue
            table = _resolve_table(tuple(key), array_counts)
            positions.setdefault(table, (line_no, indent + 1))
            continue
        eq = _find_top_level(line, "=")
        if eq < 0:
            continue
        key = _split_key(line[:eq])
        if key is None:
            continue
        path = table + tuple(key)
        positions.setdefault(path, (line_no, indent + 1))
        value = line[eq + 1 :].strip()
        if value.startswith("{") and value.endswith("}"):
            _record_inline_table(positions, path, value[1:-1], line_no, line.index("{", eq) + 1)
        # Skip continuation lines of multi-line strings and arrays/tables so they are not read as keys.
        for fence in ('"""', "'''"):
            if value.startswith(fence) and value.count(fence) == 1:
                while i < len(lines) and fence not in lines[i]:
                    i += 1
                i += 1
        depth = _bracket_balance(value)
        while depth > 0 and i < len(lines):
            depth += _bracket_balance(_strip_comment(lines[i]))
            i += 1
    return positions


def _resolve_table(key: tuple[str, ...], array_counts: dict[tuple[str | int, ...], int]) -> KeyPath:
    """`[a.b]` after `[[a]]` means a.<last index>.b: insert the current index of any array-of-tables prefix."""
    resolved: list[str | int] = []
    for n, part in enumerate(key):
        resolved.append(part)
        index = array_counts.get(tuple(resolved))
        if index is not None and n < len(key) - 1:
            resolved.append(index)
    return tuple(resolved)


def locate(positions: dict[KeyPath, tuple[int, int]], path: Sequence[str | int]) -> tuple[int, int] | None:
    """The position of `path`, or of its nearest recorded parent; None if nothing on the way is known."""
    probe = tuple(path)
    while probe:
        if probe in positions:
            return positions[probe]
        probe = probe[:-1]
    return None
