// xtk dev's bundler: esbuild's JavaScript API kept alive between changes, so a rebuild is incremental (esbuild
// re-reads and re-parses only the files that changed) and costs no process start. Driven over stdin/stdout by
// toolchain/dev/bundler.py, one JSON object per line each way:
//   {"id": 1, "op": "start", "contexts": [{"name": "iife", "options": {...}}], "components": {}}  -> {"id": 1, "ok": true}
//   ("components": {"runner", "frameworks"}: toolchain/tools/components.mjs's plugins compile .svelte/.vue files,
//    stylesheets with the project's sass/less/PostCSS, and `?url`/`?raw`/`?inline` imports; "frameworks" holds
//    toolchain/tools/components.py's node_features)
//   {"id": 2, "op": "rebuild"}  -> {"id": 2, "ok": true, "written": 2,
//                                   "results": [{"name", "errors", "warnings", "inputs", "outputs": {file: [inputs]}}]}
// errors and warnings are esbuild's own text (formatMessages), so xtk parses them as it parses the CLI's.
// Outputs are written here, and only when every context built: esbuild itself (write: true) deletes the previous
// outputs when an incremental rebuild fails, and a half-new build must not be loaded either.
// argv[2]: the project's node_modules/esbuild package folder. Ends when stdin closes.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { createInterface } from "node:readline";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

const esbuild = createRequire(path.join(process.argv[2], "package.json"))("./lib/main.js");
let contexts = [];
let dependencies = new Map(); // toolchain/tools/plugin_support.mjs's: the files a plugin read besides a module

/** The metafile's input names as files (absolute), with what the plugins read for each (a Sass partial...). A
 * plugin's module is named `namespace:/absolute/path` (`xtk-raw:/…/a.svg`): its file is the path. */
function inputFiles(names) {
  const files = new Set();
  for (const name of names) {
    const file = /^[a-z][\w-]*:\//.test(name) ? name.slice(name.indexOf(':') + 1) : path.resolve(name);
    files.add(file);
    for (const dependency of dependencies.get(file) ?? []) files.add(dependency);
  }
  return [...files];
}

async function format(messages, kind) {
  if (messages.length === 0) return "";
  return (await esbuild.formatMessages(messages, { kind, color: false })).join("");
}

async function rebuildOne({ name, context }) {
  try {
    const result = await context.rebuild();
    const outputs = Object.entries(result.metafile?.outputs ?? {}).map(([file, output]) => [file, inputFiles(Object.keys(output.inputs))]);
    const css = Object.entries(result.metafile?.outputs ?? {}).filter(([, output]) => output.cssBundle)
      .map(([file, output]) => [file, output.cssBundle]);
    return { name, errors: "", warnings: await format(result.warnings, "warning"),
             inputs: inputFiles(Object.keys(result.metafile?.inputs ?? {})), outputs: Object.fromEntries(outputs),
             css: Object.fromEntries(css), outputFiles: result.outputFiles };
  } catch (failure) {
    // A failed build writes nothing: the last good output stays where it is.
    return { name, errors: await format(failure.errors ?? [{ text: String(failure) }], "error"),
             warnings: await format(failure.warnings ?? [], "warning"), inputs: [], outputs: {}, outputFiles: [] };
  }
}

// Only files whose bytes changed are written, so the browser's caches and file watchers see real changes only.
async function writeChanged(file) {
  const old = await readFile(file.path).catch(() => null);
  if (old !== null && Buffer.compare(old, file.contents) === 0) return 0;
  await mkdir(path.dirname(file.path), { recursive: true });
  await writeFile(file.path, file.contents);
  return 1;
}

async function rebuildAll() {
  const results = await Promise.all(contexts.map(rebuildOne));
  let written = 0;
  if (results.every((result) => result.errors === "")) {
    for (const result of results) {
      for (const file of result.outputFiles) written += await writeChanged(file);
    }
  }
  return { written, results: results.map(({ outputFiles, ...rest }) => rest) };
}

async function dispose() {
  await Promise.all(contexts.map(({ context }) => context.dispose()));
  contexts = [];
}

async function handle(request) {
  if (request.op === "start") {
    await dispose();
    let plugins = [];
    if (request.components?.runner) {
      const { componentPlugins } = await import(pathToFileURL(request.components.runner).href);
      plugins = await componentPlugins(process.cwd(), request.components.frameworks, true, request.components.plugins);
      const support = path.join(path.dirname(request.components.runner), "plugin_support.mjs");
      ({ dependencies } = await import(pathToFileURL(support).href));
    }
    contexts = await Promise.all(request.contexts.map(async ({ name, options }) => ({
      name,
      context: await esbuild.context({ ...options, plugins, metafile: true, write: false, logLevel: "silent" }),
    })));
    return {};
  }
  if (request.op === "rebuild") return await rebuildAll();
  throw new Error(`unknown op ${request.op}`);
}

// One request at a time, in order: a rebuild never overlaps a restart.
let queue = Promise.resolve();
createInterface({ input: process.stdin }).on("line", (line) => {
  queue = queue.then(async () => {
    let request = {};
    try {
      request = JSON.parse(line);
      const answer = await handle(request);
      process.stdout.write(JSON.stringify({ id: request.id, ok: true, ...answer }) + "\n");
    } catch (error) {
      process.stdout.write(JSON.stringify({ id: request.id, ok: false, error: String(error?.stack ?? error) }) + "\n");
    }
  });
}).on("close", () => {
  queue.then(dispose).finally(() => process.exit(0));
});
