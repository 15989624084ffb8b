"""How code reaches a plain extension's contexts beyond the manifest and imports, and which named files are missing.

A script is also an entry when code loads it by name: `importScripts("lib.js")` in a worker or service worker runs
in the importing file's contexts; `scripting.executeScript({files: ["x.js"]})`, `tabs.executeScript({file})`,
`scripting.registerContentScripts`, Firefox's `contentScripts.register` run it as a content script; `new Worker("w.js")`
(also through `runtime.getURL` or `new URL(…, import.meta.url)`) runs it as a web worker. A page given to
`offscreen.createDocument({url})` runs its scripts as an offscreen document (PAGE_LOADERS; other pages the code names
are extension pages). The names come
from the calls' string arguments (`FileFacts.call_strings`). A script the manifest names that does not exist (a
build output not built, a typo) is listed, so lint can say so rather than judge the code it could not see.
"""

from __future__ import annotations

from pathlib import Path

from toolchain.analysis.facts import CallStrings
from toolchain.lint.extension_paths import is_file

#: calls that load the scripts they name → the context those scripts run in (None: the caller's own contexts)
SCRIPT_LOADERS: dict[str, str | None] = {
    "importScripts": None,
    "tabs.executeScript": "content",
    "scripting.executeScript": "content",
    "scripting.registerContentScripts": "content",
    "contentScripts.register": "content",
    "new Worker": "worker",
    "new SharedWorker": "worker",
}
#: calls that open the pages they name → the context those pages' scripts run in
PAGE_LOADERS: dict[str, str] = {"offscreen.createDocument": "offscreen"}
SCRIPT_SUFFIXES = (".js", ".mjs")


def page_contexts(named: dict[Path, list[CallStrings]]) -> dict[str, str]:
    """Page names (as written, without a leading "/") → the context a PAGE_LOADERS call runs them in."""
    return {
        name.lstrip("/"): PAGE_LOADERS[call.callee]
        for calls in named.values()
        for call in calls
        if call.callee in PAGE_LOADERS
        for name in call.strings
        if name.endswith((".html", ".htm"))
    }


def add_scripts_named_in_code(root: Path, entries: dict[Path, set[str]], named: dict[Path, list[CallStrings]]) -> bool:
    """Add the scripts the walked code loads by name (`named`: each file's calls with their string arguments) to
    `entries`, with the contexts they run in. True when something was added (their own code may load more)."""
    added = False
    for path, calls in sorted(named.items()):
        for call in calls:
            if call.callee not in SCRIPT_LOADERS:
                continue
            context = SCRIPT_LOADERS[call.callee]
            contexts = {context} if context else set(entries.get(path, ()))
            for name in sorted(call.strings):
                if not name.endswith(SCRIPT_SUFFIXES) or "://" in name:
                    continue
                script = _script_file(root, path, name)
                if script is None or not contexts:
                    continue
                known = entries.setdefault(script, set())
                if not contexts <= known:
                    known.update(contexts)
                    added = True
    return added


def _script_file(root: Path, caller: Path, name: str) -> Path | None:
    """The file a loader's name means: from the extension's root (a leading "/", Chrome's executeScript) or from the
    caller's folder (importScripts, Firefox's relative URLs); None when neither exists in the extension."""
    bases = [root] if name.startswith("/") else [root, caller.parent]
    for base in bases:
        script = (base / name.lstrip("/")).resolve()
        if script.is_relative_to(root) and is_file(script):
            return script
    return None


def missing_entries(root: Path, entries: dict[Path, set[str]], suffixes: set[str]) -> dict[Path, set[str]]:
    """The scripts named as entries that do not exist, with the contexts they were to run in."""
    return {
        path: contexts
        for path, contexts in sorted(entries.items())
        if path.suffix in suffixes and not is_file(path) and path.is_relative_to(root)
    }
