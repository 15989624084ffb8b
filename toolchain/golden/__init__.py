"""Golden vectors: the language-neutral cases that prove the TypeScript runtime and the Python reference agree.

- `format`: the file format (load, write, `{"$corpus": ...}` references, JSON equality);
- `corpus`: the deterministic HTML → segments extraction and the corpus reference forms;
- `domain`: argument shapes and the agreed character domain every case must stay inside;
- `adversarial`, `derive`, `properties`: the three sources of cases (hand-written inputs files, the real pages in
  ../shared/corpus/pages, seeded property-based generation);
- `commands`: `generate`, `check` and `make`, which `xtk golden` runs.

specs/semantics.md §4 and docs/golden.md describe the format and the sources.
"""
