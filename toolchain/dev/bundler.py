"""esbuild kept alive between rebuilds: one Node process (esbuild_service.mjs) holding an esbuild context per
output format, asked to `rebuild` over stdin/stdout. esbuild re-reads only the files that changed.

Each answer is awaited ANSWER_TIMEOUT at most: a rebuild takes milliseconds, but a component compiler stuck on some
input would hold `xtk dev` forever. Past it the service is killed and started again (its contexts given again before
the next rebuild), and the rebuild is an error: the last good build stays."""

from __future__ import annotations

import itertools
import json
import os
import select
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from toolchain.diagnostics import Diagnostic, InputError, ProjectError
from toolchain.tools.esbuild import esbuild_package, parse_esbuild_log

SERVICE = Path(__file__).with_name("esbuild_service.mjs")
ANSWER_TIMEOUT = 60.0


@dataclass
class BundleResult:
    errors: list[Diagnostic] = field(default_factory=list)
    warnings: list[Diagnostic] = field(default_factory=list)
    #: Every source file the bundles were made from (absolute), to tell which edits matter.
    inputs: set[Path] = field(default_factory=set)
    #: Each output file (absolute) and the source files it was made from: which outputs an edit reaches.
    outputs: dict[Path, set[Path]] = field(default_factory=dict)
    #: Each script output (absolute) and the CSS esbuild wrote for what it imports (the metafile's cssBundle).
    css: dict[Path, Path] = field(default_factory=dict)


class Bundler:
    """The Node process driving esbuild's JS API. `close()` ends it (closing its stdin, then by its pid)."""

    def __init__(self, root: Path, base_dir: Path, binary: Path, browser: str) -> None:
        self.root, self.base_dir, self.browser = root, base_dir, browser
        node = shutil.which("node")
        if node is None:
            raise InputError.single("xtk dev needs Node.js (`node` on PATH) to keep esbuild running between edits")
        package = esbuild_package(root)  # the binary's own package: the project's, or .xtk/tools/'s
        if not (package / "lib" / "main.js").is_file():
            raise InputError.single(f"esbuild's JavaScript API is missing from {package}: run `npm ci` in {root}")
        self._command = [node, str(SERVICE), str(package)]
        self._env = {**os.environ, "ESBUILD_BINARY_PATH": str(binary)}  # the very binary `xtk build` runs
        self._ids = itertools.count(1)
        self._process = self._spawn()
        self._start: dict[str, Any] | None = None  # the last `start` request, given again after a restart
        self._restarted = False

    def _spawn(self) -> subprocess.Popen[str]:
        return subprocess.Popen(
            self._command,
            cwd=self.root,
            env=self._env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=None,
            text=True,
            bufsize=1,
        )

    def _ask(self, request: dict[str, Any]) -> dict[str, Any]:
        assert self._process.stdin is not None and self._process.stdout is not None
        request = {**request, "id": next(self._ids)}
        try:
            self._process.stdin.write(json.dumps(request) + "\n")
            self._process.stdin.flush()
            # One answer line per request, read whole: nothing is left buffered between requests for select to miss.
            if not select.select([self._process.stdout], [], [], ANSWER_TIMEOUT)[0]:
                self._restart()
                message = (
                    f"esbuild did not answer the {request['op']} within {ANSWER_TIMEOUT:g} s; its service was "
                    "restarted (the last good build stays)"
                )
                raise ProjectError.single(message, browser=self.browser)
            line = self._process.stdout.readline()
        except (BrokenPipeError, OSError) as error:
            raise ProjectError.single(f"the esbuild service stopped: {error}", browser=self.browser) from None
        if not line:
            raise ProjectError.single(f"the esbuild service exited ({self._process.poll()})", browser=self.browser)
        answer: dict[str, Any] = json.loads(line)
        if not answer.get("ok"):
            raise ProjectError.single(f"esbuild service: {answer.get('error')}", browser=self.browser)
        return answer

    def _restart(self) -> None:
        self._kill()
        self._process = self._spawn()
        self._restarted = True

    def start(self, contexts: list[tuple[str, dict[str, Any]]], components: dict[str, Any] | None = None) -> None:
        """Replace the contexts (one per output format) by these: after a config change. `components` names the
        component compilers' runner and frameworks (`.svelte`, `.vue`), whose esbuild plugins every context gets."""
        self._start = {
            "op": "start",
            "contexts": [{"name": name, "options": options} for name, options in contexts],
            "components": components or {},
        }
        self._restarted = False
        self._ask(self._start)

    def rebuild(self) -> BundleResult:
        if self._restarted and self._start is not None:  # a fresh service after a timeout: give it the contexts
            self._restarted = False
            self._ask(self._start)
        result = BundleResult()
        for part in self._ask({"op": "rebuild"})["results"]:
            for diagnostic in parse_esbuild_log(
                part["errors"] + part["warnings"], self.root, self.base_dir, self.browser
            ):
                (result.errors if diagnostic.severity == "error" else result.warnings).append(diagnostic)
            result.inputs.update((self.root / name).resolve() for name in part["inputs"])
            for output, inputs in part.get("outputs", {}).items():
                result.outputs[(self.root / output).resolve()] = {(self.root / name).resolve() for name in inputs}
            for output, css in part.get("css", {}).items():
                result.css[(self.root / output).resolve()] = (self.root / css).resolve()
        return result

    def close(self) -> None:
        process = self._process
        if process.poll() is None:
            if process.stdin:
                process.stdin.close()
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        if process.stdout:
            process.stdout.close()

    def _kill(self) -> None:
        """End a service that stopped answering: by its pid, at once."""
        process = self._process
        if process.poll() is None:
            process.kill()
            process.wait()
        for stream in (process.stdin, process.stdout):
            if stream:
                try:
                    stream.close()
                except OSError:
                    pass
