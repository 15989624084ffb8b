// The runtime helpers of every module `xtk protocol codegen` writes (toolchain/protocol/helpers.py reads this file).
// Each exported declaration, with the /** */ comment right above it, is copied into a generated module without its
// `export` when the module's checks use it (directly or through another helper), in this file's order. Plain `//`
// comments like these stay here. A test type-checks this file with tsc under DocMind's strict settings.

export type _Check = (value: unknown, pointer: string) => string | undefined;

/** A JSON object: not null, not an array. */
export function _obj(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A string's length in code points, as JSON Schema counts (minLength, maxLength), not in UTF-16 units. */
export function _len(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++, n++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) i++;
  }
  return n;
}

/** JSON equality (const, enum): numbers by value, arrays item by item, objects whatever their keys' order. */
export function _eq(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => _eq(x, b[i]));
  if (!_obj(a) || !_obj(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && _eq(a[k], b[k]));
}

/** The JSON pointer of a value's member. */
export function _at(p: string, key: string): string {
  return p + '/' + key.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function _need(v: Record<string, unknown>, keys: readonly string[], p: string): string | undefined {
  for (const k of keys) if (!Object.hasOwn(v, k)) return p + ": missing required property '" + k + "'";
  return undefined;
}

export function _only(v: Record<string, unknown>, keys: readonly string[], p: string): string | undefined {
  for (const k of Object.keys(v)) if (!keys.includes(k)) return _at(p, k) + ': unexpected property';
  return undefined;
}

/** No alternative matched: the problem of the first one that got past the value's kind, else a summary. */
export function _none(p: string, problems: readonly string[], keyword: string): string {
  const deeper = problems.find((e) => e.charAt(p.length) === '/');
  return deeper ?? p + ': matches none of the ' + problems.length + ' schemas of ' + keyword;
}

export function _one(v: unknown, p: string, checks: readonly _Check[]): string | undefined {
  const problems: string[] = [];
  for (const check of checks) {
    const e = check(v, p);
    if (e !== undefined) problems.push(e);
  }
  const matched = checks.length - problems.length;
  if (matched === 1) return undefined;
  return matched > 1 ? p + ': matches ' + matched + ' schemas of oneOf, not exactly one' : _none(p, problems, 'oneOf');
}

export function _any(v: unknown, p: string, checks: readonly _Check[]): string | undefined {
  const problems: string[] = [];
  for (const check of checks) {
    const e = check(v, p);
    if (e === undefined) return undefined;
    problems.push(e);
  }
  return _none(p, problems, 'anyOf');
}

/** The check of a recursive schema: a value nested past the call stack is invalid, not an exception. */
export function _deep(check: _Check, v: unknown): string | undefined {
  try {
    return check(v, '');
  } catch (error) {
    if (error instanceof RangeError) return ': nested too deeply to check';
    throw error;
  }
}

export function _why(e: string | undefined): string {
  return e === undefined ? '' : e.charAt(0) === ':' ? '(root)' + e : e;
}
