// node oracle.js CASES.json CASE_DIR OUT.json ADDONS_LINTER — what addons-linter reports on each case's folder
const fs = require('fs');
const path = require('path');
const linter = require(process.argv[5]);
(async () => {
  const cases = JSON.parse(fs.readFileSync(process.argv[2]));
  const out = {};
  for (const c of cases) {
    const dir = path.join(process.argv[3], c.id);
    const instance = linter.createInstance({
      config: { _: [dir], logLevel: 'fatal', stack: false, pretty: false, warningsAsErrors: false, metadata: false,
        output: 'none', boring: true, selfHosted: false, privileged: false, scanFile: null, enableBackgroundServiceWorker: false },
      runAsBinary: false,
    });
    try {
      const r = await instance.run();
      const pick = (list) => list.map((m) => ({ code: m.code, file: m.file || null, line: m.line || null, message: m.message }));
      out[c.id] = { errors: pick(r.errors), warnings: pick(r.warnings), notices: pick(r.notices) };
    } catch (e) {
      out[c.id] = { crash: String(e).slice(0, 200) };
    }
  }
  fs.writeFileSync(process.argv[4], JSON.stringify(out, null, 1));
})();
