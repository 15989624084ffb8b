"""The walk cache (toolchain/analysis/walk_cache.py): a walk reused from an earlier run gives exactly the facts a
fresh walk gives — after each kind of edit that can change what another file's walk saw — and a crafted or damaged
cache file is walked past, never executed."""

from __future__ import annotations

import io
import os
import pickle
import shutil
from pathlib import Path

from toolchain.analysis.extract import Resolver, walk
from toolchain.analysis.facts import FileFacts
from toolchain.analysis.parse import clear_cache, content_digest
from toolchain.analysis.walk_cache import Entry, Reads, _write, walk_cache_for

REPO = Path(__file__).resolve().parents[3]

BACKGROUND = """\
import { TYPE } from './types';
import { api } from './api';

const handlers = {
  onPing: (message: unknown, sender: chrome.runtime.MessageSender) => {
    chrome.tabs.sendMessage(sender.tab!.id!, { type: TYPE });
  },
};

chrome.runtime.onMessage.addListener((message, sender) => {
  chrome.tabs.sendMessage(sender.tab!.id!, { type: TYPE });
  handlers.onPing(message, sender);
});

export async function inject(tabId: number) {
  chrome.scripting.executeScript({ target: { tabId }, files: ['content.js'] }).then(() => {
    chrome.tabs.sendMessage(tabId, { type: 'injected' });
  });
  api.storage.local.set({ last: tabId });
}
"""

FILES = {
    "types.ts": "export const TYPE = 'ping';\n",
    "api.ts": "export const api = chrome;\n",
    "background.ts": BACKGROUND,
    "relay.ts": "export { TYPE } from './types';\n",
    "popup.ts": "import { TYPE } from './relay';\nchrome.runtime.sendMessage({ type: TYPE });\n",
    "leaf.ts": "export function unused() { return 1; }\n",
}
ENTRIES = ["background.ts", "popup.ts", "leaf.ts"]


def _project(root: Path, files: dict[str, str] = FILES) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (root / name).write_text(text, encoding="utf-8")
    return root


def _walk(root: Path, entries: list[str], cache: Path | None) -> tuple[dict[Path, FileFacts], set[str]]:
    clear_cache()  # as a new process would: parses are cached in memory by size and mtime
    walks = walk_cache_for(cache, cache.parent, root=root.resolve()) if cache is not None else None
    resolver = Resolver(root=root, walk_cache=walks)
    walk(resolver, [root / entry for entry in entries])
    facts = resolver.project_facts()
    resolver.store_walks()
    return facts, set(walks.reused) if walks is not None else set()


def _same_as_fresh(root: Path, cache: Path, entries: list[str] = ENTRIES) -> set[str]:
    """The cached walk's facts equal a fresh walk's, in the same order; the names of the reused files."""
    cached, reused = _walk(root, entries, cache)
    fresh, _ = _walk(root, entries, None)
    assert list(cached) == list(fresh)
    assert cached == fresh
    return {Path(path).name for path in reused}


def _edit(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))  # a new mtime, as an editor gives


def test_an_unchanged_project_reuses_every_walk(tmp_path: Path) -> None:
    root = _project(tmp_path / "p")
    cache = tmp_path / "cache"
    _walk(root, ENTRIES, cache)
    assert _same_as_fresh(root, cache) == set(FILES)


def test_the_facts_keyed_by_node_survive_a_reuse(tmp_path: Path) -> None:
    """The listener's `sender.tab.id` (message_listeners, sender_of), the method of an object literal (pair_keys)
    and the send after executeScript().then (after_injection) are keyed by tree addresses: restored, they match."""
    root = _project(tmp_path / "p")
    cache = tmp_path / "cache"
    fresh, _ = _walk(root, ENTRIES, cache)
    background = fresh[(root / "background.ts").resolve()]
    receivers = sorted(send.receiver for send in background.sends)
    assert "the sender's tab" in receivers
    assert any(send.handles_error for send in background.sends)  # sent once the injection resolved
    _edit(root / "leaf.ts", "export function unused() { return 2; }\n")
    assert "background.ts" in _same_as_fresh(root, cache)


def test_an_edit_walks_the_file_and_whatever_read_it_again(tmp_path: Path) -> None:
    root = _project(tmp_path / "p")
    cache = tmp_path / "cache"
    _walk(root, ENTRIES, cache)
    _edit(root / "types.ts", "export const TYPE = 'pong';\n")
    reused = _same_as_fresh(root, cache)
    # types.ts changed; background.ts imports it, popup.ts reads it through relay.ts's re-export
    assert reused == {"api.ts", "leaf.ts"}
    cached, _ = _walk(root, ENTRIES, cache)
    popup = cached[(root / "popup.ts").resolve()]
    assert [send.message_type for send in popup.sends] == ["pong"]


def test_an_api_alias_changed_in_its_module_reaches_its_users(tmp_path: Path) -> None:
    root = _project(tmp_path / "p")
    cache = tmp_path / "cache"
    _walk(root, ENTRIES, cache)
    _edit(root / "api.ts", "export const api = { storage: { local: { set() {} } } };\n")
    reused = _same_as_fresh(root, cache)
    assert "background.ts" not in reused and "api.ts" not in reused


def test_a_new_file_that_changes_a_resolution_walks_its_importer_again(tmp_path: Path) -> None:
    files = {"main.ts": "import { api } from './util';\napi.tabs.query({});\n", "util.js": "export const api = {};\n"}
    root = _project(tmp_path / "p", files)
    cache = tmp_path / "cache"
    _walk(root, ["main.ts"], cache)
    (root / "util.ts").write_text("export const api = chrome;\n", encoding="utf-8")  # found first now
    assert _same_as_fresh(root, cache, ["main.ts"]) == set()
    facts, _ = _walk(root, ["main.ts"], cache)
    assert [use.api for use in facts[(root / "main.ts").resolve()].api_uses] == ["tabs.query"]


def test_an_import_cycle_is_walked_again(tmp_path: Path) -> None:
    files = {
        "a.ts": "import { b } from './b';\nexport const a = 1;\n",
        "b.ts": "import { a } from './a';\nexport const b = a;\n",
    }
    root = _project(tmp_path / "p", files)
    cache = tmp_path / "cache"
    _walk(root, ["a.ts"], cache)
    assert _same_as_fresh(root, cache, ["a.ts"]) == set()


def test_classic_scripts_are_not_cached(tmp_path: Path) -> None:
    """Classic scripts share globals through the resolver: no file's reads describe that, so nothing is kept."""
    files = {"lib.js": "var api = chrome;\n", "bg.js": "api.tabs.query({}, function () {});\n"}
    root = _project(tmp_path / "p", files)
    cache = tmp_path / "cache"
    _walk(root, ["lib.js", "bg.js"], cache)
    assert not (cache / "walk.bin").exists()
    assert _same_as_fresh(root, cache, ["lib.js", "bg.js"]) == set()


def test_a_crafted_cache_cannot_run_code(tmp_path: Path) -> None:
    """A cache file with the right key and digests, whose walk would call os.system: refused by the unpickler
    (it constructs only the analysis' own classes), and the file is walked afresh."""
    root = _project(tmp_path / "p")
    cache = tmp_path / "cache"
    marker = tmp_path / "ran"

    class Payload:
        def __reduce__(self) -> tuple[object, tuple[str]]:
            return os.system, (f"touch {marker}",)

    evil = io.BytesIO()
    pickle.dump({"path": (root / "leaf.ts").resolve(), "x": Payload()}, evil)
    walks = walk_cache_for(cache, cache.parent, root=root.resolve())
    leaf = (root / "leaf.ts").resolve()
    _write(walks.file, walks.key, {str(leaf): Entry(content_digest(leaf.read_bytes()), Reads(), evil.getvalue())})
    assert _same_as_fresh(root, cache) == set()
    assert not marker.exists()


def test_a_damaged_or_foreign_cache_is_walked_past(tmp_path: Path) -> None:
    root = _project(tmp_path / "p")
    cache = tmp_path / "cache"
    cache.mkdir()
    (cache / "walk.bin").write_bytes(b"XTKWALK\n\x00\x00\x00\x00\x00\x00\x00\x05{{{{{garbage")
    assert _same_as_fresh(root, cache) == set()
    _walk(root, ENTRIES, cache)  # stored again, whole
    data = (cache / "walk.bin").read_bytes()
    (cache / "walk.bin").write_bytes(data[: len(data) // 2])  # cut short
    assert _same_as_fresh(root, cache) == set()


def test_docmind_after_an_edit_of_a_shared_module(tmp_path: Path) -> None:
    """The flagship's sources, a module many import edited (a message sent from it): the same facts as a fresh
    walk, the files that do not read it reused."""
    root = tmp_path / "src"
    shutil.copytree(REPO / "extension_src" / "src", root)
    entries = sorted(str(path.relative_to(root)) for path in root.rglob("*.ts"))
    cache = tmp_path / "cache"
    _walk(root, entries, cache)
    shared = next(path for path in sorted(root.rglob("*.ts")) if "export" in path.read_text(encoding="utf-8"))
    _edit(
        shared,
        shared.read_text(encoding="utf-8")
        + "\nexport function ping() { chrome.runtime.sendMessage({ type: 'ping' }); }\n",
    )
    reused = _same_as_fresh(root, cache, entries)
    assert 0 < len(reused) < len(entries)


def test_a_cache_folder_linked_out_of_the_project_is_neither_read_nor_written(tmp_path: Path) -> None:
    """A cloned repository whose `.xtk/lint-cache` is a link to elsewhere: xtk writes nothing there (nothing is
    written outside the project), and reads nothing from there."""
    root = _project(tmp_path / "p")
    outside = tmp_path / "outside"
    outside.mkdir()
    project = tmp_path / "project"
    project.mkdir()
    (project / "lint-cache").symlink_to(outside)
    walks = walk_cache_for(project / "lint-cache", project, root=root.resolve())
    assert not walks.confined
    resolver = Resolver(root=root, walk_cache=walks)
    walk(resolver, [root / entry for entry in ENTRIES])
    resolver.store_walks()
    assert list(outside.iterdir()) == []
