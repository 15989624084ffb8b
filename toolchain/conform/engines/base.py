"""The interface every conformance engine implements, and the line protocol of the engines that run in a child.

    engine = create("node")
    engine.open(bundle_path, workdir)          # start, evaluate the bundle, check it answers
    output = engine.run(input_json, timeout)   # ASCII JSON in, ASCII JSON out (see bundle.py)
    engine.reset()                             # after a timeout or a crash: a fresh context
    engine.close()

`run` raises `EngineTimeout` when the engine did not answer in time (and the work may still be running: call
`reset` before the next `run`), and `EngineError` when it crashed or answered nonsense. Everything that crosses a
bridge is ASCII JSON text; an engine never hands a non-ASCII Python string to JavaScript or takes one back.
"""

from __future__ import annotations

import json
import os
import select
import subprocess
import time
from abc import ABC, abstractmethod
from pathlib import Path
from types import TracebackType

#: Sent by `open` to check the bundle loaded and answers: no cases, so the answer is "[]".
PING = '{"function":"","cases":[]}'


class EngineError(Exception):
    """The engine could not start, crashed, or answered something that is not the protocol's."""


class EngineTimeout(EngineError):
    """The engine did not answer within the time allowed."""


class Engine(ABC):
    #: The name users pass to --engine.
    name: str = ""
    #: What it is, for people: "V8 (PyPI mini-racer)".
    title: str = ""

    def __init__(self) -> None:
        #: The engine's own version string, known once open.
        self.version = ""
        self.bundle: Path | None = None
        self.workdir: Path | None = None

    def open(self, bundle: Path, workdir: Path) -> None:
        """Start the engine with the bundle loaded and answering; raise `EngineError` saying why not."""
        self.bundle, self.workdir = bundle, workdir
        self._start()
        self._check_ping()

    def _check_ping(self) -> None:
        answer = self.run(PING, timeout=60)
        if answer.strip() != "[]":
            raise EngineError(f"the bundle did not answer as expected: {answer[:300]!r}")

    @abstractmethod
    def _start(self) -> None:
        """Start the engine and evaluate `self.bundle`."""

    @abstractmethod
    def run(self, input_json: str, timeout: float) -> str:
        """`globalThis.__xtkConform.run(input_json)` in the engine. Both texts are ASCII."""

    def reset(self) -> None:
        """A fresh engine with the bundle loaded, after a timeout or a crash."""
        self._stop()
        self._start()
        self._check_ping()

    @abstractmethod
    def _stop(self) -> None:
        """Stop the engine; safe to call twice, or when it never started."""

    def close(self) -> None:
        self._stop()

    def __enter__(self) -> Engine:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()


def check_ascii(text: object, where: str) -> str:
    """An answer must be an ASCII str: anything else means the bridge or the bundle went wrong."""
    if not isinstance(text, str):
        raise EngineError(f"{where} answered a {type(text).__name__}, not a string")
    if not text.isascii():
        raise EngineError(f"{where} answered non-ASCII text (the bundle escapes everything): {text[:200]!r}")
    return text


class LineProcess:
    """A child process speaking the line protocol: one ASCII JSON request per line on its stdin, one answer line
    starting with `RESPONSE_PREFIX` on its stdout (other stdout lines, say a stray console.log, are skipped).
    stderr goes to a log file, so a chatty child can never fill a pipe and block."""

    RESPONSE_PREFIX = b"@xtk "

    def __init__(
        self,
        argv: list[str],
        log: Path,
        *,
        env: dict[str, str] | None = None,
        cwd: Path | None = None,
        what: str = "the engine",
    ) -> None:
        self.what = what
        self.log = log
        log.parent.mkdir(parents=True, exist_ok=True)
        self._log_handle = log.open("wb")
        try:
            self.process = subprocess.Popen(
                argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=self._log_handle,
                env=env,
                cwd=cwd,
                start_new_session=True,
            )
        except OSError as error:
            self._log_handle.close()
            raise EngineError(f"cannot start {what}: {error}") from error
        self._buffer = bytearray()
        self._busy = False  # a request is out and unanswered: the child may be stuck in it

    def request(self, line: str, timeout: float) -> str:
        """Send one line, wait for the answer line; `EngineTimeout` after `timeout` seconds."""
        assert self.process.stdin is not None and self.process.stdout is not None
        deadline = time.monotonic() + timeout
        self._busy = True
        try:
            self.process.stdin.write(line.encode("ascii") + b"\n")
            self.process.stdin.flush()
        except (BrokenPipeError, OSError) as error:
            raise EngineError(f"{self.what} stopped ({self._exit_text()}): {error}{self.log_tail()}") from error
        fd = self.process.stdout.fileno()
        while True:
            newline = self._buffer.find(b"\n")
            if newline >= 0:
                answer = bytes(self._buffer[:newline])
                del self._buffer[: newline + 1]
                if answer.startswith(self.RESPONSE_PREFIX):
                    self._busy = False
                    return check_ascii(answer[len(self.RESPONSE_PREFIX) :].decode("ascii", "replace"), self.what)
                continue  # stray output on stdout: not ours
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise EngineTimeout(f"{self.what} did not answer within {timeout:g} s")
            ready, _, _ = select.select([fd], [], [], remaining)
            if not ready:
                continue
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                try:
                    self.process.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    pass  # it closed its stdout but lives on: stop() kills it
                raise EngineError(f"{self.what} exited ({self._exit_text()}){self.log_tail()}")
            self._buffer += chunk

    def _exit_text(self) -> str:
        code = self.process.poll()
        return "still running" if code is None else f"exit code {code}"

    def log_tail(self, limit: int = 1500) -> str:
        try:
            text = self.log.read_text(encoding="utf-8", errors="replace").strip()
        except OSError:
            return ""
        return f"; its stderr ends with:\n{text[-limit:]}" if text else ""

    def stop(self) -> None:
        """Close stdin (an idle child exits by itself); kill it and its process group if it is stuck in a request
        or does not exit."""
        process = self.process
        if process.poll() is None:
            try:
                if process.stdin:
                    process.stdin.close()
                process.wait(timeout=0 if self._busy else 2)
            except (OSError, subprocess.TimeoutExpired):
                try:
                    os.killpg(process.pid, 9)  # its own session, started by us: only our child and its children
                except OSError:
                    process.kill()
                process.wait(timeout=5)
        for stream in (process.stdin, process.stdout):
            try:
                if stream:
                    stream.close()
            except OSError:
                pass
        self._log_handle.close()


class ChildProcessEngine(Engine):
    """An engine in a child process speaking the line protocol (Node, and pythonmonkey in its own Python): a
    stuck case is ended by killing the child, which `reset` then starts again."""

    def __init__(self) -> None:
        super().__init__()
        self._process: LineProcess | None = None
        self._starts = 0

    @abstractmethod
    def _argv(self) -> list[str]:
        """The command that starts the host with `self.bundle`."""

    def _env(self) -> dict[str, str] | None:
        return None

    def _start(self) -> None:
        assert self.workdir is not None
        self._starts += 1
        log = self.workdir / f"{self.name}.{self._starts}.stderr.log"
        self._process = LineProcess(self._argv(), log, env=self._env(), cwd=self.workdir, what=self.title)

    def run(self, input_json: str, timeout: float) -> str:
        if self._process is None:
            raise EngineError(f"{self.title} is not running")
        answer = self._process.request(check_ascii(input_json, "the request"), timeout)
        if answer.startswith("{"):  # the host's own failure: {"$fatal": "..."}
            try:
                message = json.loads(answer).get("$fatal", answer)
            except ValueError:
                message = answer
            raise EngineError(f"{self.title}: {message}")
        return answer

    def _stop(self) -> None:
        process, self._process = self._process, None
        if process is not None:
            process.stop()
