"""XL023: a `/* */` comment in manifest.json or a messages.json, which Chrome reads and Firefox refuses."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path

from toolchain import browser_targets
from toolchain.lint.context import LintContext
from toolchain.lint.model import Finding, Rule

#: the JSON files Firefox reads through its comment-stripping reader (Extension.sys.mjs, readJSON)
_MAX_BYTES = 4 * 1024 * 1024


def block_comments(text: str) -> Iterator[tuple[int, int]]:
    """(line, column) of each `/` outside a string that does not start a `//` comment — where Firefox's
    stripCommentsFromJSON throws "Invalid JSON: Unexpected /" (it scans strings the same way: a quote ends one
    unless an odd run of backslashes precedes it)."""
    i, line, line_start = 0, 1, 0
    while i < len(text):
        c = text[i]
        if c == "\n":
            line, line_start = line + 1, i + 1
        elif c == '"':
            i += 1
            while i < len(text) and text[i] != '"':
                if text[i] == "\\":
                    i += 1
                elif text[i] == "\n":
                    line, line_start = line + 1, i + 1
                i += 1
        elif c == "/":
            if text[i + 1 : i + 2] == "/":
                end = text.find("\n", i)
                i = len(text) if end == -1 else end
                continue
            yield line, i - line_start + 1
            end = text.find("*/", i + 2) if text[i + 1 : i + 2] == "*" else -1
            if end == -1:
                return  # Firefox stops at the first; so does the report, past an unclosed one
            line += text.count("\n", i, end)
            last = text.rfind("\n", i, end)
            line_start = last + 1 if last != -1 else line_start
            i = end + 2
            continue
        i += 1


class FirefoxBlockCommentInJson(Rule):
    """A `/* */` comment in manifest.json or a locale's messages.json, which Firefox refuses.

    What it checks: manifest.json and every `_locales/<locale>/messages.json` of a plain extension Firefox loads,
    for a `/` outside a string that does not start a `//` comment. Firefox reads both files with
    `stripCommentsFromJSON` (toolkit/components/extensions/Extension.sys.mjs): it drops `//` comments and throws
    "Invalid JSON: Unexpected /" at any other `/`. Chrome accepts both kinds of comment.

    Why it matters: the extension loads in Chrome and not at all in Firefox ("Reading manifest: Invalid JSON:
    Unexpected /"), and addons.mozilla.org refuses the upload (addons-linter's `JSON_BLOCK_COMMENTS`).

    Example:

        /* permissions the popup needs */      // XL023: Firefox cannot read this manifest
        "permissions": ["storage"]

    Fix: write the comment as `//` lines.
    """

    code = "XL023"
    name = "firefox-block-comment-in-json"
    severity = "error"
    applies_to = "extension"

    def check(self, ctx: LintContext) -> Iterable[Finding]:
        gecko = [target.browser for target in ctx.targets if browser_targets.get(target.browser).is_gecko]
        if not gecko:
            return
        folders = {target.package_dir or ctx.root for target in ctx.targets}
        for folder in sorted(folders):
            locales = folder / "_locales"
            catalogs = sorted(locales.glob("*/messages.json")) if locales.is_dir() and not locales.is_symlink() else []
            for path in [folder / "manifest.json", *catalogs]:
                text = _read(path)
                if text is None:
                    continue
                shown = path.relative_to(folder).as_posix()
                for line, column in block_comments(text):
                    yield self.finding(
                        f"`{shown}` has a `/*` comment (or a stray `/`): Firefox reads only `//` comments in it and "
                        "refuses the file",
                        browser=gecko[0],
                        fix="write the comment as // lines",
                        path=shown,
                        line=line,
                        column=column,
                    )


def _read(path: Path) -> str | None:
    if path.is_symlink() or not path.is_file():
        return None  # a link out of the extension is XL010's; xtk reads no file through one
    try:
        with path.open("rb") as stream:
            raw = stream.read(_MAX_BYTES + 1)
    except OSError:
        return None
    return raw.decode("utf-8-sig", errors="replace") if len(raw) <= _MAX_BYTES else None
