const { absorb } = require('__capture__/absorb.js');
class Linter { constructor(config) { this.config = config; this.collector = absorb; } }
module.exports = Linter; module.exports.default = Linter;
