"""The `pattern`s of a protocol, judged before a module is written: JavaScript compiles each (in Node, all of them in
one run, with the `u` flag the generated module uses), and each is searched for nested unbounded quantifiers.

A pattern Node does not compile is an error (exit 2) located at its JSON pointer: the module would throw when it
loads. A nested unbounded quantifier whose repetitions nothing separates (`^(a+)+$`) is a warning: such a pattern
can backtrack exponentially on a short hostile string, in every receiver that checks it. The search is a heuristic
(patterns over 10,000 characters are not searched) and says so: a repeated group whose every alternative holds a
mandatory character the inner repetition cannot match (`(/[^/]+)+`: each `/` ends one repetition) is not reported,
and alternations that overlap (`(a|aa)+`) or bounded inner repetitions (`(a{1,9})+`) are not looked for.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from collections import deque
from dataclasses import dataclass, field

from toolchain.diagnostics import Diagnostic, InputError
from toolchain.protocol.model import Protocol
from toolchain.protocol.subset import Loc, SchemaIndex

# Reads a JSON array of patterns on stdin; writes, for each, null (it compiles) or JavaScript's message.
_COMPILE = (
    "const patterns = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
    "process.stdout.write(JSON.stringify(patterns.map((p) => {"
    " try { new RegExp(p, 'u'); return null; } catch (error) { return String(error && error.message); } })));"
)


def check_patterns(protocol: Protocol) -> list[Diagnostic]:
    """Raises InputError (located) for every pattern JavaScript does not compile; returns warnings for patterns with
    nested unbounded quantifiers. Needs Node when the protocol has any pattern."""
    index = SchemaIndex(protocol)
    index.collect()
    if index.problems:
        raise InputError(index.problems)
    if not index.patterns:
        return []
    places = list(index.patterns.items())
    for (loc, _pattern), verdict in zip(places, _compile_in_node([p for _, p in places])):
        if verdict is not None:
            index.problem(loc, f"not a valid ECMAScript regular expression (u flag): {_reason(verdict)}")
    if index.problems:
        raise InputError(index.problems)
    warnings: list[Diagnostic] = []
    for loc, pattern in places:
        found = nested_quantifier(pattern)
        if found is not None:
            warnings.append(
                _warning(
                    index,
                    loc,
                    f"nested unbounded quantifiers in {json.dumps(found)}: nothing separates "
                    "the repetitions, so a short hostile string can make the match backtrack "
                    "exponentially in every receiver (ReDoS); bound the inner repetition or make the "
                    "repetitions unambiguous",
                )
            )
    return warnings


def _warning(index: SchemaIndex, loc: Loc, message: str) -> Diagnostic:
    path, pointer = loc
    line, column = index.protocol.locate(path, pointer)
    return Diagnostic("warning", message, path=index.protocol.shown(path), line=line, column=column, key=pointer)


def _compile_in_node(patterns: list[str]) -> list[str | None]:
    node = shutil.which("node")
    if node is None:
        raise InputError.single(
            f"node is not on PATH: xtk compiles the protocol's {len(patterns)} pattern(s) with "
            "JavaScript's own RegExp before writing the module (install Node 20 or later)"
        )
    try:
        completed = subprocess.run(
            [node, "-e", _COMPILE],
            input=json.dumps(patterns, ensure_ascii=True),
            capture_output=True,
            text=True,
            timeout=60,
        )
        verdicts = json.loads(completed.stdout) if completed.returncode == 0 else None
    except (OSError, subprocess.TimeoutExpired, json.JSONDecodeError) as error:
        raise InputError.single(f"could not compile the protocol's patterns in Node: {error}") from None
    if not isinstance(verdicts, list) or len(verdicts) != len(patterns):
        raise InputError.single(f"could not compile the protocol's patterns in Node: {completed.stderr.strip()[-300:]}")
    return [v if isinstance(v, str) else None for v in verdicts]


def _reason(message: str) -> str:
    """V8's 'Invalid regular expression: /<pattern>/u: <reason>' without the pattern (printed, it could hold
    anything, terminal escapes included)."""
    reason = message.rsplit(": ", 1)[-1] if message.startswith("Invalid regular expression") else message
    return json.dumps(reason)[1:-1]


# --- nested unbounded quantifiers ---------------------------------------------------------------------------------

MAX = 0x10FFFF
#: longer patterns are not searched (the search is not linear in the nesting): nothing is said about them
MAX_SEARCHED = 10_000
Ranges = tuple[tuple[int, int], ...]  # sorted, disjoint code point ranges
ANY: Ranges = ((0, MAX),)
_DIGITS: Ranges = ((0x30, 0x39),)
_WORD: Ranges = ((0x30, 0x39), (0x41, 0x5A), (0x5F, 0x5F), (0x61, 0x7A))
_SPACE: Ranges = (
    (0x09, 0x0D),
    (0x20, 0x20),
    (0xA0, 0xA0),
    (0x1680, 0x1680),
    (0x2000, 0x200A),
    (0x2028, 0x2029),
    (0x202F, 0x202F),
    (0x205F, 0x205F),
    (0x3000, 0x3000),
    (0xFEFF, 0xFEFF),
)
_LINE_TERMINATORS: Ranges = ((0x0A, 0x0A), (0x0D, 0x0D), (0x2028, 0x2029))


def _normal(ranges: list[tuple[int, int]]) -> Ranges:
    merged: list[tuple[int, int]] = []
    for lo, hi in sorted(ranges):
        if merged and lo <= merged[-1][1] + 1:
            merged[-1] = (merged[-1][0], max(hi, merged[-1][1]))
        else:
            merged.append((lo, hi))
    return tuple(merged)


def _complement(ranges: Ranges) -> Ranges:
    out, start = [], 0
    for lo, hi in ranges:
        if lo > start:
            out.append((start, lo - 1))
        start = hi + 1
    if start <= MAX:
        out.append((start, MAX))
    return tuple(out)


def _overlap(a: Ranges, b: Ranges) -> bool:
    """Whether two sorted range lists share a code point (one merge-like pass: a hostile class can hold thousands)."""
    i = j = 0
    while i < len(a) and j < len(b):
        if a[i][1] < b[j][0]:
            i += 1
        elif b[j][1] < a[i][0]:
            j += 1
        else:
            return True
    return False


@dataclass
class _Item:
    """One quantified piece of a sequence: a character (its set), a group (its alternatives) or an assertion."""

    kind: str  # "char", "group" or "assertion"
    chars: Ranges = ()
    alternatives: list[list[_Item]] = field(default_factory=list)
    low: int = 1
    high: int | None = 1  # None: unbounded
    text: str = ""


class _Unsupported(Exception):
    """Syntax the search does not follow: it then says nothing about the pattern."""


class _Parser:
    def __init__(self, pattern: str) -> None:
        self.s, self.i = pattern, 0

    def peek(self, n: int = 1) -> str:
        return self.s[self.i : self.i + n]

    def alternatives(self) -> list[list[_Item]]:
        alternatives = [self.sequence()]
        while self.peek() == "|":
            self.i += 1
            alternatives.append(self.sequence())
        return alternatives

    def sequence(self) -> list[_Item]:
        items: list[_Item] = []
        while self.i < len(self.s) and self.peek() not in ("|", ")"):
            start = self.i
            item = self.atom()
            self.quantifier(item)
            item.text = self.s[start : self.i]
            items.append(item)
        return items

    def atom(self) -> _Item:
        ch = self.peek()
        self.i += 1
        if ch == "(":
            lookaround = False
            if self.peek() == "?":
                for prefix in ("?:", "?=", "?!", "?<=", "?<!"):
                    if self.s.startswith(prefix, self.i):
                        lookaround = prefix != "?:"
                        self.i += len(prefix)
                        break
                else:
                    if not self.s.startswith("?<", self.i) or ">" not in self.s[self.i :]:
                        raise _Unsupported(self.s)
                    self.i = self.s.index(">", self.i) + 1  # a named group
            inside = self.alternatives()
            if self.peek() != ")":
                raise _Unsupported(self.s)
            self.i += 1
            return _Item("assertion") if lookaround else _Item("group", alternatives=inside)
        if ch in "^$":
            return _Item("assertion")
        if ch == ".":
            return _Item("char", _complement(_LINE_TERMINATORS))
        if ch == "[":
            return _Item("char", self.char_class())
        if ch == "\\":
            return self.escape(in_class=False)
        if ch in "*+?{":
            raise _Unsupported(self.s)
        return _Item("char", ((ord(ch), ord(ch)),))

    def escape(self, in_class: bool) -> _Item:
        ch = self.peek()
        self.i += 1
        sets = {"d": _DIGITS, "w": _WORD, "s": _SPACE}
        if ch.lower() in sets:
            found = sets[ch.lower()]
            return _Item("char", found if ch.islower() else _complement(found))
        if ch in "bB" and not in_class:
            return _Item("assertion")
        if ch in "pPk" or (ch.isdigit() and ch != "0"):  # properties, back references: any character, as far as we know
            if self.peek() in "{<":
                self.i = self.s.index("}>"[self.peek() == "<"], self.i) + 1
            while ch.isdigit() and self.peek().isdigit():
                self.i += 1
            return _Item("char", ANY)
        simple = {"t": 9, "n": 10, "v": 11, "f": 12, "r": 13, "0": 0, "b": 8}
        if ch in simple:
            code = simple[ch]
        elif ch == "u" and self.peek() == "{":
            end = self.s.index("}", self.i)
            code, self.i = int(self.s[self.i + 1 : end], 16), end + 1
        elif ch == "u":
            code, self.i = int(self.s[self.i : self.i + 4], 16), self.i + 4
        elif ch == "x":
            code, self.i = int(self.s[self.i : self.i + 2], 16), self.i + 2
        elif ch == "c":
            code, self.i = ord(self.peek()) % 32, self.i + 1
        elif ch:
            code = ord(ch)
        else:
            raise _Unsupported(self.s)
        return _Item("char", ((code, code),))

    def char_class(self) -> Ranges:
        negated = self.peek() == "^"
        self.i += negated
        ranges: list[tuple[int, int]] = []
        while self.peek() != "]":
            if not self.peek():
                raise _Unsupported(self.s)
            low = self.class_atom()
            if self.peek() == "-" and self.peek(2)[1:] not in ("]", ""):
                self.i += 1
                high = self.class_atom()
                if len(low) != 1 or len(high) != 1:
                    raise _Unsupported(self.s)
                ranges.append((low[0][0], high[0][1]))
            else:
                ranges += low
        self.i += 1
        found = _normal(ranges)
        return _complement(found) if negated else found

    def class_atom(self) -> Ranges:
        ch = self.peek()
        self.i += 1
        if ch == "\\":
            return self.escape(in_class=True).chars
        return ((ord(ch), ord(ch)),)

    def quantifier(self, item: _Item) -> None:
        ch = self.peek()
        if ch in ("*", "+", "?"):
            self.i += 1
            item.low, item.high = {"*": (0, None), "+": (1, None), "?": (0, 1)}[ch]
        elif ch == "{" and "}" in self.s[self.i :]:
            end = self.s.index("}", self.i)
            low, comma, high = self.s[self.i + 1 : end].partition(",")
            if not low.isdigit() or (high and not high.isdigit()):
                raise _Unsupported(self.s)
            item.low, item.high = int(low), (None if comma and not high else int(high or low))
            self.i = end + 1
        else:
            return
        if self.peek() == "?":  # lazy: the same matches, in another order
            self.i += 1


def _repeated_chars(items: list[_Item]) -> list[Ranges]:
    """The character sets of every unboundedly repeated piece in a sequence, at any depth."""
    found: list[Ranges] = []
    for item in items:
        if item.high is None:
            found.append(item.chars if item.kind == "char" else _normal([r for s in _all_chars(item) for r in s]))
        for alternative in item.alternatives:
            found += _repeated_chars(alternative)
    return found


def _all_chars(item: _Item) -> list[Ranges]:
    if item.kind == "char":
        return [item.chars]
    return [chars for alternative in item.alternatives for inner in alternative for chars in _all_chars(inner)]


def _ambiguous(group: _Item) -> bool:
    """Whether some alternative of a repeated group repeats a piece inside and holds no mandatory character
    that piece cannot match (which would end each repetition at one place only)."""
    for alternative in group.alternatives:
        inner = _repeated_chars(alternative)
        if not inner:
            continue
        repeated = _normal([r for chars in inner for r in chars])  # disjoint from all of them is disjoint from this
        if not any(
            item.kind == "char" and item.low >= 1 and not _overlap(item.chars, repeated) for item in alternative
        ):
            return True
    return False


def nested_quantifier(pattern: str) -> str | None:
    """The first unboundedly repeated group that repeats something unboundedly inside with nothing to separate the
    repetitions (`(a+)+` of `^(a+)+$`), or None (also when the pattern uses syntax the search does not follow)."""
    if len(pattern) > MAX_SEARCHED:
        return None
    parser = _Parser(pattern)
    try:
        top = parser.alternatives()
        if parser.i != len(pattern):
            return None
    except (_Unsupported, ValueError, IndexError, RecursionError):
        return None
    pending = deque(item for alternative in top for item in alternative)
    while pending:
        item = pending.popleft()
        if item.kind == "group" and item.high is None and _ambiguous(item):
            return item.text
        pending += [inner for alternative in item.alternatives for inner in alternative]
    return None
