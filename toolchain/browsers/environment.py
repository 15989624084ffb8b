"""Process hygiene for the browsers we drive: own profile, own environment, own process ids.

Every browser runs in a fresh run directory under the caller's `workdir`, with HOME, TMPDIR and XDG_* pointing
inside it (browsers otherwise write into the real home directory), and is stopped by its own process id. Only
processes we can prove are ours are ever signalled: never by name, never our own process group.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import tempfile
import time
from collections.abc import Iterable, Sequence
from pathlib import Path

from toolchain.browsers.base import BrowserNotInstalledError

#: XTK_BROWSER_NETWORK=local: the browser reaches this machine only (127.0.0.1, localhost); any other host fails at
#: once instead of waiting on a network that is not there (CI, tests: a saved page's remote images held its `load`
#: event ~10 s). Unset or "all": the browser's own network, as a user's `xtk dev` needs.
NETWORK_VARIABLE = "XTK_BROWSER_NETWORK"


def local_network_only() -> bool:
    from toolchain.diagnostics import InputError

    value = os.environ.get(NETWORK_VARIABLE, "all").strip().lower() or "all"
    if value not in ("all", "local"):
        raise InputError.single(f"{NETWORK_VARIABLE}={value!r}: give all (the default) or local")
    return value == "local"


# Debian package that provides each browser: named in the error when the binary is missing.
DEBIAN_PACKAGES = {"chromium": "chromium", "firefox": "firefox-esr"}


def make_run_dir(workdir: Path, browser: str) -> Path:
    """A fresh directory for one browser run: profile, HOME, TMPDIR, XDG dirs and logs all live here.

    A unique name per launch, so several browsers (or several launches) can share one `workdir`.
    """
    workdir = Path(workdir).resolve()
    workdir.mkdir(parents=True, exist_ok=True)
    return Path(tempfile.mkdtemp(prefix=f"{browser}-", dir=workdir))


# Chromium binds a Unix socket at $TMPDIR/org.chromium.Chromium.XXXXXX/SingletonSocket, and socket paths are
# limited to 107 bytes: a TMPDIR deep in pytest's tmp_path aborts the browser ("Socket path too long").
MAX_TMPDIR_LENGTH = 50


def browser_environment(run_dir: Path, extra: dict[str, str] | None = None) -> dict[str, str]:
    """The environment for a browser process: ours, with every per-user location moved into `run_dir`.

    When `run_dir/tmp` is too long a path for Unix sockets, TMPDIR is a short symlink to it instead (still
    writing into `run_dir`); `release_environment(run_dir)` removes that link.
    """
    env = dict(os.environ)
    locations = {
        "HOME": "home",
        "TMPDIR": "tmp",
        "XDG_CONFIG_HOME": "xdg/config",
        "XDG_CACHE_HOME": "xdg/cache",
        "XDG_DATA_HOME": "xdg/data",
        "XDG_STATE_HOME": "xdg/state",
    }
    for name, sub in locations.items():
        path = run_dir / sub
        path.mkdir(parents=True, exist_ok=True)
        env[name] = str(path)
    if len(env["TMPDIR"]) > MAX_TMPDIR_LENGTH:
        env["TMPDIR"] = str(_short_link(run_dir / "tmp", run_dir))
    # A runtime dir from the real session would let the browser talk to the user's dbus/portal services.
    env.pop("XDG_RUNTIME_DIR", None)
    env.pop("DBUS_SESSION_BUS_ADDRESS", None)
    if extra:
        env.update(extra)
    return env


_LINK_RECORD = "short-tmpdir-link"


def _short_link(target: Path, run_dir: Path) -> Path:
    """A short path (/tmp/xtk-XXXXXXXX/t) that is a symlink to `target`, recorded in `run_dir` for removal."""
    base = "/tmp" if os.path.isdir("/tmp") else tempfile.gettempdir()
    holder = Path(tempfile.mkdtemp(prefix="xtk-", dir=base))
    link = holder / "t"
    link.symlink_to(target, target_is_directory=True)
    (run_dir / _LINK_RECORD).write_text(str(link))
    return link


def release_environment(run_dir: Path) -> None:
    """Remove what `browser_environment` created outside `run_dir` (the short TMPDIR link, if any)."""
    record = run_dir / _LINK_RECORD
    if not record.is_file():
        return
    link = Path(record.read_text())
    if link.is_symlink():
        link.unlink()
    with contextlib.suppress(OSError):
        link.parent.rmdir()
    record.unlink()


def find_executable(browser: str, candidates: Sequence[str]) -> str:
    """The first existing, executable candidate, or an error that names the Debian package to install."""
    for candidate in candidates:
        path = candidate if os.path.isabs(candidate) else shutil.which(candidate)
        if path and os.path.isfile(path) and os.access(path, os.X_OK):
            return path
    package = DEBIAN_PACKAGES[browser]
    raise BrowserNotInstalledError(
        f"{browser} is not installed (looked for {', '.join(candidates)}); "
        f"install the Debian package: apt-get install -y {package}"
    )


# --- processes ---------------------------------------------------------------------------------------------


def _stat_fields(pid: int) -> list[str] | None:
    """/proc/<pid>/stat split after the command name (which may contain spaces), or None if gone."""
    try:
        raw = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError, PermissionError):
        return None
    return raw[raw.rfind(")") + 2 :].split()


def pid_alive(pid: int) -> bool:
    """True while the process exists and is not a zombie (a zombie has exited; only its parent may reap it)."""
    fields = _stat_fields(pid)
    return fields is not None and fields[0] not in ("Z", "X")


def parent_pid(pid: int) -> int | None:
    fields = _stat_fields(pid)
    return int(fields[1]) if fields else None


def process_cmdline(pid: int) -> list[str]:
    try:
        raw = Path(f"/proc/{pid}/cmdline").read_bytes()
    except (FileNotFoundError, ProcessLookupError, PermissionError):
        return []
    return [part.decode(errors="replace") for part in raw.split(b"\0") if part]


def all_pids() -> list[int]:
    return [int(name) for name in os.listdir("/proc") if name.isdigit()]


def descendants(pid: int) -> list[int]:
    """Every live process below `pid` (children, grandchildren...), from one /proc snapshot."""
    children: dict[int, list[int]] = {}
    for candidate in all_pids():
        parent = parent_pid(candidate)
        if parent is not None:
            children.setdefault(parent, []).append(candidate)
    found: list[int] = []
    stack = [pid]
    while stack:
        for child in children.get(stack.pop(), []):
            found.append(child)
            stack.append(child)
    return [p for p in found if pid_alive(p)]


def processes_of_run(run_dir: Path) -> list[int]:
    """Live processes whose command line names this run's directory (or its short TMPDIR link): ours for sure,
    since the directory is unique. This finds the helpers that leave the process tree and group, such as
    Chromium's chrome_crashpad_handler (`--database=<run_dir>/xdg/config/...`), which reparent to init."""
    markers = [str(run_dir)]
    record = run_dir / _LINK_RECORD
    if record.is_file():
        markers.append(record.read_text())
    found = []
    for pid in all_pids():
        if pid == os.getpid():
            continue
        command = " ".join(process_cmdline(pid))
        if any(marker in command for marker in markers) and pid_alive(pid):
            found.append(pid)
    return found


def wait_for_exit(pids: Iterable[int], timeout: float) -> bool:
    """Wait until none of `pids` is alive; True if they all went in time."""
    pending = list(pids)
    deadline = time.monotonic() + timeout
    while True:
        pending = [p for p in pending if pid_alive(p)]
        if not pending:
            return True
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.05)


def _signal_pid(pid: int, sig: signal.Signals) -> None:
    try:
        os.kill(pid, sig)
    except ProcessLookupError:
        pass


def _signal_group(pid: int, sig: signal.Signals) -> None:
    """Signal the process group led by `pid`, only if it really leads its own group (never ours)."""
    try:
        group = os.getpgid(pid)
    except ProcessLookupError:
        return
    if group == pid and group != os.getpgid(0):
        try:
            os.killpg(group, sig)
        except ProcessLookupError:
            pass


def stop_processes(
    main_pid: int | None, extra_pids: Iterable[int] = (), *, grace: float = 5.0, term_grace: float = 5.0
) -> bool:
    """Stop a browser whose graceful shutdown was already asked for (or failed): wait, then TERM, then KILL.

    `main_pid` is the browser's main process; it and its descendants are signalled by process id, and its
    process group too when it leads one (we start browsers in their own session). `extra_pids` are helpers
    that left the tree (crash handlers reparent themselves to init). `grace` is the wait before the first
    signal, `term_grace` the wait between SIGTERM and SIGKILL. Returns True when everything is gone.
    """

    def tree() -> list[int]:
        # Only a real pid: descendants(0) would be every process on the machine.
        return [main_pid, *descendants(main_pid)] if main_pid is not None and main_pid > 0 else []

    targets = list(dict.fromkeys([*tree(), *(p for p in extra_pids if p > 0)]))
    if wait_for_exit(targets, grace):
        return True
    for sig in (signal.SIGTERM, signal.SIGKILL):
        targets = [p for p in dict.fromkeys([*tree(), *targets]) if pid_alive(p)]
        if main_pid is not None and main_pid > 0:
            _signal_group(main_pid, sig)
        for target in targets:
            _signal_pid(target, sig)
        if wait_for_exit(targets, term_grace if sig == signal.SIGTERM else 2.0):
            return True
    return not any(pid_alive(p) for p in targets)
