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
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from toolchain.diagnostics import Diagnostic, InputError, ProjectError

if TYPE_CHECKING:
    from toolchain.plan import BuildPlan

#: Files a stylesheet or script may reference; esbuild copies them next to the build under assets/.
_FILE_LOADERS = (".png", ".jpg", ".jpeg", ".gif", ".svg", ".webp", ".avif", ".woff", ".woff2", ".ttf", ".otf", ".eot", ".wasm")


def platform_package() -> str:
    """npm's name for this platform: `linux-x64`, `darwin-arm64`, ..."""
    system = platform.system().lower()
    machine = platform.machine().lower()
    machine = {"x86_64": "x64", "amd64": "x64", "aarch64": "arm64"}.get(machine, machine)
    return f"{system}-{machine}"


def find_esbuild(root: Path) -> Path:
    """The esbuild binary npm installed for this platform in the project's node_modules."""
    candidates = [
        root / "node_modules" / "@esbuild" / platform_package() / "bin" / "esbuild",
        root / "node_modules" / "esbuild" / "bin" / "esbuild",
    ]
    for candidate in candidates:
        if candidate.is_file() and _is_native(candidate):
            return candidate
    raise InputError.single(
        f"esbuild is not installed in {root}/node_modules: run `npm ci` in {root} (`make build` does it)"
    )


def _is_native(path: Path) -> bool:
    """npm's `esbuild/bin/esbuild` is a Node script until its install script replaces it with the binary."""
    with path.open("rb") as handle:
        magic = handle.read(4)
    return magic in (b"\x7fELF", b"\xcf\xfa\xed\xfe", b"\xca\xfe\xba\xbe") or platform.system() == "Windows"


@dataclass(frozen=True)
class EsbuildCommand:
    """One esbuild run: a group of entries of one format for one browser."""

    browser: str
    fmt: str
    argv: tuple[str, ...]
    metafile: str

    def to_json(self) -> dict[str, Any]:
        return {"browser": self.browser, "fmt": self.fmt, "argv": list(self.argv), "metafile": self.metafile}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "EsbuildCommand":
        return cls(data["browser"], data["fmt"], tuple(data["argv"]), data["metafile"])


def esbuild_commands(plan: BuildPlan, binary: Path, outdir: Path, scratch: Path) -> list[EsbuildCommand]:
    """The esbuild commands that bundle everything in `plan` into `outdir`, one per output format."""
    groups: dict[str, list[Path]] = {}
    for entry in plan.scripts.values():
        groups.setdefault(entry.format, []).append(entry.source)
    styles = [s.source for s in plan.styles.values()]
    if styles:  # stylesheets have no format: they ride along with the first group
        groups.setdefault(next(iter(groups), "iife"), []).extend(styles)
    return [
        EsbuildCommand(
            plan.browser,
            fmt,
            tuple(_argv(plan, binary, fmt, entries, outdir, scratch / f"{plan.browser}.{fmt}.meta.json")),
            str(scratch / f"{plan.browser}.{fmt}.meta.json"),
        )
        for fmt, entries in groups.items()
    ]


def _argv(plan: BuildPlan, binary: Path, fmt: str, entries: list[Path], outdir: Path, metafile: Path) -> list[str]:
    project = plan.project
    argv = [
        str(binary),
        *[str(e.relative_to(project.root)) for e in entries],
        "--bundle",
        f"--format={fmt}",
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
        *[f"--loader:{ext}=file" for ext in _FILE_LOADERS],
        *[f"--define:{name}={value}" for name, value in sorted(plan.defines().items())],
    ]
    tsconfig = project.root / "tsconfig.json"
    if tsconfig.is_file():
        argv.append(f"--tsconfig={tsconfig}")
    if plan.mode == "production":
        argv += ["--minify", "--legal-comments=none"]
    else:
        argv += ["--sourcemap=linked", "--sources-content=true"]
    return argv


def start_esbuild(command: EsbuildCommand, cwd: Path) -> subprocess.Popen[bytes]:
    try:
        return subprocess.Popen(command.argv, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    except OSError as error:  # not executable, not a binary for this machine, arguments too long...
        raise ProjectError.single(f"cannot run esbuild ({command.argv[0]}): {error.strerror or error}",
                                  browser=command.browser) from None


def finish_esbuild(
    command: EsbuildCommand, process: subprocess.Popen[bytes], root: Path, base_dir: Path
) -> tuple[list[Diagnostic], dict[str, Any] | None]:
    """Wait for one esbuild process: its diagnostics, and its metafile when it succeeded."""
    _, stderr = process.communicate()
    text = stderr.decode("utf-8", "replace")
    diagnostics = parse_esbuild_log(text, root, base_dir, command.browser)
    if process.returncode != 0 and not any(d.severity == "error" for d in diagnostics):
        diagnostics.append(Diagnostic("error", f"esbuild exited with {process.returncode}: {text.strip()}", browser=command.browser))
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
