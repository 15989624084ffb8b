"""`xtk import [DIR]`: an existing extension project (WXT, Plasmo, Vite/CRXJS, a plain manifest.json folder) read
into an xtk.toml, so the same sources build for Chrome, Edge and Firefox unchanged (docs/import.md).

detect.py picks the kind; one reader per kind (wxt.py, plasmo.py, vite.py, manifest_json.py) fills an `Imported`
(model.py) through the manifest mapping they share (manifest_map.py); literals.py reads TypeScript/JavaScript
object literals statically with the tree-sitter grammars; writer.py renders, validates and writes xtk.toml.
"""
