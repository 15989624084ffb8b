// xtk's bundler for the projects that need JavaScript plugins (toolchain/tools/components.py's node_features decides):
// esbuild's JavaScript API, run by Node in the project's folder, with the framework's own compiler for .svelte and
// .vue files, and the stylesheet (stylesheets.mjs: sass, less, PostCSS, Tailwind) and asset-query (asset_queries.mjs:
// ?url, ?raw, ?inline) plugins. esbuild's native binary runs no JavaScript plugins; other projects never come here.
//
// Everything is loaded from the *project's* node_modules (esbuild, svelte/compiler, vue/compiler-sfc, sass, ...): xtk
// ships no compiler. Messages are esbuild's own log (stderr, same format as the binary's), so xtk reads them the same
// way; compiler errors carry the component's file:line:col. Usage: node components.mjs REQUEST.json
//
// REQUEST.json: {"options": <esbuild build options>, "metafile": <path>, "frameworks": <node_features, e.g. ["vue", "sass"]>,
//                "esbuild": <the esbuild package folder to load>}
// Imported, it exports componentPlugins(projectDir, features, development) for another esbuild API user (xtk dev).

import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { SourceMap, createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { assetQueryPlugin } from './asset_queries.mjs';
import { addAutoImports, autoImportPlugin, readAutoImports } from './auto_imports.mjs';
import { projectPlugins } from './esbuild_plugins.mjs';
import { bindTemplateGlobals, injectedNames } from './template_globals.mjs';
import { load, messageAt, messageAtLine, offsetOf, recordDependencies, relative } from './plugin_support.mjs';
import { StyleError, compileStyleBlock, cssToolsApply, forgetTools, stylesheetPlugin } from './stylesheets.mjs';

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

function sveltePlugin(projectDir, compiler, development, autoImports) {
  return {
    name: 'xtk-svelte',
    setup(build) {
      build.onLoad({ filter: /\.svelte$/ }, async (args) => {
        const original = readFileSync(args.path, 'utf8');
        const file = relative(projectDir, args.path);
        // <style lang="scss"> (and any <style> when the project has a PostCSS config): compiled first, by svelte's
        // preprocess with the project's tools; the compiler's positions are then in the preprocessed text.
        let source = original;
        const watchFiles = [];
        const watchDirs = [];
        const styleWarnings = [];
        if (/<style[^>]*\blang\s*=/.test(original) || (/<style/.test(original) && (await cssToolsApply(projectDir)))) {
          try {
            const style = async ({ content, attributes }) => {
              const compiled = await compileComponentStyle(projectDir, attributes.lang, content, args.path, development);
              if (!compiled) return undefined;
              watchFiles.push(...compiled.watchFiles);
              watchDirs.push(...compiled.watchDirs);
              styleWarnings.push(...compiled.warnings);
              return { code: compiled.css };
            };
            source = (await compiler.preprocess(original, { style }, { filename: args.path })).code;
          } catch (error) {
            return { errors: [styleBlockMessage(projectDir, error, file, original, original.indexOf('<style'))] };
          }
        }
        try {
          // css: 'injected' — the component adds its own <style> to its root node (the document, or the shadow
          // root it is mounted in), so component styles need no file named in the manifest.
          recordDependencies(args.path, watchFiles);
          const result = compiler.compile(source, { filename: file, css: 'injected', generate: 'client', dev: development });
          const warnings = result.warnings.map((w) => messageAt(firstLine(w.message, w.code), file, source, w.position?.[0]));
          const tagOffset = original.indexOf('<style');
          warnings.push(...styleWarnings.map((w) => styleBlockMessage(projectDir, w, file, original, tagOffset)));
          const contents = addAutoImports(result.js.code, args.path, autoImports);
          return { contents, loader: 'js', warnings, resolveDir: path.dirname(args.path), watchFiles, watchDirs };
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
          const contents = addAutoImports(result.js.code, args.path, autoImports);
          return { contents, loader: 'js', warnings: result.warnings.map(at), resolveDir: path.dirname(args.path) };
        } catch (error) {
          return { errors: [at(error)] };
        }
      });
    },
  };
}

const STYLE_LANGS = { scss: 'scss', sass: 'sass', less: 'less', css: 'css', postcss: 'css', pcss: 'css' };

/** A component's <style lang=…> block as CSS (its preprocessor, then the project's PostCSS); null: left as written. */
async function compileComponentStyle(projectDir, lang, content, file, development) {
  const kind = STYLE_LANGS[lang ?? 'css'];
  if (kind === undefined) {
    throw new StyleError(`<style lang="${lang}">: xtk compiles scss, sass, less and css (with PostCSS) styles`);
  }
  if (kind === 'css' && !(await cssToolsApply(projectDir))) return null;
  return compileStyleBlock(projectDir, kind, content, file, development);
}

/** A style tool's error in a component: at its line in the block (which starts at `blockOffset`), or in the file
 * it names (a Sass partial), or at the <style> tag. */
function styleBlockMessage(projectDir, error, file, source, tagOffset, blockOffset) {
  const text = String(error?.message ?? error).split('\n')[0];
  if (error instanceof StyleError && error.inBlock && error.line) {
    const start = blockOffset ?? source.indexOf('>', tagOffset) + 1;
    return messageAt(text, file, source, start + offsetOf(source.slice(start), error.line, error.column ?? 0));
  }
  if (error instanceof StyleError && error.file && error.line) return messageAtLine(text, projectDir, error.file, error.line, error.column);
  return messageAt(text, file, source, tagOffset);
}

const INJECT_STYLE = 'xtk:inject-style';

/** The component's CSS as a <style> in the document (extension pages); a `.ce.vue` custom element keeps its own. */
const INJECT_STYLE_MODULE = `export function injectStyle(css) {
  const style = document.createElement('style');
  style.textContent = css;
  document.head.appendChild(style);
}
`;

function vuePlugin(projectDir, sfc, development, autoImports) {
  return {
    name: 'xtk-vue',
    setup(build) {
      build.onResolve({ filter: new RegExp(`^${INJECT_STYLE}$`) }, () => ({ path: INJECT_STYLE, namespace: 'xtk' }));
      build.onLoad({ filter: /.*/, namespace: 'xtk' }, () => ({ contents: INJECT_STYLE_MODULE, loader: 'js' }));
      // <style module>: its CSS is a CSS module esbuild bundles (local-css), loaded with the script's other CSS.
      const modules = new Map();
      // names a template may use without importing them (template_globals.mjs): the injected runtime's, auto-imports
      const globals = new Set([...injectedNames(build), ...autoImports.keys()]);
      build.onResolve({ filter: new RegExp(`^${STYLE_MODULE}`) }, (args) => ({ path: args.path, namespace: 'xtk-vue-style' }));
      build.onLoad({ filter: /.*/, namespace: 'xtk-vue-style' }, (args) => modules.get(args.path));
      build.onLoad({ filter: /\.vue$/ }, async (args) => {
        const source = readFileSync(args.path, 'utf8');
        const file = relative(projectDir, args.path);
        const at = (text, offset) => messageAt(text, file, source, offset);
        const context = { projectDir, path: args.path, modules, watchFiles: [], watchDirs: [], warnings: [] };
        try {
          const compiled = await compileVue(sfc, source, file, development, at, context);
          if (compiled.contents) {
            compiled.contents = addAutoImports(bindTemplateGlobals(compiled.contents, globals), args.path, autoImports);
          }
          recordDependencies(args.path, context.watchFiles);
          const warnings = [...(compiled.warnings ?? []), ...context.warnings];
          return { ...compiled, warnings, resolveDir: path.dirname(args.path), watchFiles: context.watchFiles, watchDirs: context.watchDirs };
        } catch (error) {
          return { errors: [at(String(error.message ?? error).split('\n')[0], vueErrorOffset(error))] };
        }
      });
    },
  };
}

const STYLE_MODULE = 'xtk-vue-style:';

/** Where a compiler-sfc error is: template errors carry the file offset; Babel's (in <script>) the block's. */
function vueErrorOffset(error) {
  if (typeof error.pos === 'number') return (error.xtkScriptOffset ?? 0) + error.pos;
  return error.loc?.start?.offset;
}

async function compileVue(sfc, source, file, development, at, context) {
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
    try {
      const script = sfc.compileScript(descriptor, {
        id, isProd: !development, genDefaultAs: '__sfc', inlineTemplate: Boolean(descriptor.scriptSetup), templateOptions,
      });
      code = script.content;
    } catch (error) {
      if (error && typeof error === 'object') error.xtkScriptOffset = block.loc.start.offset;
      throw error;
    }
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
  const cssModules = [];
  for (const [index, style] of descriptor.styles.entries()) {
    const offset = source.lastIndexOf('<style', style.loc.start.offset); // the tag, not its content
    let css = style.content;
    try {
      const preprocessed = await compileComponentStyle(context.projectDir, style.lang, css, context.path, development);
      if (preprocessed) {
        css = preprocessed.css;
        context.watchFiles.push(...preprocessed.watchFiles);
        context.watchDirs.push(...preprocessed.watchDirs);
        context.warnings.push(...preprocessed.warnings.map((w) => styleBlockMessage(context.projectDir, w, file, source, offset, style.loc.start.offset)));
      }
    } catch (error) {
      return { errors: [styleBlockMessage(context.projectDir, error, file, source, offset, style.loc.start.offset)] };
    }
    const compiled = await sfc.compileStyleAsync({ source: css, filename: file, id: scopeId, scoped: style.scoped, isProd: !development });
    if (compiled.errors.length) return { errors: compiled.errors.map((e) => at(String(e.message ?? e), offset)) };
    if (!style.module) {
      styles.push(compiled.code);
      continue;
    }
    if (customElement) return { errors: [at('<style module> in a .ce.vue custom element: xtk puts CSS modules in the page, not its shadow root', offset)] };
    const moduleId = `${STYLE_MODULE}${context.path}?${index}.module.css`;
    context.modules.set(moduleId, { contents: compiled.code, loader: 'local-css', resolveDir: path.dirname(context.path) });
    cssModules.push([typeof style.module === 'string' ? style.module : '$style', moduleId]);
  }
  if (cssModules.length) {
    const imports = cssModules.map(([, moduleId], i) => `import __xtkStyle${i} from ${JSON.stringify(moduleId)};\n`).join('');
    code = `${imports}${code}`;
    code += `\n__sfc.__cssModules = { ${cssModules.map(([name], i) => `${JSON.stringify(name)}: __xtkStyle${i}`).join(', ')} };`;
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

/** The esbuild plugins of the Node path: `features` (components.py's node_features) names the component compilers
 * ("svelte", "vue") to load from `projectDir`, and "auto_imports" (auto_imports.mjs, from the table xtk wrote);
 * stylesheets (sass, less, PostCSS) and asset queries always come. */
export async function componentPlugins(projectDir, features, development, projectPluginSpecs = []) {
  const frameworks = features;
  forgetTools();
  const plugins = [
    ...(await projectPlugins(projectDir, projectPluginSpecs)), // [[esbuild_plugins]]: theirs resolve first
    assetQueryPlugin(projectDir, development),
    stylesheetPlugin(projectDir, development),
  ];
  const autoImports = frameworks.includes('auto_imports') ? readAutoImports(projectDir) : new Map();
  if (frameworks.includes('svelte')) {
    plugins.push(sveltePlugin(projectDir, await load(projectDir, 'svelte/compiler'), development, autoImports));
  }
  if (frameworks.includes('vue')) {
    plugins.push(vuePlugin(projectDir, await load(projectDir, 'vue/compiler-sfc'), development, autoImports));
  }
  if (autoImports.size) plugins.push(autoImportPlugin(autoImports)); // last: a compiler's onLoad comes first
  return plugins;
}

async function main() {
  const request = JSON.parse(readFileSync(process.argv[2], 'utf8'));
  const development = request.options.sourcemap !== undefined;
  const projectDir = request.options.absWorkingDir ?? process.cwd();
  // The package xtk chose (toolchain/tools/esbuild.esbuild_package): the project's, or the one in .xtk/tools/.
  const esbuild = request.esbuild
    ? createRequire(path.join(request.esbuild, 'package.json'))('./lib/main.js')
    : await load(projectDir, 'esbuild');
  const plugins = await componentPlugins(projectDir, request.frameworks, development, request.plugins);
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
