"""The codes the layers below lint emit, listed once (as addons-linter keeps its messages): the build's (XB…) and
the lint engine's own (XL… that are not rules), each with a stable code, a kebab-case name, its severity, who emits it,
a one-line summary and an explanation in ruff's four parts (what it checks, why it matters, an example, the fix).

Emitters take their severity from here (the manifest conversions, the locales check and the engine call
`severity()`), so one code never means two severities. A lint rule is not listed here: its module under
`toolchain/lint/rules/` declares its code, name and severity, and `toolchain/lint/catalog.py` joins both into the
catalog `xtk lint --explain` and docs/lint.md show (a rule's code may not be one of these).
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass
from typing import Literal

Severity = Literal["error", "warning", "note"]
Origin = Literal["build", "lint-engine", "lint-rule"]
#: which lint targets a rule runs on ("" for codes that are not rules)
AppliesTo = Literal["", "any", "project", "extension"]


@dataclass(frozen=True)
class Code:
    code: str
    name: str
    severity: Severity
    origin: Origin
    #: the summary line, a blank line, then the explanation (a rule's is its class docstring)
    text: str | None = None
    #: codes this one was split from: suppressions, --select and --ignore naming them still apply to it
    formerly: tuple[str, ...] = ()
    #: for lint rules: "any", "project" or "extension" (which lint targets it runs on); else ""
    applies_to: AppliesTo = ""

    @property
    def summary(self) -> str:
        return self.explanation.split("\n", 1)[0]

    @property
    def explanation(self) -> str:
        return inspect.cleandoc(self.text or "")


CODES: tuple[Code, ...] = (
    # -- xtk build: per-browser conversions of the config (toolchain/manifest/conversions.py) -----------------------
    Code(
        "XB101",
        "firefox-sandbox-dropped",
        "warning",
        "build",
        text="""
        Firefox has no sandboxed pages: `[[sandbox]]` pages and `csp.sandbox` are left out of its manifest.

        What it checks: a project that declares sandboxed pages (`[[sandbox]]`) or a sandbox CSP (`[csp] sandbox`)
        and has a Firefox target.

        Why it matters: Firefox does not support the `sandbox` manifest key; the page is still packaged but runs as
        an ordinary extension page there (with the extension's privileges and CSP), which may not be what the code
        expects.

        Example:

            [[sandbox]]
            page = "src/sandbox/index.html"     # xtk.toml: warning XB101: [firefox] sandbox: Firefox has no sandboxed pages

        Fix: give Firefox another way to run the untrusted code (an iframe of a data-only page, or no such feature
        there), or accept the warning knowingly.
        """,  # noqa: E501  (the explanation as `xtk lint --explain` and docs/lint.md show it)
    ),
    Code(
        "XB102",
        "firefox-override-dropped",
        "warning",
        "build",
        text="""
        Firefox overrides only the new-tab page: a bookmarks or history override is left out of its manifest.

        What it checks: `[overrides] bookmarks` or `history` in a project with a Firefox target.

        Why it matters: Firefox's `chrome_url_overrides` accepts `newtab` alone; the page is packaged but never
        shown in Firefox, so the feature silently does not exist there.

        Example:

            [overrides]
            history = "src/history/index.html"   # warning XB102: [firefox] overrides.history: Firefox cannot override …

        Fix: offer the page another way in Firefox (a browser action, a sidebar), or accept the warning knowingly.
        """,
    ),
    Code(
        "XB103",
        "main-world-needs-mv3",
        "warning",
        "build",
        text="""
        `world = "MAIN"` needs Manifest V3: in a Manifest V2 build the content script runs in the isolated world.

        What it checks: a `[[content_scripts]]` entry with `world = "MAIN"` in a target built as Manifest V2 (by
        default, Firefox).

        Why it matters: code written for the page's own world (reading the page's globals, patching its functions)
        sees only the DOM in the isolated world, so it fails in that browser alone.

        Example:

            [[content_scripts]]
            matches = ["https://example.com/*"]
            js = ["src/content/main-world.ts"]
            world = "MAIN"                       # warning XB103: [firefox] content_scripts[0].world: … needs Manifest V3

        Fix: build that target as Manifest V3 (`manifest_version = 3`), or inject the page-world code with a
        `<script>` element from the isolated content script.
        """,  # noqa: E501  (the explanation as `xtk lint --explain` and docs/lint.md show it)
    ),
    Code(
        "XB104",
        "unsupported-permission-dropped",
        "warning",
        "build",
        text="""
        A permission a target browser does not support is left out of that browser's manifest.

        What it checks: every permission in `[permissions]` (and the optional ones) against which browsers accept it
        (`specs/knowledge/permissions.json`, from MDN's browser-compat-data), unless `browsers = [...]` already
        scopes it.

        Why it matters: an unknown permission is an install warning or error in that browser; dropping it keeps the
        build loadable, but the APIs behind it are then missing there.

        Example:

            [permissions]
            offscreen = "Parses pages off the main thread."   # warning XB104: [firefox] permissions.offscreen: …

        Fix: scope the permission to the browsers that have it (`offscreen = { justification = "…", browsers =
        ["chrome", "edge"] }`) and guard its use (`if (!import.meta.env.FIREFOX)`).
        """,
    ),
    Code(
        "XB110",
        "data-collection-version-gap",
        "warning",
        "build",
        text="""
        `data_collection_permissions` is not read by the declared minimum Firefox (desktop before 140, Android before 142).

        What it checks: a Firefox target whose `min_version` (or `android_min_version`) is below the first version
        that reads `browser_specific_settings.gecko.data_collection_permissions`.

        Why it matters: AMO requires the declaration for new add-ons, but older Firefoxes ignore it, and
        addons-linter warns (KEY_FIREFOX_UNSUPPORTED_BY_MIN_VERSION): users of those versions are never shown what
        the add-on collects.

        Example:

            [targets.firefox]
            min_version = "115.0"                # warning XB110: [firefox] targets.firefox.min_version: … from Firefox 140 on

        Fix: set `min_version = "142.0"` (or `"140.0"` with `android_min_version = "142.0"`), or accept the gap
        knowingly.
        """,  # noqa: E501  (the explanation as `xtk lint --explain` and docs/lint.md show it)
    ),
    # -- xtk build: the project's locales (toolchain/project/locales.py) ----------------------------------------------
    Code(
        "XB111",
        "missing-translation",
        "warning",
        "build",
        text="""
        A message the manifest uses (`__MSG_name__`) is defined in the default locale but not in another locale.

        What it checks: every `__MSG_name__` in a text that goes into the manifest (extension name, short_name,
        description, action and side panel titles, command descriptions, raw `manifest` keys), in every
        `_locales/<locale>/messages.json` other than the default locale's. (A name the default locale lacks is an
        error, exit 2: the browsers refuse the extension.)

        Why it matters: the browser silently shows the default locale's text there, so users of that language see
        the extension's name or title in another language; a missing translation is usually an oversight.

        Example:

            _locales/fr/messages.json: warning XB111: extension.name: __MSG_extName__ is not translated in locale 'fr': …

        Fix: add the message to that locale's messages.json (or remove the locale folder if it is not shipped).
        """,  # noqa: E501  (the explanation as `xtk lint --explain` and docs/lint.md show it)
    ),
    # -- xtk lint: the engine itself (toolchain/lint/engine.py) -------------------------------------------------------
    Code(
        "XL001",
        "suppression-without-reason",
        "error",
        "lint-engine",
        text="""
        An inline suppression has no reason.

        What it checks: every `xtk-ignore[CODES]` comment (in sources, and `# xtk-ignore[…]` in xtk.toml) that has
        no text after the bracket. Such a suppression does not apply: the finding it meant to silence stays.

        Why it matters: a suppression is a decision a reviewer has to be able to check; without its reason nobody
        can tell a deliberate exception from a silenced bug.

        Example:

            setTimeout('run()', 10);  // xtk-ignore[XS001]             → XL001, and the XS001 finding stays

        Fix: say why after the bracket (`// xtk-ignore[XS001] the string is a packaged constant`), or fix the
        finding instead.
        """,
    ),
    Code(
        "XL002",
        "unused-suppression",
        "warning",
        "lint-engine",
        text="""
        An inline suppression suppresses nothing.

        What it checks: every suppression with a reason whose codes are selected but which silenced no finding on
        its line.

        Why it matters: stale suppressions pile up after the code they excused is fixed or moved, and later hide a
        new finding on that line that nobody reviewed.

        Example:

            void import('./lazy');  // xtk-ignore[XS001] packaged     → XL002: a static import() is not a finding

        Fix: remove the comment (or move it to the line it was meant for).
        """,
    ),
    Code(
        "XL003",
        "unparsable-source",
        "error",
        "lint-engine",
        text="""
        A source file could not be parsed: the facts read from it may be incomplete.

        What it checks: every JavaScript/TypeScript file xtk reads facts from, each with its own grammar (TypeScript
        for .ts, TSX for .tsx, JavaScript for .js/.mjs/.cjs/.jsx: words TypeScript reserves are identifiers in
        JavaScript); the first syntax error of a file is reported, at the innermost problem the parser found, with
        what is wrong there ("expected `)`", "unexpected `@`", "unexpected end of file").

        Why it matters: every rule judges the facts of a file (API uses, messages, dynamic code); a file that does
        not parse hides them, so a clean result would mean nothing.

        Example:

            const x = ;                          // XL003 syntax error: unexpected `=`: facts from this file may be incomplete

        Fix: fix the syntax error (the bundler reports it too), or keep files that are not code out of the build.
        """,  # noqa: E501  (the explanation as `xtk lint --explain` and docs/lint.md show it)
    ),
    Code(
        "XL004",
        "file-not-analysed",
        "warning",
        "lint-engine",
        text="""
        A source file was not analysed (or only in part): over the size limit, its parse budget or the deadline.

        What it checks: every JavaScript/TypeScript file xtk would read facts from. One larger than the limit (2 MiB
        unless `xtk lint --max-file-size` says otherwise) is not parsed (nor is a page over it read for its scripts);
        one whose parse goes past its budget (in proportion to its size: steps of the parser and CPU time) is not
        analysed; one the run's deadline (`--timeout`, 300 s by default) leaves unread is not either; a statement
        nested deeper than the analysis follows is read only in part. Findings that rest on code being absent (XP002 unused permission,
        XM001/XM002 unmatched messages) are then not reported where the file could change them: unless it runs
        only where their APIs do not exist (a content script has no `alarms`) or its text names none of what they
        look for (toolchain/lint/unseen_code.py); the warning says which.

        Why it matters: what xtk did not read it cannot judge; saying so keeps a clean result from claiming more
        than was checked, and bounds the time and memory a hostile or generated file can cost.

        Example:

            dist/vendor.bundle.js:1:1: XL004 file not analysed: too large (5.2 MiB, over the limit of 2 MiB, …)
            lib/noise.js:1:1: XL004 file not analysed: its parse went past its budget (1,000 steps of the parser …)

        Fix: lint the sources, not a bundle (exclude generated or vendored files), or raise the limit with
        `--max-file-size` if the file really is source; a file past its parse budget is not JavaScript the parser
        can read (noise, a binary named .js); past the deadline, raise `--timeout`.
        """,  # noqa: E501  (the explanation as `xtk lint --explain` and docs/lint.md show it)
    ),
    Code(
        "XL005",
        "missing-entry-file",
        "warning",
        "lint-engine",
        text="""
        A script the manifest names does not exist: its code was not analysed.

        What it checks: in a plain extension, every script the manifest names (background scripts or service
        worker, content scripts, the scripts of its pages). One that is not in the folder is reported, and findings
        that rest on code being absent (XP002 unused permission, XM001/XM002 unmatched messages) are not reported
        where the missing file could change them (not for APIs the contexts it runs in lack).

        Why it matters: a folder linted before its build step (a webpack `dist/` not yet built) or with a typo in a
        path would otherwise look clean, or look like it declares permissions it never uses.

        Example:

            manifest.json: XL005 `dist/background.js` (background script named in the manifest) does not exist: …

        Fix: build the extension first and lint the folder the browser loads, or fix the path in the manifest.
        """,
    ),
    Code(
        "XL006",
        "code-not-seen",
        "warning",
        "lint-engine",
        text="""
        Code the extension loads at run time from a computed or remote place was not analysed.

        What it checks: every `import()` of a computed or remote specifier, `importScripts()` of a computed or remote
        URL and `<script>` element given such a `src`, in code that runs in a target. What that code calls is
        unknown, so findings that rest on code being absent (XP002 unused permission, XM001/XM002 unmatched
        messages) are not reported where it could change them (not for APIs the loading context lacks); where any
        was withheld, this warning says where the unseen code comes in and which findings it withheld. (XS001
        judges the loading itself.)

        Why it matters: "unused" is a verdict about all of the extension's code; stated about part of it, it is a
        guess that looks authoritative, and removing a permission the unseen code needs breaks the extension.

        Example:

            background.js:4:1: XL006 import() of a computed specifier: the code it loads was not analysed, so findings
            that rest on code being absent are not reported (XP002 at manifest.json:6)

        Fix: import the module by its path (a string literal) so xtk and the bundler can follow it.
        """,
    ),
    Code(
        "XL008",
        "known-library",
        "note",
        "lint-engine",
        text="""
        A file is an exact copy of a well-known library's release: it is not linted, only named.

        What it checks: every source file the lint reads, by the SHA-256 of its content (line endings unified, source
        map comments and trailing blank space left out) against the release files of jQuery, jQuery UI, DOMPurify,
        webextension-polyfill, Bootstrap and Lodash published on npm (`specs/knowledge/libraries.json`, as
        addons-linter keeps its list of known libraries). A match is named with its version; nothing inside it is
        reported, though the APIs it calls still count as used (a permission the polyfill's caller needs is used).

        Why it matters: a vendored library's internals (jQuery's `innerHTML`, the polyfill's probes of
        `runtime.lastError`) are not the team's decisions; findings there teach people to ignore the tool. The
        note says what was left out, and which version ships, so an outdated copy is visible.

        Example:

            vendor/jquery.min.js: XL008 jQuery 3.7.1 (dist/jquery.min.js of npm's jquery), a known release: not linted

        Fix: nothing to fix; update the library when its version is outdated.
        """,
    ),
    Code(
        "XL009",
        "unknown-library-copy",
        "note",
        "lint-engine",
        text="""
        A file says it is a well-known library (its banner) but is no release xtk knows: it is linted as the
        extension's own code.

        What it checks: a source file whose first bytes carry a library's banner (`/*! jQuery v3.7.1 …`) or its
        characteristic identifiers, but whose content matches none of the release files in
        `specs/knowledge/libraries.json` (XL008).

        Why it matters: a banner is a comment anyone can write; trusting it would let any code — a modified copy,
        or code that merely starts with the comment — go unread. A copy that was edited, or built with other
        options, is the team's own code as far as a reviewer is concerned, and is judged as such.

        Example:

            vendor/jquery.js: XL009 says it is jQuery (its banner), but matches no jQuery release xtk knows: linted as
            the extension's own code

        Fix: vendor the library's published file unchanged (or install it from npm and bundle it); otherwise treat
        the findings in it as your own.
        """,
    ),
)

_BY_CODE = {entry.code: entry for entry in CODES}
if len(_BY_CODE) != len(CODES):  # pragma: no cover - guards edits of the tuple above
    raise RuntimeError("a code is listed twice in toolchain/codes.py")


def entry(code: str) -> Code:
    """The entry of a code the build or the lint engine emits; a code missing here is a programming error."""
    try:
        return _BY_CODE[code]
    except KeyError:
        raise KeyError(f"{code} is not a build or lint-engine code (toolchain/codes.py)") from None


def is_listed(code: str) -> bool:
    return code in _BY_CODE


def severity(code: str) -> Severity:
    return entry(code).severity


def named(name: str) -> Code:
    """The entry of a code by its stable name, for emitters that would otherwise need a second copy of the code."""
    found = next((c for c in CODES if c.name == name), None)
    if found is None:
        raise KeyError(f"no build or lint-engine code named {name!r} (toolchain/codes.py)")
    return found
