"""What a framework's runtime gives a project's code, supplied at build time (docs/import.md).

A WXT project calls `defineBackground`, `defineContentScript` and `browser` without importing them, and imports
`wxt/browser` or `#imports`; WXT's Vite plugins provide them. xtk writes its own small runtime
(`templates/runtime/<framework>.js`) into `.xtk/runtime/`, injects it into every bundle (esbuild `--inject`: a
free name the module exports becomes an import of it; an unused export is dropped) and points those import paths
at it (`--alias`). The project's files are not changed. `[aliases]` in xtk.toml adds the project's own path aliases;
`auto_imports` names folders whose modules' exports code uses without importing them (WXT's utils/, components/...)
and `[auto_import_names]` names from packages: xtk writes the table of them (`.xtk/runtime/auto-imports.json`) and
the Node path imports into each file the names it uses (auto_imports.mjs, as WXT's unimport does). They are not
injected: an injected module's side effects (a component's `import "./Spinner.css"`) would be in every bundle.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING

from toolchain.resources import templates_dir

if TYPE_CHECKING:
    from toolchain.project.models import ProjectConfig

#: The import paths of WXT's runtime that xtk's runtime answers (what it exports: templates/runtime/wxt.js).
WXT_MODULES = (
    "#imports",
    "wxt/browser",
    "wxt/sandbox",
    "wxt/client",
    "wxt/utils/define-background",
    "wxt/utils/define-content-script",
    "wxt/utils/define-unlisted-script",
    "wxt/utils/content-script-context",
)

_MODULES = {"wxt": WXT_MODULES}
#: WXT's storage package, and the import paths WXT gives it; answered when the project has it installed
WXT_STORAGE = "@wxt-dev/storage"
WXT_STORAGE_MODULES = ("wxt/storage", "wxt/utils/storage")
#: @wxt-dev/i18n: `#i18n` is answered with its `i18n` when the project has it installed
WXT_I18N = "@wxt-dev/i18n"
#: modules an auto-import folder offers: its files, and its subfolders' index files (as unimport scans them)
_MODULE_SUFFIXES = (".ts", ".tsx", ".mts", ".js", ".jsx", ".mjs")


def runtime_path(root: Path, framework: str) -> Path:
    return root / ".xtk" / "runtime" / f"{framework}.js"


def runtime_text(framework: str) -> str:
    return (templates_dir() / "runtime" / f"{framework}.js").read_text(encoding="utf-8")


def auto_import_modules(folder: Path) -> list[Path]:
    """The modules of one auto-import folder: its script files and `*/index.*` (no tests, no .d.ts)."""
    if not folder.is_dir():
        return []
    found: list[Path] = []
    for path in sorted(folder.iterdir()):
        if path.is_dir():
            index = next((path / f"index{s}" for s in _MODULE_SUFFIXES if (path / f"index{s}").is_file()), None)
            if index is not None and not path.name.startswith(("_", ".")):
                found.append(index)
        elif path.suffix in _MODULE_SUFFIXES and not path.name.endswith(".d.ts") and ".test." not in path.name:
            found.append(path)
    return found


#: Exported declarations whose name is a value (TypeScript's enums too)
_DECLARATIONS = ("function_declaration", "generator_function_declaration", "class_declaration", "enum_declaration")


def module_exports(path: Path, depth: int = 0) -> list[str]:
    """The value names a module exports (`export function/const/class/enum X`, `export { a, b as c }`, `export * as
    N`, and what `export * from "./x"` passes on from a module of the project), types aside."""
    from toolchain.analysis.parse import parse_file

    try:
        parsed = parse_file(path)
    except (OSError, UnicodeDecodeError):
        return []
    names: list[str] = []
    for statement in parsed.tree.root_node.named_children:
        text = parsed.text(statement)
        if statement.type != "export_statement" or text.startswith(("export default", "export type")):
            continue
        source = statement.child_by_field_name("source")
        if text.startswith("export *") and source is not None:
            namespace = next((c for c in statement.named_children if c.type == "namespace_export"), None)
            if namespace is not None:
                names += [parsed.text(c) for c in namespace.named_children if c.type == "identifier"]
            elif depth < 4:  # `export * from "./api"`: the names of that module, as unimport follows them
                target = _relative_module(path, parsed.text(source).strip("\"'`"))
                names += module_exports(target, depth + 1) if target is not None else []
            continue
        for child in statement.named_children:
            if child.type in _DECLARATIONS:
                name = child.child_by_field_name("name")
                names += [parsed.text(name)] if name is not None else []
            elif child.type == "lexical_declaration" or child.type == "variable_declaration":
                for declarator in child.named_children:
                    name = declarator.child_by_field_name("name")
                    if name is not None and name.type == "identifier":
                        names.append(parsed.text(name))
            elif child.type == "export_clause":
                for specifier in child.named_children:
                    if parsed.text(specifier).startswith("type "):
                        continue
                    alias = specifier.child_by_field_name("alias") or specifier.child_by_field_name("name")
                    if alias is not None:
                        names.append(parsed.text(alias))
    return names


def _relative_module(importer: Path, specifier: str) -> Path | None:
    if not specifier.startswith("."):
        return None
    base = importer.parent / specifier
    candidates = [base] if base.suffix in _MODULE_SUFFIXES else []
    candidates += [base.with_name(base.name + s) for s in _MODULE_SUFFIXES] + [
        base / f"index{s}" for s in _MODULE_SUFFIXES
    ]
    return next((c for c in candidates if c.is_file()), None)


def default_export_name(path: Path) -> str | None:
    """The name unimport gives a module's default export: its file's name in camelCase (a folder's index: the
    folder's), when the module has one."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    if not re.search(r"^export\s+default\b", text, re.MULTILINE):
        return None
    stem = path.parent.name if path.stem == "index" else path.name.split(".")[0]
    words = [w for w in re.split(r"[^A-Za-z0-9_$]+", stem) if w]
    name = words[0] + "".join(w[:1].upper() + w[1:] for w in words[1:]) if words else ""
    return name if re.fullmatch(r"[A-Za-z_$][A-Za-z0-9_$]*", name) else None


#: The table of auto-imported names the Node path reads (auto_imports.mjs), relative to the project's root
AUTO_IMPORTS_TABLE = Path(".xtk") / "runtime" / "auto-imports.json"


def auto_imports_table(root: Path, folders: list[str], names: dict[str, str] | None = None) -> dict[str, list[str]]:
    """name → [module, the name it exports]: the named imports (`auto_import_names`: name → module, "./…" a file
    relative to root) first, then every auto-import folder's names (the first module to export a name wins; a
    default export under unimport's name for it). A project file is "./path" from root."""
    table: dict[str, list[str]] = {name: [source, name] for name, source in sorted((names or {}).items())}
    for folder in folders:
        for path in auto_import_modules(root / folder):
            module = "./" + path.relative_to(root).as_posix()
            for name in module_exports(path):
                table.setdefault(name, [module, name])
            default = default_export_name(path)
            if default is not None:
                table.setdefault(default, [module, "default"])
    return table


def framework_arguments(config: ProjectConfig, root: Path) -> tuple[list[str], tuple[tuple[str, str], ...]]:
    """esbuild arguments for the project's aliases and framework runtime, and the files to write (the runtime's
    modules, the auto-imports' table)."""
    arguments = [f"--alias:{name}=./{Path(target).as_posix()}" for name, target in sorted(config.aliases.items())]
    generated: list[tuple[str, str]] = []
    if config.framework is not None:
        module = runtime_path(root, config.framework)
        relative = module.relative_to(root).as_posix()
        arguments.append(f"--inject:./{relative}")  # relative to root (esbuild's folder): never an external "/…"
        generated.append((str(module), runtime_text(config.framework)))
        targets = dict.fromkeys(_MODULES[config.framework], f"./{relative}")
        if config.framework == "wxt" and (root / "node_modules" / WXT_STORAGE / "package.json").is_file():
            # WXT's `storage` is @wxt-dev/storage's: `#imports` (a module beside the runtime) and WXT's storage paths
            # answer it; the injected runtime never loads it, so only bundles that import those carry it
            barrel = module.with_name("wxt-imports.js")
            generated.append((str(barrel), f'export * from "./wxt.js";\nexport {{ storage }} from "{WXT_STORAGE}";\n'))
            targets["#imports"] = f"./{barrel.relative_to(root).as_posix()}"
            targets.update(dict.fromkeys(WXT_STORAGE_MODULES, WXT_STORAGE))
        if config.framework == "wxt" and (root / "node_modules" / WXT_I18N / "package.json").is_file():
            # @wxt-dev/i18n's module generates `#i18n` (its `i18n`, made by createI18n); xtk writes the same module
            i18n = module.with_name("wxt-i18n.js")
            text = f'import {{ createI18n }} from "{WXT_I18N}";\nexport const i18n = /* @__PURE__ */ createI18n();\n'
            generated.append((str(i18n), text))
            targets["#i18n"] = f"./{i18n.relative_to(root).as_posix()}"
        arguments += [f"--alias:{name}={target}" for name, target in targets.items()]
    if config.auto_imports or config.auto_import_names:  # imported per file by the Node path: no argument
        table = auto_imports_table(root, list(config.auto_imports), dict(config.auto_import_names))
        generated.append((str(root / AUTO_IMPORTS_TABLE), json.dumps(table, indent=1) + "\n"))
    return arguments, tuple(generated)
