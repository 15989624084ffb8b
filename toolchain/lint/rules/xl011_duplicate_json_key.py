"""XL011: a key written twice in one object of manifest.json or a locale's messages.json (and message names that
differ only in case)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path

from toolchain.lint.context import LintContext
from toolchain.lint.limits import format_size
from toolchain.lint.model import Finding, Related, Rule
from toolchain.positions.json import DuplicateKey, scan_json

#: findings per file; past this one more says how many were not listed (a hostile file may hold thousands)
MAX_PER_FILE = 20


class DuplicateJsonKey(Rule):
    """A key is written twice in one object of manifest.json or messages.json.

    What it checks: every object of a plain extension's `manifest.json` and of every locale's
    `_locales/<locale>/messages.json` (a project's own locales folder too), read as text so that a repeated key is
    seen before a parser keeps one of them; and the message names of each messages.json, which browsers read
    without regard to case (`Title` and `title` are one message). Each repetition is reported at the later key,
    with the line of the earlier one.

    Why it matters: JSON parsers keep the last value without a word — Chromium 156 and Firefox 153 load such a
    manifest, and `JSON.parse` and Python do the same — so the earlier value, often the one a reviewer reads, is
    silently ignored (`"permissions"` written twice grants only the second list). For two message names that
    differ in case the browsers disagree: Chromium 156 answered `getMessage("title")` with the one spelled `title`,
    Firefox 153 with the last one. addons.mozilla.org rejects the upload (addons-linter's `JSON_DUPLICATE_KEY` is
    an error).

    Example:

        "permissions": ["tabs"],
        …
        "permissions": ["storage"]     // XL011 `permissions` is written twice (lines 6 and 15): … line 6 is ignored

    Fix: keep one key per object: merge the two values, or remove the one that is not meant.
    """

    code = "XL011"
    name = "duplicate-json-key"
    severity = "error"

    def check(self, ctx: LintContext) -> Iterable[Finding]:
        if ctx.kind == "extension":
            yield from self._file(ctx, ctx.manifest_source.path, messages=False)
        for messages in _locale_files(ctx):
            yield from self._file(ctx, messages, messages=True)

    def _file(self, ctx: LintContext, path: Path, messages: bool) -> Iterator[Finding]:
        from toolchain.project.locales import MAX_MESSAGES_BYTES

        shown = ctx.display(path)
        try:
            if messages and not path.resolve().is_relative_to(ctx.root.resolve()):
                # a link out of the extension: its bytes are not the package's, and xtk reads nothing outside
                yield Finding.of(
                    "XL004",
                    "file not analysed: a link out of the extension's folder (to "
                    f"{path.resolve()}), not read; its keys are not checked",
                    path=shown,
                    line=1,
                    column=1,
                )
                return
            size = path.stat().st_size
            if size > MAX_MESSAGES_BYTES and messages:  # the build refuses it; scanning it would cost seconds
                yield Finding.of(
                    "XL004",
                    f"file not analysed: too large ({format_size(size)}, over the limit of "
                    f"{format_size(MAX_MESSAGES_BYTES)} for a messages.json); its keys are not checked",
                    path=shown,
                    line=1,
                    column=1,
                )
                return
            text = path.read_bytes().decode("utf-8", errors="replace").removeprefix("\ufeff")
        except OSError as error:
            yield Finding.of(
                "XL004",
                f"file not analysed: cannot read it ({error.strerror or error}); its keys are not checked",
                path=shown,
                line=1,
                column=1,
            )
            return
        layout = scan_json(text)
        found = [self._exact(duplicate, shown) for duplicate in layout.duplicates]
        if messages:
            found += self._case_variants(layout.positions, shown)
        found.sort(key=Finding.sort_key)
        yield from found[:MAX_PER_FILE]
        if len(found) > MAX_PER_FILE:
            last = found[MAX_PER_FILE]
            yield self.finding(
                f"{len(found) - MAX_PER_FILE} more duplicated keys in this file are not listed",
                fix="keep one key per object",
                path=shown,
                line=last.line,
                column=last.column,
            )

    def _exact(self, duplicate: DuplicateKey, shown: str) -> Finding:
        (first, first_column), (later, later_column) = duplicate.earlier, duplicate.later
        if first != later:
            places, ignored = f"lines {first} and {later}", f"the one on line {first}"
        else:
            places, ignored = f"line {later}, columns {first_column} and {later_column}", "the first"
        return self.finding(
            f"`{duplicate.key_path}` is written twice ({places}): browsers keep the last value without a word, so "
            f"{ignored} is ignored; addons.mozilla.org rejects the upload",
            fix="keep one: merge the two values, or remove the one that is not meant",
            path=shown,
            line=duplicate.later[0],
            column=duplicate.later[1],
            related=(Related("written first", shown, first),),
        )

    def _case_variants(self, positions: dict[str, tuple[int, int]], shown: str) -> Iterator[Finding]:
        from toolchain.json_pointer import unescape_token

        names = sorted(
            (position, unescape_token(pointer[1:]))
            for pointer, position in positions.items()
            if pointer.count("/") == 1
        )
        seen: dict[str, tuple[str, tuple[int, int]]] = {}
        for position, name in names:
            earlier = seen.get(name.lower())
            if earlier is not None and earlier[0] != name:
                yield self.finding(
                    f"message `{name}` is also defined as `{earlier[0]}` (line {earlier[1][0]}): message names "
                    "are case-insensitive, and browsers disagree on which one they use (Chromium 156 answered "
                    f"getMessage with the exact spelling asked for, Firefox 153 with the last one)",
                    fix="keep one message of that name, spelled one way",
                    path=shown,
                    line=position[0],
                    column=position[1],
                    related=(Related("defined first", shown, earlier[1][0]),),
                )
            seen[name.lower()] = (name, position)


def _locale_files(ctx: LintContext) -> list[Path]:
    """Every `<locale>/messages.json` of the extension's `_locales/` (a project's locales folder)."""
    if ctx.kind == "project" and ctx.project is not None:
        from toolchain.project.locales import locales_folder

        folder = locales_folder(ctx.project)
    else:
        folder = ctx.root / "_locales"
    if folder is None or not folder.is_dir():
        return []
    # links out are kept: _file names them instead of reading them
    return [path for path in sorted(folder.glob("*/messages.json")) if path.is_symlink() or path.is_file()]
