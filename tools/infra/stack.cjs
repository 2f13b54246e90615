// Spawns Herald's four processes from their bundles (dist/apps/*/main.js) against given infra.
const path = require('node:path');
const { freePort, waitForPort, spawnLogged, stopChild, root } = require('./index.cjs');

const SERVICES = ['recipient-service', 'preference-service', 'delivery-service'];

async function waitForHttp(url, timeoutMs = 30000) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
      last = `${res.status} ${await res.text()}`;
    } catch (err) {
      last = err.message;
    }
    if (Date.now() > deadline) throw new Error(`${url} not ready after ${timeoutMs} ms: ${last}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/**
 * opts: { infra: {mongoUrl, natsUrl, smtpUrl}, dbPrefix, adminToken, tokenSecret, logDir,
 *         ports: {gateway, 'recipient-service', ...} (absent = free port), logLevel, extraEnv }
 * Returns { baseUrl, urls, processes, stop(), restart(name), kill(name, signal) }.
 */
async function startStack(opts) {
  const ports = {};
  for (const name of ['gateway', ...SERVICES]) ports[name] = opts.ports?.[name] || (await freePort());
  const metricsPorts = {};
  for (const name of SERVICES) metricsPorts[name] = opts.metricsPorts?.[name] || (await freePort());
  const urls = Object.fromEntries(SERVICES.map((s) => [s, `http://127.0.0.1:${ports[s]}`]));
  const common = {
    MONGO_URL: opts.infra.mongoUrl,
    NATS_URL: opts.infra.natsUrl,
    SMTP_URL: opts.infra.smtpUrl,
    LOG_LEVEL: opts.logLevel ?? 'info',
    HOST: '127.0.0.1',
    ...opts.extraEnv,
  };
  const envOf = (name) => {
    if (name === 'gateway') {
      return {
        ...common,
        PORT: String(ports.gateway),
        MONGO_DB: `${opts.dbPrefix}_gateway`,
        ADMIN_TOKEN: opts.adminToken,
        TOKEN_SECRET: opts.tokenSecret,
        RECIPIENT_SERVICE_URL: urls['recipient-service'],
        PREFERENCE_SERVICE_URL: urls['preference-service'],
        DELIVERY_SERVICE_URL: urls['delivery-service'],
      };
    }
    return {
      ...common,
      PORT: String(ports[name]),
      METRICS_PORT: String(metricsPorts[name]),
      MONGO_DB: `${opts.dbPrefix}_${name.replace('-service', '')}`,
    };
  };
  const processes = {};
  const spawnApp = (name) => {
    processes[name] = spawnLogged(name, process.execPath, ['--enable-source-maps', path.join(root, 'dist', 'apps', name, 'main.js')], {
      logDir: opts.logDir,
      env: envOf(name),
    });
    return processes[name];
  };
  for (const name of SERVICES) spawnApp(name);
  await Promise.all(SERVICES.map((s) => waitForPort(ports[s])));
  spawnApp('gateway');
  const baseUrl = `http://127.0.0.1:${ports.gateway}`;
  await waitForHttp(`${baseUrl}/readyz`);

  return {
    baseUrl,
    urls,
    ports,
    metricsPorts,
    processes,
    /** Sends a signal to one process (fault tests), without restarting it. */
    kill(name, signal = 'SIGKILL') {
      processes[name].kill(signal);
    },
    /** Starts a process again with the same ports and environment. */
    async restart(name) {
      await stopChild(processes[name]);
      spawnApp(name);
      if (name === 'gateway') await waitForHttp(`${baseUrl}/readyz`);
      else await waitForPort(ports[name]);
    },
    async stop() {
      await stopChild(processes.gateway);
      await Promise.all(SERVICES.map((s) => stopChild(processes[s])));
    },
  };
}

module.exports = { startStack, waitForHttp, SERVICES };
