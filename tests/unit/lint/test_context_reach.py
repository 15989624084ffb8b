"""What runs where (LintContext.reachable_in): the calls between the files' functions are gathered once per lint,
not again for every target and context followed (DocMind asked 17 times, each rebuilding the graph from every
file's facts), and the answers stay what they were."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from toolchain.lint.context import LintContext
from toolchain.lint.extension_targets import extension_context


class CountedCalls(list[Any]):
    """A file's `calls`, counting how often they are gone through."""

    passes = 0

    def __iter__(self) -> Iterator[Any]:
        CountedCalls.passes += 1
        return super().__iter__()


def _extension(folder: Path) -> Path:
    folder.mkdir()
    manifest = {
        "manifest_version": 3,
        "name": "reach",
        "version": "1",
        "permissions": ["storage", "tabs"],
        "background": {"service_worker": "background.js"},
        "content_scripts": [{"matches": ["https://example.com/*"], "js": ["shared.js", "content.js"]}],
        "action": {"default_popup": "popup.html"},
    }
    (folder / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    (folder / "shared.js").write_text(
        "function save(v) { chrome.storage.local.set({ v }); }\nfunction unused() { chrome.tabs.query({}); }\n",
        encoding="utf-8",
    )
    (folder / "content.js").write_text("save(document.title);\n", encoding="utf-8")
    (folder / "background.js").write_text("chrome.runtime.onInstalled.addListener(() => {});\n", encoding="utf-8")
    (folder / "popup.html").write_text('<script src="popup.js"></script>', encoding="utf-8")
    (folder / "popup.js").write_text("chrome.storage.local.get('v');\n", encoding="utf-8")
    return folder


def _counted(ctx: LintContext) -> None:
    for facts in ctx.facts.values():
        facts.calls = CountedCalls(facts.calls)
    CountedCalls.passes = 0


def test_the_call_graph_is_gathered_once_for_every_target_and_context(tmp_path: Path) -> None:
    ctx = extension_context(_extension(tmp_path / "extension"))
    _counted(ctx)
    target = ctx.targets[0]
    ctx.reachable_in(target, "background")
    one_question = CountedCalls.passes
    assert one_question >= len(ctx.facts)  # the first question goes through every file's calls
    for target in ctx.targets:
        for context in ("background", "content", "popup"):
            ctx.reachable_in(target, context)
        for path, facts in ctx.facts.items():
            for use in facts.api_uses:
                ctx.present(target, path, use)
    assert CountedCalls.passes == one_question  # and no other question goes through them again


def test_what_runs_where_is_unchanged(tmp_path: Path) -> None:
    ctx = extension_context(_extension(tmp_path / "extension"))
    target = ctx.targets[0]
    shared = next(path for path in ctx.facts if path.name == "shared.js")
    content = ctx.reachable_in(target, "content")
    assert (shared, "save") in content  # called from content.js, which runs beside it
    assert (shared, "unused") not in content  # never called
    background = ctx.reachable_in(target, "background")
    assert not any(path == shared for path, _ in background)  # shared.js is not loaded there
