// Jest global setup for end-to-end tests: infra (shared with integration tests), a fresh build of
// the four apps, and the four processes running against databases unique to this run.
const path = require('node:path');
const crypto = require('node:crypto');
const { execFileSync } = require('node:child_process');
const setupInfra = require('./setup-infra.cjs');
const { startStack } = require('../infra/stack.cjs');
const { root } = require('../infra/index.cjs');

module.exports = async function setupStack() {
  await setupInfra();
  if (!globalThis.__HERALD_STACK__) {
    execFileSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { stdio: 'inherit' });
    const adminToken = crypto.randomBytes(24).toString('hex');
    const infra = globalThis.__HERALD_INFRA__;
    globalThis.__HERALD_STACK__ = await startStack({
      infra,
      dbPrefix: `e2e${Date.now()}`,
      adminToken,
      tokenSecret: crypto.randomBytes(32).toString('hex'),
      logDir: path.join(globalThis.__HERALD_INFRA_DIR__, 'logs'),
      logLevel: 'warn',
    });
    globalThis.__HERALD_ADMIN_TOKEN__ = adminToken;
  }
  process.env.HERALD_BASE_URL = globalThis.__HERALD_STACK__.baseUrl;
  process.env.HERALD_ADMIN_TOKEN = globalThis.__HERALD_ADMIN_TOKEN__;
};
