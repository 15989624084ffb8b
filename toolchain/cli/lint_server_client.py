"""`xtk lint --server`: the lint run by a resident xtk process (cli/lint_server.py) instead of this one.

A lint after an edit spends most of its time starting Python and importing xtk (~0.5 s of ~0.9 s on DocMind); the
server has done that once. This side is what the `xtk` command runs first, before click or any of xtk is imported:
it finds the server of this xtk install and user (a Unix socket in a folder of the temporary directory only this user
may enter), starts one when there is none, sends the command line, the working folder and the environment, and
prints what the server answers with its exit code. Whenever the server cannot answer — it cannot start, its folder is
not private, it answers nothing sensible, or xtk's code changed since it started (it says so, and stops) — the lint
runs here as without `--server`, after one line on stderr saying why: never a different result, only a slower one.
"""

from __future__ import annotations

import hashlib
import json
import os
import socket
import stat
import struct
import sys
import tempfile
import time
from pathlib import Path

#: how long a new server may take to listen (it imports xtk's lint first)
START_SECONDS = 20.0
#: the longest answer read (findings as JSON of a large extension are a few MB)
MAX_MESSAGE_BYTES = 256 * 1024 * 1024
#: asks for the server: the flag, and the environment variable that turns it on for every lint
FLAG = "--server"
STOP_FLAG = "--stop-server"
ENVIRONMENT = "XTK_LINT_SERVER"
#: seconds without a request before the server stops, unless XTK_LINT_SERVER_IDLE says otherwise
DEFAULT_IDLE_SECONDS = 900.0
IDLE_VARIABLE = "XTK_LINT_SERVER_IDLE"


class ServerUnavailable(Exception):
    """Why the server could not answer: said on stderr, then the lint runs in this process."""


def wanted(argv: list[str]) -> bool:
    """`xtk lint … --server`, or `xtk lint` with XTK_LINT_SERVER=1 (and not --no-server)."""
    if len(argv) < 2 or argv[1] != "lint" or "--no-server" in argv[2:]:
        return False
    return FLAG in argv[2:] or STOP_FLAG in argv[2:] or os.environ.get(ENVIRONMENT) == "1"


def socket_path() -> Path:
    """The server's socket: one per xtk install (its Python and its package folder) and user."""
    package = Path(__file__).resolve().parent.parent
    key = hashlib.sha256(f"{os.path.realpath(sys.executable)}\0{package}".encode()).hexdigest()[:16]
    return Path(tempfile.gettempdir()) / f"xtk-lint-server-{os.getuid()}" / f"{key}.sock"


def _private_folder(folder: Path) -> None:
    """The socket's folder exists, belongs to this user, and no one else may enter it (else no server)."""
    try:
        folder.mkdir(mode=0o700, exist_ok=True)
        info = os.lstat(folder)
    except OSError as error:
        raise ServerUnavailable(f"cannot make {folder}: {error.strerror}") from None
    if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.getuid() or info.st_mode & 0o077:
        raise ServerUnavailable(f"{folder} is not a folder only this user may enter")


def send(connection: socket.socket, data: dict[str, object]) -> None:
    payload = json.dumps(data).encode()
    connection.sendall(struct.pack(">I", len(payload)) + payload)


def receive(connection: socket.socket) -> dict[str, object]:
    """One length-prefixed JSON object (ServerUnavailable when the other side closes or sends anything else)."""

    def exactly(count: int) -> bytes:
        chunks, left = [], count
        while left:
            chunk = connection.recv(min(left, 1 << 20))
            if not chunk:
                raise ServerUnavailable("the lint server closed the connection")
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)

    (length,) = struct.unpack(">I", exactly(4))
    if length > MAX_MESSAGE_BYTES:
        raise ServerUnavailable("the lint server's answer is too large")
    try:
        message = json.loads(exactly(length))
    except ValueError:
        raise ServerUnavailable("the lint server's answer is not JSON") from None
    if not isinstance(message, dict):
        raise ServerUnavailable("the lint server's answer is not an object")
    return message


def idle_seconds() -> float:
    """XTK_LINT_SERVER_IDLE as seconds (ValueError when it is not a number above 0)."""
    text = os.environ.get(IDLE_VARIABLE, "").strip()
    if not text:
        return DEFAULT_IDLE_SECONDS
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not 0 < value < float("inf"):
        raise ValueError(f"{IDLE_VARIABLE}={text!r}: give the seconds the lint server waits for a lint, above 0")
    return value


def connect(path: Path) -> socket.socket | None:
    """A connection to the server listening on `path`, or None."""
    connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        connection.connect(str(path))
    except OSError:
        connection.close()
        return None
    return connection


def _start(path: Path) -> socket.socket:
    """A new server on `path`, once it listens."""
    import subprocess  # here: a running server's client never needs it

    package_parent = str(Path(__file__).resolve().parent.parent.parent)
    environment = dict(os.environ)
    environment["PYTHONPATH"] = os.pathsep.join(p for p in (package_parent, environment.get("PYTHONPATH")) if p)
    try:
        subprocess.Popen(
            [sys.executable, "-m", "toolchain.cli.lint_server", str(path)],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            cwd=path.parent,
            env=environment,
            start_new_session=True,  # not in the terminal's process group: a Ctrl-C of this lint does not stop it
            close_fds=True,
        )
    except OSError as error:
        raise ServerUnavailable(f"cannot start the lint server: {error.strerror}") from None
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        connection = connect(path)
        if connection is not None:
            return connection
        time.sleep(0.02)
    raise ServerUnavailable(f"the lint server did not listen within {START_SECONDS:g} s")


def _request(argv: list[str]) -> dict[str, object]:
    umask = os.umask(0o022)  # read by setting it: put straight back
    os.umask(umask)
    return {
        "argv": [a for a in argv[1:] if a not in (FLAG, "--no-server")],
        "cwd": os.getcwd(),
        "env": dict(os.environ),
        "umask": umask,
        "tty": {"stdout": sys.stdout.isatty(), "stderr": sys.stderr.isatty()},
    }


def lint_through_server(argv: list[str]) -> int | None:
    """The exit code of the lint the server ran (its output printed), or None: lint here (the reason said)."""
    if not hasattr(socket, "AF_UNIX") or not hasattr(os, "getuid"):
        print("xtk: no lint server on this system (it needs Unix sockets): linting in this process", file=sys.stderr)
        return None
    try:
        idle_seconds()
    except ValueError as bad:
        print(f"error: {bad}", file=sys.stderr)
        return 2
    path = socket_path()
    try:
        _private_folder(path.parent)
        if STOP_FLAG in argv[2:]:
            return _stop(path)
        for _attempt in range(2):  # a server of older code says so and stops: the second one is new
            connection = connect(path) or _start(path)
            with connection:
                send(connection, _request(argv))
                answer = receive(connection)
            if answer.get("stale") is True:
                continue
            code, out, err = answer.get("code"), answer.get("stdout"), answer.get("stderr")
            if not isinstance(code, int) or not isinstance(out, str) or not isinstance(err, str):
                raise ServerUnavailable("the lint server's answer has no exit code and output")
            sys.stdout.write(out)
            sys.stderr.write(err)
            return code
        raise ServerUnavailable("the lint server runs older code and was restarted twice")
    except ServerUnavailable as why:
        print(f"xtk: {why}: linting in this process", file=sys.stderr)
    except OSError as error:
        print(f"xtk: the lint server failed ({error.strerror or error}): linting in this process", file=sys.stderr)
    return None


def _stop(path: Path) -> int:
    """`xtk lint --stop-server`: the server stops (nothing to stop is fine)."""
    connection = connect(path)
    if connection is None:
        print("no lint server is running")
        return 0
    with connection:
        send(connection, {"stop": True})
        try:
            receive(connection)
        except ServerUnavailable:
            pass
    print("the lint server stopped")
    return 0
