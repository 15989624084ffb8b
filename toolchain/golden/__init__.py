"""Golden vectors for any project: the language-neutral cases that prove a TypeScript runtime and its Python
reference agree.

- `format`: the file format (load, write, `{"$corpus": ...}` references, JSON equality);
- `project`: the project's `[golden]` table and its reference module, loaded as a plug-in (its `FUNCTIONS`, and
  optionally its case sources: property cases, corpus cases, a domain check, corpus references);
- `commands`: `generate`, `check` and `make`, which `xtk golden` runs.

xtk knows no project's functions: DocMind's reference and case generators are `docmind_reference` (in
extension_src/api/). docs/golden.md describes the format, the reference module's interface and the commands.
"""
