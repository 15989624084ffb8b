// What the capture keeps: every input a test hands to addons-linter's parsers, scanners and validator.
// kept on globalThis: every bundle has its own copy of this module, and all of them must add to one list
globalThis.__capture = globalThis.__capture || { records: [], state: { title: '', file: '' } };
const { records, state } = globalThis.__capture;
function plain(value, depth = 0) {
  if (value === undefined || value === null || depth > 6) return value ?? null;
  if (Buffer.isBuffer(value)) return { base64: value.toString('base64') };
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'function' || typeof value === 'symbol') return null;
  if (Array.isArray(value)) return value.map((v) => plain(v, depth + 1));
  if (value && value.__absorb) return null;
  if (typeof value === 'object') {
    if (typeof value._read === 'function') return null; // a stream
    const out = {};
    for (const [k, v] of Object.entries(value)) out[k] = plain(v, depth + 1);
    return out;
  }
  return null;
}
function record(kind, data) {
  records.push({ file: state.file, title: state.title, kind, ...plain(data) });
}
module.exports = { records, state, record, plain };
