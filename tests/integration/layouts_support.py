"""A project laid out as WXT lays one out: `src = "."`, the entries in `entrypoints/` beside package.json, with the
page kinds and manifest keys other tools accept (devtools page and panel, options_ui, sandbox, url overrides) and a
script for `scripting.executeScript({files})`. Shared by tests/integration/test_layouts.py and
tests/browser/test_executed_scripts.py."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import EXTENSION

CONFIG = """\
src = "."

[extension]
name = "Root layout"
version = "1.0.0"

[targets.chrome]
min_version = "121"

[targets.firefox]
min_version = "142.0"
gecko_id = "root-layout@example.com"
data_collection = { required = ["none"] }

[icons]
16 = "public/icon-16.png"

[background]
entry = "entrypoints/background.ts"

[action]
popup = "entrypoints/popup/index.html"

[options]
page = "entrypoints/options/index.html"

[devtools]
page = "entrypoints/devtools/index.html"

[[pages]]             # the panel devtools.panels.create names
page = "entrypoints/devtools-panel/index.html"

[[sandbox]]
page = "entrypoints/sandbox/index.html"

[overrides]           # Chrome and Edge take one override; Firefox only newtab (history dropped, XB102)
history = "entrypoints/history/index.html"

[[scripts]]
entry = "entrypoints/inject/page-title.ts"

[[scripts]]
entry = "entrypoints/inject/later.ts"

[permissions]
scripting = "Reads the title of the page the user asks about."

[host_permissions]
"http://127.0.0.1/*" = "The test pages."
"""

_PAGE = (
    '<!doctype html>\n<html>\n<head><meta charset="utf-8"></head>\n<body>\n'
    '<script {type}src="./{script}"></script>\n</body>\n</html>\n'
)

FILES: dict[str, str] = {
    "package.json": '{"name": "root-layout", "private": true}\n',
    # the files it names for executeScript are the build paths of the [[scripts]] entries
    "entrypoints/background.ts": (
        "export function pageFacts(tabId: number) {\n"
        "  const files = ['entrypoints/inject/page-title.js', 'entrypoints/inject/later.js'];\n"
        "  const run = (file: string) => chrome.scripting.executeScript({ target: { tabId }, files: [file] });\n"
        "  return Promise.all(files.map(run));\n"
        "}\n"
        "Object.assign(globalThis, { pageFacts });\n"
    ),
    "entrypoints/popup/index.html": _PAGE.format(type='type="module" ', script="main.ts"),
    "entrypoints/popup/main.ts": 'import { shout } from "../../utils/shout";\ndocument.title = shout("popup");\n',
    "entrypoints/options/index.html": _PAGE.format(type='type="module" ', script="main.ts"),
    "entrypoints/options/main.ts": 'document.title = "options";\n',
    "entrypoints/devtools/index.html": _PAGE.format(type="", script="main.ts"),
    "entrypoints/devtools/main.ts": (
        'chrome.devtools.panels.create("Root layout", "", "entrypoints/devtools-panel/index.html");\n'
    ),
    "entrypoints/devtools-panel/index.html": _PAGE.format(type='type="module" ', script="main.ts"),
    "entrypoints/devtools-panel/main.ts": 'document.body.append("panel");\n',
    "entrypoints/sandbox/index.html": _PAGE.format(type='type="module" ', script="main.ts"),
    "entrypoints/sandbox/main.ts": 'document.body.append("sandboxed");\n',
    "entrypoints/history/index.html": _PAGE.format(type='type="module" ', script="main.ts"),
    "entrypoints/history/main.ts": 'document.title = "history";\n',
    # executeScript returns the default export: the page's title, shouted by an imported helper
    "entrypoints/inject/page-title.ts": (
        'import { shout } from "../../utils/shout";\n\nexport default shout(document.title);\n'
    ),
    # a promise: the browser awaits it
    "entrypoints/inject/later.ts": (
        "export default new Promise<{ words: number }>((resolve) =>\n"
        "  setTimeout(() => resolve({ words: document.body.innerText.trim().split(/\\s+/).length }), 10),\n"
        ");\n"
    ),
    "utils/shout.ts": "export function shout(text: string): string {\n  return `${text.toUpperCase()}!`;\n}\n",
    # never sources, though src = "." holds them
    "public/icon-16.png": "not really a png",
    "public/robots.txt": "copied as it is\n",
    ".cache/stale.ts": 'throw new Error("a dot-folder is never a source");\n',
    "vendor/node_modules/left-pad/index.js": "module.exports = 1;\n",
}


def write_root_layout(directory: Path) -> Path:
    """The project in `directory` (node_modules linked to extension_src's, which has esbuild)."""
    for relative, text in FILES.items():
        path = directory / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    (directory / "xtk.toml").write_text(CONFIG, encoding="utf-8")
    (directory / "node_modules").symlink_to(EXTENSION / "node_modules", target_is_directory=True)
    return directory
