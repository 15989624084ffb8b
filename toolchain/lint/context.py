"""What a lint rule reads: the targets (one per browser), the source facts, and where manifest keys are written.

A *target* is one browser's build: its manifest, which source files run in which context there, and the
build-time constants (`import.meta.env`) its code was folded with. A fact counts for a target when its file is
in that build, its guard holds for that browser, and its function is reachable from the code that runs
(module top levels and listeners) — so `browser.action.openPopup()` behind `MANIFEST_VERSION === 3` is not held
against the Firefox MV2 build, and a wrapper nobody calls asks for no permission.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from toolchain.analysis.facts import FileFacts, Location
from toolchain.json_pointer import unescape_token

if TYPE_CHECKING:
    from toolchain.lint.manifest_shape import ShapeDefect
    from toolchain.lint.posture import Posture
    from toolchain.lint.previous_release import PreviousRelease
    from toolchain.project import Project
    from toolchain.protocol.model import Protocol

Fact = TypeVar("Fact")

#: manifest keys → the config key that writes them (projects point findings at xtk.toml, not at generated files)
_CONFIG_KEYS = {
    "permissions": "permissions",
    "optional_permissions": "optional_permissions",
    "host_permissions": "host_permissions",
    "optional_host_permissions": "optional_host_permissions",
    "content_scripts": "content_scripts",
    "content_security_policy": "csp",
    "web_accessible_resources": "web_accessible_resources",
    "background": "background",
    "action": "action",
    "browser_action": "action",
    "browser_specific_settings": "targets",
}


def strings(value: Any) -> list[str]:
    """The strings of a manifest list (plain extensions' manifests are not schema-checked: anything else is [])."""
    return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []


def objects(value: Any) -> list[dict[str, Any]]:
    """The objects of a manifest list, as `strings` does for strings (indexes are not kept: use enumerate on the
    raw list when a pointer is needed)."""
    return [v for v in value if isinstance(v, dict)] if isinstance(value, list) else []


@dataclass
class Target:
    browser: str
    manifest: dict[str, Any]
    min_version: str | None
    files: dict[Path, set[str]]  # source file → the contexts it runs in, in this browser's build
    env: dict[str, object]  # import.meta.env as this build folds it
    #: the folder the browser loads (a project's built folder); None: the extension's own root (a plain extension)
    package_dir: Path | None = None
    #: the built files a project's `[[injected]]` entries expose (each bundle and its CSS): none in a plain extension
    injected_resources: frozenset[str] = frozenset()

    @property
    def manifest_version(self) -> int:
        value = self.manifest.get("manifest_version")
        return value if isinstance(value, int) else 3


@dataclass
class ManifestSource:
    """Where the manifest's keys are written: xtk.toml for a project, manifest.json for a plain extension."""

    path: Path
    display: str
    kind: Literal["config", "manifest"]
    positions: dict[Any, tuple[int, int]] = field(default_factory=dict)  # config key paths or JSON pointers

    def locate(self, pointer: str, target: Target | None = None, config: Any = None) -> tuple[int | None, int | None]:
        parts = [unescape_token(p) for p in pointer.strip("/").split("/") if p != ""]
        if self.kind == "manifest":
            from toolchain.positions.json import locate_pointer

            found = locate_pointer(self.positions, pointer)
            return found if found else (None, None)
        from toolchain.positions.toml import locate

        key, candidates = _config_candidates(parts, target, self.positions, config)
        for candidate in candidates:  # exact keys: the config key, or a raw `targets.<b>.manifest` override
            if candidate in self.positions:
                return self.positions[candidate]
        found = locate(self.positions, key) if key else None  # else the config key's nearest written parent
        return found if found else (None, None)


def _config_candidates(
    parts: list[str], target: Target | None, positions: dict[Any, tuple[int, int]], config: Any = None
) -> tuple[tuple[Any, ...], list[tuple[Any, ...]]]:
    """Config key paths that may have written the manifest value at `parts`, the likeliest first: for permissions
    the table entry (where the justification is), for other keys a raw `targets.<b>.manifest` override first
    (merged last, it is what the manifest holds)."""
    if not parts:
        return (), []
    head = _CONFIG_KEYS.get(parts[0], parts[0])
    key: list[Any] = [head, *parts[1:]]
    permission = head in ("permissions", "optional_permissions", "host_permissions", "optional_host_permissions")
    if permission and len(parts) > 1:
        value = _manifest_value(target.manifest if target else {}, parts)
        if isinstance(value, str):
            key = [_config_permission_table(head, value), value]
    elif head == "content_scripts" and len(parts) > 1 and parts[1].isdigit():
        key = [head, int(parts[1]), *parts[2:3]]
    elif head == "web_accessible_resources" and len(parts) > 1 and parts[1].isdigit():
        declared = sum(1 for k in positions if len(k) == 2 and k[0] == head and isinstance(k[1], int))
        index = int(parts[1])
        manifest = target.manifest if target else {}
        if isinstance(_manifest_value(manifest, parts[:2]), dict):  # MV3 groups: declared ones, then [[injected]]
            if index < declared:
                key = [head, index, *parts[2:3]]
            else:
                key = ["injected", index - declared, "matches" if parts[2:3] == ["matches"] else "entry"]
        else:  # MV2: one flat list of the resources of every group: find the group that lists it
            value = _manifest_value(manifest, parts[:2])
            groups = getattr(config, "web_accessible_resources", None) or []
            found = next((i for i, g in enumerate(groups) if value in getattr(g, "resources", ())), None)
            key = [head, found, "resources"] if found is not None else [head]
    elif head == "csp":
        key = [head, parts[1] if len(parts) > 1 else "extension_pages"]
    elif head == "targets" and target is not None:
        key = ["targets", target.browser]
    if target is None:
        return tuple(key), [tuple(key)]
    raw = ("targets", target.browser, "manifest")
    overrides = [raw + tuple(parts[:n]) for n in range(min(len(parts), 2), 0, -1)]
    return tuple(key), ([tuple(key), *overrides] if permission else [*overrides, tuple(key)])


def _config_permission_table(head: str, value: str) -> str:
    """In MV2 manifests host patterns sit in `permissions`; in the config they are in `host_permissions`."""
    if "://" in value or value == "<all_urls>":
        return "optional_host_permissions" if head.startswith("optional") else "host_permissions"
    return head


def _manifest_value(manifest: dict[str, Any], parts: list[str]) -> Any:
    value: Any = manifest
    for part in parts:
        if isinstance(value, dict):
            value = value.get(part)
        elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            return None
    return value


@dataclass(frozen=True)
class OutsideReference:
    """A script a page names that is outside the extension (`<script src="../../x.js">` through a link out)."""

    page: Path
    line: int
    column: int
    value: str  # as the page writes it
    target: str  # where it leads, relative to the extension


@dataclass
class LintContext:
    root: Path  # paths are shown relative to it
    kind: Literal["project", "extension"]
    targets: list[Target]
    facts: dict[Path, FileFacts]
    manifest_source: ManifestSource
    project: Project | None = None
    abstraction: Path | None = None
    posture: Posture | None = None
    protocol: Protocol | None = None
    #: files that exist in the extension but could not be analysed (not JavaScript/TypeScript we can parse)
    notes: list[str] = field(default_factory=list)
    #: source files over the size limit, not parsed (XL004) → their size in bytes; what they hold is unknown
    unanalysed: dict[Path, int] = field(default_factory=dict)
    #: source files whose analysis its budget or the run's deadline stopped (XL004) → why (analysis/budget.py)
    stopped: dict[Path, str] = field(default_factory=dict)
    #: scripts the manifest names that do not exist (XL005) → the contexts they were to run in; their code is unknown
    missing: dict[Path, set[str]] = field(default_factory=dict)
    #: scripts and pages named (by the manifest, or a page) outside the extension, never read (XL010): each name as
    #: written → the contexts it was to run in; their code is unknown
    outside: dict[str, set[str]] = field(default_factory=dict)
    #: the scripts pages name outside the extension (XL010), where the page names them
    outside_references: list[OutsideReference] = field(default_factory=list)
    #: the .zip/.xpi a plain extension was unpacked from (XL012 reads its directory), None for a folder or project
    archive: Path | None = None
    #: values of the manifest of a type no browser reading them accepts (XL025), removed before the rules read it
    shape_defects: list[ShapeDefect] = field(default_factory=list)
    #: the release `--against OLD` compares with (XP013), None without it
    previous_release: PreviousRelease | None = None

    # -- paths and places ---------------------------------------------------------------------------------------

    def display(self, path: Path) -> str:
        shown = self._shown.get(path)
        if shown is None:  # asked for every fact a rule reports or compares: each resolve reads the file system
            try:
                shown = path.resolve().relative_to(self.root.resolve()).as_posix()
            except ValueError:
                shown = str(path)
            self._shown[path] = shown
        return shown

    @cached_property
    def _shown(self) -> dict[Path, str]:
        return {}

    def where(self, location: Location) -> dict[str, Any]:
        """Keyword arguments for `Rule.finding` pointing at a source location."""
        return {"path": self.display(location.path), "line": location.line, "column": location.column}

    def removed(self, pointer: str) -> bool:
        """Whether the manifest value at `pointer`, or a part of it, was removed for its wrong type (XL025 says so):
        what Firefox's schema says of the value without it is not a second defect."""
        return any(
            pointer == d.pointer
            or pointer.startswith(d.pointer + "/")
            or (pointer and d.pointer.startswith(pointer + "/"))
            for d in self.shape_defects
        )

    def manifest_where(self, pointer: str, target: Target | None = None) -> dict[str, Any]:
        line, column = self.manifest_source.locate(pointer, target, self.project.config if self.project else None)
        return {"path": self.manifest_source.display, "line": line, "column": column}

    # -- what runs where ----------------------------------------------------------------------------------------

    @cached_property
    def _reachable(self) -> dict[str, set[tuple[Path, str]]]:
        return {target.browser: self._reach(target) for target in self.targets}

    @cached_property
    def _reachable_in(self) -> dict[tuple[str, str], set[tuple[Path, str]]]:
        return {}

    def reachable_in(self, target: Target, context: str, *, proven: bool = False) -> set[tuple[Path, str]]:
        """(file, scope) pairs that run in one context of the target: from the files that run there (their top
        levels and listeners), through the calls they make (a shared helper's function counts where it is called).
        `proven`: only through calls whose callee is known — not a method called on a receiver of unknown class
        (`x.addListener(f)` reaches every project method named `addListener`), which may run, and is no proof."""
        key = (target.browser, context + (":proven" if proven else ""))
        if key not in self._reachable_in:
            self._reachable_in[key] = self._reach(target, context, proven=proven)
        return self._reachable_in[key]

    @cached_property
    def _proven(self) -> dict[str, set[tuple[Path, str]]]:
        return {target.browser: self._reach(target, proven=True) for target in self.targets}

    def proven(self, target: Target, path: Path, fact: Any) -> bool:
        """Is this present fact reachable without the over-approximation of calls on unknown receivers?"""
        return (path, getattr(fact, "scope", "")) in self._proven[target.browser]

    def _reach(self, target: Target, context: str | None = None, *, proven: bool = False) -> set[tuple[Path, str]]:
        seen: set[tuple[Path, str]] = set()
        starts = [
            path for path, where in target.files.items() if path in self.facts and (context is None or context in where)
        ]
        todo = [(path, "") for path in starts]
        todo += [(path, scope) for path in starts for scope in self.facts[path].listener_scopes]
        calls = self._proven_call_graph if proven else self._call_graph
        inside = set(starts) if context is not None else None  # code of a file not loaded there cannot run there
        while todo:
            item = todo.pop()
            if item in seen or (inside is not None and item[0] not in inside):
                continue
            seen.add(item)
            todo.extend(calls.get(item, ()))
        return seen

    @cached_property
    def _proven_call_graph(self) -> dict[tuple[Path, str], list[tuple[Path, str]]]:
        """The call graph without the edges of calls on receivers of unknown class (`*.name`)."""
        calls: dict[tuple[Path, str], list[tuple[Path, str]]] = {}
        for path, facts in self.facts.items():
            for call in facts.calls:
                if not call.callee.startswith("*."):
                    calls.setdefault((path, call.scope), []).append((call.module or path, call.callee))
        return calls

    @cached_property
    def _call_graph(self) -> dict[tuple[Path, str], list[tuple[Path, str]]]:
        """(file, scope) → the (file, scope) pairs it calls, over every file's facts: made once, it is the same for
        every target and context `_reach` follows (each used to rebuild it: 17 times on DocMind)."""
        calls: dict[tuple[Path, str], list[tuple[Path, str]]] = {}
        methods: dict[str, list[tuple[Path, str]]] = {}  # "start" → every ("file", "Class.start")
        for path, facts in self.facts.items():
            scopes = {
                fact.scope
                for kind in ("api_uses", "sends", "handlers", "dynamic_code", "calls")
                for fact in getattr(facts, kind)
            }
            for scope in scopes:  # methods worth reaching are those that hold facts or call on
                if "." in scope:
                    methods.setdefault(scope.rsplit(".", 1)[1], []).append((path, scope))
            if facts.module_kind == "script":  # a classic script's functions are properties of its window: other
                # pages call them as methods (`(await runtime.getBackgroundPage()).find(q)`, `window.opener.f()`)
                for name, scope in facts.exports.items():
                    methods.setdefault(name, []).append((path, scope))
        for path, facts in self.facts.items():
            for call in facts.calls:  # calls carry no guard: a guarded call is assumed possible (conservative)
                if call.callee.startswith("*."):
                    calls.setdefault((path, call.scope), []).extend(methods.get(call.callee[2:], ()))
                else:
                    calls.setdefault((path, call.scope), []).append((call.module or path, call.callee))
        return calls

    def present(self, target: Target, path: Path, fact: Any) -> bool:
        """Is this fact (of the file at `path`) part of the target's build and reachable there?"""
        guard = getattr(fact, "guard", None)
        if guard is not None and not guard.holds(target.env):
            return False
        return (path, getattr(fact, "scope", "")) in self._reachable[target.browser]

    def each(self, target: Target, attribute: str) -> Iterator[tuple[FileFacts, Any]]:
        """Every fact of one kind (`api_uses`, `sends`, `handlers`…) present in the target, in file order."""
        for path in sorted(self.facts):
            facts = self.facts[path]
            for fact in getattr(facts, attribute):
                if self.present(target, path, fact):
                    yield facts, fact

    def contexts_of(self, target: Target, path: Path) -> set[str]:
        """The contexts a file runs in, including through the files that import it."""
        return target.files.get(path, set())

    def declared(self, target: Target, key: str = "permissions") -> list[str]:
        return strings(target.manifest.get(key, []))

    def entries(self, target: Target, key: str = "permissions") -> list[tuple[int, str]]:
        """(index, value) of the strings of a manifest list, indexes as in the manifest (for JSON pointers)."""
        value = target.manifest.get(key, [])
        return [(i, v) for i, v in enumerate(value) if isinstance(v, str)] if isinstance(value, list) else []

    def host_access_declared(self, target: Target) -> list[str]:
        """Every permission and host pattern the target's manifest asks for up front (MV2 `permissions` hold both)."""
        return self.declared(target, "permissions") + self.declared(target, "host_permissions")

    def listener_via(self, facts: FileFacts, handler: Any) -> str | None:
        """How an `onMessage` handler reaches the browser: the `via` of the `runtime.onMessage` use that registers
        it — at the handler's own place, or inside the helper called there (followed through helpers of helpers).
        None when the registration cannot be found."""
        where = (handler.location.line, handler.location.column)
        for use in facts.api_uses:
            if use.api == "runtime.onMessage" and (use.location.line, use.location.column) == where:
                return str(use.via)
        path = facts.path.resolve()
        todo = [
            ((c.module or path).resolve(), c.callee)
            for c in facts.calls
            if (c.location.line, c.location.column) == where
        ]
        seen: set[tuple[Path, str]] = set()
        while todo:
            item = todo.pop(0)
            if item in seen or len(seen) > 64:
                continue
            seen.add(item)
            file, scope = item
            found = self.facts.get(file)
            if found is None:
                continue
            for use in found.api_uses:
                if use.api == "runtime.onMessage" and use.scope == scope:
                    return str(use.via)
            todo += [((c.module or file).resolve(), c.callee) for c in found.calls if c.scope == scope]
        return None
