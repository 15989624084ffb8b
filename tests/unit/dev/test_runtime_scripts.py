"""Content scripts registered at run time in Chromium dev sessions (toolchain/dev/runtime_scripts.py): which
manifests may, what the dev manifest becomes, and which edits need no extension reload."""

from __future__ import annotations

import copy
import json
import time
from pathlib import Path
from typing import Any

import pytest

from toolchain.dev.runtime_scripts import dev_manifest, reached_outputs, registrations, script_files


def _manifest(**changes: Any) -> dict[str, Any]:
    manifest: dict[str, Any] = {
        "manifest_version": 3,
        "name": "x",
        "version": "1",
        "background": {"service_worker": "background.js", "type": "module"},
        "permissions": ["storage"],
        "host_permissions": ["https://api.example.org/*"],
        "content_scripts": [
            {
                "matches": ["https://*.example.org/*"],
                "js": ["content.js"],
                "css": ["content.css"],
                "run_at": "document_start",
            },
            {
                "matches": ["https://example.com/*", "https://api.example.org/*"],
                "exclude_matches": ["https://example.com/x/*"],
                "js": ["main.js"],
                "world": "MAIN",
                "all_frames": True,
                "match_origin_as_fallback": True,
            },
        ],
    }
    manifest.update(changes)
    return manifest


def test_each_content_script_becomes_a_registration_with_the_api_field_names() -> None:
    assert registrations(_manifest()) == [
        {
            "id": "xtk-dev-0",
            "matches": ["https://*.example.org/*"],
            "js": ["content.js"],
            "css": ["content.css"],
            "runAt": "document_start",
            "persistAcrossSessions": False,
        },
        {
            "id": "xtk-dev-1",
            "matches": ["https://example.com/*", "https://api.example.org/*"],
            "excludeMatches": ["https://example.com/x/*"],
            "js": ["main.js"],
            "world": "MAIN",
            "allFrames": True,
            "matchOriginAsFallback": True,
            "persistAcrossSessions": False,
        },
    ]


def test_the_dev_manifest_drops_the_declared_scripts_and_gains_what_registration_needs() -> None:
    manifest = _manifest()
    original = copy.deepcopy(manifest)
    changed = dev_manifest(manifest, registrations(manifest))
    assert manifest == original, "the rendered manifest itself is left alone"
    assert "content_scripts" not in changed
    assert changed["permissions"] == ["storage", "scripting"]
    assert changed["host_permissions"] == [
        "https://api.example.org/*",
        "https://*.example.org/*",
        "https://example.com/*",
    ]
    assert {k: v for k, v in changed.items() if k not in ("permissions", "host_permissions")} == {
        k: v for k, v in original.items() if k not in ("permissions", "host_permissions", "content_scripts")
    }


def test_scripting_already_declared_is_not_repeated() -> None:
    manifest = _manifest(permissions=["scripting"])
    del manifest["host_permissions"]
    changed = dev_manifest(manifest, registrations(manifest))
    assert changed["permissions"] == ["scripting"]
    assert changed["host_permissions"] == [
        "https://*.example.org/*",
        "https://example.com/*",
        "https://api.example.org/*",
    ]


@pytest.mark.parametrize(
    "change",
    [
        {"manifest_version": 2},
        {"background": {"scripts": ["background.js"]}},
        {"content_scripts": []},
        {"content_scripts": [{"matches": ["https://a.org/*"], "js": ["c.js"], "include_globs": ["*a*"]}]},
        {"content_scripts": [{"matches": ["https://a.org/*"], "js": ["c.js"], "exclude_globs": ["*a*"]}]},
        {"content_scripts": [{"matches": ["https://a.org/*"], "js": ["c.js"], "match_about_blank": True}]},
    ],
    ids=["mv2", "no-service-worker", "no-scripts", "include_globs", "exclude_globs", "match_about_blank"],
)
def test_manifests_registration_cannot_express_keep_their_declared_scripts(change: dict[str, Any]) -> None:
    manifest = _manifest(**change)
    assert registrations(manifest) == []
    assert dev_manifest(manifest, []) is manifest


def test_an_edit_reaching_only_content_script_outputs_is_told_apart(tmp_path: Path) -> None:
    out = tmp_path / "build/dev/chrome"
    src = tmp_path / "src"
    outputs = {
        out / "background.js": {src / "background.ts", src / "shared.ts"},
        out / "content.js": {src / "content.ts", src / "shared.ts", src / "widget.ts"},
        out / "content.js.map": set(),
        out / "content.css": {src / "content.css"},
        out / "popup.js": {src / "popup.ts"},
    }
    scripts = script_files(out, registrations(_manifest()))
    assert scripts == {(out / "content.js").resolve(), (out / "content.css").resolve(), (out / "main.js").resolve()}
    resolved = {output.resolve(): inputs for output, inputs in outputs.items()}
    assert reached_outputs(resolved, {src / "widget.ts"}) <= scripts
    assert reached_outputs(resolved, {src / "content.css", src / "content.ts"}) <= scripts
    assert not reached_outputs(resolved, {src / "shared.ts"}) <= scripts, "shared with the background"
    assert not reached_outputs(resolved, {src / "popup.ts"}) <= scripts


class _Worker:
    """A service worker as CDP shows it: it answers an evaluation, fails it, stops meanwhile, or never answers."""

    def __init__(self, url: str, failure: str | None = None, stops: bool = False, stuck: bool = False) -> None:
        self.url, self.failure, self.stops, self.stuck = url, failure, stops, stuck
        self.expressions: list[str] = []


class _CDP:
    def __init__(self, context: _Context) -> None:
        self.context, self.worker = context, None
        self.handlers: list[Any] = []
        self.detached = False

    def on(self, event: str, handler: Any) -> None:
        self.handlers.append(handler)

    def send(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        workers = self.context.workers
        if method == "Target.getTargets":
            return {
                "targetInfos": [{"type": "page", "url": "about:blank", "targetId": "page"}]
                + [
                    {"type": "service_worker", "url": worker.url, "targetId": str(index)}
                    for index, worker in enumerate(workers)
                ]
            }
        assert params is not None
        if method == "Target.attachToTarget":
            self.worker = workers[int(params["targetId"])]
            return {"sessionId": "s1"}
        assert method == "Target.sendMessageToTarget" and self.worker is not None
        message = json.loads(params["message"])
        self.worker.expressions.append(message["params"]["expression"])
        if self.worker.stops:
            workers.remove(self.worker)
            raise RuntimeError("Target closed")
        if not self.worker.stuck:
            result = {"exceptionDetails": {"text": self.worker.failure}} if self.worker.failure else {"result": {}}
            for handler in self.handlers:
                handler({"sessionId": "s1", "message": json.dumps({"id": message["id"], "result": result})})
        return {}

    def detach(self) -> None:
        self.detached = True


class _Page:
    def is_closed(self) -> bool:
        return False

    def wait_for_timeout(self, ms: float) -> None:
        time.sleep(ms / 1000)


class _Context:
    def __init__(self) -> None:
        self.workers: list[_Worker] = []
        self.pages = [_Page()]
        self.sessions: list[_CDP] = []

    def new_cdp_session(self, page: _Page) -> _CDP:
        self.sessions.append(_CDP(self))
        return self.sessions[-1]


class _Browser:
    extension_base_url = "chrome-extension://abc/"

    def __init__(self) -> None:
        self.context = _Context()


def test_updating_content_scripts_asks_the_running_worker_or_says_to_reload(monkeypatch: pytest.MonkeyPatch) -> None:
    from toolchain.dev import reload_chromium

    monkeypatch.setattr(reload_chromium, "WORKER_ANSWER", 0.2)
    update = reload_chromium.update_content_scripts
    scripts = registrations(_manifest())
    browser = _Browser()
    assert update(browser, scripts) is False, "no worker runs: the caller reloads the extension"  # type: ignore[arg-type]

    other, ours = _Worker("chrome-extension://other/sw.js"), _Worker("chrome-extension://abc/background.js")
    browser.context.workers += [other, ours]
    assert update(browser, scripts) is True  # type: ignore[arg-type]
    assert ours.expressions == [f"chrome.scripting.updateContentScripts({json.dumps(scripts)})"]
    assert other.expressions == []

    browser.context.workers = [_Worker("chrome-extension://abc/background.js", failure="Target closed", stops=True)]
    assert update(browser, scripts) is False, "the worker stopped meanwhile"  # type: ignore[arg-type]

    # The extension's own code unregistered them: a reload registers them again (and reports what fails then).
    browser.context.workers = [
        _Worker("chrome-extension://abc/background.js", failure="Error: Script with ID 'xtk-dev-0' does not exist")
    ]
    assert update(browser, scripts) is False  # type: ignore[arg-type]

    # A worker stuck in a loop never answers: after WORKER_ANSWER the caller reloads, which stops it.
    browser.context.workers = [_Worker("chrome-extension://abc/background.js", stuck=True)]
    assert update(browser, scripts) is False  # type: ignore[arg-type]
    assert all(session.detached for session in browser.context.sessions)
