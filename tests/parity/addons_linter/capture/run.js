// node run.js OUT.json BUNDLE… — run each bundled addons-linter test file and write what its tests handed to the
// stubbed parsers, scanners and validator.
const fs = require('fs');

(async () => {
  const [out, ...bundles] = process.argv.slice(2);
  for (const bundle of bundles) {
    const summary = await require(bundle).run();
    process.stderr.write(`${bundle}: ${JSON.stringify(summary)}\n`);
  }
  const { records } = globalThis.__capture || { records: [] };
  fs.writeFileSync(out, JSON.stringify(records));
})();
