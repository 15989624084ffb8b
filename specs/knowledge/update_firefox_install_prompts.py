"""Regenerate specs/knowledge/firefox-install-prompts.json: what Firefox's install (and update) prompt lists for an
extension's permissions, in Firefox's own English words.

Sources, read from the installed Firefox's `omni.ja` with `zipfile`:
- `modules/ExtensionPermissionMessages.sys.mjs`: `PERMISSIONS_WITH_MESSAGE`, the API permissions the prompt names
  (every other permission is granted silently), and how a permission becomes its message id (`permissionToL10nId`:
  `downloads.open` → `webext-perms-description-downloads-open`);
- `localization/en-US/toolkit/global/extensionPermissions.ftl`: those messages;
- `localization/en-US/toolkit/global/extensions.ftl`: the host messages (`webext-perms-host-description-*`), which
  `ExtensionData.formatPermissionStrings` and `classifyOriginPermissions` (modules/Extension.sys.mjs) use: one for
  `<all_urls>` or a `*` host, one per `*.domain` wildcard, one per site. `{ -brand-short-name }` becomes "Firefox".

Usage:  python specs/knowledge/update_firefox_install_prompts.py [--firefox /usr/lib/firefox-esr] [--output PATH]
"""

from __future__ import annotations

import argparse
import configparser
import json
import re
import sys
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
_MESSAGE = re.compile(r"^(webext-perms-(?:host-)?description-[A-Za-z0-9-]+) = (.+)$", re.MULTILINE)


def read(firefox: Path) -> dict[str, object]:
    with zipfile.ZipFile(firefox / "omni.ja") as packed:
        module = packed.read("modules/ExtensionPermissionMessages.sys.mjs").decode("utf-8")
        permissions_ftl = packed.read("localization/en-US/toolkit/global/extensionPermissions.ftl").decode("utf-8")
        extensions_ftl = packed.read("localization/en-US/toolkit/global/extensions.ftl").decode("utf-8")
    listed = module.split("PERMISSIONS_WITH_MESSAGE = new Set([", 1)[1].split("]);", 1)[0]
    permissions = sorted(re.findall(r'"([^"]+)"', listed))
    messages: dict[str, str] = {}
    for text in (permissions_ftl, extensions_ftl):
        for key, value in _MESSAGE.findall(text):
            if "-data-" in key:
                continue  # data-collection wording: XL016's business, not a permission prompt
            value = value.replace("{ -brand-short-name }", "Firefox")
            messages[key] = re.sub(r"\{ \$(\w+) \}", r"{\1}", value)
    missing = [p for p in permissions if message_id(p) not in messages]
    if missing:
        raise SystemExit(f"no English message for {missing}: Firefox's files changed; update this script")
    return {"permissions_with_message": permissions, "messages": dict(sorted(messages.items()))}


def message_id(permission: str) -> str:
    """Firefox's permissionToL10nId: non-alphanumeric runs become `-`, trimmed."""
    return "webext-perms-description-" + re.sub(r"[^a-zA-Z0-9]+", "-", permission).strip("-")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--firefox", type=Path, default=Path("/usr/lib/firefox-esr"))
    parser.add_argument("--output", type=Path, default=HERE / "firefox-install-prompts.json")
    args = parser.parse_args()
    ini = configparser.ConfigParser()
    ini.read(args.firefox / "application.ini")
    version = ini.get("App", "Version", fallback="unknown")
    data = {
        "$comment": "What Firefox's install prompt lists for an extension's permissions (toolchain/lint/"
        "install_warnings.py). Made by specs/knowledge/update_firefox_install_prompts.py.",
        "source": f"Firefox {version}'s omni.ja: ExtensionPermissionMessages.sys.mjs, extensionPermissions.ftl, "
        "extensions.ftl",
        "firefox_version": version,
        **read(args.firefox),
    }
    args.output.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{args.output}: {len(data['permissions_with_message'])} permissions with a message", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
