"""The release `xtk lint --against OLD` compares with: OLD's manifest.json, from an unpacked folder or a .zip, .xpi
or .crx (unpacked within the same bounds as a linted archive; only its manifest is read) — or, when OLD is no
file but a git ref of the project's repository (`v1.2.0`, `HEAD~1`), the project as it was at that ref, built for
each target, so each browser is compared with its own old manifest."""

from __future__ import annotations

import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from toolchain.diagnostics import InputError, XtkError
from toolchain.lint.limits import InputLimits

if TYPE_CHECKING:
    from toolchain.project import Project


@dataclass(frozen=True)
class PreviousRelease:
    display: str  # OLD as given
    manifest: dict[str, Any]
    #: per browser, when OLD was built from a git ref (each target's own manifest); else empty
    per_browser: dict[str, dict[str, Any]] = field(default_factory=dict)

    def manifest_for(self, browser: str) -> dict[str, Any] | None:
        """The old manifest `browser` is compared with; None when the old release did not target it."""
        if self.per_browser:
            return self.per_browser.get(browser)
        return self.manifest


def load_previous_release(
    path: Path, limits: InputLimits | None = None, project: Project | None = None
) -> PreviousRelease:
    from toolchain.json_input import read_json_bytes
    from toolchain.lint.archive import ARCHIVE_SUFFIXES, unpack_archive
    from toolchain.manifest.schema import decode_manifest, parse_manifest_text

    display = str(path)
    if path.is_file() and path.suffix.lower() in ARCHIVE_SUFFIXES:
        folder = unpack_archive(path, limits or InputLimits())
    elif path.is_dir():
        folder = path
    elif not path.exists() and project is not None and (commit := _commit(project.base_dir, display)) is not None:
        return built_at_ref(project, display, commit)
    else:
        also = ", or a git ref of the project's repository" if project is not None else ""
        raise InputError.single(
            f"--against {display}: give the previous release as an extension folder or a .zip/.xpi/.crx{also}"
        )
    manifest_path = folder / "manifest.json"
    if not manifest_path.is_file():
        raise InputError.single(f"--against {display}: it holds no manifest.json")
    where = f"{display}: manifest.json"
    text = decode_manifest(read_json_bytes(manifest_path, where, "the previous release's manifest"), where)
    return PreviousRelease(display, parse_manifest_text(text, where))


def _commit(base: Path, ref: str) -> str | None:
    if ref.startswith("-"):  # never an option to git
        return None
    try:
        found = subprocess.run(
            ["git", "rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}"],
            cwd=base,
            capture_output=True,
            text=True,
            timeout=30,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return found.stdout.strip() or None if found.returncode == 0 else None


def built_at_ref(project: Project, ref: str, commit: str) -> PreviousRelease:
    """The project at `ref` (its `commit`: `git archive` as a zip, unpacked as a linted archive is, into a temporary
    folder removed at exit), built for each of today's targets it had, without type-checking; the node_modules of
    today's project serve its build."""
    from toolchain.builder.pipeline import build
    from toolchain.lint.archive import TEMPORARY_FOLDERS, unpack_archive
    from toolchain.project import load_project

    base = project.base_dir.resolve()
    top = subprocess.run(["git", "rev-parse", "--show-toplevel"], cwd=base, capture_output=True, text=True, check=False)
    repository = Path(top.stdout.strip()).resolve()
    inner = base.relative_to(repository).as_posix() if base != repository else "."
    work = TEMPORARY_FOLDERS.create()
    archive = work / "previous.zip"
    archived = subprocess.run(
        ["git", "archive", "--format=zip", f"--output={archive}", commit, "--", inner],
        cwd=repository,
        capture_output=True,
        check=False,
    )
    if archived.returncode != 0:
        raise InputError.single(
            f"--against {ref}: git archive failed: {archived.stderr.decode(errors='replace')[:300]}"
        )
    # unpacked as a linted archive is (no link out, no absolute name, bounded), here with a repository's bounds
    folder = unpack_archive(archive, InputLimits(max_archive_bytes=2**31, max_unpacked_bytes=2**32, max_files=200_000))
    old_base = folder / inner
    config = old_base / project.config_path.name
    if not config.is_file():
        raise InputError.single(f"--against {ref}: the project had no {project.config_path.name} at that ref")
    old_root = old_base / project.root.relative_to(base)
    if (project.root / "node_modules").is_dir() and not (old_root / "node_modules").exists():
        (old_root / "node_modules").symlink_to(project.root / "node_modules", target_is_directory=True)
    try:
        old = load_project(config)
        browsers = [b for b in project.targets if b in old.targets]
        report = build(old, browsers, "production", "off", out_dir=old_base / ".xtk" / "previous-build", validate=False)
    except XtkError as error:
        raise InputError(
            [
                *error.diagnostics[:5],
                *InputError.single(f"--against {ref}: the project at that ref does not build").diagnostics,
            ]
        ) from None
    manifests = {b.browser: b.manifest for b in report.builds}
    first = next(iter(manifests.values()), {})
    return PreviousRelease(f"{ref} ({', '.join(manifests)} built)", first, manifests)
