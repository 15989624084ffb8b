"""Source analysis for `xtk lint`: facts about each TypeScript/JavaScript file (facts.py), extracted with
tree-sitter (parse.py; extract.py, walker.py and its walk_*.py concerns, project_analysis.py), with the build-time
guards over `import.meta.env` (guard_language.py, guards.py). README.md lists every module."""
