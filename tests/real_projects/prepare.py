#!/usr/bin/env python3
"""Install the real-project corpus: copy each vendored project to tests/real_projects/.work/<name>/ and install its
npm dependencies there from the committed lock (<name>.package-lock.json), leaving the vendored tree untouched.

    .venv/bin/python tests/real_projects/prepare.py [NAME ...]          (make real-projects-deps)

The copy is refreshed on every run (node_modules kept); npm runs only when the lock or package.json changed since
the last install. Lifecycle scripts are off (`--ignore-scripts`): the projects' own scripts reach outside the work
dir (simple-git-hooks writes into the enclosing repository's .git/hooks). The few dependencies whose install
scripts the builds need (projects.py, install_scripts) are then rebuilt by name.

`npm ci` is tried first. The registry reachable here lacks some per-platform optional packages of other platforms
(as benchmarks/build_speed.py notes for rollup), which can make `npm ci` report them "Missing from lock file"; then
`npm install --no-save` installs the same locked tree, and the result is checked against the lock.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.real_projects.projects import PROJECTS, RealProject, project_named

STAMP = ".real-projects-installed"
NPM_ENV = {**os.environ, "npm_config_update_notifier": "false", "npm_config_fund": "false"}


class PrepareError(Exception):
    pass


def copy_sources(project: RealProject) -> None:
    """The vendored tree into the work dir, replacing everything there but node_modules (kept between runs), as a
    git checkout of its own: tools read .gitignore only inside a repository (Tailwind v4's scanner, outside one,
    reads every file of node_modules for class names: 2,952 style rules instead of the 325 a clone gets)."""
    work = project.work
    work.mkdir(parents=True, exist_ok=True)
    for entry in work.iterdir():
        if entry.name in ("node_modules", ".git"):
            continue
        if entry.is_dir() and not entry.is_symlink():
            shutil.rmtree(entry)
        else:
            entry.unlink()
    shutil.copytree(project.source, work, dirs_exist_ok=True, symlinks=True)
    shutil.copy2(project.lock, work / "package-lock.json")
    if not (work / ".git").is_dir():
        subprocess.run(["git", "init", "-q", str(work)], check=True, capture_output=True)


def install_fingerprint(project: RealProject) -> str:
    digest = hashlib.sha256()
    digest.update(project.lock.read_bytes())
    digest.update((project.source / "package.json").read_bytes())
    digest.update(" ".join(project.install_scripts).encode())
    return digest.hexdigest()


def npm(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["npm", *args], cwd=cwd, env=NPM_ENV, capture_output=True, text=True)


def check_installed_as_locked(work: Path) -> None:
    """Every package of the lock is installed at its locked version (optional ones of other platforms aside)."""
    locked = json.loads((work / "package-lock.json").read_text())["packages"]
    installed = json.loads((work / "node_modules" / ".package-lock.json").read_text())["packages"]
    wrong = [
        f"{name}: locked {entry.get('version')}, installed {installed.get(name, {}).get('version')}"
        for name, entry in locked.items()
        if name
        and not entry.get("link")
        and installed.get(name, {}).get("version") != entry.get("version")
        and not (entry.get("optional") and name not in installed)
    ]
    if wrong:
        raise PrepareError(f"{work}: install differs from the lock:\n  " + "\n  ".join(wrong[:20]))


def install(project: RealProject) -> None:
    work = project.work
    shutil.rmtree(work / "node_modules", ignore_errors=True)
    done = npm(["ci", "--ignore-scripts", "--no-audit"], work)
    if done.returncode != 0:
        if "Missing" not in done.stderr + done.stdout:
            raise PrepareError(f"`npm ci` failed in {work}:\n{done.stdout}\n{done.stderr}")
        lock_before = (work / "package-lock.json").read_bytes()
        shutil.rmtree(work / "node_modules", ignore_errors=True)
        done = npm(["install", "--no-save", "--ignore-scripts", "--no-audit"], work)
        if done.returncode != 0:
            raise PrepareError(f"`npm install --no-save` failed in {work}:\n{done.stdout}\n{done.stderr}")
        if (work / "package-lock.json").read_bytes() != lock_before:
            raise PrepareError(f"npm rewrote the lock in {work}: {project.lock.name} is out of date")
        check_installed_as_locked(work)
    present = [name for name in project.install_scripts if (work / "node_modules" / name).is_dir()]
    if present:
        done = npm(["rebuild", *present], work)
        if done.returncode != 0:
            raise PrepareError(f"`npm rebuild {' '.join(present)}` failed in {work}:\n{done.stdout}\n{done.stderr}")


def prepare(project: RealProject, say: Callable[[str], object] = print) -> Path:
    """The project copied and installed in its work dir; returns the work dir."""
    copy_sources(project)
    stamp = project.work / "node_modules" / STAMP
    fingerprint = install_fingerprint(project)
    if stamp.is_file() and stamp.read_text() == fingerprint:
        return project.work
    say(f"installing {project.name} ({project.tool}) in {project.work} ...")
    started = time.perf_counter()
    install(project)
    stamp.write_text(fingerprint)
    say(f"  installed in {time.perf_counter() - started:.1f} s")
    return project.work


def main(argv: list[str]) -> int:
    try:
        chosen = [project_named(name) for name in argv] if argv else list(PROJECTS)
        for project in chosen:
            prepare(project)
    except (KeyError, PrepareError) as problem:
        print(f"prepare.py: {problem}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
