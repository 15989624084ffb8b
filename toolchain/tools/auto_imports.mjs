// Auto-imports per file, as WXT's unimport adds them: a source file of the project that uses an auto-imported name
// (`auto_imports` folders, `[auto_import_names]`: toolchain/tools/framework_runtime.py writes the table of them,
// .xtk/runtime/auto-imports.json, name → [module, exported name]) gets an import of that name, and only of the names
// it uses. Injecting one module of them all into every bundle would keep each module's side effects (a component's
// `import "./Spinner.css"`) in bundles that never use it.
//
// Detection is unimport's (its detectImportsRegex): on the code with comments, strings and regular expressions
// blanked, an identifier not after `.` and not an object key (`{ Spinner: 1 }`), minus the names the file imports
// or declares (function, class, const/let/var; enum, interface, type, namespace). The imports are appended at the
// end of the code (imports are hoisted), so every line and column of the file stays where it was.

import { readFileSync } from 'node:fs';
import path from 'node:path';

export const TABLE = path.join('.xtk', 'runtime', 'auto-imports.json');
const SOURCES = /\.(?:[cm]?[jt]s|[jt]sx)$/;
const LOADERS = { '.ts': 'ts', '.mts': 'ts', '.cts': 'ts', '.tsx': 'tsx', '.jsx': 'jsx' };

// unimport's expressions (unimport/dist/shared: excludeRE, importAsRE, separatorRE, matchRE)
const EXCLUDE = [
  /\b(import|export)\b([\w$*{},\s]+?)\bfrom\s*["']/g, // imported or re-exported
  /\bfunction\s*\*?\s*([\w$]+)\s*[(<]/g, // a function declaration (generic too: `function f<T>(`)
  /\bclass\s+([\w$]+)/g, // a class declaration
  /\b(?:enum|interface|type|namespace)\s+([\w$]+)\s*(?:[{<=]|extends\b)/g, // TypeScript's: an import would clash
  /\b(?:const|let|var)\s+?(\[.*?\]|\{.*?\}|.+?)\s*?[=;\n]/gs, // a variable (destructured too)
];
const IMPORT_AS = /^.*\sas\s+/;
const SEPARATOR = /[,[\]{}\n]|\b(?:import|export)\b/g;
const MATCH = /(^|\.\.\.|(?:\bcase|\?)\s+|[^\w$/)]|\bextends\s+)([\w$]+)\s*(?=[.()[\]}:;?+\-*&|`<>,\n]|\b(?:instanceof|in)\b|$|(?<=extends\s+\w+)\s+\{)/g;
// a JSX element's tag (`<Spinner />`): unimport sees it compiled to a call, xtk before esbuild compiles it
const JSX_TAG = /<([A-Za-z_$][\w$]*)(?=[\s/>.])/g;
const REGEX_LITERAL = /\/\S*?(?<!\\)(?<!\[[^\]]*)\/[gimsuy]*/g;

/** The code with comments and the text of strings blanked (same length, lines kept); a template literal's
 * `${…}` expressions stay code. */
export function stripCommentsAndStrings(code) {
  const out = code.split('');
  const blank = (from, to) => {
    for (let i = from; i < to; i++) if (out[i] !== '\n') out[i] = ' ';
  };
  const templates = []; // brace depth at each open `${`
  let depth = 0;
  let i = 0;
  const n = code.length;
  const template = () => {
    // in a template literal's text, from i: to its end or to a `${`
    const start = i;
    while (i < n && code[i] !== '`' && !(code[i] === '$' && code[i + 1] === '{')) i += code[i] === '\\' ? 2 : 1;
    blank(start, Math.min(i, n));
    if (code[i] === '$') {
      templates.push(depth);
      i += 2;
    } else i += 1;
  };
  while (i < n) {
    const c = code[i];
    if (c === '/' && code[i + 1] === '/') {
      const end = code.indexOf('\n', i);
      blank(i, end < 0 ? n : end);
      i = end < 0 ? n : end;
    } else if (c === '/' && code[i + 1] === '*') {
      const end = code.indexOf('*/', i + 2);
      blank(i, end < 0 ? n : end + 2);
      i = end < 0 ? n : end + 2;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < n && code[j] !== c && code[j] !== '\n') j += code[j] === '\\' ? 2 : 1;
      blank(i + 1, Math.min(j, n));
      i = j + 1;
    } else if (c === '`') {
      i += 1;
      template();
    } else if (c === '{') {
      depth += 1;
      i += 1;
    } else if (c === '}') {
      if (templates.length && templates[templates.length - 1] === depth) {
        templates.pop();
        i += 1;
        template();
      } else {
        depth -= 1;
        i += 1;
      }
    } else i += 1;
  }
  return out.join('').replace(REGEX_LITERAL, (match) => ' '.repeat(match.length));
}

/** The auto-imported `names` that `code` uses and neither imports nor declares (`jsx`: its JSX tags too). */
export function usedAutoImports(code, names, jsx = false) {
  const stripped = stripCommentsAndStrings(code);
  const found = new Set();
  for (const match of jsx ? stripped.matchAll(JSX_TAG) : []) if (names.has(match[1])) found.add(match[1]);
  for (const match of stripped.matchAll(MATCH)) {
    if (match[1] === '.') continue; // a property: `x.Spinner`
    const end = stripped[match.index + match[0].length];
    const before = stripped[match.index - 1];
    if (end === ':' && !['?', 'case'].includes(match[1].trim()) && before !== ':') continue; // an object key
    if (names.has(match[2])) found.add(match[2]);
  }
  for (const expression of EXCLUDE) {
    for (const match of stripped.matchAll(expression)) {
      const segments = [...(match[1]?.split(SEPARATOR) ?? []), ...(match[2]?.split(SEPARATOR) ?? [])];
      for (const segment of segments) found.delete(segment.replace(IMPORT_AS, '').trim());
    }
  }
  return [...found].sort();
}

/** The table framework_runtime.py wrote: name → [module, exported name]; a module "./…" is the project's file. */
export function readAutoImports(projectDir) {
  const table = JSON.parse(readFileSync(path.join(projectDir, TABLE), 'utf8'));
  const resolved = new Map();
  for (const [name, [module, exported]] of Object.entries(table)) {
    resolved.set(name, [module.startsWith('.') ? path.resolve(projectDir, module) : module, exported]);
  }
  return resolved;
}

/** `code` of the file `file` with an import appended for each auto-imported name it uses (never of itself). */
export function addAutoImports(code, file, table, jsx = false) {
  const used = usedAutoImports(code, new Set(table.keys()), jsx).filter((name) => table.get(name)[0] !== file);
  if (!used.length) return code;
  const imports = used.map((name) => {
    const [module, exported] = table.get(name);
    const specifier = exported === name ? name : `${exported} as ${name}`;
    return `import { ${specifier} } from ${JSON.stringify(module)};`;
  });
  return `${code}\n${imports.join('\n')}\n`;
}

/** The plugin for the project's script files (outside node_modules); components' compiled code goes through
 * addAutoImports in their own plugin (components.mjs). */
export function autoImportPlugin(table) {
  return {
    name: 'xtk-auto-imports',
    setup(build) {
      build.onLoad({ filter: SOURCES }, (args) => {
        if (args.namespace !== 'file' || args.path.split(path.sep).includes('node_modules')) return undefined;
        const extension = path.extname(args.path);
        const loader = build.initialOptions.loader?.[extension] ?? LOADERS[extension] ?? 'js';
        const code = readFileSync(args.path, 'utf8');
        const contents = addAutoImports(code, args.path, table, loader === 'jsx' || loader === 'tsx');
        return { contents, loader, resolveDir: path.dirname(args.path) };
      });
    },
  };
}
