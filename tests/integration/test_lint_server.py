"""`xtk lint --server` (issue 19, speed after an edit): the lint run by a resident xtk process gives exactly what
`xtk lint --no-cache` gives — findings, output, exit code — after every edit, including edits that keep a file's
size; a server whose code is not the code on disk says so and a new one answers; a socket folder others may enter
is refused and the lint runs in the command's own process, saying why; --stop-server stops it."""

from __future__ import annotations

import json
import os
import shutil
import socket
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import XtkResult, run_xtk
from tests.integration.support import copy_fixture, edit
from toolchain.cli import lint_server as server
from toolchain.cli import lint_server_client as server_client

pytestmark = pytest.mark.node

BACKGROUND = "src/background/index.ts"


@pytest.fixture
def private_tmp() -> Iterator[dict[str, str]]:
    """A temporary directory of the test's own (short: a socket path holds at most 107 bytes), whose server is
    stopped afterwards."""
    folder = tempfile.mkdtemp(prefix="xs", dir="/tmp")
    environment = {"TMPDIR": folder, "XTK_LINT_SERVER_IDLE": "120"}
    try:
        yield environment
    finally:
        run_xtk("lint", "--stop-server", cwd=Path(folder), env=environment)
        shutil.rmtree(folder, ignore_errors=True)


def _same(project: Path, environment: dict[str, str]) -> XtkResult:
    """The server's lint, checked against a lint from scratch in the command's own process."""
    served = run_xtk("lint", "--server", "--format", "json", cwd=project, env=environment)
    direct = run_xtk("lint", "--no-server", "--no-cache", "--format", "json", cwd=project, env=environment)
    assert "linting in this process" not in served.stderr, served.stderr
    assert (served.code, json.loads(served.stdout)) == (direct.code, json.loads(direct.stdout))
    return served


def test_the_server_finds_what_a_lint_from_scratch_finds_after_every_edit(
    tmp_path: Path, private_tmp: dict[str, str]
) -> None:
    project = copy_fixture(tmp_path / "project")
    first = _same(project, private_tmp)
    sockets = list(Path(private_tmp["TMPDIR"]).glob("xtk-lint-server-*/*.sock"))
    assert len(sockets) == 1 and sockets[0].stat().st_mode & 0o777 == 0o600
    assert oct(sockets[0].parent.stat().st_mode & 0o777) == "0o700"

    background = project / BACKGROUND
    background.write_text(background.read_text() + "\n// @ts-expect-error no types\nvoid chrome.cookies.getAll({});\n")
    added = _same(project, private_tmp)
    codes = {f["code"] for f in json.loads(added.stdout)}
    assert "XP001" in codes and added.code == 1, added.stdout
    assert json.loads(added.stdout) != json.loads(first.stdout)

    # the same size, another API: what was parsed for the path before must not be reused
    edit(background, "chrome.cookies.getAll", "chrome.history.search")
    again = _same(project, private_tmp)
    assert any("history" in f["message"] for f in json.loads(again.stdout))
    assert not any("cookies" in f["message"] for f in json.loads(again.stdout))

    edit(background, "\n// @ts-expect-error no types\nvoid chrome.history.search({});\n", "\n")
    assert json.loads(_same(project, private_tmp).stdout) == json.loads(first.stdout)

    text = run_xtk("lint", "--server", cwd=project, env=private_tmp)  # the text report too, from another folder
    assert text.stdout == run_xtk("lint", "--no-server", cwd=project, env=private_tmp).stdout


def test_xtk_lint_server_environment_variable_and_stop(tmp_path: Path, private_tmp: dict[str, str]) -> None:
    project = copy_fixture(tmp_path / "project")
    environment = {**private_tmp, "XTK_LINT_SERVER": "1"}
    assert run_xtk("lint", cwd=project, env=environment).code in (0, 1)
    assert list(Path(private_tmp["TMPDIR"]).glob("xtk-lint-server-*/*.sock")), "XTK_LINT_SERVER=1 started one"
    stopped = run_xtk("lint", "--stop-server", cwd=project, env=private_tmp)
    assert (stopped.code, stopped.stdout) == (0, "the lint server stopped\n")
    assert not list(Path(private_tmp["TMPDIR"]).glob("xtk-lint-server-*/*.sock"))
    none = run_xtk("lint", "--stop-server", cwd=project, env=private_tmp)
    assert (none.code, none.stdout) == (0, "no lint server is running\n")


@pytest.mark.parametrize("idle", ["soon", "0", "-5", "inf"])
def test_a_bad_idle_time_is_bad_input_before_any_server(tmp_path: Path, private_tmp: dict[str, str], idle: str) -> None:
    result = run_xtk("lint", "--server", cwd=tmp_path, env={**private_tmp, "XTK_LINT_SERVER_IDLE": idle})
    assert result.code == 2 and result.stdout == ""
    assert result.stderr == (
        f"error: XTK_LINT_SERVER_IDLE={idle!r}: give the seconds the lint server waits for a lint, above 0\n"
    )
    assert not list(Path(private_tmp["TMPDIR"]).glob("xtk-lint-server-*/*.sock"))


def test_a_socket_folder_others_may_enter_is_refused_and_the_lint_runs_here(
    tmp_path: Path, private_tmp: dict[str, str]
) -> None:
    project = copy_fixture(tmp_path / "project")
    folder = Path(private_tmp["TMPDIR"]) / f"xtk-lint-server-{os.getuid()}"
    folder.mkdir(mode=0o755)
    folder.chmod(0o755)
    served = run_xtk("lint", "--server", "--format", "json", cwd=project, env=private_tmp)
    direct = run_xtk("lint", "--no-server", "--format", "json", cwd=project, env=private_tmp)
    assert f"xtk: {folder} is not a folder only this user may enter: linting in this process" in served.stderr
    assert (served.code, json.loads(served.stdout)) == (direct.code, json.loads(direct.stdout))
    assert not list(folder.iterdir()), "no server was started there"


def test_a_server_running_older_code_says_so_and_stops(tmp_path: Path) -> None:
    path = Path(tempfile.mkdtemp(prefix="xs", dir="/tmp")) / "s.sock"
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(str(path))
    listener.listen(1)
    listener.settimeout(30)
    serving = threading.Thread(target=server._serve_requests, args=(listener, "the code it loaded"))
    serving.start()
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as connection:
            connection.connect(str(path))
            server_client.send(connection, {"argv": ["lint"], "cwd": str(tmp_path), "env": {}, "tty": {}})
            assert server_client.receive(connection) == {"stale": True}
        serving.join(timeout=30)
        assert not serving.is_alive(), "it stopped after saying so"
    finally:
        listener.close()
        shutil.rmtree(path.parent, ignore_errors=True)


def test_the_server_runs_lint_only_and_refuses_a_request_without_its_folder() -> None:
    assert server.run_lint({"argv": ["build"], "cwd": "/", "env": {}, "tty": {}})["code"] == 2
    answer = server.run_lint({"argv": ["lint"], "env": {}, "tty": {}})
    assert answer == {
        "code": 2,
        "stdout": "",
        "stderr": "xtk: a lint server request without its folder or environment\n",
    }


def test_a_parse_is_kept_across_lints_only_while_the_file_holds_the_same_bytes(tmp_path: Path) -> None:
    """The server keeps parsed files between lints (parse.keep_unchanged): an edit that keeps the file's size and
    modification time — a coarse clock, a restored time — still gets the file parsed again."""
    from toolchain.analysis import parse

    source = tmp_path / "a.ts"
    source.write_text("chrome.cookies.getAll({});\n")
    first = parse.parse_file(source)
    parse.keep_unchanged()
    assert parse.parse_file(source) is first, "unchanged: kept"
    stat = source.stat()
    source.write_text("chrome.history.search({});\n")  # the same length
    os.utime(source, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert source.stat().st_size == stat.st_size and source.stat().st_mtime_ns == stat.st_mtime_ns
    assert parse.parse_file(source) is first, "size and time alone cannot tell (why the server checks bytes)"
    parse.keep_unchanged()
    again = parse.parse_file(source)
    assert again is not first and b"history" in again.source
    source.unlink()
    parse.keep_unchanged()
    assert source.resolve() not in parse._CACHE


def _server_pids(socket_folder: Path) -> list[int]:
    """The lint servers listening in `socket_folder` (their command line names the socket)."""
    pids = []
    for process in Path("/proc").iterdir():
        try:
            command = (process / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"toolchain.cli.lint_server" in command and any(str(socket_folder).encode() in c for c in command):
            pids.append(int(process.name))
    return pids


@pytest.mark.skipif(not Path("/proc/self/cmdline").exists(), reason="finds the server through /proc")
def test_sigterm_stops_the_server_and_the_next_lint_starts_another(tmp_path: Path, private_tmp: dict[str, str]) -> None:
    import signal
    import time

    project = copy_fixture(tmp_path / "project")
    first = _same(project, private_tmp)
    (pid,) = _server_pids(Path(private_tmp["TMPDIR"]))
    os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + 10
    while _server_pids(Path(private_tmp["TMPDIR"])) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _server_pids(Path(private_tmp["TMPDIR"])), "SIGTERM stopped it"
    assert not list(Path(private_tmp["TMPDIR"]).glob("xtk-lint-server-*/*.sock")), "and its socket went with it"
    again = _same(project, private_tmp)
    assert json.loads(again.stdout) == json.loads(first.stdout)
    assert len(_server_pids(Path(private_tmp["TMPDIR"]))) == 1
