"""XL012: a .zip/.xpi holds two members of one name (two `manifest.json`, or any file twice)."""

from __future__ import annotations

import zipfile
from collections.abc import Iterable

from toolchain.lint.context import LintContext
from toolchain.lint.model import Finding, Related, Rule


class DuplicateArchiveMember(Rule):
    """An archive holds two files of one name.

    What it checks: the central directory of the .zip or .xpi being linted; two file members whose names are the
    same (as unpacked: `a\\b.js` and `a/b.js` are one) are reported, naming both entries, by their place in the
    archive and their sizes.

    Why it matters: a zip may list a name twice, and which of the two a tool reads is the tool's choice, not the
    archive's: an unpacker that writes every entry in order keeps the last, a reader that looks a name up may find
    either. So the manifest (or script) a browser or a store uses is not decided by the bytes xtk read — xtk
    linted the last one it unpacked, and the extension may run the other. addons.mozilla.org rejects the upload
    (addons-linter's `DUPLICATE_XPI_ENTRY` is an error: "re-zip your add-on").

    Example:

        manifest.json: XL012 `manifest.json` is in the archive twice (entries 1 and 4 of 4, 312 and 298 bytes): …

    Fix: build the archive again from the extension's folder (`zip -r ../ext.zip .` in it), so each file is in it
    once.
    """

    code = "XL012"
    name = "duplicate-archive-member"
    severity = "error"
    applies_to = "extension"

    def check(self, ctx: LintContext) -> Iterable[Finding]:
        if ctx.archive is None:
            return
        try:
            with zipfile.ZipFile(ctx.archive) as opened:
                members = opened.infolist()
        except (OSError, zipfile.BadZipFile):  # it was unpacked moments ago: nothing new to say
            return
        by_name: dict[str, list[tuple[int, zipfile.ZipInfo]]] = {}
        for index, member in enumerate(members, start=1):
            if not member.is_dir():
                by_name.setdefault(member.filename.replace("\\", "/"), []).append((index, member))
        total = len(members)
        for name, entries in sorted(by_name.items()):
            if len(entries) < 2:
                continue
            count = "twice" if len(entries) == 2 else f"{len(entries)} times"
            places = _listed([str(index) for index, _ in entries])
            sizes = _listed([f"{member.file_size:,}" for _, member in entries])
            spelled = {member.filename for _, member in entries}
            also = f" (spelled {', '.join(f'`{s}`' for s in sorted(spelled))})" if len(spelled) > 1 else ""
            yield self.finding(
                f"`{name}` is in the archive {count}{also} (entries {places} of {total}, {sizes} bytes): which one a "
                "browser or store reads is up to the tool, not the archive, so it may not be the one xtk linted "
                f"(the last, entry {entries[-1][0]}); addons.mozilla.org rejects the upload",
                fix="zip the extension's folder again, so each file is in the archive once",
                path=name,
                related=tuple(Related(f"entry {index}", name) for index, _ in entries[:-1]),
            )


def _listed(items: list[str]) -> str:
    """`1, 2 and 3`."""
    return ", ".join(items[:-1]) + f" and {items[-1]}"
