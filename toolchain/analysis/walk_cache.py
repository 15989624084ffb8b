"""Walked modules kept between lints (`.xtk/lint-cache/walk.bin`), so that a lint after an edit walks only what the
edit can change.

A file's walk (`walker.Walker`) depends on its own text and on what it asks of other files while it is walked: the
modules it imports (walked first), the exports it follows through them, and how its import specifiers resolve. The
resolver records those reads per file (`Resolver.module`); a walked module is reused when

- its text is the same (blake2b of its bytes),
- each of its specifiers resolves to the same file as before (a new `x.ts` beside `x.js` changes an import),
- every file it read is reused too (transitively; a file in an import cycle is always walked again),
- and xtk (its code, templates and data), Python and the resolver's settings are those the cache was made with.

Only projects of ES modules are cached: classic scripts share globals with each other and a webpack bundle's module
table is read across files, both through resolver-wide state no single file's reads describe, so a run that meets
either stores nothing (and a run that reused a module and then meets either walks everything again).

A walked module holds tree-sitter nodes, which do not outlive their process. They are stored by position (start, end,
node type) and found again in the file's tree, parsed anew (tree-sitter's parse is a small part of the walk's cost);
a node that is not found again exactly (checked when stored) makes its module uncacheable. The facts keyed by a node's
`id` (an address in the tree) are stored by node too and keyed again on load.

The cache is pickled, and read with an unpickler that only constructs the analysis' own classes, paths and
built-in containers: a crafted cache file (a project's `.xtk/` is not trusted more than its sources) cannot run code
through it. Any doubt about an entry — unreadable, foreign, or a node not found — means that module is walked again.
"""

from __future__ import annotations

import io
import json
import os
import pickle
import sys
from dataclasses import dataclass, field
from pathlib import Path, PosixPath, PurePosixPath
from typing import TYPE_CHECKING, Any

from toolchain.confine import write_problem

if TYPE_CHECKING:  # pragma: no cover
    from tree_sitter import Node

    from toolchain.analysis.parse import ParsedFile
    from toolchain.analysis.resolving import ModuleResolver
    from toolchain.analysis.scopes import WalkedModule

FORMAT = 1
MAGIC = b"XTKWALK\n"
#: a cache file larger than this is not read (a project's own cache stays far below: DocMind's is ~0.5 MB)
MAX_CACHE_BYTES = 256 * 1024 * 1024
#: WalkedModule's fields keyed by a function node's `id` (an address in this process's tree)
NODE_ID_FIELDS = (
    "pair_keys",
    "after_injection",
    "injected_before",
    "message_listeners",
    "listener_events",
    "external_callbacks",
)


class Uncacheable(Exception):
    """A module whose walk cannot be stored or restored faithfully."""


@dataclass
class Reads:
    """What one file's walk asked of the resolver: the files it read, in the order first read (a cached module
    replays them so that the modules are kept in the order a fresh walk keeps them), and its resolutions."""

    files: list[str] = field(default_factory=list)
    resolutions: list[tuple[str, str, str | None]] = field(default_factory=list)  # specifier, importer, found
    _seen: set[str] = field(default_factory=set, repr=False)  # `files` as a set: every export followed reads one

    def read(self, path: Path) -> None:
        text = str(path)
        if text not in self._seen:
            self._seen.add(text)
            self.files.append(text)


@dataclass
class Entry:
    digest: str
    reads: Reads
    blob: bytes


def settings_key(**settings: object) -> str:
    """What the walks depend on besides the files: xtk, Python, and the resolver's settings."""
    from toolchain.fingerprint import toolchain_stamp

    return json.dumps(
        {"format": FORMAT, "xtk": toolchain_stamp(), "python": sys.version, **settings},
        sort_keys=True,
        default=str,
    )


class WalkCache:
    """The stored walks of one project (read once, on first use), and the walks to store after this run."""

    def __init__(self, file: Path, key: str, project_dir: Path) -> None:
        self.file = file
        self.key = key
        #: the cache is read, written and removed only where no link leads out of the project (toolchain/confine.py)
        self.confined = write_problem(file, project_dir) is None
        self._entries: dict[str, Entry] | None = None
        self._digests: dict[str, str | None] = {}
        self._valid: dict[str, bool] = {}
        self.reused: set[str] = set()

    # -- reading -------------------------------------------------------------------------------------------------
    def entries(self) -> dict[str, Entry]:
        if self._entries is None:
            self._entries = _read(self.file, self.key) if self.confined else {}
        return self._entries

    def digest(self, path: str) -> str | None:
        """The file's digest now (None: unreadable)."""
        if path not in self._digests:
            from toolchain.analysis.parse import content_digest

            try:
                self._digests[path] = content_digest(Path(path).read_bytes())
            except OSError:
                self._digests[path] = None
        return self._digests[path]

    def valid(self, path: str, resolver: ModuleResolver, visiting: frozenset[str] = frozenset()) -> bool:
        """Can the stored walk of `path` be reused (see the module's docstring)?"""
        if path in self._valid:
            return self._valid[path]
        entry = self.entries().get(path)
        if entry is None or path in visiting:
            return False  # never stored, or an import cycle
        ok = entry.digest == self.digest(path) and all(
            _same(resolver.resolve(specifier, Path(importer)), found)
            for specifier, importer, found in entry.reads.resolutions
        )
        ok = ok and all(read == path or self.valid(read, resolver, visiting | {path}) for read in entry.reads.files)
        self._valid[path] = ok
        return ok

    def restore(self, module: WalkedModule, parsed: ParsedFile, resolver: ModuleResolver) -> Reads:
        """Fill `module` (created empty) from its stored walk; Uncacheable when it cannot be."""
        key = str(module.path)
        entry = self.entries()[key]
        if parsed.content_digest != entry.digest:
            raise Uncacheable(f"{key} changed while read")
        try:
            state = _Unpickler(io.BytesIO(entry.blob), module, parsed, resolver).load()
        except Uncacheable:
            raise
        except Exception as error:  # a damaged or foreign blob: walked again
            raise Uncacheable(f"{key}: {error}") from error
        if not isinstance(state, dict) or state.get("path") != module.path:
            raise Uncacheable(f"{key}: not this file's walk")
        for name in NODE_ID_FIELDS:
            state[name] = _keyed_by_id(name, state[name])
        module.__dict__.update(state)
        self.reused.add(key)
        return entry.reads

    # -- storing -------------------------------------------------------------------------------------------------
    def store(self, modules: dict[Path, WalkedModule | None], reads: dict[str, Reads], plain: bool) -> None:
        """Write the walks of this run (reused ones as they were stored); only when `plain` (ES modules only),
        else remove the file. A failure to write leaves no cache: never an error of the lint."""
        if not self.confined:
            return
        if not plain:
            self.file.unlink(missing_ok=True)
            return
        stored: dict[str, Entry] = {}
        previous = self.entries() if self.reused else {}
        for path, module in modules.items():
            if module is None:
                continue
            key = str(path)
            if key in self.reused and key in previous:
                stored[key] = previous[key]
                continue
            if key not in reads or not module.parsed.content_digest:
                continue
            try:
                blob = _dump(module)
            except (Uncacheable, pickle.PicklingError, RecursionError, TypeError, AttributeError, KeyError):
                continue  # walked again next time
            stored[key] = Entry(module.parsed.content_digest, reads[key], blob)
        _write(self.file, self.key, stored)


# -- the file ------------------------------------------------------------------------------------------------------
def _read(file: Path, key: str) -> dict[str, Entry]:
    try:
        if file.stat().st_size > MAX_CACHE_BYTES:
            return {}
        data = file.read_bytes()
        if not data.startswith(MAGIC):
            return {}
        size = int.from_bytes(data[len(MAGIC) : len(MAGIC) + 8], "big")
        start = len(MAGIC) + 8
        header = json.loads(data[start : start + size])
        if header.get("key") != key:
            return {}
        body = start + size
        entries: dict[str, Entry] = {}
        for path, item in header["entries"].items():
            offset, length = int(item["offset"]), int(item["length"])
            reads = Reads(
                files=[str(f) for f in item["reads"]],
                resolutions=[(str(s), str(i), None if f is None else str(f)) for s, i, f in item["resolutions"]],
            )
            entries[str(path)] = Entry(str(item["digest"]), reads, data[body + offset : body + offset + length])
        return entries
    except (OSError, ValueError, KeyError, TypeError):  # absent, damaged or foreign: nothing reused
        return {}


def _write(file: Path, key: str, entries: dict[str, Entry]) -> None:
    header: dict[str, Any] = {"key": key, "entries": {}}
    blobs = io.BytesIO()
    for path, entry in entries.items():
        header["entries"][path] = {
            "digest": entry.digest,
            "reads": entry.reads.files,
            "resolutions": entry.reads.resolutions,
            "offset": blobs.tell(),
            "length": len(entry.blob),
        }
        blobs.write(entry.blob)
    encoded = json.dumps(header).encode()
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        partial = file.with_name(f"{file.name}.{os.getpid()}.tmp")
        partial.write_bytes(MAGIC + len(encoded).to_bytes(8, "big") + encoded + blobs.getvalue())
        os.replace(partial, file)
    except OSError:
        pass


def _same(now: Path | None, before: str | None) -> bool:
    return (None if now is None else str(now)) == before


# -- one module ----------------------------------------------------------------------------------------------------
def _dump(module: WalkedModule) -> bytes:
    by_id: dict[int, Node] = {fn.node.id: fn.node for fn in module.fns}
    state = dict(module.__dict__)
    for name in NODE_ID_FIELDS:
        state[name] = _keyed_by_node(state[name], by_id)
    buffer = io.BytesIO()
    _Pickler(buffer, module, by_id).dump(state)
    return buffer.getvalue()


def _keyed_by_node(value: Any, by_id: dict[int, Node]) -> list[Any]:
    try:
        if isinstance(value, dict):  # injected_before's -1: code outside any function
            return [(key if key == -1 else by_id[key], item) for key, item in value.items()]
        return [by_id[key] for key in value]
    except KeyError as missing:
        raise Uncacheable(f"a node id that is no function's: {missing}") from None


def _keyed_by_id(name: str, value: Any) -> Any:
    if not isinstance(value, list):
        raise Uncacheable(f"{name}: not a list")
    if name in ("after_injection", "message_listeners", "external_callbacks"):
        return {node.id for node in value}
    return {node if node == -1 else node.id: item for node, item in value}


def _find(parsed: ParsedFile, start: int, end: int, kind: int) -> Node | None:
    """The node of type `kind` spanning exactly start–end (the smallest such, as the walk's nodes are)."""
    node: Node | None = parsed.tree.root_node.descendant_for_byte_range(start, end)
    while node is not None and node.start_byte == start and node.end_byte == end:
        if node.kind_id == kind:
            return node
        node = parsed.parent(node)
    return None


class _Pickler(pickle.Pickler):
    def __init__(self, file: io.BytesIO, module: WalkedModule, by_id: dict[int, Node]) -> None:
        super().__init__(file, protocol=5)
        self.module = module
        self.by_id = by_id
        self._fn_index: dict[int, tuple[str, int]] = {}
        from tree_sitter import Node

        from toolchain.analysis.parse import ParsedFile
        from toolchain.analysis.scopes import CallSite, ProjectFunction, WalkedModule

        self._node, self._parsed, self._site = Node, ParsedFile, CallSite
        self._fn, self._module = ProjectFunction, WalkedModule

    def persistent_id(self, obj: Any) -> Any:
        # called for every object pickled: exact types first (none of these classes is subclassed), cheapest test
        kind = type(obj)
        if kind is self._node:
            start, end, kind_id = obj.start_byte, obj.end_byte, obj.kind_id
            found = _find(self.module.parsed, start, end, kind_id)
            if found is None or found != obj:
                raise Uncacheable("a node not found again by its position (or another file's)")
            return ("node", start, end, kind_id)
        if kind is self._fn:
            if obj.module is self.module:
                return None
            key = id(obj)
            if key not in self._fn_index:
                self._fn_index[key] = (str(obj.module.path), obj.module.fns.index(obj))
            return ("fn", *self._fn_index[key])
        if kind is self._module:
            return ("self",) if obj is self.module else ("module", str(obj.path))
        if kind is self._parsed:
            if obj is not self.module.parsed:
                raise Uncacheable("another file's parse")
            return ("parsed",)
        return None

    def reducer_override(self, obj: Any) -> Any:
        if type(obj) is self._site and obj.sender_of is not None:
            state = {name: getattr(obj, name) for name in obj.__slots__}
            sender = self.by_id.get(obj.sender_of)
            if sender is None:
                raise Uncacheable("a sender that is no function's")
            state["sender_of"] = sender
            return _restore_site, (state,)
        return NotImplemented


def _restore_site(state: dict[str, Any]) -> Any:
    from toolchain.analysis.scopes import CallSite

    site = CallSite.__new__(CallSite)
    for name in CallSite.__slots__:
        setattr(site, name, state[name])
    sender: Any = state["sender_of"]  # the function node, keyed again by its id in this tree
    site.sender_of = sender.id if sender is not None else None
    return site


#: what a stored walk may construct besides the analysis' own classes
_ALLOWED: dict[tuple[str, str], object] = {
    ("pathlib", "PosixPath"): PosixPath,
    ("pathlib", "PurePosixPath"): PurePosixPath,
    ("builtins", "set"): set,
    ("builtins", "frozenset"): frozenset,
    ("builtins", "object"): object,
    (__name__, "_restore_site"): _restore_site,
}


class _Unpickler(pickle.Unpickler):
    def __init__(self, file: io.BytesIO, module: WalkedModule, parsed: ParsedFile, resolver: ModuleResolver) -> None:
        super().__init__(file)
        self.module, self.parsed, self.resolver = module, parsed, resolver

    def find_class(self, module_name: str, name: str) -> Any:
        allowed = _ALLOWED.get((module_name, name))
        if allowed is not None:
            return allowed
        if module_name.startswith("toolchain.analysis.") and module_name in sys.modules and "." not in name:
            found = getattr(sys.modules[module_name], name, None)
            if isinstance(found, type) and found.__module__ == module_name:
                return found
        raise Uncacheable(f"{module_name}.{name} is not something a walk stores")

    def persistent_load(self, pid: Any) -> Any:
        kind = pid[0] if isinstance(pid, tuple) and pid else None
        if kind == "node":
            found = _find(self.parsed, int(pid[1]), int(pid[2]), int(pid[3]))
            if found is None:
                raise Uncacheable("a stored node is not in the file")
            return found
        if kind == "parsed":
            return self.parsed
        if kind == "self":
            return self.module
        if kind in ("module", "fn"):
            other = self.resolver.modules.get(Path(str(pid[1])))
            if other is None:
                raise Uncacheable(f"{pid[1]} was not walked")
            return other if kind == "module" else other.fns[int(pid[2])]
        raise Uncacheable(f"an unknown reference {pid!r}")


def walk_cache_for(folder: Path, project_dir: Path, **settings: object) -> WalkCache:
    return WalkCache(folder / "walk.bin", settings_key(**settings), project_dir)


__all__ = ["Reads", "Uncacheable", "WalkCache", "walk_cache_for"]
