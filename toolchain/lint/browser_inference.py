"""Which browsers a plain extension is for, read from its manifest (`xtk lint path/` without `--browser`).

A project says its targets in xtk.toml; a plain folder only has its manifest, and judging it for a browser that
would refuse to load it reports problems nobody will meet (MV3 `page_action` "unavailable in Chrome" in an
extension Chrome cannot load). What the manifest shows:

- Manifest V2: Firefox. Chrome no longer runs MV2 extensions.
- Manifest V3 with `background.scripts` or `background.page` and no `service_worker`: Firefox only. Chrome refuses
  MV3 background scripts ("'background.scripts' requires manifest version of 2 or lower"); Firefox runs MV3
  background scripts as an event page.
- Manifest V3 otherwise, and legacy manifests without `manifest_version` (Chrome's MV1, whose background page was
  Chrome's own; Firefox never ran them): Chrome, and Firefox too when `browser_specific_settings.gecko` (or
  `applications.gecko`) is there.
"""

from __future__ import annotations

from typing import Any

from toolchain import browser_targets


def browsers_for(manifest: dict[str, Any]) -> list[str]:
    chromium, gecko_target = browser_targets.of_engine("chromium")[0], browser_targets.of_engine("gecko")[0]
    if manifest.get("manifest_version") == 2:
        return [gecko_target]
    settings = manifest.get("browser_specific_settings") or manifest.get("applications") or {}
    gecko = isinstance(settings, dict) and "gecko" in settings
    background = manifest.get("background")
    background = background if isinstance(background, dict) else {}
    event_page = ("scripts" in background or "page" in background) and "service_worker" not in background
    event_page_only = manifest.get("manifest_version") == 3 and event_page
    if event_page_only:
        return [gecko_target]
    return [chromium, gecko_target] if gecko else [chromium]
