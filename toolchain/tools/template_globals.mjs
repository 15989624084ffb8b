// Names a bundle's injected modules export (xtk's framework runtime: see toolchain/tools/framework_runtime.py) and
// auto-imported names (auto_imports.mjs) used in a Vue template. esbuild's inject, or the auto-import plugin, turns
// a free name of the code into an import; a template's `i18n.t(...)` is compiled to `_ctx.i18n.t(...)`, a property
// of the component, which nothing imports. As unimport's Vue template addon does for WXT, such an access becomes
// the free name itself.

import { readFileSync } from 'node:fs';
import path from 'node:path';

const EXPORT_LIST = /export\s*\{([^}]*)\}/g;
const EXPORT_DECLARATION = /export\s+(?:const|let|var|function\*?|class|async\s+function)\s+([A-Za-z_$][\w$]*)/g;

/** The names the build's `inject` modules export (read once per build). */
export function injectedNames(build) {
  const names = new Set();
  const folder = build.initialOptions.absWorkingDir ?? process.cwd();
  for (const file of build.initialOptions.inject ?? []) {
    let text;
    try {
      text = readFileSync(path.resolve(folder, file), 'utf8');
    } catch {
      continue;
    }
    for (const [, list] of text.matchAll(EXPORT_LIST)) {
      for (const item of list.split(',')) {
        const name = item.trim().split(/\s+as\s+/).pop();
        if (name && /^[A-Za-z_$][\w$]*$/.test(name)) names.add(name);
      }
    }
    for (const [, name] of text.matchAll(EXPORT_DECLARATION)) names.add(name);
  }
  return names;
}

/** `_ctx.i18n` → `i18n` for each injected name (what the template compiler emits for a name it has no binding of). */
export function bindTemplateGlobals(code, names) {
  if (!names.size) return code;
  return code.replace(/\b_ctx\.([A-Za-z_$][\w$]*)\b/g, (access, name) => (names.has(name) ? name : access));
}
