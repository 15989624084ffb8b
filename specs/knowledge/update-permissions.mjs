// Regenerates permissions.json from @mdn/browser-compat-data (BCD) plus the Chrome-only permissions BCD leaves out.
// Usage (from a scratch folder): npm install @mdn/browser-compat-data && node /path/to/update-permissions.mjs > permissions.json
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";

const require = createRequire(process.cwd() + "/");
const bcd = require("@mdn/browser-compat-data");
const previous = JSON.parse(readFileSync(new URL("./permissions.json", import.meta.url), "utf8"));

const first = (support) => {
  const s = Array.isArray(support) ? support[0] : support;
  return s ? s.version_added : null;
};
const permissions = {};
for (const [key, value] of Object.entries(bcd.webextensions.manifest.permissions)) {
  if (key === "__compat") continue;
  const s = value.__compat.support;
  const name = key.replace("_", ".");
  permissions[name] = {
    chrome: first(s.chrome), edge: first(s.edge), firefox: first(s.firefox), firefox_android: first(s.firefox_android),
    source: "bcd",
  };
}
for (const [name, entry] of Object.entries(previous.permissions)) {
  if (entry.source === "chrome-docs" && !(name in permissions)) permissions[name] = entry;
}
const sorted = Object.fromEntries(Object.keys(permissions).sort().map((k) => [k, permissions[k]]));
process.stdout.write(JSON.stringify({ ...previous, bcd_version: bcd.__meta.version, permissions: sorted }, null, 2) + "\n");
