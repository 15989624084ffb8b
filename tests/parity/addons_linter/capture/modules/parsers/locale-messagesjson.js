const { record } = require('__capture__/record.js');
const { absorb } = require('__capture__/absorb.js');
class LocaleMessagesJSONParser {
  constructor(json, _collector, options = {}) {
    record('locale-messages', { messages: typeof json === 'string' ? json : JSON.stringify(json), path: options && options.filename || null });
    return absorb;
  }
}
module.exports = LocaleMessagesJSONParser; module.exports.default = LocaleMessagesJSONParser;
