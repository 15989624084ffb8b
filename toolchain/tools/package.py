"""Reproducible zips: one per browser build, and one of the sources (what Firefox's review asks for).

Two runs on the same input give byte-identical files: entries are sorted, and every entry gets the same
timestamp, permissions and compression settings, whatever the file system says.
"""

from __future__ import annotations

import fnmatch
import os
import re
import subprocess
import zipfile
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from toolchain.confine import inside, shown
from toolchain.diagnostics import Diagnostic, InputError
from toolchain.project import Project
from toolchain.project.locales import package_name

#: The earliest date a zip can hold; any fixed date works, this one is what reproducible-build tools use.
ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)
#: Files from this size on are deflated at level 6, not 9: on a 27 MB WebAssembly runtime level 9 takes 2.3x the
#: time for 1 % less, and such a file is packed twice per browser by `xtk submit` (the build and the rebuild).
LARGE_FILE_BYTES = 1024 * 1024
#: Never in a sources zip, even outside git: installed or generated files.
_NEVER_IN_SOURCES = {
    ".git",
    "node_modules",
    ".venv",
    "venv",
    "__pycache__",
    ".pytest_cache",
    ".xtk",
    ".mypy_cache",
    ".ruff_cache",
}
#: Never in a sources zip, tracked or not: files that hold secrets (environment files, private keys, keystores,
#: registry and login credentials). The zip goes to the store's reviewers; a secret in it has left the machine.
SECRET_NAMES = (
    ".env",
    ".env.*",
    "*.pem",
    "*.key",
    "*.p12",
    "*.pfx",
    "*.jks",
    "*.keystore",
    "*.kdbx",
    "id_rsa*",
    "id_dsa*",
    "id_ecdsa*",
    "id_ed25519*",
    ".npmrc",
    ".yarnrc",
    ".yarnrc.yml",
    ".pypirc",
    ".netrc",
    ".git-credentials",
    ".htpasswd",
)
#: Folders that hold only credentials: nothing under them goes in.
SECRET_FOLDERS = {".ssh", ".aws", ".gnupg", ".docker"}
#: Package managers' settings: often registry credentials, but also settings a reviewer's rebuild needs (npm's
#: `ignore-scripts`, a registry): one goes in when no line of it can hold a credential (`settings_without_credentials`).
PACKAGE_MANAGER_SETTINGS = {".npmrc", ".yarnrc", ".yarnrc.yml"}
#: what a credential line of npm's or yarn's settings names: `_auth`, `_authToken`, `_password`, `username`,
#: `email`, `certfile`, `keyfile`, yarn's `npmAuthToken`/`npmAuthIdent`; or a URL with a user or password in it
_CREDENTIAL_LINE = re.compile(r"auth|passw|token|user|email|cert|key|ident|secret|://[^/\s]*@", re.IGNORECASE)


class _Built(Protocol):
    browser: str
    out_dir: Path


@dataclass
class Packaged:
    """A written zip and the names in it, in zip order."""

    path: Path
    names: list[str]


@dataclass
class SourceSelection:
    """What the sources zip holds, how it was chosen, and the secrets left out of it."""

    files: list[Path]
    tracked_only: bool  # True: `git ls-files`; False: a walk (the project is not in a git work tree)
    left_out: list[str] = field(default_factory=list)


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "extension"


def write_reproducible_zip(target: Path, files: Iterable[tuple[str, Path | bytes]], *, inside: Path) -> Path:
    """Write `(name in zip, file on disk or its bytes)` pairs to `target`, deterministically; `target` and its
    temporary file stay inside the project folder `inside` (no link on the way leaves it: `toolchain.files.confine`)."""
    from toolchain.files import confine, make_folder

    make_folder(confine(target, inside).parent, inside)
    temporary = confine(target.with_name(target.name + ".part"), inside)
    with zipfile.ZipFile(temporary, "w") as archive:
        for name, source in sorted(files, key=lambda item: item[0]):
            info = zipfile.ZipInfo(name, date_time=ZIP_EPOCH)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 3  # Unix, so the permission bits below are read
            info.external_attr = 0o100644 << 16
            content = source if isinstance(source, bytes) else source.read_bytes()
            level = 9 if len(content) < LARGE_FILE_BYTES else 6
            archive.writestr(info, content, compress_type=zipfile.ZIP_DEFLATED, compresslevel=level)
    temporary.replace(target)
    return target


def package_builds(project: Project, builds: Iterable[_Built]) -> list[Packaged]:
    """One zip per build, in the builds' order. The zips are written side by side (zlib works outside the GIL)."""
    from concurrent.futures import ThreadPoolExecutor

    version = project.config.extension.version

    def package(build: _Built) -> Packaged:
        files = sorted((p.relative_to(build.out_dir).as_posix(), p) for p in build.out_dir.rglob("*") if p.is_file())
        target = project.dist_dir / f"{slug(package_name(project))}-{version}-{build.browser}.zip"
        zipped = write_reproducible_zip(target, files, inside=project.base_dir)
        return Packaged(zipped, [name for name, _ in files])

    with ThreadPoolExecutor(max_workers=max(1, min(4, os.cpu_count() or 1))) as pool:
        return list(pool.map(package, builds))


def settings_without_credentials(path: Path) -> bool:
    """True when a package manager's settings file has no line that could hold a credential (comments aside).
    Unreadable or not text: False, it stays out."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return False
    lines = [line.strip() for line in text.splitlines()]
    return not any(line and not line.startswith(("#", ";")) and _CREDENTIAL_LINE.search(line) for line in lines)


def is_secret(relative: Path) -> bool:
    return bool(set(relative.parts[:-1]) & SECRET_FOLDERS) or any(
        fnmatch.fnmatchcase(relative.name, pattern) for pattern in SECRET_NAMES
    )


def _tracked_files(base: Path) -> list[Path] | None:
    """What git tracks under `base` (deleted files included; the caller drops them), or None outside git."""
    try:
        listed = subprocess.run(["git", "ls-files", "-z", "--cached"], cwd=base, capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    return [base / name for name in listed.decode("utf-8", "surrogateescape").split("\0") if name]


def _walked_files(base: Path, generated: list[Path]) -> list[Path]:
    """Every file under `base` outside the installed and generated folders; links to folders are not entered
    (what they point to inside the project is listed where it is; a link out is refused by the caller)."""
    found: list[Path] = []
    for directory, subfolders, names in os.walk(base):
        here = Path(directory)
        subfolders[:] = [
            d for d in subfolders if d not in _NEVER_IN_SOURCES and not any(inside(here / d, g) for g in generated)
        ]
        for name in subfolders:
            if (here / name).is_symlink():
                found.append(here / name)
        found += [here / name for name in names]
    return found


def source_files(project: Project) -> SourceSelection:
    """The project's own files: what git tracks (honouring deletions in the work tree), else a filtered walk.

    Secrets (SECRET_NAMES, SECRET_FOLDERS) never go in, tracked or not; a package manager's settings go in only
    when no line could hold a credential (a rebuild may need its `ignore-scripts`). A link whose target leaves the
    project is refused by name (exit 2): its content is not the project's to publish.
    """
    base = project.base_dir.resolve()
    generated = [project.out_dir, project.dist_dir]
    tracked = _tracked_files(base)
    candidates = tracked if tracked is not None else _walked_files(base, generated)
    selection = SourceSelection([], tracked_only=tracked is not None)
    escaping: list[Diagnostic] = []
    for path in candidates:
        relative = path.relative_to(base)
        if set(relative.parts) & _NEVER_IN_SOURCES or any(inside(path, g) for g in generated):
            continue
        if path.is_symlink() and not inside(path.resolve(), base):
            escaping.append(
                Diagnostic(
                    "error",
                    f"symbolic link to {os.readlink(path)} leaves the project; the sources "
                    "zip would publish what it points to",
                    path=shown(path, base),
                )
            )
            continue
        if not path.is_file():  # deleted in the work tree, a folder link, a socket...
            continue
        if is_secret(relative) and not (
            relative.name in PACKAGE_MANAGER_SETTINGS and settings_without_credentials(path)
        ):
            selection.left_out.append(relative.as_posix())
            continue
        selection.files.append(path)
    if escaping:
        raise InputError(escaping)
    if tracked is not None and project.config_path.resolve() not in {p.resolve() for p in tracked}:
        raise InputError.single(
            "the project is in a git work tree but git does not track its config: the sources "
            "zip holds tracked files only; `git add` the project first",
            path=shown(project.config_path, base),
        )
    selection.files = sorted(set(selection.files))
    return selection


def package_sources(
    project: Project, selection: SourceSelection | None = None, builds: list[Packaged] | None = None
) -> Packaged:
    """The sources zip, with REBUILD.md (toolchain/tools/rebuild.py): how a reviewer rebuilds `builds`, the store
    zips just written, byte for byte."""
    from toolchain.tools.rebuild import readme_name, rebuild_readme, rebuild_steps

    version = project.config.extension.version
    target = project.dist_dir / f"{slug(package_name(project))}-{version}-sources.zip"
    chosen = selection or source_files(project)
    base = project.base_dir.resolve()
    files: list[tuple[str, Path | bytes]] = [(p.relative_to(base).as_posix(), p) for p in chosen.files]
    zips = {zip_browser(p.path): p.path for p in builds or []}
    readme = rebuild_readme(rebuild_steps(project, zips), project.name, version)
    files.append((readme_name({name for name, _ in files}), readme.encode("utf-8")))
    return Packaged(write_reproducible_zip(target, files, inside=project.base_dir), sorted(name for name, _ in files))


def zip_browser(path: Path) -> str:
    """The browser of a store zip `package_builds` named (`<name>-<version>-<browser>.zip`)."""
    return path.name.removesuffix(".zip").rsplit("-", 1)[-1]
