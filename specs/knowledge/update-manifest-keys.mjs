// Regenerates manifest-keys.json: the first stable Firefox (desktop and Android) version of every manifest key and
// sub-key @mdn/browser-compat-data (BCD) tracks (webextensions.manifest, permissions left out: permissions.json has
// them). Read by XL019 (a key newer than the declared strict_min_version), as addons-linter reads BCD for
// KEY_FIREFOX_UNSUPPORTED_BY_MIN_VERSION. "First stable" as addons-linter counts it: the earliest version_added of
// an entry without flags (a gap in support is not a reason to warn); a "≤N" version stays as it is (XL019 does not
// warn on it: when support began is not known).
// Usage (from a scratch folder): npm install @mdn/browser-compat-data && node /path/to/update-manifest-keys.mjs > manifest-keys.json
import { createRequire } from "node:module";

const require = createRequire(process.cwd() + "/");
const bcd = require("@mdn/browser-compat-data");

const firstStable = (support) => {
  let found = null;
  for (const entry of Array.isArray(support) ? support : support ? [support] : []) {
    const added = entry.version_added;
    if (entry.flags || typeof added !== "string" || added === "preview") continue;
    const number = parseFloat(added.replace(/^≤/, ""));
    // "≤57" (supported by then, since when unknown) is kept as it is: no proof that 56 lacks it
    if (found === null || number < parseFloat(found.replace(/^≤/, ""))) found = added;
  }
  return found;
};
const keys = {};
const walk = (node, path) => {
  for (const [key, value] of Object.entries(node)) {
    if (key === "__compat" || (path === "" && key === "permissions")) continue;
    const dotted = path ? `${path}.${key}` : key;
    const support = value.__compat?.support;
    if (support) keys[dotted] = { firefox: firstStable(support.firefox), firefox_android: firstStable(support.firefox_android) };
    walk(value, dotted);
  }
};
walk(bcd.webextensions.manifest, "");
const sorted = Object.fromEntries(Object.keys(keys).sort().map((k) => [k, keys[k]]));
// one key per line: small in the wheel, and a diff shows which keys changed
const header = {
  $comment: "The first stable Firefox and Firefox for Android version of each manifest key and sub-key, from @mdn/browser-compat-data (webextensions.manifest; permissions are in permissions.json). null: not supported there. Regenerate with update-manifest-keys.mjs.",
  source: "https://github.com/mdn/browser-compat-data/tree/main/webextensions/manifest",
  bcd_version: bcd.__meta.version,
};
const lines = Object.keys(sorted).map((k) => `  ${JSON.stringify(k)}: ${JSON.stringify(sorted[k])}`);
process.stdout.write(JSON.stringify(header, null, 1).replace(/\n}$/, `,\n "keys": {\n${lines.join(",\n")}\n }\n}\n`));
