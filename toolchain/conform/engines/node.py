"""Node.js: one `node` child for the whole run, fed many cases per request (Node takes ~50-150 ms to start).

The host (written next to the bundle, as .cjs so no package.json "type" can make it a module) evaluates the
bundle with vm.runInThisContext, then answers each stdin line with one `@xtk <answer>` line. console output
goes to stderr, so the module's own logging cannot corrupt the protocol.
"""

from __future__ import annotations

import shutil
import subprocess

from toolchain.conform.engines.base import ChildProcessEngine, EngineError

HOST_SOURCE = r"""'use strict';
// Written by `xtk conform`: evaluates the conformance bundle and answers one request per stdin line.
const fs = require('fs');
const util = require('util');
const vm = require('vm');
const readline = require('readline');
for (const level of ['log', 'info', 'debug', 'warn', 'error', 'trace']) {
  console[level] = (...args) => process.stderr.write(util.format(...args) + '\n');
}
const bundle = process.argv[2];
vm.runInThisContext(fs.readFileSync(bundle, 'utf8'), { filename: bundle });
const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on('line', (line) => {
  let answer;
  try {
    answer = globalThis.__xtkConform.run(line);
  } catch (error) {
    answer = JSON.stringify({ $fatal: String(error && error.stack || error) });
  }
  process.stdout.write('@xtk ' + answer + '\n');  // synchronous for pipes on Linux
});
"""


class NodeEngine(ChildProcessEngine):
    name = "node"
    title = "Node.js"

    def _argv(self) -> list[str]:
        node = shutil.which("node")
        if node is None:
            raise EngineError("node is not on PATH (xtk needs Node.js 20 or later)")
        if not self.version:
            try:
                self.version = (
                    "Node "
                    + subprocess.run([node, "--version"], capture_output=True, text=True, timeout=30).stdout.strip()
                )
            except (OSError, subprocess.SubprocessError):
                self.version = "Node ?"
        assert self.bundle is not None and self.workdir is not None
        host = self.workdir / "node-host.cjs"
        host.write_text(HOST_SOURCE, encoding="ascii")
        return [node, str(host), str(self.bundle)]
