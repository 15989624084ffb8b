"""The build plan of one browser: every file that goes into `build/<browser>/`, where, and in which form.

The plan is derived from the project alone (no bundling yet), so the manifest and the bundler read the same
output paths. Each script is tagged with the extension context it runs in (background, content, popup, ...);
that map is written next to the build for the analyses that need to know which code runs where.
"""

from __future__ import annotations

import html
import json
import posixpath
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from toolchain import browser_targets
from toolchain.confine import copied_files
from toolchain.diagnostics import Diagnostic
from toolchain.plan.env_files import read_env_files
from toolchain.plan.pages import scan_page, stylesheet_out
from toolchain.project import Browser, Project
from toolchain.project.locales import locales_folder
from toolchain.project.models import Context
from toolchain.urls import split_address

Mode = Literal["development", "production"]
#: "script": a classic bundle for `executeScript({files})` whose last value is its entry's default export.
Format = Literal["iife", "esm", "script"]
_FORMAT_NAMES: dict[str, str] = {
    "iife": "a classic script",
    "esm": "an ES module",
    "script": "a script for executeScript ([[scripts]])",
}


@dataclass(frozen=True)
class ScriptEntry:
    source: Path
    out: str  # path inside build/<browser>/
    format: Format
    contexts: tuple[Context, ...]
    #: A module xtk writes and bundles in the source's place (path relative to root, text): a component page's
    #: mount script. None: esbuild bundles `source` itself.
    generated: tuple[str, str] | None = None


@dataclass(frozen=True)
class StyleEntry:
    source: Path
    out: str
    contexts: tuple[Context, ...]


@dataclass(frozen=True)
class PagePlan:
    source: Path
    out: str
    context: Context
    text: str
    replacements: dict[tuple[int, int], str]  # offsets in `text` → new attribute value


@dataclass(frozen=True)
class AssetCopy:
    source: Path
    out: str


@dataclass
class BuildPlan:
    project: Project
    browser: Browser
    manifest_version: int
    mode: Mode
    scripts: dict[Path, ScriptEntry] = field(default_factory=dict)
    styles: dict[Path, StyleEntry] = field(default_factory=dict)
    pages: list[PagePlan] = field(default_factory=list)
    assets: dict[str, AssetCopy] = field(default_factory=dict)
    problems: list[Diagnostic] = field(default_factory=list)
    #: said with the build, which goes on (a `.env` line that is not an assignment)
    warnings: list[Diagnostic] = field(default_factory=list)
    #: a component named as a page → the page xtk writes for it
    component_pages: dict[Path, str] = field(default_factory=dict)
    #: `/icons/a.png` for each file of public/ (copied to the build's root): CSS may name them root-relative, and
    #: esbuild leaves those URLs as written (they resolve in the extension) instead of failing to find the file.
    public_urls: list[str] = field(default_factory=list)
    #: `.env` variables with an allowed prefix (env_files.py): `import.meta.env.NAME` like [constants]
    env_files: dict[str, str] = field(default_factory=dict)

    def output_of(self, config_path: str) -> str:
        """The build path of a file named in the config (a script becomes .js); a page's `?query` / `#fragment`
        kept after it."""
        config_path, suffix = split_address(config_path)
        if suffix:
            return self.output_of(config_path) + suffix
        absolute = self.project.path(config_path)
        if absolute in self.component_pages:
            return self.component_pages[absolute]
        for entries in (self.scripts, self.styles):
            if absolute in entries:
                return entries[absolute].out
        return self.project.build_path(config_path)

    @property
    def esbuild_target(self) -> str:
        target = self.project.config.targets.section(self.browser)
        version = ".".join(target.min_version.split(".")[:2]).removesuffix(".0")
        return f"{browser_targets.get(self.browser).esbuild}{version}"

    def defines(self) -> dict[str, str]:
        """Compile-time constants: `import.meta.env.*`, so code for other browsers folds away."""
        env: dict[str, object] = {
            **browser_targets.env_flags(self.browser, self.manifest_version, self.mode),
            **self.env_files,
            **self.project.config.constants,
        }
        defines = {f"import.meta.env.{name}": json.dumps(value) for name, value in env.items()}
        # the whole object too, as Vite has it: a variable no .env file defines is undefined, not a TypeError (an
        # IIFE's import.meta is {}), and the named ones above stay folded
        defines["import.meta.env"] = json.dumps(env, sort_keys=True)
        defines["process.env.NODE_ENV"] = json.dumps(self.mode)
        return defines

    def contexts_json(self) -> dict[str, object]:
        """What runs where: the map later analyses read (with esbuild's metafile)."""
        root = self.project.root
        return {
            "browser": self.browser,
            "manifest_version": self.manifest_version,
            "mode": self.mode,
            "scripts": [
                {
                    "source": e.source.relative_to(root).as_posix(),
                    "output": e.out,
                    "format": e.format,
                    "contexts": list(e.contexts),
                }
                for e in self.scripts.values()
            ],
            "styles": [
                {"source": e.source.relative_to(root).as_posix(), "output": e.out, "contexts": list(e.contexts)}
                for e in self.styles.values()
            ],
            "pages": [
                {"source": p.source.relative_to(root).as_posix(), "output": p.out, "context": p.context}
                for p in self.pages
            ],
        }

    # -- building the plan ------------------------------------------------------------------------------

    def add_script(self, source: Path, fmt: Format, context: Context, display_key: str) -> str:
        out = _script_out(self.project, source)
        existing = self.scripts.get(source)
        if existing is None:
            self.scripts[source] = ScriptEntry(source, out, fmt, (context,))
        else:
            if existing.format != fmt:
                self.problems.append(
                    Diagnostic(
                        "error",
                        f"{self.project.display(source)} is loaded both as {_FORMAT_NAMES[existing.format]} and as "
                        f"{_FORMAT_NAMES[fmt]} ({display_key}); give each its own entry file",
                        browser=self.browser,
                    )
                )
            if context not in existing.contexts:
                self.scripts[source] = ScriptEntry(source, out, existing.format, existing.contexts + (context,))
        return out

    def add_style(self, source: Path, context: Context) -> str:
        project = self.project
        relative = source.relative_to(project.root).as_posix()
        out = stylesheet_out(project.build_path(relative) if source.is_relative_to(project.src_dir) else relative)
        existing = self.styles.get(source)
        contexts = existing.contexts if existing else ()
        if context not in contexts:
            contexts += (context,)
        self.styles[source] = StyleEntry(source, out, contexts)
        return out

    def add_asset(self, source: Path, out: str) -> None:
        self.assets.setdefault(out, AssetCopy(source, out))

    def add_page(self, config_path: str, context: Context) -> str:
        config_path = split_address(config_path)[0]  # the file: its query or fragment stays in the manifest
        project = self.project
        source = project.path(config_path)
        if source.suffix.lower() in COMPONENT_PAGE_SUFFIXES:
            return self._add_component_page(source, context)
        out = project.build_path(config_path)
        try:
            text = source.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            self.problems.append(Diagnostic("error", f"cannot read the page: {error}", path=project.display(source)))
            return out
        aliases = {name: project.root / target for name, target in project.config.aliases.items()}
        scan = scan_page(
            text, source, project.display(source), public=project.public_dir, project_root=project.root, aliases=aliases
        )
        self.problems.extend(scan.problems)
        replacements: dict[tuple[int, int], str] = {}
        page_dir = Path(out).parent
        for ref in scan.references:
            if ref.value.startswith("/") and ref.target.is_relative_to(project.public_dir):
                # A file of public/ is copied to the build's root as it is, where `/x.png` already points: the
                # reference stays as written, and a script there is not compiled.
                if ref.kind == "script" and ref.target.suffix.lower() not in (".js", ".mjs"):
                    self.problems.append(
                        Diagnostic(
                            "error",
                            f"{ref.value}: {project.config.public}/ is copied as it is, never compiled: load a .js "
                            f"file from there, or move the script to {project.config.src}/",
                            path=project.display(source),
                            line=ref.line,
                            column=ref.column,
                        )
                    )
                continue
            bundled = ref.kind in ("script", "style")  # esbuild's outputs mirror src/; others of the project's
            # files are bundled under their path from the project's root (`~/assets/x.css` → src/assets/x.css)
            allowed = (project.src_dir, project.root) if bundled else (project.src_dir, project.public_dir)
            outside = not any(ref.target.is_relative_to(folder) for folder in allowed)
            not_source = _bundled_problem(project, ref.target) if bundled and not outside else None
            if outside or not_source:
                where = f"{project.config.src}/" if bundled else f"{project.config.src}/ or {project.config.public}/"
                self.problems.append(
                    Diagnostic(
                        "error",
                        f"{ref.value} {not_source}"
                        if not_source
                        else f"{ref.value}: a page's {ref.kind}s must be inside {where}",
                        path=project.display(source),
                        line=ref.line,
                        column=ref.column,
                    )
                )
                continue
            if ref.kind == "script":
                target_out = self.add_script(ref.target, "esm" if ref.module else "iife", context, config_path)
            elif ref.kind == "style":
                target_out = self.add_style(ref.target, context)
            else:
                target_out = project.build_path(ref.target.relative_to(project.root).as_posix())
                self.add_asset(ref.target, target_out)
            replacements[(ref.start, ref.end)] = _relative(page_dir, target_out)
        self.pages.append(PagePlan(source, out, context, text, replacements))
        return out

    def _add_component_page(self, component: Path, context: Context) -> str:
        """A React component named as a page: xtk writes the page (`<div id="root">` and its script) and a mount
        module that renders the component's default export there with react-dom; the component is bundled through
        it. `popup.tsx` becomes `popup.html` and `popup.js`."""
        project = self.project
        script_out = _script_out(project, component)
        out = script_out.removesuffix(".js") + ".html"
        mount = project.root / ".xtk" / "pages" / (script_out.removesuffix(".js") + ".mount.js")
        imported = Path(posixpath.relpath(component.as_posix(), mount.parent.as_posix())).as_posix()
        text = mount_module(imported if imported.startswith(".") else f"./{imported}")
        generated = (mount.relative_to(project.root).as_posix(), text)
        self.scripts[component] = ScriptEntry(component, script_out, "esm", (context,), generated)
        self.component_pages[component] = out
        script = posixpath.basename(script_out)
        self.pages.append(PagePlan(component, out, context, component_page(component.stem, f"./{script}"), {}))
        return out

    def add_component_script(self, component: Path) -> str:
        """A content script that default-exports a React component: bundled through a mount module that renders it
        in a shadow root on the page (or in what its `getRootContainer` export returns), at the script's own
        build path."""
        project = self.project
        out = _script_out(project, component)
        mount = project.root / ".xtk" / "content" / (out.removesuffix(".js") + ".mount.js")
        imported = posixpath.relpath(component.as_posix(), mount.parent.as_posix())
        text = shadow_mount_module(imported if imported.startswith(".") else f"./{imported}")
        generated = (mount.relative_to(project.root).as_posix(), text)
        self.scripts[component] = ScriptEntry(component, out, "iife", ("content",), generated)
        return out


def shadow_mount_module(component: str) -> str:
    """A content script's mount module: the component's default export rendered in a shadow root appended to the
    page, or into the element its `getRootContainer()` returns; `getStyle()`'s element goes into the shadow root."""
    return (
        "// Generated by xtk: mounts a content script's component (`xtk help config`, component = true).\n"
        'import { createElement } from "react";\n'
        'import { createRoot } from "react-dom/client";\n'
        f"import * as ui from {json.dumps(component)};\n"
        "const hooks = { ...ui };\n"
        "async function mount() {\n"
        "  let container;\n"
        '  if (typeof hooks.getRootContainer === "function") {\n'
        "    container = await hooks.getRootContainer();\n"
        "  } else {\n"
        '    const host = document.createElement("xtk-content-ui");\n'
        '    const shadow = host.attachShadow({ mode: "open" });\n'
        '    if (typeof hooks.getStyle === "function") shadow.appendChild(await hooks.getStyle());\n'
        '    container = document.createElement("div");\n'
        "    shadow.appendChild(container);\n"
        "    document.documentElement.appendChild(host);\n"
        "  }\n"
        "  createRoot(container).render(createElement(hooks.default));\n"
        "}\n"
        'mount().catch((error) => console.error("[xtk] the content script\'s component did not mount:", error));\n'
    )


#: a page key naming one of these is a component xtk mounts in a page it writes
COMPONENT_PAGE_SUFFIXES = (".tsx", ".jsx")


def mount_module(component: str) -> str:
    """The module a component page loads: renders the component's default export into #root (React 18+)."""
    return (
        "// Generated by xtk: mounts the page's component (`xtk help config`, Component pages).\n"
        'import { createElement } from "react";\n'
        'import { createRoot } from "react-dom/client";\n'
        f"import Component from {json.dumps(component)};\n"
        'createRoot(document.getElementById("root")).render(createElement(Component));\n'
    )


def component_page(title: str, script: str) -> str:
    """The page xtk writes for a component: a root element and the mount script."""
    return (
        '<!doctype html>\n<html>\n<head>\n<meta charset="utf-8">\n'
        f"<title>{html.escape(title)}</title>\n</head>\n<body>\n"
        f'<div id="root"></div>\n<script type="module" src="{html.escape(script)}"></script>\n</body>\n</html>\n'
    )


def _script_out(project: Project, source: Path) -> str:
    base = project.src_dir if source.is_relative_to(project.src_dir) else project.root  # a page's script outside src
    return Path(source.relative_to(base).as_posix()).with_suffix(".js").as_posix()


def _bundled_problem(project: Project, target: Path) -> str | None:
    """Why a page's script or stylesheet cannot be bundled: inside src/, the rules of sources; elsewhere in the
    project, never from a folder that is not source (node_modules/, a dot folder, the build's own folders)."""
    if target.is_relative_to(project.src_dir):
        return project.source_problem(target)
    for folder in project.never_sources:
        if target.is_relative_to(folder):
            return f"is inside {project.display(folder)}/, which is never a source"
    for part in target.relative_to(project.root).parts[:-1]:
        if part == "node_modules" or part.startswith("."):
            return f"is inside {part}/, which is never a source: move it to a folder of its own"
    return None


def _relative(from_dir: Path, target: str) -> str:
    """A page-relative URL from the page's folder to `target` (both build-relative)."""
    rel = posixpath.relpath(target, from_dir.as_posix())
    return rel if rel.startswith("../") else f"./{rel}"


def plan_build(project: Project, browser: Browser, mode: Mode) -> BuildPlan:
    """Everything one browser's build contains. Problems (bad pages) are collected, not raised."""
    config = project.config
    target = config.targets.section(browser)
    plan = BuildPlan(project, browser, target.manifest_version, mode)
    plan.env_files, env_problems = read_env(project, mode)
    plan.problems += [d for d in env_problems if d.severity == "error"]
    plan.warnings += [d for d in env_problems if d.severity == "warning"]  # a .env line dotenv skips too
    firefox = browser_targets.get(browser).is_gecko

    if config.background:
        fmt: Format = "esm" if config.background.type == "module" else "iife"
        plan.add_script(project.path(config.background.entry), fmt, "background", "background.entry")
    for i, script in enumerate(config.content_scripts):
        for js in script.js:
            if script.component:
                plan.add_component_script(project.path(js))
                continue
            plan.add_script(project.path(js), "iife", "content", f"content_scripts[{i}].js")
        for css in script.css:
            plan.add_style(project.path(css), "content")
    for i, bundle in enumerate(config.injected):
        plan.add_script(project.path(bundle.entry), "esm", "injected", f"injected[{i}].entry")
        for css in bundle.css:
            plan.add_style(project.path(css), "injected")
    for i, executed in enumerate(config.scripts):  # run in a tab's content-script world by executeScript
        plan.add_script(project.path(executed.entry), "script", "content", f"scripts[{i}].entry")
    for i, worker in enumerate(config.workers):
        fmt = "esm" if worker.type == "module" else "iife"
        plan.add_script(project.path(worker.entry), fmt, "worker", f"workers[{i}].entry")

    if config.action and config.action.popup:
        plan.add_page(config.action.popup, "popup")
    if config.options:
        plan.add_page(config.options.page, "options")
    if config.side_panel:
        plan.add_page(config.side_panel.page, "side_panel")
    if config.devtools:
        plan.add_page(config.devtools.page, "devtools")
    for page in config.pages:
        plan.add_page(page.page, "page")
    if not firefox:  # Firefox has neither offscreen documents nor sandboxed pages: the manifest drops them too.
        for page in config.offscreen:
            plan.add_page(page.page, "offscreen")
        for page in config.sandbox:
            plan.add_page(page.page, "sandbox")
    if config.overrides:
        for name in ("newtab", "bookmarks", "history"):
            value = getattr(config.overrides, name)
            if value and (name == "newtab" or not firefox):
                plan.add_page(value, name)

    for icon in _icon_paths(project):
        plan.add_asset(project.path(icon), project.build_path(icon))
    for source in _files_under(project, project.public_dir):
        plan.add_asset(source, source.relative_to(project.public_dir).as_posix())
        plan.public_urls.append("/" + source.relative_to(project.public_dir).as_posix())
    if config.locales:
        locales = locales_folder(project)  # the `locales` folder, or its compiled catalogs (locales_format)
        assert locales is not None
        for source in _files_under(project, locales):
            plan.add_asset(source, f"_locales/{source.relative_to(locales).as_posix()}")
    return plan


def read_env(project: Project, mode: str) -> tuple[dict[str, str], list[Diagnostic]]:
    """The `.env` variables a build in `mode` defines, and the problems of those files (a malformed line; a name
    [constants] defines too: which one the code would see is not obvious, so neither is picked)."""
    shown = project.display(project.root)
    read = read_env_files(project.root, mode, project.config.env_prefix, shown="" if shown == "." else f"{shown}/")
    problems = list(read.problems)
    for name in sorted(set(read.values) & set(project.config.constants)):
        problems.append(
            Diagnostic(
                "error",
                f"{name} is set both in [constants] and in {read.sources[name]}: keep one",
                path=project.display(project.config_path),
                key=f"constants.{name}",
            )
        )
    return read.values, problems


def _files_under(project: Project, folder: Path) -> list[Path]:
    """Files to copy as they are, in a stable order; dotfiles (.DS_Store, .gitkeep) stay behind, and so does a
    link out of the project (loading the project refused it already; the walk never follows one)."""
    return copied_files(folder, project.base_dir.resolve()).files


def _icon_paths(project: Project) -> list[str]:
    config = project.config
    paths = list(config.icons.values())
    if config.action:
        paths += config.action.icons.values()
    if config.side_panel:
        paths += config.side_panel.icons.values()
    return paths
