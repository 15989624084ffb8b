// xtk's bundler for projects with .svelte or .vue components: esbuild's JavaScript API, run by Node in the
// project's folder, with the framework's own compiler as an esbuild plugin. esbuild's native binary runs no
// JavaScript plugins; projects without components never come here (toolchain/tools/components.py decides).
//
// Everything is loaded from the *project's* node_modules (esbuild, svelte/compiler, vue/compiler-sfc): xtk ships
// no compiler. Messages are esbuild's own log (stderr, same format as the binary's), so xtk reads them the same
// way; compiler errors carry the component's file:line:col. Usage: node components.mjs REQUEST.json
//
// REQUEST.json: {"options": <esbuild build options>, "metafile": <path>, "frameworks": ["svelte", "vue"]}
// Imported, it exports componentPlugins(projectDir, frameworks, development) for another esbuild API user.

import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { SourceMap, createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** A package of the project, ES module or CommonJS (whose exports Node puts under `default`). */
async function load(projectDir, specifier) {
  const resolved = createRequire(path.join(projectDir, 'package.json')).resolve(specifier);
  const module = await import(pathToFileURL(resolved).href);
  return { ...module.default, ...module };
}

/** An esbuild message located at `offset` in `source` (esbuild counts lines from 1, columns from 0). */
function messageAt(text, file, source, offset) {
  if (offset === undefined || offset === null || offset < 0) return { text, location: { file } };
  const before = source.slice(0, offset);
  const line = before.split('\n').length;
  const lineStart = before.lastIndexOf('\n') + 1;
  const lineEnd = source.indexOf('\n', offset);
  const lineText = source.slice(lineStart, lineEnd === -1 ? undefined : lineEnd);
  return { text, location: { file, line, column: offset - lineStart, lineText } };
}

/** An offset in `generated` → the offset in `source` it came from, by the source map (undefined if unmapped). */
function originalOffset(source, generated, map, offset) {
  const before = generated.slice(0, offset);
  const line = before.split('\n').length - 1;
  const entry = map.findEntry(line, offset - (before.lastIndexOf('\n') + 1));
  if (entry?.originalLine === undefined) return undefined;
  const lines = source.split('\n');
  if (entry.originalLine >= lines.length) return undefined;
  return lines.slice(0, entry.originalLine).reduce((sum, text) => sum + text.length + 1, 0) + entry.originalColumn;
}

/** Svelte's messages end with a line of documentation URL; esbuild's log shows one line, with the code. */
function firstLine(message, code) {
  const text = String(message).split('\n')[0];
  return code ? `${text} (${code})` : text;
}

function relative(projectDir, file) {
  return path.relative(projectDir, file).split(path.sep).join('/');
}

function sveltePlugin(projectDir, compiler, development) {
  return {
    name: 'xtk-svelte',
    setup(build) {
      build.onLoad({ filter: /\.svelte$/ }, (args) => {
        const source = readFileSync(args.path, 'utf8');
        const file = relative(projectDir, args.path);
        try {
          // css: 'injected' — the component adds its own <style> to its root node (the document, or the shadow
          // root it is mounted in), so component styles need no file named in the manifest.
          const result = compiler.compile(source, { filename: file, css: 'injected', generate: 'client', dev: development });
          const warnings = result.warnings.map((w) => messageAt(firstLine(w.message, w.code), file, source, w.position?.[0]));
          return { contents: result.js.code, loader: 'js', warnings, resolveDir: path.dirname(args.path) };
        } catch (error) {
          return { errors: [messageAt(firstLine(error.message ?? error, error.code), file, source, error.position?.[0])] };
        }
      });
      // Svelte 5's runes in plain modules (`state.svelte.ts`): types stripped by esbuild, then compileModule;
      // positions in the stripped code are mapped back to the file through esbuild's source map.
      build.onLoad({ filter: /\.svelte\.(js|ts)$/ }, async (args) => {
        const source = readFileSync(args.path, 'utf8');
        const file = relative(projectDir, args.path);
        let code = source;
        let toSource = (position) => position?.[0];
        if (args.path.endsWith('.ts')) {
          const stripped = await build.esbuild.transform(source, { loader: 'ts', sourcefile: file, sourcemap: 'external' });
          const map = new SourceMap(JSON.parse(stripped.map));
          code = stripped.code;
          toSource = (position) => (position ? originalOffset(source, code, map, position[0]) : undefined);
        }
        const at = (problem) => messageAt(firstLine(problem.message ?? problem, problem.code), file, source, toSource(problem.position));
        try {
          const result = compiler.compileModule(code, { filename: file, generate: 'client', dev: development });
          return { contents: result.js.code, loader: 'js', warnings: result.warnings.map(at), resolveDir: path.dirname(args.path) };
        } catch (error) {
          return { errors: [at(error)] };
        }
      });
    },
  };
}

const INJECT_STYLE = 'xtk:inject-style';

/** The component's CSS as a <style> in the document (extension pages); a `.ce.vue` custom element keeps its own. */
const INJECT_STYLE_MODULE = `export function injectStyle(css) {
  const style = document.createElement('style');
  style.textContent = css;
  document.head.appendChild(style);
}
`;

function vuePlugin(projectDir, sfc, development) {
  return {
    name: 'xtk-vue',
    setup(build) {
      build.onResolve({ filter: new RegExp(`^${INJECT_STYLE}$`) }, () => ({ path: INJECT_STYLE, namespace: 'xtk' }));
      build.onLoad({ filter: /.*/, namespace: 'xtk' }, () => ({ contents: INJECT_STYLE_MODULE, loader: 'js' }));
      build.onLoad({ filter: /\.vue$/ }, (args) => {
        const source = readFileSync(args.path, 'utf8');
        const file = relative(projectDir, args.path);
        const at = (text, offset) => messageAt(text, file, source, offset);
        try {
          return { ...compileVue(sfc, source, file, development, at), resolveDir: path.dirname(args.path) };
        } catch (error) {
          return { errors: [at(String(error.message ?? error).split('\n')[0], vueErrorOffset(error))] };
        }
      });
    },
  };
}

/** Where a compiler-sfc error is: template errors carry the file offset; Babel's (in <script>) the block's. */
let currentScriptOffset = 0;
function vueErrorOffset(error) {
  if (typeof error.pos === 'number') return currentScriptOffset + error.pos;
  return error.loc?.start?.offset;
}

function compileVue(sfc, source, file, development, at) {
  const { descriptor, errors } = sfc.parse(source, { filename: file, sourceMap: false });
  if (errors.length) return { errors: errors.map((e) => at(String(e.message ?? e), e.loc?.start?.offset)) };
  const id = createHash('sha256').update(file).digest('hex').slice(0, 8);
  const scopeId = `data-v-${id}`;
  const scoped = descriptor.styles.some((s) => s.scoped);
  const customElement = file.endsWith('.ce.vue');
  const block = descriptor.scriptSetup ?? descriptor.script;
  const typescript = block?.lang === 'ts' || block?.lang === 'tsx';
  const templateOptions = { id, scoped, isProd: !development, compilerOptions: { scopeId: scoped ? scopeId : undefined } };

  let code = 'const __sfc = {};';
  if (block) {
    currentScriptOffset = block.loc.start.offset;
    const script = sfc.compileScript(descriptor, {
      id, isProd: !development, genDefaultAs: '__sfc', inlineTemplate: Boolean(descriptor.scriptSetup), templateOptions,
    });
    code = script.content;
  }
  if (descriptor.template && !descriptor.scriptSetup) {
    const template = sfc.compileTemplate({
      ...templateOptions, source: descriptor.template.content, filename: file, ast: descriptor.template.ast,
      compilerOptions: { ...templateOptions.compilerOptions, expressionPlugins: typescript ? ['typescript'] : [] },
    });
    if (template.errors.length) {
      return { errors: template.errors.map((e) => at(String(e.message ?? e), e.loc?.start?.offset)) };
    }
    code += `\n${template.code.replace(/\nexport function render\(/, '\nfunction render(')}\n__sfc.render = render;`;
  }
  if (scoped) code += `\n__sfc.__scopeId = ${JSON.stringify(scopeId)};`;

  const styles = [];
  for (const style of descriptor.styles) {
    const offset = source.lastIndexOf('<style', style.loc.start.offset); // the tag, not its content
    if (style.lang && style.lang !== 'css') return { errors: [at(`<style lang="${style.lang}">: xtk compiles plain CSS only`, offset)] };
    if (style.module) return { errors: [at('<style module> (CSS modules) is not supported by xtk', offset)] };
    const compiled = sfc.compileStyle({ source: style.content, filename: file, id: scopeId, scoped: style.scoped, isProd: !development });
    if (compiled.errors.length) return { errors: compiled.errors.map((e) => at(String(e.message ?? e), offset)) };
    styles.push(compiled.code);
  }
  if (styles.length && customElement) {
    code += `\n__sfc.styles = ${JSON.stringify(styles)};`; // defineCustomElement puts them in its shadow root
  } else if (styles.length) {
    code = `import { injectStyle as __xtkInjectStyle } from ${JSON.stringify(INJECT_STYLE)};\n${code}`;
    code += `\n__xtkInjectStyle(${JSON.stringify(styles.join('\n'))});`;
  }
  code += '\nexport default __sfc;\n';
  return { contents: code, loader: typescript ? 'ts' : 'js' };
}

/** The esbuild plugins that compile `frameworks` ("svelte", "vue") with the compilers installed in `projectDir`. */
export async function componentPlugins(projectDir, frameworks, development) {
  const plugins = [];
  if (frameworks.includes('svelte')) {
    plugins.push(sveltePlugin(projectDir, await load(projectDir, 'svelte/compiler'), development));
  }
  if (frameworks.includes('vue')) plugins.push(vuePlugin(projectDir, await load(projectDir, 'vue/compiler-sfc'), development));
  return plugins;
}

async function main() {
  const request = JSON.parse(readFileSync(process.argv[2], 'utf8'));
  const development = request.options.sourcemap !== undefined;
  const projectDir = request.options.absWorkingDir ?? process.cwd();
  const esbuild = await load(projectDir, 'esbuild');
  const plugins = await componentPlugins(projectDir, request.frameworks, development);
  let result;
  try {
    result = await esbuild.build({ ...request.options, plugins });
  } catch (error) {
    if (Array.isArray(error.errors)) process.exit(1); // esbuild has printed them, located, to stderr
    throw error;
  }
  writeFileSync(request.metafile, JSON.stringify(result.metafile));
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error) => {
    process.stderr.write(`✘ [ERROR] ${String(error?.message ?? error).split('\n')[0]}\n`);
    process.exit(1);
  });
}
