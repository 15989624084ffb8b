"""`xtk init DIR`: write a complete project from a template, generate its protocol module, install its Node packages.

The project is written into a staging folder next to DIR and moved into place whole, so an interrupted or failed
init leaves nothing half-written, and a user's file is never overwritten: DIR must not exist or be empty.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from toolchain.diagnostics import InputError, ProjectError
from toolchain.scaffold.templates import RenderedFile, Template, find_template, render_template

#: The extension's name in manifests is at most 75 characters (the Chrome Web Store's limit).
MAX_NAME_LENGTH = 75
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
#: How long `npm ci` may take before init gives up (a cold cache over a slow network is a minute or two).
NPM_TIMEOUT_SECONDS = 600


@dataclass
class InitReport:
    directory: Path
    template: str
    name: str
    files: list[str]
    installed: bool
    next_steps: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, object]:
        return {
            "ok": True,
            "path": str(self.directory),
            "template": self.template,
            "name": self.name,
            "files": self.files,
            "installed": self.installed,
            "next": self.next_steps,
        }


def package_name(name: str) -> str:
    """An npm package name for `name`: lower case, letters, digits and dashes ("My Tool!" → "my-tool")."""
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    return slug[:214] or "extension"


def _check_name(name: str) -> str:
    name = name.strip()
    if not name:
        raise InputError.single("--name: the extension's name must not be empty")
    if _CONTROL.search(name):
        raise InputError.single("--name: the extension's name must not hold control characters")
    if len(name) > MAX_NAME_LENGTH:
        raise InputError.single(
            f"--name: the extension's name is at most {MAX_NAME_LENGTH} characters (this one has {len(name)})"
        )
    return name


def _check_directory(directory: Path, shown: str) -> None:
    """DIR may be new or an empty folder; anything else is refused (exit 2): init never overwrites a file."""
    if directory.is_symlink() and not directory.exists():
        raise InputError.single(f"{shown}: a broken link; choose a new folder", path=shown)
    if not directory.exists():
        return
    if not directory.is_dir():
        raise InputError.single(f"{shown} is a file, not a folder; choose a new folder", path=shown)
    try:
        entries = sorted(entry.name for entry in directory.iterdir())
    except OSError as error:
        raise InputError.single(f"{shown}: cannot read the folder ({error.strerror or error})", path=shown) from None
    if entries:
        listed = ", ".join(entries[:5]) + (f" and {len(entries) - 5} more" if len(entries) > 5 else "")
        raise InputError.single(
            f"{shown} is not empty ({listed}); xtk init never overwrites files: choose a new folder or empty this one",
            path=shown,
        )


def _write_files(folder: Path, files: list[RenderedFile]) -> None:
    from toolchain.files import confine, make_folder

    for file in files:
        target = confine(folder.joinpath(*file.path.parts), folder)  # a fresh folder: the one check all the same
        make_folder(target.parent, folder)
        target.write_bytes(file.data)


def _generate_protocol(folder: Path) -> None:
    """Write the protocol module from the template's schemas, so it is always what this xtk generates."""
    from toolchain.files import write_if_changed
    from toolchain.project import load_project
    from toolchain.protocol.codegen import generate
    from toolchain.protocol.project import load_project_protocol

    found = load_project_protocol(load_project(folder))
    write_if_changed(found.generated, generate(found.protocol), inside=folder)


def _place(staging: Path, directory: Path, shown: str) -> None:
    """Move the finished project to DIR. A new DIR is the staging folder renamed; an existing empty one keeps its
    identity (`xtk init .` leaves the shell's current folder valid) and receives the entries one by one, each only
    if nothing took its name meanwhile: nothing is overwritten."""
    try:
        if not directory.is_dir():
            os.rename(staging, directory)
            return
        for entry in sorted(staging.iterdir()):
            target = directory / entry.name
            if target.exists() or target.is_symlink():
                raise InputError.single(
                    f"{shown}: {entry.name} appeared there during init; nothing of it was overwritten", path=shown
                )
            os.rename(entry, target)
    except OSError as error:
        raise InputError.single(
            f"{shown}: cannot create the project there ({error.strerror or error})", path=shown
        ) from None


def install_packages(directory: Path, shown: str) -> None:
    """`npm ci` in the new project: exactly the lockfile's packages (ProjectError, exit 1, if npm fails)."""
    npm = shutil.which("npm")
    if npm is None:
        raise ProjectError.single(
            f"npm not found: install Node.js 20 or later, then run `npm ci` in {shown} (the project itself is ready)"
        )
    try:
        completed = subprocess.run(
            [npm, "ci", "--no-audit", "--no-fund"],
            cwd=directory,
            capture_output=True,
            text=True,
            timeout=NPM_TIMEOUT_SECONDS,
        )
    except subprocess.TimeoutExpired:
        raise ProjectError.single(
            f"`npm ci` in {shown} took more than {NPM_TIMEOUT_SECONDS} s; run it again there "
            "(the project itself is ready)"
        ) from None
    if completed.returncode != 0:
        tail = "\n".join((completed.stderr or completed.stdout).strip().splitlines()[-15:])
        raise ProjectError.single(
            f"`npm ci` in {shown} failed (exit {completed.returncode}); the project is ready, "
            f"run `npm ci` there again once this is fixed:\n{tail}"
        )


def create_project(directory: Path, template_name: str, name: str | None, install: bool) -> InitReport:
    template: Template = find_template(template_name)
    shown = str(directory)
    directory = Path(os.path.abspath(directory))
    display_name = _check_name(name if name is not None else directory.name)
    _check_directory(directory, shown)
    if not directory.parent.is_dir():
        raise InputError.single(f"{shown}: the folder {directory.parent} does not exist", path=shown)
    slug = package_name(display_name)
    values = {
        "name": display_name,
        "name_toml": json.dumps(display_name, ensure_ascii=False)[1:-1],
        "package_name": slug,
        "gecko_id": f"{slug}@example.com",
    }
    files = render_template(template, values)
    try:
        staging = Path(tempfile.mkdtemp(prefix=f".{directory.name}.xtk-init-", dir=directory.parent))
    except OSError as error:
        raise InputError.single(
            f"{shown}: cannot write in {directory.parent} ({error.strerror or error})", path=shown
        ) from None
    try:
        os.chmod(staging, 0o777 & ~_umask())
        _write_files(staging, files)
        _generate_protocol(staging)
        _place(staging, directory, shown)
    finally:
        shutil.rmtree(staging, ignore_errors=True)  # gone already when placed
    written = sorted(p.relative_to(directory).as_posix() for p in directory.rglob("*") if p.is_file())
    report = InitReport(directory, template.name, display_name, written, installed=False)
    if install:
        install_packages(directory, shown)
        report.installed = True
    cd = f"cd {shown}"
    report.next_steps = [cd, "xtk build", "xtk lint"] if install else [cd, "npm ci", "xtk build", "xtk lint"]
    return report


def _umask() -> int:
    current = os.umask(0)
    os.umask(current)
    return current
