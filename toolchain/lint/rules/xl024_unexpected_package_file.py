"""XL024: a file in a plain extension's package that does not belong in a store upload (hidden, editor or system
debris, native binaries, an old signature)."""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator
from pathlib import Path

from toolchain.lint.context import LintContext
from toolchain.lint.model import Finding, Rule

#: names editors and systems leave behind (addons-linter's FLAGGED_FILE_REGEX)
_DEBRIS = re.compile(r"(thumbs\.db|\.DS_Store|\.orig|\.old|~)$", re.IGNORECASE)
#: native code and other executables a WebExtension cannot use (addons-linter's FLAGGED_FILE_EXTENSIONS)
_BINARIES = frozenset({".class", ".dll", ".dylib", ".exe", ".jar", ".sh", ".so", ".swf"})
#: the most files one finding names before "and N more"
_SHOWN = 3


def _why(relative: str, archive: bool) -> str | None:
    parts = relative.split("/")
    if relative.lower().startswith("meta-inf/manifest.mf"):
        return "a signature from an earlier signing (addons.mozilla.org signs the upload itself)"
    if parts[0] == "__MACOSX" or any(part.startswith(".") for part in parts):
        # packagers leave hidden files out of a folder's zip (web-ext build, xtk package): only an archive has them
        return "hidden" if archive else None
    if _DEBRIS.search(parts[-1]):
        return "an editor or system leftover"
    if os.path.splitext(parts[-1])[1].lower() in _BINARIES:
        return "native code or an executable, which an extension cannot run"
    return None


def _files(folder: Path) -> Iterator[str]:
    for directory, folders, files in os.walk(folder):  # links are not followed (XL010 judges them)
        base = Path(directory)
        for name in sorted(files):
            yield (base / name).relative_to(folder).as_posix()
        folders.sort()


class UnexpectedPackageFile(Rule):
    """A file in the package that does not belong in a store upload.

    What it checks: every file of a plain extension's folder or archive: in an archive, hidden files and folders (a
    name starting with `.`, such as `.git/` or `.env`, and macOS's `__MACOSX/`: packagers such as `web-ext build`
    leave them out of a folder's zip, so a folder's are not reported); editor and system leftovers (`.DS_Store`,
    `Thumbs.db`, `*.orig`, `*.old`, `*~`), native code and executables (`.exe`, `.dll`, `.so`, `.dylib`, `.jar`,
    `.class`, `.sh`, `.swf`), and an old signature (`META-INF/manifest.mf`). Files under one hidden folder are
    reported once, with how many there are.

    Why it matters: everything in the folder goes into the zip a store reviews and every user downloads — a
    `.git/` folder ships the repository's history, a `.env` its secrets; reviewers flag such files
    (addons-linter's `HIDDEN_FILE`, `FLAGGED_FILE`, `FLAGGED_FILE_EXTENSION`, `ALREADY_SIGNED`), and an
    extension cannot run native code anyway. A warning: the extension works.

    Example:

        background.js.orig           // XL024: an editor or system leftover
        .git/config                  // XL024 in a .zip: `.git/ (214 files)` is hidden

    Fix: package from a clean build folder (`xtk build` writes one), or delete the files; `.gitignore` does not
    keep them out of a zip of the folder.
    """

    code = "XL024"
    name = "unexpected-package-file"
    severity = "warning"
    applies_to = "extension"

    def check(self, ctx: LintContext) -> Iterable[Finding]:
        folders = sorted({target.package_dir or ctx.root for target in ctx.targets})
        for folder in folders:
            grouped: dict[str, list[str]] = {}
            reasons: dict[str, str] = {}
            for relative in _files(folder):
                why = _why(relative, archive=ctx.archive is not None)
                if why is None:
                    continue
                parts = relative.split("/")
                hidden_folder = next(
                    ("/".join(parts[: i + 1]) + "/" for i, part in enumerate(parts[:-1]) if part.startswith(".")),
                    "__MACOSX/" if parts[0] == "__MACOSX" else None,
                )
                key = hidden_folder if why == "hidden" and hidden_folder else relative
                grouped.setdefault(key, []).append(relative)
                reasons[key] = why
            for key in sorted(grouped):
                members = grouped[key]
                count = f"{len(members)} file{'s' if len(members) != 1 else ''}"
                what = f"{key} ({count})" if key.endswith("/") else key
                where = "the archive holds it" if ctx.archive is not None else "a zip of this folder would ship it"
                yield self.finding(
                    f"`{what}` is {reasons[key]}: not part of the extension, yet {where}",
                    fix="package from a clean build folder, or delete the file",
                    path=members[0],
                )
