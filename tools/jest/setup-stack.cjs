// Jest global setup for end-to-end tests: infra (shared with integration tests), a fresh build of
// the four apps (into dist/.test-<run>/, so the bundles `npm start` runs are left alone), and the
// four processes running on free ports against databases unique to this run.
const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');
const { execFileSync } = require('node:child_process');
const setupInfra = require('./setup-infra.cjs');
const { startStack } = require('../infra/stack.cjs');
const { root } = require('../infra/index.cjs');

module.exports = async function setupStack() {
  await setupInfra();
  if (!globalThis.__HERALD_STACK__) {
    const dataDir = globalThis.__HERALD_INFRA_DIR__;
    const distDir = path.join(root, 'dist', `.test-${path.basename(dataDir)}`);
    globalThis.__HERALD_DIST_DIR__ = distDir;
    try {
      execFileSync(process.execPath, [path.join(root, 'scripts', 'build.mjs'), `--outdir=${distDir}`], { stdio: 'inherit' });
      const adminToken = crypto.randomBytes(24).toString('hex');
      // Every mail of the e2e stack is DKIM-signed; tests verify signatures against this public key.
      const dkimKeys = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
      globalThis.__HERALD_DKIM__ = {
        domain: 'dkim.herald.test',
        selector: 'e2e',
        privateKey: dkimKeys.privateKey.export({ type: 'pkcs8', format: 'pem' }),
        publicKey: dkimKeys.publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
      };
      globalThis.__HERALD_STACK__ = await startStack({
        infra: globalThis.__HERALD_INFRA__,
        distDir,
        dbPrefix: `e2e${Date.now()}`,
        adminToken,
        tokenSecret: (globalThis.__HERALD_TOKEN_SECRET__ = crypto.randomBytes(32).toString('hex')),
        serviceToken: process.env.SERVICE_TOKEN,
        logDir: path.join(dataDir, 'logs'),
        logLevel: 'warn',
        dkim: globalThis.__HERALD_DKIM__,
        unsubscribeSecret: (globalThis.__HERALD_UNSUBSCRIBE_SECRET__ = crypto.randomBytes(32).toString('hex')),
        // Webhook tests deliver to receivers on 127.0.0.1; test events are picked up within 200 ms.
        // Small confirmation SMS budgets, so the contact code tests reach each (per project, per country).
        // Small list limits (per project), so the limit tests reach them; the other tests stay far below.
        extraEnv: {
          WEBHOOK_ALLOW_PRIVATE: '1',
          WEBHOOK_POLL_EVERY_MS: '200',
          CONTACT_CONFIRMATION_SMS_PER_PROJECT_HOUR: '5',
          CONTACT_CONFIRMATION_SMS_PER_COUNTRY_HOUR: '2',
          LIST_MAX_PER_PROJECT: '40',
          LIST_SUBSCRIPTIONS_MAX_PER_PROJECT: '5000',
        },
      });
      globalThis.__HERALD_ADMIN_TOKEN__ = adminToken;
    } catch (err) {
      // Jest runs no teardown when a global setup fails: stop the infra here, keep the logs.
      process.stderr.write(`[infra] the stack did not start; process logs kept in ${path.join(dataDir, 'logs')}\n`);
      const infra = globalThis.__HERALD_INFRA__;
      globalThis.__HERALD_INFRA__ = undefined;
      if (infra) await infra.stop();
      fs.rmSync(distDir, { recursive: true, force: true });
      throw err;
    }
  }
  process.env.HERALD_BASE_URL = globalThis.__HERALD_STACK__.baseUrl;
  process.env.HERALD_GATEWAY_METRICS_URL = `http://127.0.0.1:${globalThis.__HERALD_STACK__.metricsPorts.gateway}/metrics`;
  process.env.HERALD_ADMIN_TOKEN = globalThis.__HERALD_ADMIN_TOKEN__;
  // Tests that start another gateway replica in-process (live streams across replicas) use its environment.
  process.env.HERALD_GATEWAY_ENV = JSON.stringify(globalThis.__HERALD_STACK__.gatewayEnv);
  const dkim = globalThis.__HERALD_DKIM__;
  // Tests sign expired unsubscribe tokens of their own with it (the links in mails never are).
  process.env.HERALD_UNSUBSCRIBE_SECRET = globalThis.__HERALD_UNSUBSCRIBE_SECRET__;
  // Tests sign recipient tokens with another expiry (an expired one, without waiting for it to expire).
  process.env.HERALD_TOKEN_SECRET = globalThis.__HERALD_TOKEN_SECRET__;
  process.env.HERALD_DKIM = JSON.stringify({ domain: dkim.domain, selector: dkim.selector, publicKey: dkim.publicKey });
};
