// `xtk import` of a WXT project: wxt.config.* evaluated in Node, as WXT itself loads it, for the fields xtk reads.
// argv: <project dir> <config file> <bundle file to write (in the project's .xtk/)> <esbuild package folder>.
// The config is bundled by esbuild (the project's own; TypeScript, its relative imports) into one ESM file;
// packages stay imports of the project's node_modules, except `wxt` itself, answered by a `defineConfig` that
// returns its argument (WXT's does the same). Modules and Vite plugins are imported, never run: only `manifest`,
// `srcDir`, `entrypointsDir`, `publicDir`, `modules` and `imports` are read. `manifest` given as a function is
// called once per browser xtk builds for. Prints one JSON object on stdout.
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [projectDir, configFile, bundleFile, esbuildPackage] = process.argv.slice(2);
// The esbuild package xtk drives for this project (toolchain/tools/esbuild.esbuild_package).
const esbuild = createRequire(path.join(esbuildPackage, "package.json"))("./lib/main.js");

const wxtStub = {
  name: "xtk-wxt-define-config",
  setup(build) {
    build.onResolve({ filter: /^wxt(\/.*)?$/ }, (args) => ({ path: args.path, namespace: "xtk-wxt" }));
    build.onLoad({ filter: /.*/, namespace: "xtk-wxt" }, () => ({
      contents: "export const defineConfig = (config) => config;\nexport default {};\n",
      loader: "js",
    }));
  },
};

await esbuild.build({
  entryPoints: [configFile],
  bundle: true,
  platform: "node",
  format: "esm",
  outfile: bundleFile,
  packages: "external",
  plugins: [wxtStub],
  logLevel: "silent",
  absWorkingDir: projectDir,
});

let config = (await import(pathToFileURL(bundleFile).href)).default;
if (typeof config === "function") config = await config({ mode: "production", command: "build" });
if (config === null || typeof config !== "object") throw new Error("the default export is not a config object");

// A module given as an object (`import vue from '@wxt-dev/module-vue'; modules: [vue()]`) is named by its name.
const moduleName = (module) => (typeof module === "string" ? module : module?.name ?? module?.configKey ?? "(a module object)");
// Functions, classes and other non-data values are dropped (the importer names what it did not bring over).
const data = (value) => JSON.parse(JSON.stringify(value ?? null, (key, item) => (typeof item === "function" ? undefined : item)));

const manifests = {};
for (const browser of ["chrome", "edge", "firefox"]) {
  const manifest = config.manifest;
  const env = { browser, manifestVersion: 3, mode: "production", command: "build" };
  manifests[browser] = data(typeof manifest === "function" ? await manifest(env) : manifest ?? {});
}
const fields = {};
for (const name of ["srcDir", "entrypointsDir", "publicDir"]) {
  if (typeof config[name] === "string") fields[name] = config[name];
}
process.stdout.write(
  JSON.stringify({
    fields,
    modules: Array.isArray(config.modules) ? config.modules.map(moduleName) : [],
    imports: config.imports === false ? false : data(config.imports ?? null),
    manifestIsFunction: typeof config.manifest === "function",
    manifests,
  }),
);
