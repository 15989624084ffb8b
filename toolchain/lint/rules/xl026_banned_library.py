"""XL026: a release of a library addons.mozilla.org refuses (old jQuery, DOMPurify, AngularJS)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from toolchain import browser_targets
from toolchain.lint.context import LintContext
from toolchain.lint.extension_paths import package_scripts
from toolchain.lint.known_libraries import HEAD_BYTES, banned_by_amo, library_of, names_banned_library
from toolchain.lint.model import Finding, Rule


def _head(path: Path) -> str:
    try:
        with path.open("rb") as stream:
            return stream.read(HEAD_BYTES).decode("utf-8", errors="replace")
    except OSError:
        return ""


class BannedLibrary(Rule):
    """The package holds a release of a library addons.mozilla.org refuses.

    What it checks: for a plain extension Firefox loads, every script file of its folder or archive, loaded or
    not, whose content is a published release file (recognised by its hash, as XL008 recognises libraries: a
    banner alone proves nothing) that addons.mozilla.org bans for its known vulnerabilities: jQuery before 3.0,
    DOMPurify up to 2.2.4, AngularJS up to 1.8.1 (addons-linter's `BANNED_LIBRARIES`, kept in
    `specs/knowledge/banned-libraries.json`).

    Why it matters: addons.mozilla.org refuses the upload (addons-linter's `BANNED_LIBRARY`: "Your add-on uses a
    JavaScript library we consider unsafe"), whether or not a page loads the file; the versions carry published
    cross-site-scripting flaws that run with the extension's privileges.

    Example:

        lib/jquery.min.js           // XL026: jQuery 1.12.4, a release addons.mozilla.org refuses

    Fix: update the library to a supported release (jQuery 3.5 or later, DOMPurify 3, Angular instead of
    AngularJS), or remove the file if nothing loads it.
    """

    code = "XL026"
    name = "banned-library"
    severity = "error"
    applies_to = "extension"

    def check(self, ctx: LintContext) -> Iterable[Finding]:
        gecko = [target.browser for target in ctx.targets if browser_targets.get(target.browser).is_gecko]
        if not gecko:
            return  # addons.mozilla.org's ban: a package for Chrome alone is not reviewed there
        folders = sorted({target.package_dir or ctx.root for target in ctx.targets})
        for folder in folders:
            for path in package_scripts(folder):
                if not names_banned_library(_head(path)):
                    continue  # hashed only when its banner says it may be one
                library = library_of(path)
                if library is None or not banned_by_amo(library):
                    continue
                yield self.finding(
                    f"`{path.relative_to(folder).as_posix()}` is {library.name} {library.version} "
                    f"({library.file}), a release addons.mozilla.org refuses for its known vulnerabilities",
                    browser=gecko[0],
                    fix=f"update {library.name} to a supported release, or remove the file if nothing loads it",
                    path=path.relative_to(folder).as_posix(),
                )
