"""Fingerprints of files and of xtk itself, for the caches that replay a result when nothing it came from changed
(the build's recipe cache, the lint's result cache, the manifest schema verdicts).

At the bottom of the package: only the standard library and xtk's own resources.
"""

from __future__ import annotations

import functools
import hashlib
import os
from pathlib import Path

from toolchain import __version__
from toolchain.resources import specs_dir, templates_dir


def file_sha256(path: Path) -> str:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return "missing"


def tool_stamp(path: Path) -> str:
    """A binary by size, modification time and inode: another install of the tool changes at least one."""
    try:
        stat = path.stat()
    except OSError:
        return "missing"
    return f"{stat.st_size}:{stat.st_mtime_ns}:{stat.st_ino}"


@functools.cache
def toolchain_stamp() -> str:
    """xtk's own code, templates and manifest data, by name, size and modification time. Once per process: the
    code that runs is the code that was loaded (a lint asked it five times: its caches, the walks', the verdicts')."""
    package = Path(__file__).resolve().parent
    folders = [package, templates_dir(), specs_dir() / "manifest", specs_dir() / "knowledge"]
    entries = [__version__]
    for folder in folders:
        for directory, subfolders, files in os.walk(folder):
            subfolders[:] = sorted(d for d in subfolders if d != "__pycache__")
            for name in sorted(files):
                if name.endswith((".pyc", ".pyo")):
                    continue
                stat = os.stat(os.path.join(directory, name))
                entries.append(f"{directory}/{name}:{stat.st_size}:{stat.st_mtime_ns}")
    return hashlib.sha256("\n".join(entries).encode()).hexdigest()


def package_stamp(name: str) -> str:
    """An installed Python package, as a cache key: its package file's path, size and modification time (an upgrade
    or reinstall rewrites it). Neither imports the package nor reads distribution metadata (importlib.metadata
    scans every installed distribution: ~60 ms, paid by each lint that asked it for a version)."""
    from importlib.util import find_spec

    try:
        spec = find_spec(name)
    except (ImportError, ValueError):
        spec = None
    if spec is None or not spec.origin:
        return f"{name}: missing"
    try:
        stat = os.stat(spec.origin)
    except OSError:
        return f"{name}: unreadable"
    return f"{spec.origin}:{stat.st_size}:{stat.st_mtime_ns}"
