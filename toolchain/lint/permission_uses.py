"""Permissions a build uses without calling an API they enable: `specs/knowledge/permission-uses.json`.

A permission is also used by a manifest key that needs it (`declarative_net_request` → declarativeNetRequest), by
an argument value (`["blocking"]` on a webRequest listener → webRequestBlocking), by a web-platform call it unlocks
in an extension (`document.execCommand("copy")` → clipboardWrite), by an API that needs it beside its own
(contextualIdentities needs cookies in Firefox), and an optional permission by being requested by name
(`permissions.request({permissions: ["history"]})`; a name computed at run time may be any optional permission), and
`tabs`/`activeTab` by a read of a Tab's `url`, `title`, `favIconUrl` or `pendingUrl` (analysis/tab_reads.py).
XP002 asks here before calling a permission unused.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from toolchain.lint.context import LintContext, Target
from toolchain.resources import specs_dir

DATA_FILE = "permission-uses.json"
ANY = "*"


@dataclass
class PermissionUses:
    """What a target uses beyond API calls: permission → why (shown nowhere yet; kept for evidence)."""

    used: dict[str, str] = field(default_factory=dict)
    #: an optional permission is requested by a name computed at run time: any of them may be
    any_optional: str | None = None

    def add(self, permissions: list[str], why: str) -> None:
        for permission in permissions:
            self.used.setdefault(permission, why)


@cache
def table() -> dict[str, Any]:
    """The data file, read once (its shape is checked by tests/unit/lint/test_permission_uses.py)."""
    return json.loads((specs_dir() / "knowledge" / DATA_FILE).read_text(encoding="utf-8"))


def permission_uses(ctx: LintContext, target: Target) -> PermissionUses:
    data = table()
    uses = PermissionUses()
    for entry in data["manifest_keys"]:
        if entry["key"] in target.manifest:
            uses.add(entry["permissions"], f"manifest key `{entry['key']}`")
    api_names = {use.api for _facts, use in ctx.each(target, "api_uses")}
    for entry in data["api_companions"]:
        if target.browser in entry["browsers"] and any(
            name == entry["api"] or name.startswith(entry["api"] + ".") for name in api_names
        ):
            uses.add(entry["permissions"], f"`{entry['api']}` needs it too")
    for facts, read in ctx.each(target, "tab_reads"):  # a Tab's url/title is what tabs (or activeTab) reveals
        uses.add(
            ["tabs", "activeTab"], f"`{read.field}` of a Tab read at {ctx.display(facts.path)}:{read.location.line}"
        )
    for facts, call in ctx.each(target, "call_strings"):
        where = f"{ctx.display(facts.path)}:{call.location.line}"
        for entry in data["argument_values"]:
            if call.callee not in entry["apis"]:
                continue
            if entry.get("optional_only"):  # the strings are permission names
                uses.add(sorted(call.strings), f"requested by name at {where}")
                if call.computed and uses.any_optional is None:
                    uses.any_optional = f"a permission name computed at run time is requested at {where}"
            elif call.strings & set(entry["values"]):
                uses.add(
                    entry["permissions"],
                    f"`{call.callee}` with {sorted(call.strings & set(entry['values']))} at {where}",
                )
        for entry in data["web_calls"]:
            if call.callee == entry["call"] and (not entry.get("values") or call.strings & set(entry["values"])):
                uses.add(entry["permissions"], f"`{call.callee}` at {where}")
    return uses
