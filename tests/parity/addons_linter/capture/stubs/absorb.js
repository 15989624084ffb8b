// A value that accepts anything a test does with it (calls, properties, awaits, iteration) and does nothing.
const target = function absorbed() {};
const absorb = new Proxy(target, {
  get(_t, key) {
    if (key === '__absorb') return true;
    if (key === 'then') return undefined;
    if (key === Symbol.toPrimitive) return () => '';
    if (key === Symbol.iterator) return function* empty() {};
    if (key === 'length') return 0;
    return absorb;
  },
  apply() { return absorb; },
  construct() { return absorb; },
  has() { return true; },
});
module.exports = { absorb };
