const { absorb } = require('__capture__/absorb.js');
const { state } = require('__capture__/record.js');
const tests = [];
const stack = [];
const hooks = [];
function describe(name, body) {
  stack.push(String(name));
  hooks.push([]);
  try { body(); } catch (e) { /* a describe body that needs the real module */ }
  hooks.pop();
  stack.pop();
}
describe.each = (table) => (name, body) => table.forEach((row) => describe(name, () => body(...(Array.isArray(row) ? row : [row]))));
describe.skip = () => {};
describe.only = describe;
function it(name, body) {
  tests.push({ title: [...stack, String(name)].join(' › '), body, before: hooks.flat() });
}
it.each = (table) => (name, body) => table.forEach((row, i) => it(`${name} [${i}]`, () => body(...(Array.isArray(row) ? row : [row]))));
it.skip = () => {};
it.only = it;
it.todo = () => {};
const each = (fn) => fn;
function beforeEach(fn) { if (hooks.length) hooks[hooks.length - 1].push(fn); }
const noop = () => {};
const jestObject = new Proxy({}, { get: () => absorb });
Object.assign(globalThis, {
  describe, it, test: it, beforeEach, afterEach: noop, beforeAll: noop, afterAll: noop,
  expect: absorb, jest: jestObject, sinon: absorb,
});
async function runAll(file) {
  state.file = file;
  let ran = 0, failed = 0;
  for (const t of tests.splice(0)) {
    state.title = t.title;
    try {
      for (const h of t.before) await h();
      await t.body(noop);
      ran += 1;
    } catch (e) {
      failed += 1;
    }
  }
  return { ran, failed };
}
module.exports = { runAll };
