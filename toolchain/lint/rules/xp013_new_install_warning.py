"""XP013: the new version adds an install warning, so the update waits for every user to accept it."""

from __future__ import annotations

from collections.abc import Iterable

from toolchain import browser_targets
from toolchain.lint.context import LintContext
from toolchain.lint.install_warnings import host_patterns, install_warnings
from toolchain.lint.model import Finding, Rule


class NewInstallWarning(Rule):
    """An update adds a permission warning the previous release did not show.

    What it checks: with `xtk lint --against OLD` (the previous release: a folder, .zip, .xpi or .crx, or a git ref
    of the project, built per browser), the
    warnings each target browser shows at install for OLD's manifest and for this one, in the browser's own words
    (Chromium's permission messages, with its rules: host access coalesced into "Read and change all your data on
    all websites", `tabs` into "Read your browsing history", absorbed by broader messages; Firefox's install
    prompt): each warning the new version adds. Removed or unchanged warnings are fine; a permission whose
    warning is already shown (`tabs` beside `<all_urls>`) adds none.

    Why it matters: Chrome disables an extension whose update adds a permission warning, for every user, until
    each one accepts it (many never do); Firefox holds the update back until the user approves the new
    permissions. Teams ship their own scripts to catch this before a release.

    Example:

        "permissions": ["storage", "history"]     // XP013 against a release with ["storage"]:
                                                  // "Read and change your browsing history on all your signed-in
                                                  // devices" is new in Chrome

    Fix: make the permission optional (`optional_permissions`, requested when the feature is used), or accept that
    every user must approve the update and say so in the posture, for this version only:
    `"install_warnings": {"intended": {"2.3.0": {"history": "the history view users asked for"}}}`.
    """

    code = "XP013"
    name = "new-install-warning"
    severity = "error"

    def check(self, ctx: LintContext) -> Iterable[Finding]:
        previous = ctx.previous_release
        if previous is None:
            return
        intended = _intended(ctx)
        for target in ctx.targets:
            old_manifest = previous.manifest_for(target.browser)
            if old_manifest is None:
                continue  # the old release did not target this browser: every user installs it anew
            old = install_warnings(old_manifest, target.browser)
            new = install_warnings(target.manifest, target.browser)
            if old is None or new is None:
                continue  # no rules for this browser's warnings: nothing is claimed
            before = {w.text for w in old if w.blocks_update}
            gecko = browser_targets.get(target.browser).is_gecko
            consequence = (
                "Firefox holds the update back until each user approves it"
                if gecko
                else "Chrome disables the extension on update until each user accepts it"
            )
            for warning in new:
                if not warning.blocks_update or warning.text in before:
                    continue
                if warning.causes and set(warning.causes) <= intended:
                    continue  # the posture says this version means to add it
                yield self.finding(
                    f'"{warning.text}" is a new install warning (from {", ".join(warning.causes)}; not in '
                    f"{previous.display}): {consequence}",
                    browser=target.browser,
                    fix="request it as an optional permission when the feature is used, or accept that every user "
                    "must approve the update",
                    **ctx.manifest_where(_pointer(target.manifest, warning.causes), target),
                )


def _intended(ctx: LintContext) -> set[str]:
    """The causes the posture declares intended for the version being linted (a project's [extension] version)."""
    if ctx.posture is None or ctx.project is None:
        return set()
    return set(ctx.posture.install_warnings.intended.get(ctx.project.config.extension.version, {}))


def _pointer(manifest: dict[str, object], causes: tuple[str, ...]) -> str:
    """The manifest key of the first entry behind a warning."""
    for key in ("permissions", "host_permissions"):
        entries = manifest.get(key)
        if isinstance(entries, list):
            for index, entry in enumerate(entries):
                if entry in causes:
                    return f"/{key}/{index}"
    for cause in causes:  # chrome_settings_overrides.homepage → its key
        if cause.startswith("chrome_settings_overrides."):
            return "/chrome_settings_overrides/" + cause.split(".", 1)[1]
    if any(cause in host_patterns(manifest) for cause in causes):
        return "/content_scripts"
    return "/permissions"
