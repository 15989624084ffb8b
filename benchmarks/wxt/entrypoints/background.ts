// WXT baseline for benchmarks/build_speed.py: DocMind's own background (no copy of its code).
// DocMind registers its listeners when its module loads, so the import is all it needs and `main` is empty.
// WXT loads this file in Node at build time to read its options; it strips side-effect-only imports there,
// so DocMind's module (which calls the extension APIs at import time) never runs in Node. The bundle keeps it.
import '@docmind/src/background/index';
import { defineBackground } from 'wxt/utils/define-background';

export default defineBackground({
  // Firefox MV2: a persistent background page, as DocMind's xtk.toml says ([background] persistent = true).
  persistent: true,
  main() {},
});
