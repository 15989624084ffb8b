"""esbuild kept alive between rebuilds: one Node process (esbuild_service.mjs) holding an esbuild context per
output format, asked to `rebuild` over stdin/stdout. esbuild re-reads only the files that changed."""

from __future__ import annotations

import itertools
import json
import os
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from toolchain.diagnostics import Diagnostic, InputError, ProjectError
from toolchain.tools.esbuild import parse_esbuild_log

SERVICE = Path(__file__).with_name("esbuild_service.mjs")


@dataclass
class BundleResult:
    errors: list[Diagnostic] = field(default_factory=list)
    warnings: list[Diagnostic] = field(default_factory=list)
    #: Every source file the bundles were made from (absolute), to tell which edits matter.
    inputs: set[Path] = field(default_factory=set)
    #: Each output file (absolute) and the source files it was made from: which outputs an edit reaches.
    outputs: dict[Path, set[Path]] = field(default_factory=dict)


class Bundler:
    """The Node process driving esbuild's JS API. `close()` ends it (closing its stdin, then by its pid)."""

    def __init__(self, root: Path, base_dir: Path, binary: Path, browser: str) -> None:
        self.root, self.base_dir, self.browser = root, base_dir, browser
        node = shutil.which("node")
        if node is None:
            raise InputError.single("xtk dev needs Node.js (`node` on PATH) to keep esbuild running between edits")
        package = root / "node_modules" / "esbuild"
        if not (package / "lib" / "main.js").is_file():
            raise InputError.single(f"esbuild's JavaScript API is not installed in {root}/node_modules: run `npm ci` in {root}")
        env = {**os.environ, "ESBUILD_BINARY_PATH": str(binary)}  # the very binary `xtk build` runs
        self._ids = itertools.count(1)
        self._process = subprocess.Popen(
            [node, str(SERVICE), str(package)], cwd=root, env=env,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=None, text=True, bufsize=1,
        )

    def _ask(self, request: dict[str, Any]) -> dict[str, Any]:
        assert self._process.stdin is not None and self._process.stdout is not None
        request = {**request, "id": next(self._ids)}
        try:
            self._process.stdin.write(json.dumps(request) + "\n")
            self._process.stdin.flush()
            line = self._process.stdout.readline()
        except (BrokenPipeError, OSError) as error:
            raise ProjectError.single(f"the esbuild service stopped: {error}", browser=self.browser) from None
        if not line:
            raise ProjectError.single(f"the esbuild service exited ({self._process.poll()})", browser=self.browser)
        answer: dict[str, Any] = json.loads(line)
        if not answer.get("ok"):
            raise ProjectError.single(f"esbuild service: {answer.get('error')}", browser=self.browser)
        return answer

    def start(self, contexts: list[tuple[str, dict[str, Any]]], components: dict[str, Any] | None = None) -> None:
        """Replace the contexts (one per output format) by these: after a config change. `components` names the
        component compilers' runner and frameworks (`.svelte`, `.vue`), whose esbuild plugins every context gets."""
        self._ask({"op": "start", "contexts": [{"name": name, "options": options} for name, options in contexts],
                   "components": components or {}})

    def rebuild(self) -> BundleResult:
        result = BundleResult()
        for part in self._ask({"op": "rebuild"})["results"]:
            for diagnostic in parse_esbuild_log(part["errors"] + part["warnings"], self.root, self.base_dir, self.browser):
                (result.errors if diagnostic.severity == "error" else result.warnings).append(diagnostic)
            result.inputs.update((self.root / name).resolve() for name in part["inputs"])
            for output, inputs in part.get("outputs", {}).items():
                result.outputs[(self.root / output).resolve()] = {(self.root / name).resolve() for name in inputs}
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
