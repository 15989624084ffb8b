// What xtk's esbuild plugins share (components.mjs, stylesheets.mjs, asset_queries.mjs): loading a package from the
// *project's* node_modules (xtk ships no compiler) and turning a tool's error into an esbuild message at file:line:col.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The path of a package (or one of its files) installed for the project; null when it is not installed. */
export function resolveInProject(projectDir, specifier) {
  try {
    return createRequire(path.join(projectDir, 'package.json')).resolve(specifier);
  } catch {
    return null;
  }
}

/** A package of the project, ES module or CommonJS (whose exports Node puts under `default`). */
export async function load(projectDir, specifier) {
  const resolved = createRequire(path.join(projectDir, 'package.json')).resolve(specifier);
  const module = await import(pathToFileURL(resolved).href);
  return { ...module.default, ...module };
}

/** A package's default export as written (a CommonJS `module.exports = function` stays a function). */
export async function loadDefault(projectDir, specifier) {
  const resolved = createRequire(path.join(projectDir, 'package.json')).resolve(specifier);
  const module = await import(pathToFileURL(resolved).href);
  return module.default ?? module;
}

/** An esbuild message located at `offset` in `source` (esbuild counts lines from 1, columns from 0). */
export function messageAt(text, file, source, offset) {
  if (offset === undefined || offset === null || offset < 0) return { text, location: { file } };
  const before = source.slice(0, offset);
  const line = before.split('\n').length;
  const lineStart = before.lastIndexOf('\n') + 1;
  const lineEnd = source.indexOf('\n', offset);
  const lineText = source.slice(lineStart, lineEnd === -1 ? undefined : lineEnd);
  return { text, location: { file, line, column: offset - lineStart, lineText } };
}

/** The offset of (line from 1, column from 0) in `source`. */
export function offsetOf(source, line, column) {
  const lines = source.split('\n');
  let offset = 0;
  for (let i = 0; i < Math.min(line - 1, lines.length); i += 1) offset += lines[i].length + 1;
  return offset + Math.max(0, column);
}

/** An esbuild message at (line from 1, column from 0) of the file at `absolute` (its text read for the line shown). */
export function messageAtLine(text, projectDir, absolute, line, column) {
  const file = relative(projectDir, absolute);
  let source;
  try {
    source = readFileSync(absolute, 'utf8');
  } catch {
    return { text, location: { file } };
  }
  // No line (the whole file: a tool not installed, Tailwind not compiled): its first line, not esbuild's "0:0".
  return messageAt(text, file, source, line ? offsetOf(source, line, column ?? 0) : 0);
}

/** Files a plugin read for a module besides the module itself (a Sass partial, a PostCSS config's dependency): module's
 * absolute path → absolute paths. xtk dev counts them among the bundle's inputs (esbuild's metafile does not). */
export const dependencies = new Map();

export function recordDependencies(file, files) {
  dependencies.set(file, new Set(files.map((f) => path.resolve(f))));
}

export function relative(projectDir, file) {
  return path.relative(projectDir, file).split(path.sep).join('/');
}
