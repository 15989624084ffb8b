module.exports = (v) => (v === undefined ? v : JSON.parse(JSON.stringify(v, (k, x) => (Buffer.isBuffer(x) ? undefined : x))));
