const { record } = require('__capture__/record.js');
const { absorb } = require('__capture__/absorb.js');
class ManifestJSONParser {
  constructor(json, _collector, options = {}) {
    const io = options && options.io && options.io.files ? options.io.files : null;
    record('manifest', { manifest: typeof json === 'string' ? json : JSON.stringify(json), files: io,
      options: { selfHosted: options && options.selfHosted, isAlreadySigned: options && options.isAlreadySigned,
        privileged: options && options.privileged, minManifestVersion: options && options.minManifestVersion,
        maxManifestVersion: options && options.maxManifestVersion, schemaValidatorOptions: options && options.schemaValidatorOptions } });
    return absorb;
  }
}
module.exports = ManifestJSONParser; module.exports.default = ManifestJSONParser;
