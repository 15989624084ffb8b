const { absorb } = require('__capture__/absorb.js');
const i18n = { _: (s) => s, sprintf: (s) => s, ngettext: (s) => s, gettext: (s) => s };
class AddonsLinterUserError extends Error {}
module.exports = new Proxy({
  i18n, AddonsLinterUserError,
  apiToMessage: (s) => s, errorParamsToUnsupportedVersionRange: () => '',
  firstStableVersion: () => '1', ignorePrivateFunctions: (x) => x, isToolkitVersionString: () => true,
}, { get: (t, k) => (k in t ? t[k] : absorb) });
