"""The esbuild service is waited for ANSWER_TIMEOUT at most (toolchain/dev/bundler.py): a rebuild that never
answers (a component compiler stuck on some input) is a located error, the service is restarted with the same
contexts, and the next rebuild works. A stand-in service in Node plays esbuild_service.mjs's protocol."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from toolchain.dev import bundler as bundler_module
from toolchain.dev.bundler import Bundler
from toolchain.diagnostics import ProjectError

pytestmark = pytest.mark.node  # runs a Node process

STAND_IN = """import { createInterface } from "node:readline";
import { appendFileSync, existsSync } from "node:fs";
createInterface({ input: process.stdin }).on("line", (line) => {
  const request = JSON.parse(line);
  appendFileSync(process.env.XTK_TEST_LOG, JSON.stringify({ pid: process.pid, op: request.op }) + "\\n");
  if (request.op === "rebuild" && existsSync(process.env.XTK_TEST_STUCK)) for (;;) {}
  process.stdout.write(JSON.stringify({ id: request.id, ok: true, results: [] }) + "\\n");
});
"""


def test_a_rebuild_that_never_answers_is_an_error_and_the_service_restarts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "node_modules/esbuild/lib").mkdir(parents=True)
    (tmp_path / "node_modules/esbuild/lib/main.js").write_text("")
    (tmp_path / "node_modules/esbuild/package.json").write_text('{"version": "0.28.2"}')
    service, log, stuck = tmp_path / "service.mjs", tmp_path / "requests.log", tmp_path / "stuck"
    service.write_text(STAND_IN)
    monkeypatch.setattr(bundler_module, "SERVICE", service)
    monkeypatch.setattr(bundler_module, "ANSWER_TIMEOUT", 1.0)
    monkeypatch.setenv("XTK_TEST_LOG", str(log))
    monkeypatch.setenv("XTK_TEST_STUCK", str(stuck))

    bundler = Bundler(tmp_path, tmp_path, tmp_path / "esbuild", "chrome")
    try:
        bundler.start([("esm", {"entryPoints": ["src/a.ts"]})])
        assert bundler.rebuild().errors == []
        stuck.touch()
        with pytest.raises(ProjectError) as raised:
            bundler.rebuild()
        assert raised.value.diagnostics[0].message == (
            "esbuild did not answer the rebuild within 1 s; its service was restarted (the last good build stays)"
        )
        stuck.unlink()
        assert bundler.rebuild().errors == []
    finally:
        bundler.close()
    requests = [json.loads(line) for line in log.read_text().splitlines()]
    first, second = requests[0]["pid"], requests[-1]["pid"]
    assert first != second
    assert requests == [
        {"pid": first, "op": "start"},
        {"pid": first, "op": "rebuild"},
        {"pid": first, "op": "rebuild"},
        {"pid": second, "op": "start"},
        {"pid": second, "op": "rebuild"},
    ]
