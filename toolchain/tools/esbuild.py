"""Run esbuild's native binary (no Node start-up) and read its messages as located diagnostics.

One process per (browser, output format): content scripts and classic scripts are IIFE, module pages and
module workers are ESM. A command is plain data (`EsbuildCommand`), so a build recipe can be cached and
replayed; all processes of a build start at once and are collected at the end.

This module imports nothing heavy: the cached build path runs it without pydantic, Jinja2 or jsonschema.
"""

from __future__ import annotations

import json
import os
import platform
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from toolchain.diagnostics import Diagnostic, InputError, ProjectError
from toolchain.files import write_if_changed
from toolchain.tools.framework_runtime import framework_arguments

if TYPE_CHECKING:
    from toolchain.plan import BuildPlan

#: Files a stylesheet or script may reference; esbuild copies them next to the build under assets/.
#: asset files code may import: bundled as files, their URL the import's value (typed in .xtk/env.d.ts)
FILE_LOADERS = (
    ".png",
    ".jpg",
    ".jpeg",
    ".gif",
    ".svg",
    ".webp",
    ".avif",
    ".woff",
    ".woff2",
    ".ttf",
    ".otf",
    ".eot",
    ".wasm",
)


def platform_package() -> str:
    """npm's name for this platform: `linux-x64`, `darwin-arm64`, ..."""
    system = platform.system().lower()
    machine = platform.machine().lower()
    machine = {"x86_64": "x64", "amd64": "x64", "aarch64": "arm64"}.get(machine, machine)
    return f"{system}-{machine}"


#: The oldest esbuild xtk drives: older ones leave `cssBundle` out of the metafile, so CSS a script imports would
#: be written and never loaded (a silent unstyled build). Projects made by other tools often carry an old one,
#: installed for their bundler (Vite 2 brings 0.14).
MINIMUM_ESBUILD = (0, 18, 0)
#: The esbuild `xtk prepare` installs into .xtk/tools/ for a project without a recent enough one (the init
#: templates pin the same version; tests/unit/tools/test_esbuild_package.py keeps them equal).
TOOLS_ESBUILD = "0.28.2"


def tools_dir(root: Path) -> Path:
    """xtk's own npm folder for a project (`.xtk/tools/`): tools installed there never touch its package.json."""
    return root / ".xtk" / "tools"


def _version_of(package: Path) -> tuple[int, ...] | None:
    try:
        data = json.loads((package / "package.json").read_text(encoding="utf-8"))
        return tuple(int(part) for part in re.findall(r"\d+", str(data["version"]))[:3])
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _dotted(version: tuple[int, ...]) -> str:
    return ".".join(map(str, version))


def esbuild_package(root: Path) -> Path:
    """The esbuild npm package xtk drives for the project at `root`: the project's own when it is recent enough,
    else the one `xtk prepare` installed in .xtk/tools/. Neither: a message saying what to run."""
    too_old: list[str] = []
    for package in (root / "node_modules" / "esbuild", tools_dir(root) / "node_modules" / "esbuild"):
        version = _version_of(package)
        if version is None:
            continue
        if version >= MINIMUM_ESBUILD:
            return package
        too_old.append(f"{_dotted(version)} in {package}")
    fix = (
        f"run `xtk prepare` (installs esbuild {TOOLS_ESBUILD} into .xtk/tools/; package.json is not touched), "
        f"or add esbuild to its devDependencies and run `npm install` in {root}"
    )
    if too_old:
        raise InputError.single(
            f"esbuild {', '.join(too_old)} is older than {_dotted(MINIMUM_ESBUILD)}, the oldest xtk drives "
            f"(older ones do not report the CSS a script imports): {fix}"
        )
    raise InputError.single(
        f"esbuild is not installed in {root}/node_modules: run `npm ci` in {root} (its package.json needs esbuild and "
        f"typescript in devDependencies, as a project from `xtk init` has them); without them, {fix}"
    )


def find_esbuild(root: Path) -> Path:
    """The native esbuild binary of `esbuild_package(root)`, for this platform."""
    package = esbuild_package(root)
    binary = Path("@esbuild") / platform_package() / "bin" / "esbuild"
    candidates = [package.parent / binary, package / "node_modules" / binary, package / "bin" / "esbuild"]
    for candidate in candidates:
        if candidate.is_file() and _is_native(candidate):
            return candidate
    raise InputError.single(
        f"esbuild's binary for {platform_package()} is missing beside {package}: run `npm ci` again in {root} "
        "(npm may have skipped its optional platform package)"
    )


def install_tools_esbuild(root: Path) -> Path | None:
    """Install esbuild TOOLS_ESBUILD into .xtk/tools/ when the project has no recent enough one; the package
    folder installed, or None when nothing was needed. npm's failure is an InputError with its message."""
    try:
        esbuild_package(root)
        return None
    except InputError:
        pass
    npm = shutil.which("npm")
    if npm is None:
        raise InputError.single("npm is not installed: xtk installs esbuild with npm (install Node 20 or later)")
    folder = tools_dir(root)
    folder.mkdir(parents=True, exist_ok=True)
    manifest = folder / "package.json"
    manifest.write_text(
        json.dumps({"private": True, "description": "xtk's tools for this project (xtk prepare)"}, indent=2) + "\n"
    )
    command = [npm, "install", "--no-audit", "--no-fund", "--save-exact", f"esbuild@{TOOLS_ESBUILD}"]
    result = subprocess.run(command, cwd=folder, capture_output=True, text=True)
    if result.returncode != 0:
        lines = (result.stderr or result.stdout).strip().splitlines()
        raise InputError.single(
            f"npm could not install esbuild {TOOLS_ESBUILD}: {' '.join(lines[-3:])}", path=str(folder)
        )
    return esbuild_package(root)


def _is_native(path: Path) -> bool:
    """npm's `esbuild/bin/esbuild` is a Node script until its install script replaces it with the binary."""
    with path.open("rb") as handle:
        magic = handle.read(4)
    return magic in (b"\x7fELF", b"\xcf\xfa\xed\xfe", b"\xca\xfe\xba\xbe") or platform.system() == "Windows"


#: A define longer than this (its JSON text) does not travel on the command line: Linux caps one argument at
#: 128 KiB and all of them together at about 2 MiB. It is injected from a generated module instead.
LONG_DEFINE = 4096


@dataclass(frozen=True)
class EsbuildCommand:
    """One esbuild run: a group of entries of one format for one browser, and the files it reads that xtk writes."""

    browser: str
    fmt: str
    argv: tuple[str, ...]
    metafile: str
    generated: tuple[tuple[str, str], ...] = ()  # (path, text) written before esbuild starts

    def to_json(self) -> dict[str, Any]:
        return {
            "browser": self.browser,
            "fmt": self.fmt,
            "argv": list(self.argv),
            "metafile": self.metafile,
            "generated": [list(g) for g in self.generated],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> EsbuildCommand:
        generated = tuple((path, text) for path, text in data.get("generated", []))
        return cls(data["browser"], data["fmt"], tuple(data["argv"]), data["metafile"], generated)


def long_constants_path(root: Path) -> Path:
    return root / ".xtk" / "constants.js"


def define_arguments(defines: dict[str, str], root: Path) -> tuple[list[str], tuple[tuple[str, str], ...]]:
    """`--define` arguments, and the generated module the long ones come from.

    A short value is inlined (`--define:import.meta.env.X="..."`), so comparisons on it fold and dead branches go.
    A long one is exported by `.xtk/constants.js`, which esbuild injects, and the define maps the name to that
    export: esbuild bundles the value once, where it is used, and drops the export where it is not.
    """
    arguments: list[str] = []
    exports: list[str] = []
    for name, value in sorted(defines.items()):
        if len(value) <= LONG_DEFINE:
            arguments.append(f"--define:{name}={value}")
            continue
        identifier = "__xtk_" + name.replace(".", "_")
        exports.append(f"export const {identifier} = {value};\n")
        arguments.append(f"--define:{name}={identifier}")
    if not exports:
        return arguments, ()
    module = long_constants_path(root)
    arguments.append(f"--inject:{module}")
    header = "// Generated by xtk from [constants] in xtk.toml: values too long for esbuild's command line.\n"
    return arguments, ((str(module), header + "".join(exports)),)


def esbuild_commands(plan: BuildPlan, binary: Path, outdir: Path, scratch: Path) -> list[EsbuildCommand]:
    """The esbuild commands that bundle everything in `plan` into `outdir`, one per output format."""
    root = plan.project.root
    groups: dict[str, list[str]] = {}
    mounts: list[tuple[str, str]] = []
    src_dir = plan.project.src_dir
    for entry in plan.scripts.values():
        if entry.generated is None and not entry.source.is_relative_to(src_dir):  # a page's script outside src
            argument = f"{entry.out.removesuffix('.js')}={entry.source.relative_to(root).as_posix()}"
        elif entry.generated is None:
            argument = entry.source.relative_to(root).as_posix()
        else:  # esbuild's `out=in`: the generated module bundled under the entry's own output name
            argument = f"{entry.out.removesuffix('.js')}={entry.generated[0]}"
            mounts.append((str(root / entry.generated[0]), entry.generated[1]))
        groups.setdefault(entry.format, []).append(argument)
    styles = [
        s.source.relative_to(root).as_posix()
        if s.source.is_relative_to(src_dir)
        else f"{s.out.removesuffix('.css')}={s.source.relative_to(root).as_posix()}"  # outside src: `out=in`
        for s in plan.styles.values()
    ]
    if styles:  # stylesheets have no format: they ride along with the first group
        groups.setdefault(next(iter(groups), "iife"), []).extend(styles)
    defines, generated = define_arguments(plan.defines(), root)
    framework, runtime = framework_arguments(plan.project.config, root)
    defines += framework
    generated += runtime + tuple(mounts)
    return [
        EsbuildCommand(
            plan.browser,
            fmt,
            tuple(_argv(plan, binary, fmt, entries, outdir, scratch / f"{plan.browser}.{fmt}.meta.json", defines)),
            str(scratch / f"{plan.browser}.{fmt}.meta.json"),
            generated,
        )
        for fmt, entries in groups.items()
    ]


def _argv(
    plan: BuildPlan, binary: Path, fmt: str, entries: list[str], outdir: Path, metafile: Path, defines: list[str]
) -> list[str]:
    project = plan.project
    argv = [
        str(binary),
        *entries,
        "--bundle",
        *_format_arguments(fmt),
        "--platform=browser",
        f"--target={plan.esbuild_target}",
        f"--outbase={os.path.relpath(project.src_dir, project.root)}",
        f"--outdir={outdir}",
        "--entry-names=[dir]/[name]",
        "--asset-names=assets/[name]-[hash]",
        f"--metafile={metafile}",
        "--log-level=warning",
        "--log-limit=0",
        "--color=false",
        "--charset=ascii",
        # Dead branches of other browsers go even in development, so each build holds only its own code.
        "--minify-syntax",
        *[f"--loader:{ext}=file" for ext in FILE_LOADERS],
        *[f"--external:{url}" for url in plan.public_urls],  # url(/font.woff2): public/'s file, kept as written
        *defines,
    ]
    tsconfig = project.root / "tsconfig.json"
    if tsconfig.is_file():
        argv.append(f"--tsconfig={tsconfig}")
    config = project.config
    if config.jsx:  # a flag overrides tsconfig's `jsx`: xtk.toml decides
        argv.append(f"--jsx={'automatic' if config.jsx == 'automatic' else 'transform'}")  # esbuild's name for classic
    if config.jsx_import_source:
        argv.append(f"--jsx-import-source={config.jsx_import_source}")
    if plan.mode == "production":
        argv += ["--minify", "--legal-comments=none"]
    else:
        argv += ["--sourcemap=linked", "--sources-content=true"]
    return argv


#: The global a `script` bundle assigns its entry's exports to: its footer makes the default export the script's
#: completion value, which is what `scripting.executeScript({files})` returns (as WXT's unlisted scripts do).
EXECUTED_SCRIPT_GLOBAL = "__xtk_executed_script"


def _format_arguments(fmt: str) -> list[str]:
    """esbuild's --format, and for a `script` (a [[scripts]] entry) the global and footer that keep its result."""
    if fmt != "script":
        return [f"--format={fmt}"]
    return [
        "--format=iife",
        f"--global-name={EXECUTED_SCRIPT_GLOBAL}",
        f"--footer:js={EXECUTED_SCRIPT_GLOBAL}.default;",
    ]


def start_esbuild(command: EsbuildCommand, cwd: Path, project_dir: Path) -> subprocess.Popen[bytes]:
    """Write the command's generated inputs (inside `project_dir`, the folder of xtk.toml); start esbuild in `cwd`."""
    for path, text in command.generated:
        write_if_changed(Path(path), text, inside=project_dir)
    try:
        return subprocess.Popen(command.argv, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    except OSError as error:  # not executable, not a binary for this machine, arguments too long...
        raise ProjectError.single(
            f"cannot run esbuild ({command.argv[0]}): {error.strerror or error}", browser=command.browser
        ) from None


def finish_esbuild(
    command: EsbuildCommand, process: subprocess.Popen[bytes], root: Path, base_dir: Path
) -> tuple[list[Diagnostic], dict[str, Any] | None]:
    """Wait for one esbuild process: its diagnostics, and its metafile when it succeeded."""
    _, stderr = process.communicate()
    text = stderr.decode("utf-8", "replace")
    diagnostics = parse_esbuild_log(text, root, base_dir, command.browser)
    if process.returncode != 0 and not any(d.severity == "error" for d in diagnostics):
        diagnostics.append(
            Diagnostic("error", f"esbuild exited with {process.returncode}: {text.strip()}", browser=command.browser)
        )
    metafile = Path(command.metafile)
    if process.returncode == 0 and metafile.is_file():
        return diagnostics, json.loads(metafile.read_text(encoding="utf-8"))
    return diagnostics, None


def merge_metafiles(metafiles: list[dict[str, Any]], outdir: Path, root: Path) -> dict[str, Any]:
    """One metafile per browser, its outputs named as in the build (not the staging folder esbuild wrote to)."""
    merged: dict[str, Any] = {"inputs": {}, "outputs": {}}
    for metafile in metafiles:
        merged["inputs"].update(metafile.get("inputs", {}))
        merged["outputs"].update(metafile.get("outputs", {}))
    merged = {key: dict(sorted(value.items())) for key, value in merged.items()}
    prefix = Path(os.path.relpath(outdir, root)).as_posix() + "/"
    return json.loads(json.dumps(merged).replace(f'"{prefix}', '"'))


_HEADER = re.compile(r"^(?:✘|▲|X|\^)?\s*\[(ERROR|WARNING)\]\s+(.*)$")
_LOCATION = re.compile(r"^\s{4}(\S.*?):(\d+):(\d+):\s*$")


def parse_esbuild_log(log: str, root: Path, base_dir: Path, browser: str) -> list[Diagnostic]:
    """esbuild's text log → diagnostics: each `[ERROR] message` block and its first `file:line:col:`.

    esbuild counts columns from 0; diagnostics count from 1, like tsc and editors.
    """
    diagnostics: list[Diagnostic] = []
    current: dict[str, Any] | None = None
    for line in log.splitlines():
        header = _HEADER.match(line)
        if header:
            if current:
                diagnostics.append(Diagnostic(**current))
            severity = "error" if header.group(1) == "ERROR" else "warning"
            current = {"severity": severity, "message": header.group(2).strip(), "browser": browser}
            continue
        location = _LOCATION.match(line)
        if location and current and "path" not in current:
            current.update(
                path=_display(root / location.group(1), base_dir),
                line=int(location.group(2)),
                column=int(location.group(3)) + 1,
            )
    if current:
        diagnostics.append(Diagnostic(**current))
    return diagnostics


def _display(path: Path, base_dir: Path) -> str:
    try:
        return path.resolve().relative_to(base_dir.resolve()).as_posix()
    except ValueError:
        return str(path)
