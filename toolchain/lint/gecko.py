"""What a plain extension's manifest says to Firefox and addons.mozilla.org: its `gecko` settings."""

from __future__ import annotations

from typing import Any


def settings_key(manifest: dict[str, Any]) -> str:
    """Where the settings are: `browser_specific_settings`, or the older `applications` when only it is there."""
    return (
        "applications"
        if "applications" in manifest and "browser_specific_settings" not in manifest
        else ("browser_specific_settings")
    )


def gecko_settings(manifest: dict[str, Any]) -> dict[str, Any]:
    """`browser_specific_settings.gecko` (or `applications.gecko`); {} when absent or not an object."""
    settings = manifest.get(settings_key(manifest)) or {}
    gecko = settings.get("gecko") if isinstance(settings, dict) else None
    return gecko if isinstance(gecko, dict) else {}


def gecko_pointer(manifest: dict[str, Any]) -> str:
    """The nearest place to report something missing from the gecko settings: the settings themselves, their
    container, or `manifest_version` when the manifest has neither."""
    key = settings_key(manifest)
    container = manifest.get(key)
    if isinstance(container, dict) and isinstance(container.get("gecko"), dict):
        return f"/{key}/gecko"
    if isinstance(container, dict):
        return f"/{key}"
    return "/manifest_version" if "manifest_version" in manifest else ""


def has_addon_id(manifest: dict[str, Any]) -> bool:
    found = gecko_settings(manifest).get("id")
    return isinstance(found, str) and bool(found.strip())


def _major(value: Any) -> int | None:
    if not isinstance(value, str):
        return None
    head = value.split(".", 1)[0]
    return int(head) if head.isdigit() else None


def min_versions(manifest: dict[str, Any]) -> tuple[int | None, int | None]:
    """The declared minimum Firefox major version, desktop and Android (`gecko_android.strict_min_version`, else the
    desktop one), as addons-linter reads them. A desktop minimum from 69 to 78 counts as 79 on Android: no Firefox
    for Android was released between 68 and 79."""
    desktop = _major(gecko_settings(manifest).get("strict_min_version"))
    settings = manifest.get(settings_key(manifest))
    android_settings = settings.get("gecko_android") if isinstance(settings, dict) else None
    android = _major(android_settings.get("strict_min_version")) if isinstance(android_settings, dict) else None
    if android is None and desktop is not None:
        android = 79 if 69 <= desktop < 79 else desktop
    return desktop, android
