"""`xtk build`: project → plan → recipe → build/<browser>/. This package orchestrates a build; the tools it
drives (esbuild, tsc, the zips) are in `toolchain/tools/`.

- `pipeline.py` — the full path: load the plan, render and validate manifests, write the recipe's steps;
- `recipe.py` — what a build does, as plain data (esbuild commands, manifest, pages, assets, warnings);
- `execute.py` — runs a recipe: esbuild and tsc at once, staged outputs swapped in only on success;
- `cache.py` — a recipe whose inputs have not changed is replayed without loading the config again.

Submodules are imported explicitly: the cached path must not pay for pydantic, Jinja2 or jsonschema.
"""
