"""`xtk package --verify`: the sources zip unpacked into a clean temporary folder, rebuilt as its REBUILD.md tells a
reviewer (npm ci, then xtk's build), and every store zip compared byte for byte with the rebuilt one, the first
difference named."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from toolchain.diagnostics import Diagnostic, ProjectError, XtkError
from toolchain.project import Project
from toolchain.tools.rebuild import ZipComparison, compare_zips, rebuild_steps

#: The largest sources zip verification unpacks (AMO accepts up to 200 MB).
SOURCES_LIMIT = 500 * 1024 * 1024


@dataclass
class Verification:
    comparisons: list[ZipComparison]

    @property
    def reproducible(self) -> bool:
        return all(c.identical for c in self.comparisons)


def verify_sources(
    project: Project,
    sources_zip: Path,
    store_zips: dict[str, Path],
    log: Callable[[str], None],
) -> Verification:
    """Unpack `sources_zip` into a clean temporary folder (removed afterwards, and when xtk is stopped), rebuild as
    its instructions say, and compare each of `store_zips` with the rebuilt one."""
    from toolchain.lint.archive import TEMPORARY_FOLDERS, unpack_archive
    from toolchain.lint.limits import InputLimits

    limits = InputLimits(max_archive_bytes=SOURCES_LIMIT, max_unpacked_bytes=4 * SOURCES_LIMIT, max_files=100_000)
    unpacked = unpack_archive(sources_zip, limits)
    try:
        rebuilt = _rebuild(unpacked / project.config_path.name, list(store_zips), log)
        comparisons = [
            compare_zips(browser, original, rebuilt.get(browser)) for browser, original in store_zips.items()
        ]
        return Verification(comparisons)
    finally:
        TEMPORARY_FOLDERS.remove(unpacked)


def _rebuild(config: Path, browsers: list[str], log: Callable[[str], None]) -> dict[str, Path]:
    if not config.is_file():
        raise ProjectError.single(f"the sources zip has no {config.name}: a reviewer could not build from it")
    try:
        return _install_and_build(config, browsers, log)
    except XtkError as error:  # said as what it is: the reviewer's build failing, not this one
        lead = Diagnostic("error", "the sources zip does not rebuild: a reviewer's build fails as follows")
        raise ProjectError([lead, *error.diagnostics]) from None


def _install_and_build(config: Path, browsers: list[str], log: Callable[[str], None]) -> dict[str, Path]:
    from toolchain.builder.pipeline import build
    from toolchain.project import load_project
    from toolchain.tools.package import package_builds
    from toolchain.tools.typecheck import typecheck_mode

    rebuilt_project = load_project(config)
    steps = rebuild_steps(rebuilt_project, {})
    if steps.install is not None:
        log(f"verify: {' '.join(steps.install)} in {steps.root}/ (a clean install from {steps.lockfile})")
        try:
            done = subprocess.run(
                [*steps.install, "--prefer-offline"],
                cwd=rebuilt_project.root,
                capture_output=True,
                text=True,
                timeout=900,
            )
        except (OSError, subprocess.TimeoutExpired) as error:
            reason = "took over 15 minutes" if isinstance(error, subprocess.TimeoutExpired) else "cannot run npm"
            raise ProjectError.single(f"npm ci on the sources {reason}: {error}") from None
        if done.returncode != 0:
            tail = (done.stderr or done.stdout).strip().splitlines()[-5:]
            raise ProjectError(
                [
                    Diagnostic(
                        "error",
                        "npm ci failed on the sources: a reviewer could not install them\n  " + "\n  ".join(tail),
                    )
                ]
            )
    log(f"verify: xtk package for {', '.join(browsers)} from the sources")
    checked = typecheck_mode(None, rebuilt_project.config.typecheck)
    report = build(rebuilt_project, browsers, "production", checked)
    packaged = package_builds(rebuilt_project, report.builds)
    return {built.browser: zipped.path for built, zipped in zip(report.builds, packaged, strict=True)}
