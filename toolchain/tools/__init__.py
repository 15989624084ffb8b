"""The external tools a build drives, one module each: what `toolchain/builder/` orchestrates calls these.

- `esbuild.py` — esbuild's native binary: its command line per browser and format, its messages located;
- `components.py` + `components.mjs` — esbuild's JavaScript API in Node with the project's Svelte/Vue compiler
  as a plugin, for projects whose package.json depends on `svelte` or `vue`;
- `typecheck.py` — `tsc --noEmit` (strict), its messages located;
- `package.py` — the reproducible zips: one per browser and the sources zip (no secrets).

Named `tools`, not `bundle`: `build/` (the output folder) and `toolchain/builder/` (the orchestration) are enough.
"""
