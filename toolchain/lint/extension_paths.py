"""The files a plain extension names — in its manifest and in its pages — and whether each stays inside it.

A browser reads an extension's files from its own folder only, so a name that leaves it (`../../x.js`, a Windows
path `C:\\x.js`, a `file:` URL, or a link out of an unpacked folder) names nothing the browser will load — and xtk
must not read it either: lint never reads a file because the manifest or a page names it unless it is inside the
extension (`inside_extension`). A root-absolute name (`/icons/a.png`) is relative to the extension's root in both
browsers (Chromium drops the leading slash, Firefox resolves it as a URL), never to the disk's.

What the browsers do with one that leaves, as measured (Chromium 156, Firefox 153 ESR, unpacked folders):
- `..` above the root: Chromium refuses any path with a `..` part (extensions/common/extension_resource.cc) — a
  content script is dropped without a word, a background script or an icon fails the load; Firefox resolves the
  name as a URL inside the extension (`../x.js` → `x.js` at the root), another file or none.
- a link out of the folder: neither runs a content script named through it, and neither says so.
"""

from __future__ import annotations

import errno
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from toolchain.json_pointer import escape_token
from toolchain.positions.json import member_path
from toolchain.urls import url_scheme

Kind = Literal["script", "style", "page", "icon", "resource", "file", "locale"]

#: the longest file name and path the systems browsers run on accept (a longer name cannot be a file)
_NAME_MAX = 255
_PATH_MAX = 4096
_DRIVE = re.compile(r"^[A-Za-z]:([\\/]|$)")
_ICON_HOLDERS = ("action", "browser_action", "page_action", "sidebar_action")


@dataclass(frozen=True)
class NamedPath:
    """A path the manifest names: where (pointer, key path as people write it), what it is, as written."""

    pointer: str
    key_path: str
    kind: Kind
    value: str


@dataclass(frozen=True)
class Departure:
    """Why a name leaves the extension: `how` is "parent", "drive", "file-url", "link" (or "no-file": no file can
    have that name)."""

    how: Literal["parent", "drive", "file-url", "link", "no-file"]
    detail: str  # for a link: where it leads, relative to the extension; for `..`: what Firefox resolves it to


def leaves_extension(root: Path, value: str, *, glob: bool = False) -> Departure | None:
    """How `value` (a name from the manifest, relative to the extension's root) leaves the extension, or None when
    it stays inside. Reads no file: a link's target is looked up, never opened. `glob`: a web-accessible pattern,
    judged on its text alone."""
    text = value.strip()
    parts = re.split(r"[\\/]", text)
    if "\0" in text or len(text.encode()) > _PATH_MAX or any(len(part.encode()) > _NAME_MAX for part in parts):
        return Departure("no-file", "")
    if _DRIVE.match(text) or text.startswith("\\\\"):
        return Departure("drive", "")
    if url_scheme(text) == "file":
        return Departure("file-url", "")
    if url_scheme(text) is not None or text.startswith("//"):
        return None  # a remote or the extension's own URL: not a file name (XS001 judges remote code)
    relative = text.lstrip("/")
    depth = 0
    kept: list[str] = []
    climbs = False
    for part in re.split(r"[\\/]", relative):
        if part == "..":
            depth -= 1
            climbs = climbs or depth < 0
            if kept:
                kept.pop()
        elif part not in ("", "."):
            depth += 1
            kept.append(part)
    if climbs:
        return Departure("parent", "/".join(kept))
    if glob or any(ch in relative for ch in "*?["):
        return None
    base = root.resolve()
    resolved = (base / relative).resolve()
    if not resolved.is_relative_to(base):
        return Departure("link", os.path.relpath(resolved, base))
    return None


def symlink_loops(root: Path) -> list[str]:
    """The symbolic links in the folder that lead back to themselves (`a.js` → `b.js` → `a.js`), relative to it:
    no browser can read them, and resolving one raises, so a folder holding one is refused before anything else
    (walked once, links not followed)."""
    loops = []
    for folder, folders, files in os.walk(root, followlinks=False):
        for name in sorted(folders + files):
            path = os.path.join(folder, name)
            if not os.path.islink(path):
                continue
            try:
                os.stat(path)
            except OSError as error:
                if error.errno == errno.ELOOP:
                    loops.append(Path(path).relative_to(root).as_posix())
    return sorted(loops)


#: the suffixes of the scripts a package holds (what XL026 and XL027 read, loaded or not)
SCRIPT_SUFFIXES = (".js", ".mjs", ".cjs")


def package_scripts(folder: Path) -> list[Path]:
    """Every script file in the package, loaded or not, in a stable order: regular files only — a symbolic link is
    never followed (one out of the extension is XL010's, and xtk reads nothing through it)."""
    found = []
    for directory, folders, files in os.walk(folder):  # directory links are not followed either
        folders.sort()
        for name in sorted(files):
            path = Path(directory) / name
            if name.lower().endswith(SCRIPT_SUFFIXES) and not path.is_symlink() and path.is_file():
                found.append(path)
    return found


def is_file(path: Path) -> bool:
    """Is there a file at `path`? False, not an error, for a name the system refuses (longer than a name can be)."""
    try:
        return path.is_file()
    except OSError:
        return False


def inside_extension(root: Path, value: str) -> Path | None:
    """The file `value` names inside the extension (resolved), or None when it leaves it: never to be read."""
    if leaves_extension(root, value) is not None:
        return None
    return (root.resolve() / value.strip().lstrip("/")).resolve()


def shown(value: str, limit: int = 120) -> str:
    """A name as a finding quotes it: control characters escaped, a long one cut (`xxxx…`, 5,004 characters)."""
    text = "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode() for ch in value[:limit])
    return f"{text}… ({len(value):,} characters)" if len(value) > limit else text


def consequence(departure: Departure) -> str:
    """What a browser and xtk do with a name that leaves the extension (for findings)."""
    if departure.how == "parent":
        firefox = f"`{departure.detail}` inside the extension" if departure.detail else "the extension's root"
        return (
            "it climbs out of the extension's folder: Chromium refuses the path (a content script is dropped "
            "without a word, a background script or an icon fails the load), Firefox reads "
            f"{firefox} instead, and no package can carry the file it names"
        )
    if departure.how == "drive":
        return (
            "it is a path on a Windows disk, not in the extension: browsers read a manifest's files from the "
            "extension only, and no package can carry it"
        )
    if departure.how == "no-file":
        return (
            "no file can have this name (it holds a NUL character, or a part longer than 255 bytes): no browser "
            "loads it, and no package can carry it"
        )
    if departure.how == "file-url":
        return (
            "it is a `file:` URL, not a file of the extension: browsers read a manifest's files from the "
            "extension only, and no package can carry it"
        )
    return (
        f"it is a symbolic link out of the extension (to `{departure.detail}`): browsers do not load a file "
        "through it from an unpacked folder (Chromium 156 and Firefox 153 run no content script named through "
        "one, without a word), and a zip of the folder holds other bytes (a copy of the target when it was "
        "zipped) or none (the link, which xtk refuses in an archive)"
    )


def manifest_paths(manifest: dict[str, Any]) -> list[NamedPath]:
    """Every file name the manifest holds, with its place: scripts, styles, pages, icons, web-accessible resources,
    rule files, the managed-storage schema, and the default locale (a folder of `_locales/`)."""
    found: list[NamedPath] = []

    def add(value: Any, pointer: str, key_path: str, kind: Kind) -> None:
        if isinstance(value, str):
            found.append(NamedPath(pointer, key_path, kind, value))

    def each(value: Any, pointer: str, key_path: str, kind: Kind) -> None:
        for i, item in enumerate(value if isinstance(value, list) else []):
            add(item, f"{pointer}/{i}", f"{key_path}[{i}]", kind)

    def member(container: Any, key: str, pointer: str, key_path: str, kind: Kind) -> None:
        if isinstance(container, dict):
            add(container.get(key), f"{pointer}/{key}", member_path(key_path, key), kind)

    def icons(value: Any, pointer: str, key_path: str) -> None:
        if isinstance(value, dict):
            for size, icon in value.items():
                add(icon, f"{pointer}/{escape_token(size)}", member_path(key_path, size), "icon")
        else:
            add(value, pointer, key_path, "icon")

    background = manifest.get("background")
    if isinstance(background, dict):
        member(background, "service_worker", "/background", "background", "script")
        each(background.get("scripts"), "/background/scripts", "background.scripts", "script")
        member(background, "page", "/background", "background", "page")
    content = manifest.get("content_scripts")
    for i, script in enumerate(content if isinstance(content, list) else []):
        if isinstance(script, dict):
            each(script.get("js"), f"/content_scripts/{i}/js", f"content_scripts[{i}].js", "script")
            each(script.get("css"), f"/content_scripts/{i}/css", f"content_scripts[{i}].css", "style")
    for key in _ICON_HOLDERS:
        holder = manifest.get(key)
        if isinstance(holder, dict):
            member(holder, "default_popup", f"/{key}", key, "page")
            member(holder, "default_panel", f"/{key}", key, "page")
            if "default_icon" in holder:
                icons(holder["default_icon"], f"/{key}/default_icon", f"{key}.default_icon")
            themed = holder.get("theme_icons")  # Firefox: [{"light": …, "dark": …, "size": 16}]
            for i, entry in enumerate(themed if isinstance(themed, list) else []):
                for shade in ("light", "dark"):
                    member(entry, shade, f"/{key}/theme_icons/{i}", f"{key}.theme_icons[{i}]", "icon")
    member(manifest.get("options_ui"), "page", "/options_ui", "options_ui", "page")
    add(manifest.get("options_page"), "/options_page", "options_page", "page")
    member(manifest.get("side_panel"), "default_path", "/side_panel", "side_panel", "page")
    add(manifest.get("devtools_page"), "/devtools_page", "devtools_page", "page")
    sandbox = manifest.get("sandbox")
    if isinstance(sandbox, dict):
        each(sandbox.get("pages"), "/sandbox/pages", "sandbox.pages", "page")
    overrides = manifest.get("chrome_url_overrides")
    for name, page in overrides.items() if isinstance(overrides, dict) else []:
        add(page, f"/chrome_url_overrides/{escape_token(name)}", member_path("chrome_url_overrides", name), "page")
    if "icons" in manifest:
        icons(manifest["icons"], "/icons", "icons")
    resources = manifest.get("web_accessible_resources")
    for i, entry in enumerate(resources if isinstance(resources, list) else []):
        if isinstance(entry, dict):  # MV3: groups
            each(
                entry.get("resources"),
                f"/web_accessible_resources/{i}/resources",
                f"web_accessible_resources[{i}].resources",
                "resource",
            )
        else:  # MV2: one flat list
            add(entry, f"/web_accessible_resources/{i}", f"web_accessible_resources[{i}]", "resource")
    rules = manifest.get("declarative_net_request")
    rule_resources = rules.get("rule_resources") if isinstance(rules, dict) else None
    for i, ruleset in enumerate(rule_resources if isinstance(rule_resources, list) else []):
        member(
            ruleset,
            "path",
            f"/declarative_net_request/rule_resources/{i}",
            f"declarative_net_request.rule_resources[{i}]",
            "file",
        )
    member(manifest.get("storage"), "managed_schema", "/storage", "storage", "file")
    member(manifest.get("user_scripts"), "api_script", "/user_scripts", "user_scripts", "script")
    add(manifest.get("default_locale"), "/default_locale", "default_locale", "locale")
    return found
