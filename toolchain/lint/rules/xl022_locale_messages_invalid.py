"""XL022: a plain extension's `_locales/<locale>/messages.json` that browsers refuse."""

from __future__ import annotations

from collections.abc import Iterable

from toolchain.lint.context import LintContext
from toolchain.lint.model import Finding, Rule


class LocaleMessagesInvalid(Rule):
    """A locale's messages.json is not one browsers accept.

    What it checks: every `_locales/<locale>/messages.json` of a plain extension, as `xtk build` checks a project's:
    valid JSON in UTF-8, an object of messages; each message name of ASCII letters, digits, `_` and `@`, not one of
    the browser's own (`@@ui_locale`...); each message an object with a string `"message"`; each placeholder
    declared with a string `"content"`, and every `$name$` the message uses declared (a message name outside those
    characters only where a Chromium browser is a target: Firefox reads it). The problem is located at its line and
    column in that file.

    Why it matters: Chrome refuses to load the extension ("Variable $count$ used but not defined", "Invalid value
    for 'message'"), and Firefox installs it with messages shown as their raw `__MSG_name__` text or not at all;
    addons.mozilla.org refuses the upload (addons-linter's `NO_MESSAGE`, `NO_PLACEHOLDER_CONTENT`,
    `INVALID_PLACEHOLDER_NAME`, `MISSING_PLACEHOLDER`, `PREDEFINED_MESSAGE_NAME`, `JSON_INVALID`).

    Example:

        "greeting": {"message": "Hello, $user$!"}     // XL022: $user$ is not one of this message's placeholders

    Fix: declare the placeholder (`"placeholders": {"user": {"content": "$1"}}`), or correct the entry as the
    message says.
    """

    code = "XL022"
    name = "locale-messages-invalid"
    severity = "error"
    applies_to = "extension"

    def check(self, ctx: LintContext) -> Iterable[Finding]:
        from toolchain import browser_targets
        from toolchain.project.locales import read_catalog

        folders = {target.package_dir or ctx.root for target in ctx.targets}
        # Chromium refuses a message name outside [A-Za-z0-9_@]; Firefox (and AMO) read it
        chromium = any(not browser_targets.get(target.browser).is_gecko for target in ctx.targets)
        for folder in sorted(folders):
            locales = folder / "_locales"
            if not locales.is_dir() or locales.is_symlink():
                continue
            for catalog in sorted(locales.glob("*/messages.json")):
                if catalog.is_symlink() or not catalog.is_file():
                    continue  # a link out of the extension is XL010's; xtk reads no file through one
                shown = catalog.relative_to(folder).as_posix()
                _, problems = read_catalog(catalog.parent.name, catalog, shown)
                for problem in problems:
                    if problem.message.startswith("invalid message name") and not chromium:
                        continue
                    if problem.message.startswith("larger than"):
                        continue  # too large to read: XL004 names it, and says what is not checked
                    yield self.finding(
                        problem.message,
                        fix="correct the entry as the message says (a message: name → {message, placeholders})",
                        path=shown,
                        line=problem.line,
                        column=problem.column,
                    )
