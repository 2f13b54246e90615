// Jest global setup for integration tests: the real store, broker and SMTP sink, started once per
// run and shared by every project of the run. Workers read the URLs from the environment.
// Everything lives in a fresh temporary directory on free ports, so a run never clashes with
// `npm start` (.local/, fixed ports) or with another run. The directory (data and process logs)
// is deleted after a green run and kept after a failing one (see teardown.cjs).
const os = require('node:os');
const path = require('node:path');
const fs = require('node:fs');
const crypto = require('node:crypto');
const { startInfra } = require('../infra/index.cjs');

const say = (m) => process.stderr.write(`[infra] ${m}\n`);

module.exports = async function setupInfra() {
  if (!globalThis.__HERALD_INFRA__) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-test-'));
    globalThis.__HERALD_INFRA_DIR__ = dataDir;
    say(`test data and process logs: ${dataDir} (logs in ${path.join(dataDir, 'logs')})`);
    try {
      // The apps of the e2e stack connect as their own NATS users; tests (no credentials) as the harness.
      globalThis.__HERALD_INFRA__ = await startInfra({ dataDir, log: say });
    } catch (err) {
      say(`could not start the infrastructure; kept ${dataDir} for inspection`);
      throw err;
    }
  }
  const infra = globalThis.__HERALD_INFRA__;
  process.env.MONGO_URL = infra.mongoUrl;
  process.env.NATS_URL = infra.natsUrl;
  process.env.SMTP_URL = infra.smtpUrl;
  if (infra.mailApiUrl) process.env.MAIL_API_URL = infra.mailApiUrl;
  process.env.HERALD_INFRA_DIR = globalThis.__HERALD_INFRA_DIR__;
  // One service token per run, for every service a test starts (the test starters of the recipient
  // and preference services turn the check on with it; tools/infra/stack.cjs sets its own).
  globalThis.__HERALD_SERVICE_TOKEN__ ??= crypto.randomBytes(32).toString('hex');
  process.env.SERVICE_TOKEN = globalThis.__HERALD_SERVICE_TOKEN__;
};
