"""Source analysis for `xtk lint`: facts about each TypeScript/JavaScript file (facts.py), extracted with
tree-sitter (parse.py, extract.py), with the build-time guards over `import.meta.env` (guards.py)."""
