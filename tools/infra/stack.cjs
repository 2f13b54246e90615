// Spawns Herald's four processes from their bundles (dist/apps/*/main.js) against given infra.
const path = require('node:path');
const crypto = require('node:crypto');
const { setTimeout: sleep } = require('node:timers/promises');
const { freePort, waitForPort, spawnLogged, stopChild, tailLog, root } = require('./index.cjs');

const SERVICES = ['recipient-service', 'preference-service', 'delivery-service'];

/** Waits for a 2xx from `url`; fails early when `child` (optional) exits meanwhile. */
async function waitForHttp(url, timeoutMs = 30000, child = null) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  for (;;) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) {
      throw new Error(`${child.heraldName} exited (${child.exitCode ?? child.signalCode}) before ${url} answered; see ${child.heraldLog}:\n${tailLog(child.heraldLog)}`);
    }
    try {
      const res = await fetch(url);
      if (res.ok) return;
      last = `${res.status} ${await res.text()}`;
    } catch (err) {
      last = err.message;
    }
    if (Date.now() > deadline) throw new Error(`${url} not ready after ${timeoutMs} ms: ${last}`);
    await sleep(150);
  }
}

/**
 * The SMS and web push settings of the delivery service (and the recipient service's) against the
 * sink's fakes, when the sink runs here (infra.smsApiUrl, infra.pushCaFile): two accounts of the
 * fake SMS provider as primary and secondary (failover by hand: POST /sms/control
 * {"fail_next": n, "account": "ACfakeprimary"}), VAPID keys (`vapid`, else fresh ones), endpoints
 * on 127.0.0.1 allowed and the fake push service's certificate trusted; the chat fakes (Slack's Web
 * API with a fake bot token, the Slack, Teams and Discord webhooks) on the sink's host allowed.
 */
/** Where Slack, Teams (and Power Automate) and Discord serve incoming webhooks: the default CHAT_ALLOWED_HOSTS. */
const CHAT_SERVICE_HOSTS = 'hooks.slack.com,*.webhook.office.com,*.logic.azure.com,discord.com,discordapp.com';

function fakeMediumsEnv(infra, { vapid, smsAuthToken, callbackSecret, providerSecretKey }) {
  const keys = vapid ?? require('web-push').generateVAPIDKeys();
  const delivery = {
    VAPID_PUBLIC_KEY: keys.publicKey,
    VAPID_PRIVATE_KEY: keys.privateKey,
    VAPID_SUBJECT: 'mailto:webpush@herald.local',
    CALLBACK_SECRET: callbackSecret || crypto.randomBytes(32).toString('hex'),
    PROVIDER_SECRET_KEY: providerSecretKey || crypto.randomBytes(32).toString('hex'),
  };
  if (infra.smsApiUrl) {
    const token = smsAuthToken || crypto.randomBytes(16).toString('hex');
    Object.assign(delivery, {
      SMS_URL: infra.smsApiUrl,
      SMS_ACCOUNT_SID: 'ACfakeprimary',
      SMS_AUTH_TOKEN: token,
      SMS_FROM: '+15005550006',
      SMS_SECONDARY_URL: infra.smsApiUrl,
      SMS_SECONDARY_ACCOUNT_SID: 'ACfakesecondary',
      SMS_SECONDARY_AUTH_TOKEN: token,
    });
  }
  if (infra.pushCaFile) Object.assign(delivery, { PUSH_ALLOW_PRIVATE: '1', PUSH_ALLOWED_HOSTS: '*', PUSH_EXTRA_CA_FILE: infra.pushCaFile });
  const recipient = infra.pushCaFile ? { PUSH_ALLOW_PRIVATE: '1' } : {};
  if (infra.smsApiUrl) {
    // The chat fakes on the sink's port: Slack's Web API (any xoxb- token) and the webhooks, beside the services' own hosts.
    const chat = { CHAT_ALLOW_PRIVATE: '1', CHAT_ALLOWED_HOSTS: `${CHAT_SERVICE_HOSTS},${new URL(infra.smsApiUrl).hostname}` };
    // Quick retries against the fakes: a failing chat message ends within a second.
    Object.assign(delivery, chat, { SLACK_API_URL: `${infra.smsApiUrl}/api`, SLACK_BOT_TOKEN: 'xoxb-herald-local-fake', CHAT_MAX_ATTEMPTS: '3', CHAT_RETRY_BASE_MS: '200' });
    Object.assign(recipient, chat);
    // The FCM fake on the sink's port, the APNs fake on its own (HTTP/2, TLS); quick retries against them.
    Object.assign(delivery, { FCM_API_URL: `${infra.smsApiUrl}/fcm`, MOBILE_PUSH_MAX_ATTEMPTS: '3', MOBILE_PUSH_RETRY_BASE_MS: '200' });
    if (infra.apns) Object.assign(delivery, { APNS_URL: infra.apns.origin, APNS_EXTRA_CA_FILE: infra.apns.caFile });
  }
  return { delivery, recipient, vapidPublicKey: keys.publicKey };
}

/**
 * opts: { infra: {mongoUrl, natsUrl, natsUsers, smtpUrl, smsApiUrl?, pushCaFile?} (natsUsers: each app's NATS user and password, or null), dbPrefix, adminToken, tokenSecret, logDir,
 *         serviceToken (SERVICE_TOKEN of all four processes; default: a fresh one for this stack),
 *         ports: {gateway, 'recipient-service', ...} (absent = free port), metricsPorts,
 *         mongoUrls: {gateway?, 'recipient-service'?, ...} (a store per process; default infra.mongoUrl),
 *         distDir (where the bundles are, inside the repository; default <root>/dist), logLevel, extraEnv, readyTimeoutMs,
 *         nodeArgs (extra node flags of the four processes, e.g. --cpu-prof),
 *         publicBaseUrl (PUBLIC_BASE_URL of the delivery service's unsubscribe links; default the gateway's URL),
 *         unsubscribeSecret (UNSUBSCRIBE_SECRET; default: a fresh one), dkim: {domain, selector, privateKey} (signing; default none),
 *         vapid: {publicKey, privateKey} (web push; default: fresh keys), smsAuthToken, callbackSecret, providerSecretKey (defaults: fresh ones) }
 * Returns { baseUrl, urls, serviceToken, processes, vapidPublicKey, stop(), restart(name), kill(name, signal) }.
 * When start-up fails, whatever was started is stopped again before the error is thrown.
 */
async function startStackOnce(opts) {
  const ports = {};
  for (const name of ['gateway', ...SERVICES]) ports[name] = opts.ports?.[name] || (await freePort());
  const metricsPorts = {};
  for (const name of ['gateway', ...SERVICES]) metricsPorts[name] = opts.metricsPorts?.[name] || (await freePort());
  const urls = Object.fromEntries(SERVICES.map((s) => [s, `http://127.0.0.1:${ports[s]}`]));
  const distDir = opts.distDir ?? path.join(root, 'dist');
  const readyTimeoutMs = opts.readyTimeoutMs ?? 60000;
  // Service-to-service auth is on, as in production: one token shared by the four processes.
  const serviceToken = opts.serviceToken || crypto.randomBytes(32).toString('hex');
  const common = {
    SERVICE_AUTH: 'token',
    SERVICE_TOKEN: serviceToken,
    NATS_URL: opts.infra.natsUrl,
    SMTP_URL: opts.infra.smtpUrl,
    LOG_LEVEL: opts.logLevel ?? 'info',
    HOST: '127.0.0.1',
  };
  const mongoUrlOf = (name) => opts.mongoUrls?.[name] || opts.infra.mongoUrl;
  // Every process learns where the services are (the gateway and delivery-service call them).
  const serviceUrls = {
    RECIPIENT_SERVICE_URL: urls['recipient-service'],
    PREFERENCE_SERVICE_URL: urls['preference-service'],
    DELIVERY_SERVICE_URL: urls['delivery-service'],
  };
  // Each app connects to NATS as its own user, with the permissions of docker/nats/herald.conf.
  const natsEnvOf = (name) => {
    const u = opts.infra.natsUsers?.[name];
    return u ? { NATS_USER: u.user, NATS_PASSWORD: u.password } : {};
  };
  const envOf = (name) => ({ ...baseEnvOf(name), ...natsEnvOf(name), ...opts.extraEnv });
  const gatewayUrl = `http://127.0.0.1:${ports.gateway}`;
  // Email deliverability (delivery service): one-click unsubscribe links, DKIM signing.
  const mailEnv = {
    PUBLIC_BASE_URL: opts.publicBaseUrl || gatewayUrl,
    UNSUBSCRIBE_SECRET: opts.unsubscribeSecret || crypto.randomBytes(32).toString('hex'),
    ...(opts.dkim ? { DKIM_DOMAIN: opts.dkim.domain, DKIM_SELECTOR: opts.dkim.selector, DKIM_PRIVATE_KEY: opts.dkim.privateKey } : {}),
  };
  const mediums = fakeMediumsEnv(opts.infra, { vapid: opts.vapid, smsAuthToken: opts.smsAuthToken, callbackSecret: opts.callbackSecret, providerSecretKey: opts.providerSecretKey });
  const baseEnvOf = (name) => {
    if (name === 'gateway') {
      return {
        ...common,
        MONGO_URL: mongoUrlOf('gateway'),
        PORT: String(ports.gateway),
        METRICS_PORT: String(metricsPorts.gateway),
        MONGO_DB: `${opts.dbPrefix}_gateway`,
        ADMIN_TOKEN: opts.adminToken,
        TOKEN_SECRET: opts.tokenSecret,
        ...serviceUrls,
      };
    }
    return {
      ...common,
      ...serviceUrls,
      MONGO_URL: mongoUrlOf(name),
      PORT: String(ports[name]),
      METRICS_PORT: String(metricsPorts[name]),
      MONGO_DB: `${opts.dbPrefix}_${name.replace('-service', '')}`,
      ...(name === 'delivery-service' ? { ...mailEnv, ...mediums.delivery } : {}),
      ...(name === 'recipient-service' ? mediums.recipient : {}),
    };
  };
  const processes = {};
  const spawnApp = (name) => {
    processes[name] = spawnLogged(name, process.execPath, [...(opts.nodeArgs ?? []), '--enable-source-maps', path.join(distDir, 'apps', name, 'main.js')], {
      logDir: opts.logDir,
      env: envOf(name),
    });
    return processes[name];
  };
  const stopAll = async () => {
    await stopChild(processes.gateway);
    await Promise.all(SERVICES.map((s) => stopChild(processes[s])));
  };
  const baseUrl = gatewayUrl;
  try {
    for (const name of SERVICES) spawnApp(name);
    await Promise.all(SERVICES.map((s) => waitForPort(ports[s], readyTimeoutMs, '127.0.0.1', processes[s]).catch((err) => {
      throw new Error(`${err.message}\n${tailLog(processes[s].heraldLog)}`);
    })));
    spawnApp('gateway');
    await waitForHttp(`${baseUrl}/readyz`, readyTimeoutMs, processes.gateway);
  } catch (err) {
    await stopAll();
    throw err;
  }

  return {
    baseUrl,
    urls,
    serviceToken,
    /** The VAPID public key of the delivery service (web push). */
    vapidPublicKey: mediums.vapidPublicKey,
    /** The gateway's environment (tests start more replicas of it in-process). */
    gatewayEnv: envOf('gateway'),
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
      if (name === 'gateway') await waitForHttp(`${baseUrl}/readyz`, readyTimeoutMs, processes.gateway);
      else await waitForPort(ports[name], readyTimeoutMs, '127.0.0.1', processes[name]);
    },
    stop: stopAll,
  };
}

/** startStackOnce, again on fresh ports when a port it chose was taken before its process bound it. */
async function startStack(opts) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startStackOnce(opts);
    } catch (err) {
      if (attempt >= 3 || opts.ports || opts.metricsPorts || !/EADDRINUSE/.test(String(err.message))) throw err;
      console.error(`[infra] a port was taken before its process bound it; starting the stack again on other ports (${attempt}/2)`);
    }
  }
}

module.exports = { startStack, waitForHttp, SERVICES };
