const { scanner } = require('__capture__/scanner.js');
const S = scanner('html'); module.exports = S; module.exports.default = S;
