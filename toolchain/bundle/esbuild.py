"""Run esbuild's native binary (no Node start-up) and read its messages as located diagnostics.

One process per (browser, output format): content scripts and classic scripts are IIFE, module pages and
module workers are ESM. All processes of a build start at once; `EsbuildRun.finish()` collects them.
"""

from __future__ import annotations

import json
import os
import platform
import re
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from toolchain.plan import BuildPlan, Format
from toolchain.diagnostics import Diagnostic, InputError

#: Files a stylesheet or script may reference; esbuild copies them next to the build under assets/.
_FILE_LOADERS = (".png", ".jpg", ".jpeg", ".gif", ".svg", ".webp", ".avif", ".woff", ".woff2", ".ttf", ".otf", ".eot", ".wasm")


def _platform_package() -> str:
    system = platform.system().lower()
    machine = {"x86_64": "x64", "amd64": "x64", "aarch64": "arm64", "arm64": "arm64"}.get(platform.machine().lower(), platform.machine().lower())
    return f"{system}-{machine}"


def find_esbuild(root: Path) -> Path:
    """The esbuild binary npm installed for this platform in the project's node_modules."""
    candidates = [
        root / "node_modules" / "@esbuild" / _platform_package() / "bin" / "esbuild",
        root / "node_modules" / "esbuild" / "bin" / "esbuild",
    ]
    for candidate in candidates:
        if candidate.is_file() and _is_native(candidate):
            return candidate
    raise InputError.single(
        f"esbuild is not installed in {root}/node_modules: run `npm ci` in {root} (`make build` does it)"
    )


def _is_native(path: Path) -> bool:
    with path.open("rb") as handle:
        return handle.read(4) == b"\x7fELF" or platform.system() != "Linux"


@dataclass
class EsbuildJob:
    """One esbuild process: a group of entries of one format, written under `outdir`."""

    plan: BuildPlan
    fmt: Format
    entries: list[Path]
    outdir: Path
    metafile: Path
    process: subprocess.Popen[bytes] | None = None

    def command(self, binary: Path) -> list[str]:
        project = self.plan.project
        production = self.plan.mode == "production"
        cmd = [
            str(binary),
            *[str(e.relative_to(project.root)) for e in self.entries],
            "--bundle",
            f"--format={self.fmt}",
            "--platform=browser",
            f"--target={self.plan.esbuild_target}",
            f"--outbase={project.src_dir.relative_to(project.root) if project.src_dir.is_relative_to(project.root) else project.src_dir}",
            f"--outdir={self.outdir}",
            "--entry-names=[dir]/[name]",
            "--asset-names=assets/[name]-[hash]",
            f"--metafile={self.metafile}",
            "--log-level=warning",
            "--log-limit=0",
            "--color=false",
            "--charset=ascii",
            # Dead branches of other browsers go even in development, so each build holds only its own code.
            "--minify-syntax",
            *[f"--loader:{ext}=file" for ext in _FILE_LOADERS],
            *[f"--define:{name}={value}" for name, value in sorted(self.plan.defines().items())],
        ]
        tsconfig = project.root / "tsconfig.json"
        if tsconfig.is_file():
            cmd.append(f"--tsconfig={tsconfig}")
        if production:
            cmd += ["--minify", "--legal-comments=none"]
        else:
            cmd += ["--sourcemap=linked", "--sources-content=true"]
        return cmd

    def start(self, binary: Path) -> None:
        self.process = subprocess.Popen(
            self.command(binary), cwd=self.plan.project.root, stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )

    def finish(self) -> tuple[list[Diagnostic], dict[str, Any] | None]:
        assert self.process is not None
        _, stderr = self.process.communicate()
        diagnostics = parse_esbuild_log(stderr.decode("utf-8", "replace"), self.plan)
        if self.process.returncode != 0 and not any(d.severity == "error" for d in diagnostics):
            diagnostics.append(
                Diagnostic("error", f"esbuild exited with {self.process.returncode}: {stderr.decode(errors='replace').strip()}", browser=self.plan.browser)
            )
        metafile = None
        if self.process.returncode == 0 and self.metafile.is_file():
            metafile = json.loads(self.metafile.read_text(encoding="utf-8"))
        return diagnostics, metafile


_HEADER = re.compile(r"^(?:✘|▲|X|\^)?\s*\[(ERROR|WARNING)\]\s+(.*)$")
_LOCATION = re.compile(r"^\s{4}(\S.*?):(\d+):(\d+):\s*$")


def parse_esbuild_log(log: str, plan: BuildPlan) -> list[Diagnostic]:
    """esbuild's text log → diagnostics: each `[ERROR] message` block and its first `file:line:col:`."""
    diagnostics: list[Diagnostic] = []
    current: dict[str, Any] | None = None

    def flush() -> None:
        if current:
            diagnostics.append(Diagnostic(**current))

    for line in log.splitlines():
        header = _HEADER.match(line)
        if header:
            flush()
            severity = "error" if header.group(1) == "ERROR" else "warning"
            current = {"severity": severity, "message": header.group(2).strip(), "browser": plan.browser}
            continue
        location = _LOCATION.match(line)
        if location and current and "path" not in current:
            file = plan.project.root / location.group(1)
            current.update(path=plan.project.display(file), line=int(location.group(2)), column=int(location.group(3)) + 1)
    flush()
    return diagnostics


@dataclass
class EsbuildRun:
    """All esbuild processes of one browser's build."""

    plan: BuildPlan
    outdir: Path
    jobs: list[EsbuildJob] = field(default_factory=list)

    def start(self, binary: Path, scratch: Path) -> None:
        groups: dict[Format, list[Path]] = {}
        for entry in self.plan.scripts.values():
            groups.setdefault(entry.format, []).append(entry.source)
        styles = [s.source for s in self.plan.styles.values()]
        if styles:  # stylesheets have no format: they ride along with the first group
            first: Format = next(iter(groups), "iife")
            groups.setdefault(first, []).extend(styles)
        for fmt, entries in groups.items():
            metafile = scratch / f"{self.plan.browser}.{fmt}.meta.json"
            job = EsbuildJob(self.plan, fmt, entries, self.outdir, metafile)
            job.start(binary)
            self.jobs.append(job)

    def finish(self) -> tuple[list[Diagnostic], dict[str, Any]]:
        diagnostics: list[Diagnostic] = []
        merged: dict[str, Any] = {"inputs": {}, "outputs": {}}
        for job in self.jobs:
            found, metafile = job.finish()
            diagnostics += found
            if metafile:
                merged["inputs"].update(metafile.get("inputs", {}))
                merged["outputs"].update(metafile.get("outputs", {}))
        merged["inputs"] = dict(sorted(merged["inputs"].items()))
        merged["outputs"] = dict(sorted(merged["outputs"].items()))
        return diagnostics, self._build_relative(merged)

    def _build_relative(self, metafile: dict[str, Any]) -> dict[str, Any]:
        """esbuild names outputs relative to its working folder (the staging folder); name them as the build does."""
        prefix = Path(os.path.relpath(self.outdir, self.plan.project.root)).as_posix() + "/"
        text = json.dumps(metafile).replace(f'"{prefix}', '"')
        return json.loads(text)
