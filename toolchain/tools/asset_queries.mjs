// Vite's asset query imports, as an esbuild plugin:
//   import url from './a.svg?url'      the file emitted under assets/ (as the file loader does), its URL the value
//   import text from './a.txt?raw'     the file's text
//   import data from './a.png?inline'  a data: URL of the file
//   import css from './x.scss?inline'  the stylesheet compiled and bundled (its @imports inlined, its url() assets
//                                      as data: URLs), as text: for a shadow root. './x.css?raw' is the file as written.
// toolchain/tools/components.py sends a project whose sources import with such a query to the Node path, where
// this plugin runs (the native binary would resolve './a.svg?raw' to the file's URL: a silent wrong value).

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { stylesheetPlugin } from './stylesheets.mjs';

export const QUERY = /\?(url|raw|inline)$/;
const STYLESHEET = /\.(s[ac]ss|less|p?css|postcss)$/;

export function assetQueryPlugin(projectDir, development) {
  return {
    name: 'xtk-asset-queries',
    setup(build) {
      build.onResolve({ filter: QUERY }, async (args) => {
        const cut = args.path.lastIndexOf('?');
        const query = args.path.slice(cut + 1);
        const resolved = await build.resolve(args.path.slice(0, cut), {
          kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, namespace: args.namespace, with: args.with,
        });
        if (resolved.errors.length) return { errors: resolved.errors };
        // Each query its own namespace: no suffix (the file loader would append it to the URL it writes), and only
        // these modules come to JavaScript, not every file of the bundle.
        return { path: resolved.path, namespace: `xtk-${query}` };
      });
      const load = (query, make) => build.onLoad({ filter: /.*/, namespace: `xtk-${query}` }, make);
      load('url', (args) => ({ contents: readFileSync(args.path), loader: 'file', resolveDir: path.dirname(args.path) }));
      load('raw', (args) => ({ contents: readFileSync(args.path, 'utf8'), loader: 'text', watchFiles: [args.path] }));
      load('inline', async (args) => {
        if (!STYLESHEET.test(args.path)) return { contents: readFileSync(args.path), loader: 'dataurl', watchFiles: [args.path] };
        return inlineStylesheet(build, projectDir, development, args.path);
      });
    },
  };
}

/** The stylesheet at `file` bundled on its own (compiled by the project's tools), as the text the module exports. */
async function inlineStylesheet(build, projectDir, development, file) {
  const initial = build.initialOptions;
  const loader = Object.fromEntries(Object.entries(initial.loader ?? {}).map(([ext, l]) => [ext, l === 'file' ? 'dataurl' : l]));
  try {
    const result = await build.esbuild.build({
      entryPoints: [file], bundle: true, write: false, outdir: initial.outdir ?? projectDir, absWorkingDir: initial.absWorkingDir,
      target: initial.target, minify: !development, charset: initial.charset, loader, logLevel: 'silent', metafile: true,
      plugins: [stylesheetPlugin(projectDir, development)],
    });
    const css = result.outputFiles.find((output) => output.path.endsWith('.css'));
    const watchFiles = Object.keys(result.metafile.inputs).map((input) => path.resolve(initial.absWorkingDir ?? projectDir, input));
    return { contents: css ? css.text : '', loader: 'text', watchFiles, warnings: result.warnings };
  } catch (error) {
    if (Array.isArray(error.errors)) return { errors: error.errors, warnings: error.warnings ?? [] };
    throw error;
  }
}
