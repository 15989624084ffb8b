const { scanner } = require('__capture__/scanner.js');
const S = scanner('js'); module.exports = S; module.exports.default = S;
