// Stylesheets through the project's own tools, as an esbuild plugin (xtk ships none of them):
//   .scss / .sass  → sass (or sass-embedded)      .less → less
//   then, when the project has a PostCSS config (postcss.config.*, .postcssrc*, package.json "postcss"), PostCSS
//   with the plugins it names (Tailwind v3 and v4, autoprefixer, ...); plain .css goes through PostCSS too.
//   Without one, a project that uses Tailwind v4 through @tailwindcss/vite gets what that plugin does: Tailwind's
//   compiler (@tailwindcss/node) on each stylesheet that uses Tailwind, with its scanner for the classes.
// `*.module.*` files become CSS modules (esbuild's local-css loader) after compiling. A stylesheet whose tool is not
// installed is a located error naming the npm command, never a file left out. Errors of sass, less and PostCSS are
// esbuild messages at the file:line:col they name. compileStyleBlock does the same for a component's <style>.

import { existsSync, readFileSync } from 'node:fs';
import { SourceMap, createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { load, loadDefault, messageAt, messageAtLine, recordDependencies, relative, resolveInProject } from './plugin_support.mjs';

/** A tool's error: where it is (line from 1, column from 0) in `file`, or in the compiled block when `inBlock`. */
export class StyleError extends Error {
  constructor(text, file, line, column, inBlock = false) {
    super(text);
    Object.assign(this, { file, line, column, inBlock });
  }
}

const LANGS = { '.scss': 'scss', '.sass': 'sass', '.less': 'less', '.css': 'css', '.pcss': 'css', '.postcss': 'css' };
const INSTALL = { scss: 'sass', sass: 'sass', less: 'less' };
// postcss-load-config's search places (lilconfig), in its order: a project with any of them has a PostCSS config.
const POSTCSS_CONFIGS = [
  '.postcssrc', '.postcssrc.json', '.postcssrc.yaml', '.postcssrc.yml', '.postcssrc.js', '.postcssrc.cjs',
  '.postcssrc.mjs', '.postcssrc.ts', '.postcssrc.cts', '.postcssrc.mts', 'postcss.config.js', 'postcss.config.cjs',
  'postcss.config.mjs', 'postcss.config.ts', 'postcss.config.cts', 'postcss.config.mts',
];

const tools = new Map(); // per project folder: the loaded compilers and PostCSS config (one load per plugin set)

/** Forget the loaded tools: a new plugin set (xtk dev restarts its contexts after package.json changed) loads the
 * packages and PostCSS config as they are now. */
export function forgetTools() {
  tools.clear();
}

function memo(projectDir, name, make) {
  const key = `${projectDir}\0${name}`;
  if (!tools.has(key)) tools.set(key, make());
  return tools.get(key);
}

async function sassCompiler(projectDir, lang) {
  return memo(projectDir, 'sass', async () => {
    for (const name of ['sass', 'sass-embedded']) {
      if (resolveInProject(projectDir, name)) return load(projectDir, name);
    }
    return null;
  }).then((sass) => sass ?? missing(lang));
}

async function lessCompiler(projectDir) {
  const less = await memo(projectDir, 'less', async () => (resolveInProject(projectDir, 'less') ? loadDefault(projectDir, 'less') : null));
  return less ?? missing('less');
}

function missing(lang) {
  const name = INSTALL[lang];
  throw new StyleError(`.${lang} stylesheets are compiled by ${name}, which is not installed: run \`npm install -D ${name}\``);
}

function hasPackageJsonConfig(projectDir) {
  try {
    return JSON.parse(readFileSync(path.join(projectDir, 'package.json'), 'utf8')).postcss !== undefined;
  } catch {
    return false;
  }
}

/** The project's PostCSS: {postcss, plugins, options, file} or null when it has no config. */
export function postcssConfig(projectDir) {
  return memo(projectDir, 'postcss', async () => {
    const file = POSTCSS_CONFIGS.find((name) => existsSync(path.join(projectDir, name)));
    if (!file && !hasPackageJsonConfig(projectDir)) return null;
    const where = file ?? 'package.json "postcss"';
    if (!resolveInProject(projectDir, 'postcss')) {
      throw new StyleError(`the project has a PostCSS config (${where}) but postcss is not installed: run \`npm install -D postcss\``);
    }
    const postcss = await loadDefault(projectDir, 'postcss');
    const context = { cwd: projectDir, env: process.env.NODE_ENV };
    if (resolveInProject(projectDir, 'postcss-load-config')) {
      const postcssrc = await loadDefault(projectDir, 'postcss-load-config');
      const { plugins, options } = await postcssrc(context, projectDir);
      return { postcss, plugins, options, file: where };
    }
    return { postcss, ...(await readPostcssConfig(projectDir, file, context)), file: where };
  });
}

/** A PostCSS config read without postcss-load-config: postcss.config.{js,cjs,mjs}, .postcssrc(.json), package.json. */
async function readPostcssConfig(projectDir, file, context) {
  let config;
  if (!file) config = JSON.parse(readFileSync(path.join(projectDir, 'package.json'), 'utf8')).postcss;
  else if (file === '.postcssrc' || file === '.postcssrc.json') config = JSON.parse(readFileSync(path.join(projectDir, file), 'utf8'));
  else if (/\.(c|m)?js$/.test(file)) {
    const module = await import(pathToFileURL(path.join(projectDir, file)).href);
    config = module.default ?? module;
  } else {
    throw new StyleError(`${file}: xtk reads this PostCSS config through postcss-load-config: run \`npm install -D postcss-load-config\``);
  }
  if (typeof config === 'function') config = await config(context);
  const { plugins: named = [], ...options } = config ?? {};
  const plugins = [];
  const entries = Array.isArray(named) ? named.map((p) => (typeof p === 'string' ? [p, {}] : p)) : Object.entries(named);
  for (const entry of entries) {
    if (!Array.isArray(entry)) { plugins.push(entry); continue; } // a plugin object or function, as written
    const [name, pluginOptions] = entry;
    if (pluginOptions === false) continue;
    if (!resolveInProject(projectDir, name)) {
      throw new StyleError(`the PostCSS config names the plugin ${name}, which is not installed: run \`npm install -D ${name}\``);
    }
    const creator = await loadDefault(projectDir, name);
    plugins.push(pluginOptions && typeof pluginOptions === 'object' && Object.keys(pluginOptions).length ? creator(pluginOptions) : creator());
  }
  return { plugins, options };
}

const TAILWIND_VITE = '@tailwindcss/vite';
const TAILWIND_AT_RULE = /@import\s+(?:url\()?["']tailwindcss["']|@tailwind\s/;
const UNCOMPILED_TAILWIND = 'Tailwind is not compiled: the project has no PostCSS config naming its plugin '
  + "(postcss.config.mjs with `export default { plugins: { '@tailwindcss/postcss': {} } }`, and "
  + '`npm install -D @tailwindcss/postcss`) nor @tailwindcss/vite';

/** The packages the project's package.json names (dependencies and devDependencies). */
function declaredPackages(projectDir) {
  try {
    const manifest = JSON.parse(readFileSync(path.join(projectDir, 'package.json'), 'utf8'));
    return { ...manifest.dependencies, ...manifest.devDependencies };
  } catch {
    return {};
  }
}

/** Tailwind v4's compiler and scanner, loaded as @tailwindcss/vite loads them; null when the project lacks it. */
function tailwindCompiler(projectDir) {
  return memo(projectDir, 'tailwind', async () => {
    if (!(TAILWIND_VITE in declaredPackages(projectDir))) return null;
    // from the Vite plugin's own folder (pnpm keeps its dependencies there), else the project's
    const from = resolveInProject(projectDir, `${TAILWIND_VITE}/package.json`) ?? path.join(projectDir, 'package.json');
    const require = createRequire(from);
    let node;
    let oxide;
    try {
      node = await import(pathToFileURL(require.resolve('@tailwindcss/node')).href);
      oxide = await import(pathToFileURL(require.resolve('@tailwindcss/oxide')).href);
    } catch {
      throw new StyleError(`package.json names ${TAILWIND_VITE} but @tailwindcss/node cannot be loaded: run \`npm ci\``);
    }
    return { compile: node.compile, optimize: node.optimize, Features: node.Features, Scanner: oxide.Scanner };
  });
}

/** `css` through Tailwind v4 as @tailwindcss/vite does it; null when it uses no Tailwind feature. */
async function runTailwind(tailwind, projectDir, css, file, development) {
  const dependencies = [];
  const compiler = await tailwind.compile(css, {
    base: path.dirname(file), shouldRewriteUrls: true, onDependency: (dependency) => dependencies.push(dependency),
  });
  const { AtApply, JsPluginCompat, ThemeFunction, Utilities, Variants } = tailwind.Features;
  if (!(compiler.features & (AtApply | JsPluginCompat | ThemeFunction | Utilities | Variants))) return null;
  const root = compiler.root === 'none' ? [] : compiler.root === null ? [{ base: projectDir, pattern: '**/*', negated: false }] : [{ ...compiler.root, negated: false }];
  // xtk's own folders are never sources: a project whose .gitignore does not list them would otherwise get the
  // classes of its previous build (more CSS on every rebuild, a build that depends on what was built before).
  const ownFolders = xtkFolders(projectDir).map((folder) => ({ base: projectDir, pattern: folder, negated: true }));
  const scanner = new tailwind.Scanner({ sources: root.concat(compiler.sources, ownFolders) });
  const candidates = compiler.features & Utilities ? scanner.scan() : [];
  let output = compiler.build(candidates);
  if (!development) output = tailwind.optimize(output, { file, minify: false }).code;
  return { css: output, watchFiles: [...dependencies, ...(scanner.files ?? [])] };
}

function sassError(error, url) {
  return sassProblem(String(error.sassMessage ?? error.message).split('\n')[0], error.span, url);
}

/** A Sass error or warning at its span: in the compiled text itself (`url`), or in a file it loaded. */
function sassProblem(text, span, url) {
  if (!span?.url) return new StyleError(text, undefined, span ? span.start.line + 1 : undefined, span?.start.column, Boolean(span));
  const inBlock = url !== undefined && String(span.url) === String(url);
  const file = span.url.protocol === 'file:' ? fileURLToPath(span.url) : undefined;
  return new StyleError(text, file, span.start.line + 1, span.start.column, inBlock);
}

async function preprocess(projectDir, lang, content, file, development, sourceMap) {
  if (lang === 'scss' || lang === 'sass') {
    const sass = await sassCompiler(projectDir, lang);
    const url = pathToFileURL(file);
    const warnings = [];
    const logger = {
      warn: (message, { span }) => warnings.push(sassProblem(String(message).split('\n')[0], span, url)),
      debug: () => {},
    };
    const options = {
      logger, quietDeps: true, // the warnings of the project's own files, as esbuild warnings; none of its packages'
      url, syntax: lang === 'sass' ? 'indented' : 'scss', style: 'expanded', sourceMap: true,
      loadPaths: [path.dirname(file), path.join(projectDir, 'node_modules')],
      importers: sass.NodePackageImporter ? [new sass.NodePackageImporter(projectDir)] : [],
    };
    try {
      const result = await sass.compileStringAsync(content, options);
      const loaded = result.loadedUrls.filter((u) => u.protocol === 'file:').map((u) => fileURLToPath(u));
      const map = sourceMap ? result.sourceMap : undefined;
      return { css: rebaseUrls(result.css, result.sourceMap, file), map, watchFiles: loaded.filter((f) => f !== file), warnings };
    } catch (error) {
      throw sassError(error, url);
    }
  }
  if (lang === 'less') {
    const less = await lessCompiler(projectDir);
    try {
      const result = await less.render(content, {
        filename: file, paths: [path.dirname(file), path.join(projectDir, 'node_modules')], javascriptEnabled: false,
        rewriteUrls: 'all', // an imported file's url() stays relative to that file, as esbuild then resolves it
        sourceMap: sourceMap ? { outputSourceFiles: true } : undefined,
      });
      const map = sourceMap && result.map ? JSON.parse(result.map) : undefined;
      return { css: result.css, map, watchFiles: result.imports.map((f) => path.resolve(path.dirname(file), f)), warnings: [] };
    } catch (error) {
      const own = !error.filename || path.resolve(error.filename) === path.resolve(file);
      throw new StyleError(String(error.message).split('\n')[0], own ? file : error.filename, error.line, error.column, own);
    }
  }
  return { css: content, watchFiles: [], warnings: [] };
}

const URL_TOKEN = /url\(\s*(['"]?)([^'")\s]+)\1\s*\)/g;

/** Sass inlines a partial's rules without rebasing its `url()`s (esbuild then resolves them from the compiled file):
 * each relative one written in a partial of another folder is made relative to `file`, through Sass's source map. */
function rebaseUrls(css, sourceMap, file) {
  if (!sourceMap || !css.includes('url(')) return css;
  const map = new SourceMap(sourceMap);
  return css.replace(URL_TOKEN, (token, quote, url, offset) => {
    if (/^(?:[a-z][a-z0-9+.-]*:|\/|#|~)/i.test(url)) return token; // absolute, data:, root-relative, a fragment
    const before = css.slice(0, offset);
    const entry = map.findEntry(before.split('\n').length - 1, offset - (before.lastIndexOf('\n') + 1));
    const source = entry?.originalSource;
    if (!source?.startsWith('file:')) return token;
    const folder = path.dirname(fileURLToPath(source));
    if (folder === path.dirname(file)) return token;
    const rebased = path.relative(path.dirname(file), path.resolve(folder, url)).split(path.sep).join('/');
    return `url(${quote}${rebased.startsWith('.') ? rebased : `./${rebased}`}${quote})`;
  });
}

/** `content` (a file's text, or a component's <style> block of `lang`) as CSS: its preprocessor, then PostCSS. */
/** The compiler's source map inline (esbuild follows it: the build's map then points into the .scss/.less files). */
function withInlineMap(css, map) {
  if (!map) return css;
  return `${css}\n/*# sourceMappingURL=data:application/json;base64,${Buffer.from(JSON.stringify(map)).toString('base64')} */\n`;
}

/** `sourceMap`: the result carries the preprocessor's source map inline (stylesheet files in development). */
export async function compileStyleBlock(projectDir, lang, content, file, development, sourceMap = false) {
  const compiled = await preprocess(projectDir, lang, content, file, development, sourceMap);
  const config = await postcssConfig(projectDir);
  if (!config) {
    const tailwind = await tailwindCompiler(projectDir);
    const built = tailwind && (await runTailwind(tailwind, projectDir, compiled.css, file, development).catch((error) => {
      throw new StyleError(`${String(error?.message ?? error).split('\n')[0]} (Tailwind)`, file);
    }));
    if (!built && 'tailwindcss' in declaredPackages(projectDir) && TAILWIND_AT_RULE.test(compiled.css)) {
      throw new StyleError(UNCOMPILED_TAILWIND, file);
    }
    if (!built) return { ...compiled, css: withInlineMap(compiled.css, compiled.map), watchDirs: [] };
    return { ...compiled, css: built.css, watchFiles: [...compiled.watchFiles, ...built.watchFiles], watchDirs: [] };
  }
  const watchFiles = [...compiled.watchFiles];
  const watchDirs = [];
  let result;
  try {
    const map = compiled.map ? { prev: compiled.map, inline: true, annotation: true, sourcesContent: true } : false;
    result = await config.postcss(config.plugins).process(compiled.css, { ...config.options, from: file, to: file, map });
  } catch (error) {
    const text = `${String(error.reason ?? error.message).split('\n')[0]}${error.plugin ? ` (${error.plugin})` : ''}`;
    const own = !error.file || path.resolve(error.file) === path.resolve(file);
    // In a .scss/.less file PostCSS's line is one of the compiled CSS, not of the file: the file is named alone.
    const line = own && lang !== 'css' ? undefined : error.line;
    throw new StyleError(text, error.file ?? file, line, error.column === undefined ? undefined : error.column - 1, own && lang === 'css');
  }
  for (const warning of result.warnings()) {
    const text = `${warning.text}${warning.plugin ? ` (${warning.plugin})` : ''}`;
    const line = lang === 'css' ? warning.line : undefined; // a .scss/.less file's compiled CSS has other lines
    compiled.warnings.push(new StyleError(text, file, line, warning.column === undefined ? undefined : warning.column - 1, lang === 'css'));
  }
  for (const message of result.messages) {
    if (message.type === 'dependency' && message.file) watchFiles.push(message.file);
    if (message.type === 'dir-dependency' && message.dir) watchDirs.push(message.dir);
  }
  return { css: result.css, watchFiles, watchDirs, warnings: compiled.warnings };
}

/** Does plain CSS go through a tool here (a PostCSS config, or Tailwind through @tailwindcss/vite)? */
export async function cssToolsApply(projectDir) {
  try {
    return Boolean((await postcssConfig(projectDir)) || (await tailwindCompiler(projectDir)));
  } catch {
    return true; // compileStyleBlock reports the problem, at the file
  }
}


/** Plain CSS no tool compiles: esbuild's own (undefined), unless it uses Tailwind, which nothing would compile here
 * (esbuild would inline Tailwind's source CSS: no utility class): then an error at the rule, saying what to add. */
function uncompiledTailwind(projectDir, file) {
  if (!('tailwindcss' in declaredPackages(projectDir))) return undefined;
  const source = readFileSync(file, 'utf8');
  const match = TAILWIND_AT_RULE.exec(source);
  if (!match) return undefined;
  return { errors: [messageAt(UNCOMPILED_TAILWIND, relative(projectDir, file), source, match.index)] };
}

/** A StyleError of a stylesheet file as an esbuild message (at its file:line:col). */
export function styleMessage(projectDir, error, file) {
  if (!(error instanceof StyleError)) return { text: String(error?.message ?? error).split('\n')[0], location: { file: relative(projectDir, file) } };
  return messageAtLine(error.message, projectDir, error.file ?? file, error.line, error.column);
}

export const STYLESHEET_FILTER = /\.(s[ac]ss|less|p?css|postcss)$/;

/** The folders xtk writes in a project, by project: .xtk/ and the top folder of the build's output. */
const writtenFolders = new Map();

function xtkFolders(projectDir) {
  return [...(writtenFolders.get(projectDir) ?? new Set(['.xtk']))];
}

/** The plugin: every stylesheet esbuild loads from a file (imported by a script or CSS, or an entry point). */
export function stylesheetPlugin(projectDir, development) {
  return {
    name: 'xtk-stylesheets',
    setup(build) {
      const outdir = build.initialOptions.outdir;
      const written = writtenFolders.get(projectDir) ?? new Set(['.xtk']);
      const top = outdir ? path.relative(projectDir, path.resolve(projectDir, outdir)).split(path.sep)[0] : '';
      if (top && top !== '..' && top !== '.') written.add(top);
      writtenFolders.set(projectDir, written);
      build.onLoad({ filter: STYLESHEET_FILTER }, async (args) => {
        if (args.namespace !== 'file' || args.suffix) return undefined; // ?raw, ?inline: asset_queries.mjs
        const lang = LANGS[path.extname(args.path)];
        if (lang === 'css' && !(await cssToolsApply(projectDir))) return uncompiledTailwind(projectDir, args.path); // esbuild's own
        try {
          const source = readFileSync(args.path, 'utf8');
          const { css, watchFiles, watchDirs, warnings } = await compileStyleBlock(projectDir, lang, source, args.path, development, development);
          recordDependencies(args.path, watchFiles);
          const loader = /\.module\.[^.]+$/.test(args.path) ? 'local-css' : 'css';
          const located = warnings.map((warning) => styleMessage(projectDir, warning, args.path));
          return { contents: css, loader, resolveDir: path.dirname(args.path), watchFiles, watchDirs, warnings: located };
        } catch (error) {
          return { errors: [styleMessage(projectDir, error, args.path)] };
        }
      });
    },
  };
}
