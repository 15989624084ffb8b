"""Sources a reviewer can rebuild: the rebuild instructions that go into the sources zip (REBUILD.md), and the
byte comparison of a store zip with its rebuilt twin.

The instructions are one list of steps (`rebuild_steps`): REBUILD.md renders it for the reviewer, and
`xtk package --verify` (toolchain/submit/verify.py) runs the same steps, so what is checked is what the reviewer
is told.
"""

from __future__ import annotations

import subprocess
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

from toolchain import __version__
from toolchain.project import Project

#: The instructions' name in the sources zip; REBUILD.xtk.md when the project has a REBUILD.md of its own.
README_NAME = "REBUILD.md"


@dataclass(frozen=True)
class RebuildSteps:
    node: str | None  # `node --version`, None when Node is not installed
    npm: str | None
    root: str  # the JavaScript project's folder inside the sources ("." or "extension_src")
    lockfile: str | None  # the npm lockfile the install follows
    browsers: list[str]
    zips: dict[str, str]  # browser → the zip's file name
    sha256: dict[str, str] = field(default_factory=dict)  # browser → the store zip's digest

    @property
    def install(self) -> list[str] | None:
        return ["npm", "ci", "--no-audit", "--no-fund"] if self.lockfile else None


def _version(command: list[str]) -> str | None:
    try:
        found = subprocess.run(command, capture_output=True, text=True, timeout=30, check=True).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return None
    return found.removeprefix("v") or None


def rebuild_steps(project: Project, zips: dict[str, Path]) -> RebuildSteps:
    import hashlib

    root = (
        project.root.relative_to(project.base_dir.resolve()).as_posix()
        if project.root != project.base_dir.resolve()
        else "."
    )
    lockfile = "package-lock.json" if (project.root / "package-lock.json").is_file() else None
    return RebuildSteps(
        node=_version(["node", "--version"]),
        npm=_version(["npm", "--version"]),
        root=root,
        lockfile=lockfile,
        browsers=list(zips),
        zips={browser: path.name for browser, path in zips.items()},
        sha256={
            browser: hashlib.sha256(path.read_bytes()).hexdigest() for browser, path in zips.items() if path.is_file()
        },
    )


def readme_name(project_files: set[str]) -> str:
    return "REBUILD.xtk.md" if README_NAME in project_files else README_NAME


def rebuild_readme(steps: RebuildSteps, extension: str, version: str) -> str:
    """The reviewer's instructions, in Markdown."""
    lines = [
        f"# Rebuilding {extension} {version}",
        "",
        "These sources rebuild the store packages byte for byte. Written by xtk, which made the packages.",
        "",
        "## Tools",
        "",
        f"- Python 3.11 or later, and xtk {__version__}: `pip install xtk-toolchain=={__version__}`",
        f"- Node.js {steps.node or '20 or later'} and npm {steps.npm or '(the one that comes with it)'}",
        "- Any operating system xtk runs on (Linux, macOS, Windows); the output does not depend on it.",
        "",
        "## Commands",
        "",
        "From the folder these sources were unpacked in:",
        "",
        "```sh",
    ]
    if steps.install is not None:
        where = f"(cd {steps.root} && {' '.join(steps.install)})" if steps.root != "." else " ".join(steps.install)
        lines.append(f"{where}   # the exact dependencies of {steps.lockfile}")
    lines += [f"xtk package --browser {b}" for b in steps.browsers] if len(steps.browsers) < 3 else ["xtk package"]
    lines += ["```", "", "`xtk package --verify` runs exactly these commands in a temporary folder and compares.", ""]
    lines += ["## The packages these commands make", "", "| browser | file | sha256 |", "|---|---|---|"]
    lines += [f"| {b} | {steps.zips[b]} | `{steps.sha256.get(b, '?')}` |" for b in steps.browsers]
    return "\n".join(lines) + "\n"


@dataclass
class ZipComparison:
    browser: str
    original: Path
    rebuilt: Path | None
    identical: bool
    difference: str | None = None  # the first difference, named


def compare_zips(browser: str, original: Path, rebuilt: Path | None) -> ZipComparison:
    """Equal bytes, or the first difference by name: a file only in one, a file whose content differs, or the
    zip's own bytes (same files, other metadata)."""
    if rebuilt is None or not rebuilt.is_file():
        return ZipComparison(browser, original, None, False, "the sources build no package for it")
    if original.read_bytes() == rebuilt.read_bytes():
        return ZipComparison(browser, original, rebuilt, True)
    with zipfile.ZipFile(original) as a, zipfile.ZipFile(rebuilt) as b:
        names_a, names_b = set(a.namelist()), set(b.namelist())
        for name in sorted(names_a | names_b):
            if name not in names_b:
                return ZipComparison(
                    browser, original, rebuilt, False, f"{name}: in the store zip, not rebuilt from the sources"
                )
            if name not in names_a:
                return ZipComparison(
                    browser, original, rebuilt, False, f"{name}: rebuilt from the sources, not in the store zip"
                )
            if a.read(name) != b.read(name):
                return ZipComparison(browser, original, rebuilt, False, f"{name}: its content differs")
    return ZipComparison(
        browser, original, rebuilt, False, "the same files, but the zips' bytes differ (entry metadata)"
    )
