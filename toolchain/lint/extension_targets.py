"""A plain extension as a `LintContext`: a folder, or a .zip/.xpi holding manifest.json and JavaScript (as `web-ext
lint` takes, or a .crx). The manifest names the entry scripts and pages, and relative imports are
followed from there; the keys lint reads must have the right shape (manifest_shape.py: a value of the wrong type is
XL025, and removed), an archive is unpacked within bounds (archive.py).

The path runs one way: the entries and their contexts complete first (the manifest's, then the scripts and pages the
code names, to a fixed point, then what they import), then the facts of every source once
(`Resolver.project_facts`), then the rules (engine.py). A source file over the size limit is not parsed: it is listed
in `LintContext.unanalysed` (XL004); `limits` bounds archives.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from toolchain import browser_targets
from toolchain.analysis import budget, parse
from toolchain.analysis.call_strings import call_strings
from toolchain.analysis.extract import Resolver, walk
from toolchain.analysis.page_names import pages_opened
from toolchain.analysis.parse import ParsedFile, too_large
from toolchain.diagnostics import InputError, XtkError
from toolchain.json_input import read_json_bytes
from toolchain.json_pointer import value_at
from toolchain.lint.archive import unpack_archive
from toolchain.lint.browser_inference import browsers_for
from toolchain.lint.code_reach import add_scripts_named_in_code, missing_entries, page_contexts
from toolchain.lint.context import LintContext, ManifestSource, OutsideReference, Target
from toolchain.lint.extension_paths import inside_extension, is_file, symlink_loops
from toolchain.lint.limits import InputLimits
from toolchain.lint.manifest_shape import shape_defects, without_defects
from toolchain.lint.posture import Posture, load_posture
from toolchain.lint.targets import SOURCE_SUFFIXES, over_limit
from toolchain.manifest.schema import decode_manifest, parse_manifest_text
from toolchain.plan.pages import scan_page
from toolchain.positions.json import value_positions
from toolchain.project import load_project
from toolchain.urls import split_address


def extension_context(
    path: Path, browsers: list[str] | None = None, workdir: Path | None = None, limits: InputLimits | None = None
) -> LintContext:
    """A plain unpacked extension (folder) or an archive (.zip, .xpi, .crx).

    One way through: the entries and their contexts, complete (the manifest's, then the scripts and pages the code
    names, to a fixed point, then what they import), then the facts of every source once."""
    archive = path if path.is_file() else None
    folder = archive is None and path.is_dir()
    root = unpack_archive(path, limits or InputLimits(), workdir) if archive else path.resolve()
    manifest_path = root / "manifest.json"
    display = "manifest.json"
    loops = symlink_loops(root) if folder else []  # an archive holds no links (archive.py refuses them)
    if loops:
        raise InputError.single(
            f"a symbolic link loop (it leads back to itself): no browser can read it; remove it"
            f"{' (and ' + ', '.join(loops[1:6]) + ')' if len(loops) > 1 else ''}",
            path=loops[0],
        )
    if not manifest_path.is_file():
        raise InputError.single(
            f"no manifest.json in {path}: give an extension folder, a .zip/.xpi/.crx, or an xtk project"
        )
    real_manifest, real_root = manifest_path.resolve(), root.resolve()
    if not real_manifest.is_relative_to(real_root):  # never read a file out of the folder
        target = os.path.relpath(real_manifest, real_root)
        raise InputError.single(
            f"a symbolic link out of the extension (to {target}): xtk reads only files inside "
            "the extension; copy the manifest into the folder",
            path=display,
        )
    data = read_json_bytes(manifest_path, display, "the manifest")  # its size is judged before it is read
    text = decode_manifest(data, display)  # UTF-8 only, as browsers read it; a BOM is dropped
    manifest = parse_manifest_text(text, display)
    positions = value_positions(text)
    defects = shape_defects(manifest, positions)  # XL025; lint reads on without them
    manifest = without_defects(manifest, defects)
    version = manifest.get("manifest_version")
    chosen = browsers or browsers_for(manifest)  # browser_inference.py says how
    outside = Outside()
    entry_contexts, notes = _manifest_entries(root, manifest, outside)
    resolver = _complete_entries(root, entry_contexts, outside)
    files = _with_imports(
        entry_contexts,
        {source: module.base.resolved_imports for source, module in resolver.modules.items() if module is not None},
    )
    facts = resolver.project_facts()  # once, the contexts complete
    injected = _injected_of_build(root) if folder else frozenset()
    targets = [
        Target(
            browser=b,
            manifest=manifest,
            min_version=_min_version(manifest, b),
            files=files,
            env={"BROWSER": b, "MANIFEST_VERSION": version},
            injected_resources=injected,
        )
        for b in chosen
    ]
    return LintContext(
        root=root,
        kind="extension",
        targets=targets,
        facts=facts,
        manifest_source=ManifestSource(manifest_path, display, "manifest", positions),
        posture=_posture_of_build(root) if folder else None,
        notes=notes,
        unanalysed=over_limit(source for source in files if source.is_file()),
        missing=missing_entries(root, entry_contexts, SOURCE_SUFFIXES),
        outside=outside.names,
        outside_references=outside.references,
        archive=archive,
        shape_defects=defects,
    )


def _entry_sources(entries: dict[Path, set[str]]) -> list[Path]:
    sources = sorted(p for p in entries if p.suffix in SOURCE_SUFFIXES and p.is_file())
    return [p for p in sources if too_large(p) is None]


def _complete_entries(root: Path, entries: dict[Path, set[str]], outside: Outside) -> Resolver:
    """Add to `entries` the scripts and pages the code names (`executeScript({files})`, `importScripts`, a page URL),
    to a fixed point: their own code may name more. Reads each file's syntax tree and string arguments, not its
    facts. Returns a resolver that has walked exactly the final entries (and what they import), with the final
    script groups: its `project_facts()` are the facts, computed once."""

    first = _entry_sources(entries)
    resolver = Resolver(root=root, confine=True)
    while True:
        walk(resolver, _entry_sources(entries))
        walked = {path: module for path, module in resolver.modules.items() if module is not None}
        named = {path: call_strings(module.parsed, module.base.api_uses) for path, module in walked.items()}
        pages_added = _add_pages_named_in_code(
            root, entries, {path: module.parsed for path, module in walked.items()}, outside, page_contexts(named)
        )
        if not (add_scripts_named_in_code(root, entries, named) or pages_added):
            break
    shared = resolver.script_api_globals
    if _entry_sources(entries) != first or set(shared) & resolver.free_script_names:
        # walked in the order the final entries give (imports first, sorted); with the API aliases classic scripts
        # share known from the start (`api.alarms…` in background.js, `var api = chrome` in compat.js after it)
        resolver = Resolver(root=root, confine=True)
        resolver.script_api_globals.update(shared)
        walk(resolver, _entry_sources(entries))
    resolver.use_script_groups(_script_groups(entries))
    return resolver


def _posture_of_build(root: Path) -> Posture | None:
    """The posture of the xtk project whose `xtk build` wrote this folder (`<out>/<browser>/`, with
    `<out>/<browser>.contexts.json` beside it, `out` the project's): what broad access and CSP it intends, as the
    project lint judges them. None for any other folder, or when the project's config or posture cannot be loaded
    (its own lint reports that)."""
    if not (root.parent / f"{root.name}.contexts.json").is_file():
        return None
    config = next((folder / "xtk.toml" for folder in root.parents if (folder / "xtk.toml").is_file()), None)
    if config is None:
        return None

    try:
        project = load_project(config, require_files=False)
        settings = project.config.lint
        if project.out_dir != root.parent or settings is None or not settings.posture:
            return None
        posture = (project.base_dir / settings.posture).resolve()
        return load_posture(posture, project.display(posture))
    except XtkError:
        return None


def _injected_of_build(root: Path) -> frozenset[str]:
    """The files an xtk build wrote for the project's `[[injected]]` entries (`<out>/<browser>.contexts.json` says
    which), so this folder is judged as the project lint judges it (XS003); none for any other folder."""
    try:
        contexts = json.loads((root.parent / f"{root.name}.contexts.json").read_text(encoding="utf-8"))
        entries = [*contexts.get("scripts", []), *contexts.get("styles", [])]
        return frozenset(str(e["output"]) for e in entries if "injected" in e.get("contexts", []))
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        return frozenset()


def _min_version(manifest: dict[str, Any], browser: str) -> str | None:
    """The minimum version the manifest declares for a browser, at its registry key (Firefox also reads it under
    `applications`, the key's old name)."""
    target = browser_targets.get(browser)
    if target.is_gecko and not manifest.get("browser_specific_settings") and manifest.get("applications"):
        manifest = {**manifest, "browser_specific_settings": manifest["applications"]}
    value = value_at(manifest, target.minimum_version_key)
    return str(value) if isinstance(value, (str, int)) else None


class Outside:
    """What the manifest and the pages name outside the extension (XL010): never read, only recorded."""

    def __init__(self) -> None:
        self.names: dict[str, set[str]] = {}  # a name as written → the contexts it was to run in
        self.references: list[OutsideReference] = []

    def add(self, name: str, context: str) -> None:
        self.names.setdefault(name, set()).add(context)


def _page_scripts(root: Path, page: Path, shown: str, outside: Outside, context: str) -> list[Path]:
    """The scripts a page of the extension loads, as its browser finds them: a name is a URL inside the extension
    (`/x.js` from its root, `../x.js` no higher than the root); one that leads out through a link is recorded in
    `outside`, not returned (nor read)."""

    base = root.resolve()
    size = too_large(page)
    if size is not None:  # read as a source file would not be (XL004 names it; what it loads is unknown)
        budget.stopped[page.resolve()] = (
            f"too large to read as a page ({size:,} bytes, over the limit of {parse.max_file_bytes:,} bytes, "
            "--max-file-size)"
        )
        return []
    text = page.read_text(encoding="utf-8", errors="replace")
    scripts = []
    for ref in scan_page(text, page, shown, root=base).references:
        if ref.kind != "script":
            continue
        if not ref.target.is_relative_to(base):
            outside.add(ref.value, context)
            outside.references.append(
                OutsideReference(page, ref.line, ref.column, ref.value, os.path.relpath(ref.target, base))
            )
            continue
        scripts.append(ref.target)
    return scripts


def _manifest_entries(root: Path, manifest: dict[str, Any], outside: Outside) -> tuple[dict[Path, set[str]], list[str]]:

    entries: dict[Path, set[str]] = {}
    notes: list[str] = []

    def add(relative: object, context: str) -> None:
        if not isinstance(relative, str):
            return
        page, _suffix = split_address(relative)  # `popup.html#/popup` opens popup.html (at a router's start)
        if page.lower().endswith((".html", ".htm")):
            relative = page
        path = inside_extension(root, relative)
        if path is None:  # never read (XL010 names it)
            outside.add(relative, context)
            return
        if "://" in relative:
            return
        if path.suffix.lower() in (".html", ".htm"):
            if not path.is_file():
                notes.append(f"{relative}: page not found")
                return
            for script in _page_scripts(root, path, relative, outside, context):
                entries.setdefault(script, set()).add(context)
            return
        entries.setdefault(path, set()).add(context)

    background = manifest.get("background") or {}
    if isinstance(background, dict):
        add(background.get("service_worker"), "background")
        for script in background.get("scripts") or []:
            add(script, "background")
        add(background.get("page"), "background")
    for script in manifest.get("content_scripts") or []:
        if isinstance(script, dict):
            for js in script.get("js") or []:
                add(js, "content")
    for key in ("action", "browser_action", "page_action"):
        value = manifest.get(key)
        if isinstance(value, dict):
            add(value.get("default_popup"), "popup")
    options = manifest.get("options_ui")
    add(options.get("page") if isinstance(options, dict) else None, "options")
    add(manifest.get("options_page"), "options")
    side_panel = manifest.get("side_panel")
    add(side_panel.get("default_path") if isinstance(side_panel, dict) else None, "side_panel")
    sidebar = manifest.get("sidebar_action")
    add(sidebar.get("default_panel") if isinstance(sidebar, dict) else None, "side_panel")
    add(manifest.get("devtools_page"), "devtools")
    sandbox = manifest.get("sandbox")
    for page in (sandbox.get("pages") or []) if isinstance(sandbox, dict) else []:
        add(page, "sandbox")
    overrides = manifest.get("chrome_url_overrides")
    for page in overrides.values() if isinstance(overrides, dict) else []:
        add(page, "page")
    return entries, notes


def _add_pages_named_in_code(
    root: Path,
    entries: dict[Path, set[str]],
    scripts: dict[Path, ParsedFile],
    outside: Outside,
    loaded_as: dict[str, str] | None = None,
) -> bool:
    """Pages a script opens at run time (`offscreen.createDocument({url: 'offscreen/x.html'})`, `tabs.create`,
    `windows.create`, `runtime.getURL('search.html')`, `a.href = 'x.html'`): an .html file of the extension named in
    a position that opens or loads a page (analysis/page_names.py; a string compared with the page's own path names
    none) makes that page's scripts entries too (context "page", or the context the call that names it gives:
    `loaded_as`, an offscreen document), as the manifest's pages are. True when something was added."""

    added = False
    for parsed in scripts.values():
        for literal in pages_opened(parsed):
            page = inside_extension(root, literal)
            if page is None or not is_file(page):
                continue
            context = (loaded_as or {}).get(literal.lstrip("/"), "page")
            for target in _page_scripts(root, page, literal, outside, context):
                if context == "page" and target in entries:
                    continue  # a page the manifest already runs (a popup also opened in a tab) keeps its contexts
                if context not in entries.setdefault(target, set()):
                    entries[target].add(context)
                    added = True
    return added


def _script_groups(entries: dict[Path, set[str]]) -> list[list[Path]]:
    """Classic scripts of one context share globals (MV2 background scripts, a content script's js list)."""
    groups: dict[str, list[Path]] = {}
    for path, contexts in entries.items():
        for context in contexts:
            groups.setdefault(context, []).append(path)
    return [sorted(group) for group in groups.values()]


def _with_imports(entries: dict[Path, set[str]], imports: dict[Path, list[Path]]) -> dict[Path, set[str]]:
    """Every file the entries reach through imports, with the contexts it runs in (an imported file runs in each
    of its importers' contexts)."""
    files = {path: set(contexts) for path, contexts in entries.items()}
    changed = True
    while changed:
        changed = False
        for path, contexts in list(files.items()):
            for imported in imports.get(path, []):
                known = files.setdefault(imported.resolve(), set())
                if not contexts <= known:
                    known.update(contexts)
                    changed = True
    return files
