"""CSS a script imports (`import "./x.css"`, CSS modules) reaches the page the script runs in.

esbuild writes such CSS beside the script's bundle (the metafile's `cssBundle`), and nothing loads it: a content
script came up unstyled, a popup unstyled, without a word. After esbuild ran, each content script's CSS is listed
in its `content_scripts[].css` (the browser injects it with the script) and each page that loads a script with CSS
links that CSS in its `<head>`. Pure functions over the manifest, the page text and the metafile.
"""

from __future__ import annotations

import html
import posixpath
import re
from typing import Any

_HEAD_END = re.compile(r"</head\s*>", re.IGNORECASE)


def css_bundles(metafile: dict[str, Any]) -> dict[str, str]:
    """Each script output (relative to the build folder) → the CSS esbuild wrote for what it imports."""
    return {
        output: info["cssBundle"]
        for output, info in metafile.get("outputs", {}).items()
        if isinstance(info, dict) and isinstance(info.get("cssBundle"), str)
    }


def with_content_script_css(manifest: dict[str, Any], css_of: dict[str, str]) -> dict[str, Any]:
    """The manifest with each content script's imported CSS in its `css` list (after the CSS it declares)."""
    scripts = manifest.get("content_scripts")
    if not css_of or not isinstance(scripts, list):
        return manifest
    updated = []
    for entry in scripts:
        imported = [css_of[js] for js in entry.get("js", []) if js in css_of] if isinstance(entry, dict) else []
        declared = list(entry.get("css", [])) if imported else []
        added = [css for css in dict.fromkeys(imported) if css not in declared]
        updated.append({**entry, "css": declared + added} if added else entry)
    return {**manifest, "content_scripts": updated}


def with_linked_css(page_out: str, text: str, css_of: dict[str, str]) -> str:
    """The page with a stylesheet link for the CSS of each script it loads, before `</head>` (or first)."""
    folder = posixpath.dirname(page_out) or "."
    links = []
    for script, css in css_of.items():
        relative = posixpath.relpath(script, folder)
        if not any(f'src="{src}"' in text for src in (relative, f"./{relative}")):
            continue
        href = posixpath.relpath(css, folder)
        if f'href="{href}"' in text or f'href="./{href}"' in text:
            continue
        links.append(f'<link rel="stylesheet" href="./{html.escape(href)}">')
    if not links:
        return text
    block = "".join(links)
    end = _HEAD_END.search(text)
    return text[: end.start()] + block + text[end.start() :] if end else block + text
