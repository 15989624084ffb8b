"""Source facts with tree-sitter: what each TypeScript/JavaScript file of an extension does with the extension APIs.

`extract_project(files, abstraction=…, root=…)` reads a set of entry files and every project file they reach through
relative imports; `extract_file(path, abstraction=…, resolver=…)` one file (its imports are read too, as far as
needed). Both return `facts.FileFacts`; see facts.py for the model and the README of this package for what is and
is not understood.

How it works. Each file is walked once (`walker.Walker`, one module per concern), depth first, with its lexical
scopes: the bindings of every block are declared before its statements are visited, so an identifier resolves to what
it names (an import, a function, a parameter, an alias of `chrome`/`browser`/the polyfill…) and a local `chrome`
shadows the global. The walk records the facts a file shows on its own (API uses, dynamic code, constants, load-time
work, suppressions) and, per function, what its parameters flow into: a send API, a listener registration, a
comparison of `param.type` with a literal, a call of another project function. A second phase
(`project_analysis.ProjectAnalysis`), over every file read, computes to a fixed point which functions are send
helpers (a parameter reaches `runtime.sendMessage`/`tabs.sendMessage`) and listener helpers (a parameter reaches
`*.addListener`), then turns the recorded call sites into message sends and handlers. This module resolves imports
and keeps every file read (`Resolver`).
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Iterable
from pathlib import Path

from toolchain.analysis import background, budget
from toolchain.analysis.bundled_modules import BundledModules
from toolchain.analysis.facts import FileFacts
from toolchain.analysis.parse import RESOLVE_SUFFIXES, ParsedFile, is_source, parse_file
from toolchain.analysis.project_analysis import ProjectAnalysis
from toolchain.analysis.scopes import ApiRef, ProjectFunction, WalkedModule
from toolchain.analysis.walk_cache import Reads, Uncacheable, WalkCache
from toolchain.analysis.walker import Walker

__all__ = ["Resolver", "extract_file", "extract_project"]

#: the walk recurses with the tree (minified code nests deeply)
RECURSION_LIMIT = 20_000
#: the stack of the thread a walk runs in. RECURSION_LIMIT frames of the walk need more than the main thread's 8 MiB
#: (8,750 nested `if` blocks overflowed it: a segmentation fault, not the RecursionError the walk handles); only the
#: pages used are ever committed
WALK_STACK_BYTES = 512 * 1024 * 1024
_WALK_THREAD = "xtk-walk"


def _with_deep_stack(work: Callable[[], None]) -> None:
    """Run `work` in a thread with a WALK_STACK_BYTES stack (or here, when this is already one), raising what it
    raises."""
    if threading.current_thread().name == _WALK_THREAD:
        work()
        return
    failure: list[BaseException] = []

    def run() -> None:
        try:
            work()
        except BaseException as error:
            failure.append(error)

    previous = threading.stack_size(WALK_STACK_BYTES)
    try:
        thread = threading.Thread(target=run, name=_WALK_THREAD, daemon=True)
        thread.start()
    finally:
        threading.stack_size(previous)
    thread.join()
    if failure:
        raise failure[0]


# --- resolution ----------------------------------------------------------------------------------------------------
def _is_file(path: Path) -> bool:
    """Is there a file at `path`? False for a name the system refuses (a specifier longer than a file name can be)."""
    try:
        return path.is_file()
    except OSError:
        return False


class Resolver:
    """Resolves import specifiers to the project's files and keeps every file read (each is walked once).

    `resolve` may replace the default resolution (relative `./x`, `../x` and root-absolute `/x` specifiers, tried
    as written, with .ts/.tsx/.mts/.js/.mjs/.jsx and as a folder's `index.*`; a `.js` specifier also finds the
    `.ts` file, as TypeScript's ESM resolution does). Bare specifiers are never resolved.
    `script_groups`: classic (non-module) scripts that run together and share globals; by default all classic
    scripts read by one resolver share them. `confine`: the files are a packaged extension under `root`, imported
    by URL as the browser does: `../x` climbs no higher than `root`, and a file that leads out of it through a link
    is not resolved (nor read).
    """

    def __init__(
        self,
        *,
        root: Path | None = None,
        abstraction: Path | None = None,
        resolve: Callable[[str, Path], Path | None] | None = None,
        script_groups: Iterable[Iterable[Path]] | None = None,
        confine: bool = False,
        walk_cache: WalkCache | None = None,
    ) -> None:
        self.root = root.resolve() if root is not None else None
        self._confine = confine and self.root is not None
        self.abstraction = abstraction.resolve() if abstraction is not None else None
        self._custom = resolve
        self.modules: dict[Path, WalkedModule | None] = {}
        self._resolved: dict[tuple[str, Path], Path | None] = {}
        self._analysis: ProjectAnalysis | None = None
        self._groups: dict[Path, int] = {}
        #: every group a script is in (a file loaded by two pages is a global of both): constants are shared so
        self._all_groups: dict[Path, set[int]] = {}
        self.bundled = BundledModules()  # a webpack build's module table, read as its require calls need it
        #: API aliases classic scripts declare at their top level (`var api = browser || chrome`): globals of the
        #: scripts loaded with them; and the free names classic scripts used before one was known (walk again)
        self.script_api_globals: dict[str, ApiRef] = {}
        self.free_script_names: set[str] = set()
        #: walks kept between runs (project lints: walk_cache.py), what each walk read, the walks in progress
        self.walk_cache = walk_cache
        self.reads: dict[str, Reads] = {}
        self._reading: list[Reads] = []
        #: every file `walk` was given, to walk them again without the cache
        self.entries: list[Path] = []
        for index, group in enumerate(script_groups or ()):
            for member in group:
                self._groups[Path(member).resolve()] = index
                self._all_groups.setdefault(Path(member).resolve(), set()).add(index)

    def resolve(self, specifier: str, importer: Path) -> Path | None:
        key = (specifier, importer.parent)
        if key not in self._resolved:
            self._resolved[key] = self._resolve(specifier, importer)
        found = self._resolved[key]
        if self._reading:
            self._reading[-1].resolutions.append((specifier, str(importer), None if found is None else str(found)))
        return found

    def _resolve(self, specifier: str, importer: Path) -> Path | None:
        if self._custom is not None:
            found = self._custom(specifier, importer)
            return found.resolve() if found is not None else None
        if specifier.startswith(("./", "../")) or specifier in (".", ".."):
            base = self._in_root(importer, specifier) if self._confine else importer.parent / specifier
        elif specifier.startswith("/") and not specifier.startswith("//") and self.root is not None:
            base = self.root / specifier.lstrip("/")
        else:
            return None
        specifier_path = base
        candidates = [specifier_path]
        if specifier_path.suffix in (".js", ".mjs", ".jsx", ".cjs"):
            stem = specifier_path.with_suffix("")
            candidates += [stem.with_suffix(s) for s in (".ts", ".tsx", ".mts", ".cts")]
        candidates += [specifier_path.with_name(specifier_path.name + s) for s in RESOLVE_SUFFIXES]
        candidates += [specifier_path / f"index{s}" for s in RESOLVE_SUFFIXES]
        for candidate in candidates:
            if is_source(candidate) and _is_file(candidate):  # `import './popup.css'` is not a source
                found = candidate.resolve()
                if self._confine and self.root is not None and not found.is_relative_to(self.root):
                    return None  # a link out of the extension: the browser does not load it, xtk does not read it
                return found
        return None

    def _in_root(self, importer: Path, specifier: str) -> Path:
        """A relative specifier as a URL path inside `root`: `..` above the root stays at the root."""
        from toolchain.urls import package_path

        assert self.root is not None
        folder = importer.resolve().parent
        parts = folder.relative_to(self.root).parts if folder.is_relative_to(self.root) else ()
        return self.root.joinpath(*package_path(parts, specifier))

    def module(self, path: Path) -> WalkedModule | None:
        """The walked file (None when it cannot be read); files imported by it are walked first."""
        if path in self.modules:  # resolved paths come back often
            self._read(path)
            return self.modules[path]
        path = path.resolve()
        self._read(path)
        if path in self.modules:
            return self.modules[path]
        cache = self.walk_cache
        self._reading.append(Reads())  # the check resolves the file's imports again: not reads of its importer
        try:
            reusable = cache is not None and cache.valid(str(path), self)
        finally:
            self._reading.pop()
        try:
            parsed = parse_file(path, parsed_before=(cache.digest(str(path)) or "") if cache and reusable else "")
        except OSError:
            self.modules[path] = None
            return None
        module = WalkedModule(path, parsed)
        self.modules[path] = module
        self._analysis = None
        if reusable:
            try:
                self._restore(module, parsed)
                return module
            except Uncacheable:
                module = self.modules[path] = WalkedModule(path, parsed)  # the same place in the order
        self._reading.append(reads := Reads())
        self.reads[str(path)] = reads
        limit = sys.getrecursionlimit()
        if limit < RECURSION_LIMIT:  # the walk recurses with the tree (minified code nests deeply)
            sys.setrecursionlimit(RECURSION_LIMIT)
        try:
            _with_deep_stack(Walker(module, self).run)
        finally:
            self._reading.pop()
            if limit < RECURSION_LIMIT:
                sys.setrecursionlimit(limit)
        return module

    def _restore(self, module: WalkedModule, parsed: ParsedFile) -> None:
        """A module from the walk cache: the files its walk read first (in the order it read them, so that the
        modules keep a fresh walk's order), then its stored walk."""
        assert self.walk_cache is not None
        stored = self.walk_cache.entries()[str(module.path)].reads
        self._reading.append(Reads())  # its replayed reads are its own, not its importer's
        try:
            for read in stored.files:
                self.module(Path(read))  # stored resolved: found in `modules` or resolved again cheaply
        finally:
            self._reading.pop()
        self.reads[str(module.path)] = self.walk_cache.restore(module, parsed, self)

    def _read(self, path: Path) -> None:
        """Note that the file being walked read `path` (walk_cache.py)."""
        if self._reading:
            self._reading[-1].read(path)

    def plain(self) -> bool:
        """Only ES modules were walked: no state shared across files beyond what each file's reads record."""
        bundled = self.bundled
        return not (
            self.script_api_globals
            or self.free_script_names
            or bundled.exports
            or bundled.folders
            or bundled.chunks
            or bundled.missing
            or any(bundled.bundles.values())
            or any(module is not None and module.kind == "script" for module in self.modules.values())
        )

    def store_walks(self) -> None:
        """Keep this run's walks for the next (walk_cache.py); nothing when a budget or the deadline cut one. Written
        by a forked copy of the process when it lives on (background.py: the lint server), else now."""
        cache = self.walk_cache
        if cache is not None:
            modules, reads, plain = self.modules, self.reads, self.plain() and not budget.stopped
            background.run(lambda: cache.store(modules, reads, plain))

    def forget(self) -> None:
        """Start over without the walk cache (a reused walk met state shared across files: see `walk`)."""
        self.walk_cache = None
        self.modules.clear()
        self.reads.clear()
        self._resolved.clear()
        self._analysis = None
        self.bundled = BundledModules()
        self.script_api_globals = {}
        self.free_script_names = set()

    def via(self, module: Path, ref: ApiRef) -> ApiRef:
        """An API alias imported from `module`: through the abstraction when that module is it (or is in it, when
        the abstraction is a folder)."""
        if self.abstraction is not None and (module == self.abstraction or module.is_relative_to(self.abstraction)):
            return ApiRef("abstraction", ref.path)
        return ref

    def export(
        self, path: Path, name: str, seen: frozenset[Path] = frozenset()
    ) -> tuple[Path, str, ProjectFunction | None] | None:
        """What `name` exported by `path` is: (defining file, its local scope name, the function if one)."""
        self._read(path)
        module = self.modules.get(path)
        if module is None or path in seen:
            return None
        local = module.base.exports.get(name)
        if local is not None:
            return path, local, module.named.get(local)
        if name in module.reexports:
            target, target_name = module.reexports[name]
            return self.export(target, target_name, seen | {path})
        if name != "default":
            for star in module.star_exports:
                found = self.export(star, name, seen | {path})
                if found is not None:
                    return found
        return None

    def api_export(self, path: Path, name: str, seen: frozenset[Path] = frozenset()) -> ApiRef | None:
        self._read(path)
        module = self.modules.get(path)
        if module is None or path in seen:
            return None
        if name in module.api_exports:
            return self.via(path, module.api_exports[name])
        if name in module.reexports:
            target, target_name = module.reexports[name]
            found = self.api_export(target, target_name, seen | {path})
            return self.via(path, found) if found is not None else None
        if name != "default":
            for star in module.star_exports:
                found = self.api_export(star, name, seen | {path})
                if found is not None:
                    return self.via(path, found)
        return None

    def group(self, path: Path) -> int:
        return self._groups.get(path, -1)

    def groups(self, path: Path) -> frozenset[int]:
        """Every group of classic scripts `path` is in ({-1}: none)."""
        return frozenset(self._all_groups.get(path, {-1}))

    def analysis(self) -> ProjectAnalysis:
        if self._analysis is None:
            self._analysis = ProjectAnalysis(self)
        return self._analysis

    def use_script_groups(self, script_groups: Iterable[Iterable[Path]]) -> None:
        """Which classic scripts share globals, once the contexts are known (the project-wide phase reads it)."""
        self._groups = {Path(member).resolve(): index for index, group in enumerate(script_groups) for member in group}
        self._all_groups = {}
        for index, group in enumerate(script_groups):
            for member in group:
                self._all_groups.setdefault(Path(member).resolve(), set()).add(index)
        self._analysis = None

    def project_facts(self) -> dict[Path, FileFacts]:
        """The facts of every file walked so far, by absolute path, in the order they were walked."""
        analysis = self.analysis()
        return {path: analysis.facts(module) for path, module in self.modules.items() if module is not None}

    def facts(self, path: Path) -> FileFacts:
        module = self.module(path)
        if module is None:
            raise FileNotFoundError(path)
        return self.analysis().facts(module)


def extract_file(
    path: Path,
    *,
    abstraction: Path | None = None,
    resolver: Resolver | Callable[[str, Path], Path | None] | None = None,
) -> FileFacts:
    """The facts of one file. Files it imports are read too (aliases, helpers and guards defined there count).

    `resolver`: a `Resolver` (reuse one across calls: every file is then parsed and walked once), or a function
    `(specifier, importing file) → Path | None`, or None for the default relative resolution.
    """
    if not isinstance(resolver, Resolver):
        resolver = Resolver(abstraction=abstraction, resolve=resolver)
    elif abstraction is not None and resolver.abstraction is None:
        resolver.abstraction = abstraction.resolve()
    return resolver.facts(Path(path))


def extract_project(
    files: Iterable[Path],
    *,
    abstraction: Path | None = None,
    root: Path | None = None,
    script_groups: Iterable[Iterable[Path]] | None = None,
) -> dict[Path, FileFacts]:
    """The facts of every file reachable from `files` through relative imports, by absolute path."""
    resolver = Resolver(root=root, abstraction=abstraction, script_groups=script_groups)
    walk(resolver, files)
    return resolver.project_facts()


def walk(resolver: Resolver, files: Iterable[Path]) -> None:
    """Parse and walk `files` and what they import (once each: a resolver keeps what it walked); FileNotFoundError
    when one cannot be read. A file whose budget or the run's deadline stopped its parse is skipped: it is in
    `budget.stopped`, which the lint reports (XL004)."""
    files = list(files)
    resolver.entries += files
    _walk(resolver, files)
    if resolver.walk_cache is not None and resolver.walk_cache.reused and not resolver.plain():
        # a reused walk assumed ES modules only; this run met classic scripts or a bundle's module table
        resolver.forget()
        _walk(resolver, resolver.entries)


def _walk(resolver: Resolver, files: list[Path]) -> None:
    for file in files:
        if resolver.module(Path(file)) is None and Path(file).resolve() not in budget.stopped:
            raise FileNotFoundError(file)
