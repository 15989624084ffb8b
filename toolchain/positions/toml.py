"""Where each key of a TOML document is written, so a config error can name its line.

`tomllib` parses without positions. This scanner reads the same text line by line and records, for every
table header and every `key = value`, the full key path and the line it starts on. It understands what
configs use: `[table]`, `[[array.of.tables]]`, dotted and quoted keys, inline tables on one line, comments,
and multi-line strings and arrays (skipped as values). It never raises: an odd line is simply not recorded,
and `locate` then falls back to the nearest recorded parent.

Lines are TOML's: only LF (or CRLF) ends one. `str.splitlines()` would also break at U+2028, U+0085, form feed…,
which TOML allows inside comments and strings, and every later line number would be off by one.
"""

from __future__ import annotations

import re
import tomllib
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
            parts.append(_unescape(text[i : end + 1]) if quote == '"' else text[i + 1 : end])
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


def _unescape(quoted: str) -> str:
    """A double-quoted key as tomllib reads it (escapes decoded); as written when it is not valid TOML."""
    if "\\" not in quoted:
        return quoted[1:-1]
    try:
        return str(tomllib.loads(f"k = {quoted}")["k"])
    except tomllib.TOMLDecodeError:
        return quoted[1:-1]


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


#: Nested inline tables deeper than this are not recorded (a config never nests them so deep; recursion is bounded).
_INLINE_DEPTH = 32


def _record_inline_table(
    positions: dict[KeyPath, tuple[int, int]], prefix: KeyPath, body: str, line_no: int, col0: int, level: int = 0
) -> None:
    """Record `k = v` pairs of a one-line inline table `{ k = v, ... }` (nested ones too)."""
    if level >= _INLINE_DEPTH:
        return
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
            _record_inline_table(positions, path, value[1:-1], line_no, inner_at, level + 1)


def key_positions(text: str) -> dict[KeyPath, tuple[int, int]]:
    """Map each key path in `text` to its (line, column), both 1-based."""
    positions: dict[KeyPath, tuple[int, int]] = {}
    array_counts: dict[tuple[str | int, ...], int] = {}
    table: KeyPath = ()
    lines = toml_lines(text)
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
            _record(positions, resolved, 0, (line_no, indent + 1))
            table = resolved + (count,)
            positions[table] = (line_no, indent + 1)
            continue
        if stripped.startswith("["):
            key = _split_key(stripped[1 : stripped.find("]")] if "]" in stripped else "")
            if key is None:
                continue
            table = _resolve_table(tuple(key), array_counts)
            _record(positions, table, 0, (line_no, indent + 1))
            continue
        eq = _find_top_level(line, "=")
        if eq < 0:
            continue
        key = _split_key(line[:eq])
        if key is None:
            continue
        path = table + tuple(key)
        _record(positions, path, len(table), (line_no, indent + 1))
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


def _record(positions: dict[KeyPath, tuple[int, int]], path: KeyPath, known: int, position: tuple[int, int]) -> None:
    """Record `path` and the tables its dotted parts open (`a.b.c = 1` opens `a` and `a.b`) where first written.

    Only the first few parents: a hostile key of 100,000 parts must not cost 100,000 tuples of its length.
    """
    for length in range(known + 1, min(len(path), known + _PARENTS_RECORDED + 1)):
        positions.setdefault(path[:length], position)
    positions.setdefault(path, position)


#: How many parent tables of a dotted key or header are recorded (configs use two or three).
_PARENTS_RECORDED = 8


def _resolve_table(key: tuple[str, ...], array_counts: dict[tuple[str | int, ...], int]) -> KeyPath:
    """`[a.b]` after `[[a]]` means a.<last index>.b: insert the current index of any array-of-tables prefix."""
    longest = max((len(array) for array in array_counts), default=0)  # no longer prefix can be an array of tables
    resolved: list[str | int] = []
    for n, part in enumerate(key):
        resolved.append(part)
        index = array_counts.get(tuple(resolved)) if len(resolved) <= longest else None
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


def toml_lines(text: str) -> list[str]:
    """The lines of a TOML document as TOML counts them: split at LF only, a CR before it dropped."""
    lines = [line.removesuffix("\r") for line in text.split("\n")]
    return lines[:-1] if text.endswith("\n") else lines


def line_column(text: str, index: int) -> tuple[int, int]:
    """The 1-based (line, column) of `text[index]`, counted as tomllib counts: lines end at LF only."""
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


def key_at(positions: dict[KeyPath, tuple[int, int]], line: int, column: int) -> KeyPath | None:
    """The key written on `line` at or before `column` (the rightmost), to name it in an error found there."""
    on_line = [(col, len(path), path) for path, (ln, col) in positions.items() if ln == line and col <= column]
    return max(on_line, key=lambda found: found[:2])[2] if on_line else None


# Tokens that change how nesting is counted: string and comment openings, brackets, dots and what ends a key.
_DEPTH_TOKEN = re.compile("\"{3}|'{3}|[\"'#\\[\\]{}.=,\n]")
_STRING_REST = {
    '"""': re.compile(r'(?:[^\\"]|\\.|"(?!""))*"""', re.DOTALL),
    "'''": re.compile(r"(?:[^']|'(?!''))*'{3}"),
    '"': re.compile(r'(?:[^\\"\n]|\\.)*"'),
    "'": re.compile(r"[^'\n]*'"),
}


def too_deep(text: str, limit: int) -> int | None:
    """Where nesting first passes `limit` levels, outside strings and comments; None if it never does.

    Nesting is brackets and braces (arrays, inline tables) or the parts of one dotted key or table name
    (`a.b.c`). tomllib parses the first recursively (RecursionError) and the second in quadratic time: checking
    first turns both into a located message. An unterminated string ends the scan (tomllib reports that).
    """
    depth = 0
    dots = 0  # dots since the last token that cannot be inside a dotted key
    position = 0
    while (token := _DEPTH_TOKEN.search(text, position)) is not None:
        kind, position = token.group(), token.end()
        if kind == ".":
            dots += 1
            if dots >= limit:
                return token.start()
            continue
        if kind in _STRING_REST:  # a quoted key part keeps the dotted key going
            rest = _STRING_REST[kind].match(text, position)
            if rest is None:
                return None
            position = rest.end()
            continue
        dots = 0
        if kind in ("[", "{"):
            depth += 1
            if depth > limit:
                return token.start()
        elif kind in ("]", "}"):
            depth = max(depth - 1, 0)
        elif kind == "#":
            newline = text.find("\n", position)
            position = len(text) if newline < 0 else newline
    return None
