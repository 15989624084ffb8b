const { record } = require('__capture__/record.js');
const { absorb } = require('__capture__/absorb.js');
function recorder(kind) {
  const fn = (value, options) => { record(kind, { manifest: JSON.stringify(value), options: options || null }); return true; };
  fn.errors = absorb;
  return fn;
}
const validateAddon = recorder('schema');
module.exports = {
  validateAddon,
  validateStaticTheme: recorder('schema-static-theme'),
  validateLangPack: recorder('schema-langpack'),
  validateDictionary: recorder('schema-dictionary'),
  validateSitePermission: recorder('schema-site-permission'),
  validateLocaleMessages: recorder('schema-locale-messages'),
  getValidator: () => ({ validateAddon, validateStaticTheme: validateAddon, validateLocaleMessages: validateAddon }),
};
