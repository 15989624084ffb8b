"""Code the lint could not read, and which verdicts of absence it could change (engine.py withholds only those).

A verdict of absence — XP002 (a permission nothing uses), XM001/XM002 (a message nobody handles or sends) — is
only as good as the code it looked at. Code not read: a file over the size limit or stopped by its budget (XL004),
a script the manifest names that does not exist (XL005), code loaded from a computed or remote place (XL006), a
script named outside the extension (XL010). Each may change a verdict only where it could hold what the verdict
looks for, so each verdict is withheld only for the unseen code that could:

- by where it runs: code that runs only in content scripts or sandboxed pages cannot use an API those contexts do
  not get (`alarms` in a content script: context_apis.py), nor can a sandboxed page send or receive messages;
- by what it says, when its text can be read (a file over the size limit, one whose parse was stopped): code that
  names none of a permission's APIs (`alarms`, `webRequest`…), none of the values or calls that use it by value
  (`"blocking"`, `execCommand`) and not the permission itself cannot use it through anything the analysis follows
  in the files it does read; one that names neither `onMessage` nor `sendMessage` neither handles nor sends.

Past the run's deadline no text is read: every unseen file then counts wherever it runs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from toolchain.lint import context_apis, knowledge
from toolchain.lint.context import LintContext
from toolchain.lint.model import Finding
from toolchain.lint.permission_uses import table as permission_table

#: the largest unseen file whose text is read for the names it holds (larger: it counts wherever it runs)
MAX_TEXT_BYTES = 64 * 1024 * 1024
#: the words a file that handles or sends messages holds
_MESSAGE_WORDS = re.compile(rb"(?<![\w$])(?:onMessage|sendMessage)(?![\w$])")
#: XP002's message names the permission first
_PERMISSION = re.compile(r"^`([^`]+)` is declared \(")


@dataclass(frozen=True)
class Unseen:
    """Code not read: its place as shown, the contexts it runs in (empty: not known), its text when readable."""

    shown: str
    contexts: frozenset[str]
    text: bytes | None


def file_text(path: Path) -> bytes | None:
    """A file's bytes, when they may be read for the names they hold (not past the deadline, not over the cap)."""
    from toolchain.analysis import budget

    if budget.past_deadline():
        return None
    try:
        if path.stat().st_size > MAX_TEXT_BYTES:
            return None
        return path.read_bytes()
    except OSError:
        return None


def contexts_of(ctx: LintContext, path: Path) -> frozenset[str]:
    """The contexts a file runs in, over every target (none known: empty)."""
    resolved = path.resolve()
    return frozenset(c for target in ctx.targets for c in target.files.get(resolved, target.files.get(path, set())))


def could_change(finding: Finding, unseen: Unseen, ctx: LintContext) -> bool:
    """Could the unseen code change this verdict of absence (hold a use of the permission, a handler, a send)?"""
    if finding.code == "XP002":
        match = _PERMISSION.match(finding.message)
        if match is None:
            return True
        browsers = [finding.browser] if finding.browser else [t.browser for t in ctx.targets]
        return any(_could_use(match.group(1), browser, unseen) for browser in browsers)
    if unseen.contexts and unseen.contexts <= {"sandbox"}:
        return False  # a sandboxed page has no extension API: it neither sends nor receives
    return unseen.text is None or bool(_MESSAGE_WORDS.search(unseen.text))


def _could_use(permission: str, browser: str, unseen: Unseen) -> bool:
    apis = knowledge.apis_enabled_by(permission, browser)
    limited = set(context_apis.limited_contexts())
    if (
        apis
        and unseen.contexts
        and unseen.contexts <= limited
        and not any(context_apis.allowed_in(c, api, browser) for c in unseen.contexts for api in apis)
    ):
        return False  # `alarms` in a content script: the API is not there
    if unseen.text is None:
        return True
    return bool(_words(permission, browser).search(unseen.text))


@cache
def _words(permission: str, browser: str) -> re.Pattern[bytes]:
    """The names code holds when it uses `permission`: its APIs' namespaces, the values and calls that use it by
    value (permission-uses.json), and the permission itself (requested by name)."""
    words = {permission} | {api.split(".", 1)[0] for api in knowledge.apis_enabled_by(permission, browser)}
    data = permission_table()
    for entry in data["argument_values"]:
        if permission in entry["permissions"]:  # (an optional one requested by name: the name itself, above)
            words.update(api.split(".", 1)[0] for api in entry["apis"])
            words.update(value for value in entry["values"] if value != "*")
    for entry in data["web_calls"]:
        if permission in entry["permissions"]:
            words.add(entry["call"].rsplit(".", 1)[-1])
            words.update(entry.get("values") or ())
    for entry in data["api_companions"]:
        if permission in entry["permissions"]:
            words.add(entry["api"].split(".", 1)[0])
    alternatives = b"|".join(re.escape(word.encode()) for word in sorted(words) if word)
    return re.compile(rb"(?<![\w$])(?:" + alternatives + rb")(?![\w$])")
