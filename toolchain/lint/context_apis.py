"""Which extension APIs a kind of context may use: `specs/knowledge/context-apis.json` (sources cited there).

Content scripts get a few namespaces (storage, i18n, part of runtime…), sandboxed pages none, and a service worker
lacks the calls that return a window (`runtime.getBackgroundPage`). Elsewhere (the background, extension pages) an
API is limited only by the manifest (permissions, keys), which other rules judge. XP010 asks here.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from toolchain.lint import knowledge
from toolchain.resources import specs_dir

DATA_FILE = "context-apis.json"


@cache
def table() -> dict[str, Any]:
    """The data file, read once (its shape is checked by tests/unit/lint/test_trust_rules.py)."""
    data: dict[str, Any] = json.loads((specs_dir() / "knowledge" / DATA_FILE).read_text(encoding="utf-8"))
    return data


def _covers(entry: str, api: str) -> bool:
    return api == entry or api.startswith(entry + ".")


def limited_contexts() -> list[str]:
    """The contexts with a list of allowed APIs (content, sandbox)."""
    return sorted(table()["contexts"])


def label(context: str) -> str:
    if context == "service_worker":
        return str(table()["service_worker"]["label"])
    return str(table()["contexts"][context]["label"])


def allowed_in(context: str, api: str, browser: str) -> bool:
    """May code running in `context` (a limited one) use `api` in `browser`?"""
    lists = table()["contexts"][context]["allowed"]
    own = knowledge.data_browser(browser)
    allowed = lists[own] if own in lists else lists.get(knowledge.family(browser), lists.get("chrome", []))
    return any(_covers(entry, api) for entry in allowed)


def unavailable_in_service_worker(api: str) -> bool:
    return any(_covers(entry, api) for entry in table()["service_worker"]["unavailable"])
