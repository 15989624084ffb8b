"""The resident process behind `xtk lint --server` (the client is cli/lint_server_client.py).

It imports xtk's lint once, then runs each `xtk lint …` it is sent exactly as the `xtk` command would — the same
click command, in the sender's working folder and environment, its output captured — one at a time. What a lint
keeps between runs in memory is only what is keyed by content or by xtk's own data: a parsed file is kept only while
the file holds the same bytes, and what is keyed by a path alone (libraries recognised, icons read) is cleared before
each run, so a run sees the files as they are now. Before
each run the server compares xtk's code on disk with the code it loaded (`toolchain_stamp`): after an upgrade or an
edit of xtk it answers "stale" and stops, and the client starts a new one. It stops by itself after
XTK_LINT_SERVER_IDLE seconds without a request (default 900), on `xtk lint --stop-server`, and on SIGTERM; the
socket lives in a folder only its user may enter, and a connection from another user is refused.

    python -m toolchain.cli.lint_server SOCKET
"""

from __future__ import annotations

import contextlib
import gc
import io
import os
import signal
import socket
import struct
import sys
import tempfile
import traceback
from pathlib import Path
from types import FrameType

from toolchain.analysis import background
from toolchain.cli.lint_server_client import ServerUnavailable, connect, idle_seconds, receive, send


class ServerStopped(BaseException):
    """SIGTERM: the server stops, the lint it was running included (its client then lints in its own process)."""


class _Output(io.StringIO):
    """A captured stream that answers isatty() as the client's terminal does (click strips colours otherwise)."""

    def __init__(self, tty: bool) -> None:
        super().__init__()
        self._tty = tty

    def isatty(self) -> bool:
        return self._tty


def _code_stamp() -> str:
    """xtk's code, templates and data on disk now (not the per-process cached value)."""
    from toolchain.fingerprint import toolchain_stamp

    stamp: str = toolchain_stamp.__wrapped__()
    return stamp


def _forget_paths() -> None:
    """What earlier runs keep by path, not by content, goes before a run, which must see the files as they are:
    a parsed file is kept only when the file still holds the same bytes."""
    from toolchain.analysis import parse
    from toolchain.lint import icon_files, known_libraries

    parse.keep_unchanged()
    known_libraries.library_of.cache_clear()
    icon_files.read_icon.cache_clear()


def _listening(path: Path) -> bool:
    connection = connect(path)
    if connection is None:
        return False
    connection.close()
    return True


def _same_user(connection: socket.socket) -> bool:
    """The peer's user (Linux's SO_PEERCRED); elsewhere the socket's private folder is the only guard."""
    option = getattr(socket, "SO_PEERCRED", None)
    if option is None:
        return True
    credentials = connection.getsockopt(socket.SOL_SOCKET, option, struct.calcsize("3i"))
    _pid, uid, _gid = struct.unpack("3i", credentials)
    return uid == os.getuid()


def run_lint(request: dict[str, object]) -> dict[str, object]:
    """One `xtk lint …` as the command runs it: exit code, stdout and stderr."""
    from toolchain.cli import exit_code, main

    argv, cwd, environment, tty = request.get("argv"), request.get("cwd"), request.get("env"), request.get("tty")
    if not (isinstance(argv, list) and all(isinstance(a, str) for a in argv) and argv[:1] == ["lint"]):
        return {"code": 2, "stdout": "", "stderr": "xtk: the lint server runs `xtk lint` only\n"}
    if not isinstance(cwd, str) or not isinstance(environment, dict) or not isinstance(tty, dict):
        return {"code": 2, "stdout": "", "stderr": "xtk: a lint server request without its folder or environment\n"}
    try:
        os.chdir(cwd)
    except OSError as error:
        return {"code": 2, "stdout": "", "stderr": f"xtk: {cwd}: {error.strerror}\n"}
    os.environ.clear()
    os.environ.update({str(k): str(v) for k, v in environment.items()})
    tempfile.tempdir = None  # read from this environment's TMPDIR again, not the first request's
    umask = request.get("umask")
    os.umask(umask if isinstance(umask, int) and 0 <= umask <= 0o777 else 0o022)
    _forget_paths()
    out, err = _Output(tty.get("stdout") is True), _Output(tty.get("stderr") is True)
    code = 0
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            main.main(args=argv, prog_name="xtk")
        except ServerStopped:
            raise  # not the lint's exit: no answer is sent
        except SystemExit as stop:
            code = exit_code(stop)
        except BaseException:  # a crash is the lint's, as `xtk lint` would show it: this run ends, the server goes on
            traceback.print_exc()
            code = 2
    from toolchain.lint.archive import TEMPORARY_FOLDERS

    TEMPORARY_FOLDERS.remove_all()  # an archive's unpacked folder goes when its lint does, as with `xtk lint`
    return {"code": code, "stdout": out.getvalue(), "stderr": err.getvalue()}


def serve(path: Path, idle_seconds: float) -> None:
    """Listen on `path` until idle for `idle_seconds`, stopped, or xtk's code changes."""
    # what a lint imports, once: the first request is already warm
    import toolchain.cli.lint
    import toolchain.lint.engine
    import toolchain.lint.project_targets
    import toolchain.lint.registry

    toolchain.lint.registry.all_rules()
    background.enable(True)  # the walk cache is written by a forked copy, off the answer's path
    stamp = _code_stamp()
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        if _listening(path):  # another client started one at the same moment: it serves, this one is not needed
            return
        path.unlink(missing_ok=True)  # a server that died left its socket: nothing listens on it
        old_mask = os.umask(0o177)
        try:
            listener.bind(str(path))
        finally:
            os.umask(old_mask)
        listener.listen(8)
        listener.settimeout(idle_seconds)
        _serve_requests(listener, stamp)
    finally:
        background.wait()
        listener.close()
        with contextlib.suppress(OSError):
            if path.is_socket():
                path.unlink()


def _serve_requests(listener: socket.socket, stamp: str) -> None:
    home = os.getcwd()
    while True:
        try:
            connection, _ = listener.accept()
        except TimeoutError:
            return
        with connection:
            connection.settimeout(60)
            if not _same_user(connection):
                continue
            try:
                request = receive(connection)
            except (ServerUnavailable, OSError):
                continue
            background.wait()  # what the last lint left to write is written before this one reads it
            if request.get("stop") is True:
                send(connection, {"stopped": True})
                return
            if _code_stamp() != stamp:
                send(connection, {"stale": True})
                return
            answer = run_lint(request)
            os.chdir(home)
            try:
                send(connection, answer)
            except OSError:
                pass  # the client went away (Ctrl-C): its lint is done, the server goes on
        gc.collect()  # the run's trees and facts, once its answer is on its way


def _stop_on_sigterm(number: int, frame: FrameType | None) -> None:
    raise ServerStopped


def main() -> None:
    if len(sys.argv) != 2:
        print("usage: python -m toolchain.cli.lint_server SOCKET", file=sys.stderr)
        raise SystemExit(2)
    try:
        idle = idle_seconds()
    except ValueError as bad:
        print(f"error: {bad}", file=sys.stderr)
        raise SystemExit(2) from None
    signal.signal(signal.SIGTERM, _stop_on_sigterm)
    try:
        serve(Path(sys.argv[1]), idle)
    except ServerStopped:
        raise SystemExit(0) from None


if __name__ == "__main__":
    main()
