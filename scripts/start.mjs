// `npm start`: everything Herald needs, on one machine, in one command.
//   1. installs npm dependencies with `npm ci` when node_modules is missing or differs from the lock
//      (Node built-ins only until then; an out-of-date lock stops here);
//   2. finds the store and broker: MONGO_URL / NATS_URL / SMTP_URL from the environment, else Docker
//      (testcontainers) when an engine answers, else local FerretDB + nats-server (installed into
//      .local/bin when missing; data under .local/data). A nats-server started here runs Herald's
//      users and permissions (docker/nats/herald.conf, as compose and Kubernetes do): each app
//      connects as its own user, with a password fresh for the run; nothing connects without one;
//   3. builds the four apps (scripts/build.mjs) and runs them on their default ports;
//   4. creates a dev project on first start and writes .local/dev-credentials.json.
// Secrets (ADMIN_TOKEN, TOKEN_SECRET, SERVICE_TOKEN, the web push VAPID key pair, ...) are generated
// once into .local/secrets.json and reused, as is the data. The sink also plays an SMS provider and a
// web push service (tools/smtp-sink). Ctrl-C stops everything. Logs: .local/logs/<process>.log.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { ensureDependencies, root } from './lib/deps.mjs';
import { configureDevMobileProviders } from './lib/dev-mobile-providers.mjs';

const { writePrivateJson, restrictFile } = createRequire(import.meta.url)('./lib/private-file.cjs');

const local = path.join(root, '.local');
const dataDir = path.join(local, 'data');
const logDir = path.join(local, 'logs');
const secretsFile = path.join(local, 'secrets.json');
const credentialsFile = path.join(local, 'dev-credentials.json');
const pidFile = path.join(local, 'start.pid');

const SERVICE_PORTS = { 'recipient-service': 50051, 'preference-service': 50052, 'delivery-service': 50053 };
const METRICS_PORTS = { gateway: 9100, 'recipient-service': 9101, 'preference-service': 9102, 'delivery-service': 9103 };
const GATEWAY_PORT = 8080;
const INFRA_PORTS = { mongo: 37017, nats: 4222, smtp: 1025, mailApi: 8025, push: 8026 };
const MONGO_URL_VARS = {
  gateway: 'GATEWAY_MONGO_URL',
  'recipient-service': 'RECIPIENT_MONGO_URL',
  'preference-service': 'PREFERENCE_MONGO_URL',
  'delivery-service': 'DELIVERY_MONGO_URL',
};

const say = (m) => console.log(`[herald] ${m}`);
const fail = (m) => {
  console.error(`\n[herald] ${m}\n`);
  process.exit(1);
};

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Refuses to run twice: a second `npm start` would fight the first for its ports and data. */
function claimPidFile() {
  const other = Number(readJson(pidFile)?.pid);
  if (other && other !== process.pid) {
    try {
      process.kill(other, 0);
      fail(`npm start is already running here (pid ${other}). Stop it first (Ctrl-C in its terminal, or kill ${other}).`);
    } catch {
      // a stale file from a run that was killed
    }
  }
  fs.writeFileSync(pidFile, JSON.stringify({ pid: process.pid }));
  process.on('exit', () => {
    if (readJson(pidFile)?.pid === process.pid) fs.rmSync(pidFile, { force: true });
  });
}

/**
 * ADMIN_TOKEN, TOKEN_SECRET, SERVICE_TOKEN (service-to-service auth, shared by the four
 * processes), UNSUBSCRIBE_SECRET (one-click unsubscribe links), CALLBACK_SECRET (SMS status
 * callbacks), PROVIDER_SECRET_KEY (seals the projects' provider credentials), the VAPID key pair of web push (its public key is what browsers subscribe with, so it
 * must stay the same across starts) and the fake SMS provider's token: from the environment, else
 * generated once and kept.
 */
function loadSecrets() {
  const kept = readJson(secretsFile) ?? {};
  const vapid =
    process.env.VAPID_PUBLIC_KEY && process.env.VAPID_PRIVATE_KEY
      ? { publicKey: process.env.VAPID_PUBLIC_KEY, privateKey: process.env.VAPID_PRIVATE_KEY }
      : kept.vapid_public_key && kept.vapid_private_key
        ? { publicKey: kept.vapid_public_key, privateKey: kept.vapid_private_key }
        : createRequire(import.meta.url)('web-push').generateVAPIDKeys();
  const secrets = {
    admin_token: process.env.ADMIN_TOKEN || kept.admin_token || crypto.randomBytes(32).toString('hex'),
    token_secret: process.env.TOKEN_SECRET || kept.token_secret || crypto.randomBytes(32).toString('hex'),
    service_token: process.env.SERVICE_TOKEN || kept.service_token || crypto.randomBytes(32).toString('hex'),
    unsubscribe_secret: process.env.UNSUBSCRIBE_SECRET || kept.unsubscribe_secret || crypto.randomBytes(32).toString('hex'),
    callback_secret: process.env.CALLBACK_SECRET || kept.callback_secret || crypto.randomBytes(32).toString('hex'),
    provider_secret_key: process.env.PROVIDER_SECRET_KEY || kept.provider_secret_key || crypto.randomBytes(32).toString('hex'),
    vapid_public_key: vapid.publicKey,
    vapid_private_key: vapid.privateKey,
    sms_auth_token: kept.sms_auth_token || crypto.randomBytes(16).toString('hex'),
  };
  if (Object.keys(secrets).some((k) => secrets[k] !== kept[k])) writePrivateJson(secretsFile, secrets);
  return secrets;
}

async function api(baseUrl, adminToken, method, url, body) {
  const res = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { authorization: `Bearer ${adminToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, json, text };
}

/** The dev project: reused when .local/dev-credentials.json names one that still exists, else created. */
async function ensureDevProject(baseUrl, adminToken) {
  const kept = readJson(credentialsFile);
  if (kept?.project_id && kept.admin_token === adminToken && kept.full_key && kept.recipient_key) {
    const res = await api(baseUrl, adminToken, 'GET', `/admin/projects/${kept.project_id}`);
    if (res.status === 200) {
      // Rewritten with this run's gateway and checkout: the CLI uses the file only from there, with that URL.
      const credentials = { ...kept, base_url: baseUrl, project_root: root };
      writePrivateJson(credentialsFile, credentials);
      return { ...credentials, created: false };
    }
    say(`the kept dev project ${kept.project_id} is gone (${res.status}); creating a new one`);
  }
  // The dev project texts only the countries it lists (a project's default is every country):
  // how a project keeps its SMS where its users are. Change it with PATCH /admin/projects/{id}.
  const settings = { sms_country_codes: ['1', '44', '49'] };
  const res = await api(baseUrl, adminToken, 'POST', '/admin/projects', { name: 'dev', settings });
  if (res.status !== 201 || !res.json?.data?.project) {
    throw new Error(`POST /admin/projects answered ${res.status}: ${res.text.slice(0, 500)}`);
  }
  const { project, keys } = res.json.data;
  const keyOf = (scope) => keys.find((k) => k.scope === scope)?.key;
  const credentials = {
    base_url: baseUrl,
    admin_token: adminToken,
    project_id: project.id,
    full_key: keyOf('full'),
    recipient_key: keyOf('recipient'),
    project_root: root,
  };
  if (!credentials.full_key || !credentials.recipient_key) throw new Error(`POST /admin/projects returned no full/recipient keys: ${res.text.slice(0, 500)}`);
  writePrivateJson(credentialsFile, credentials);
  return { ...credentials, created: true };
}

async function main() {
  fs.mkdirSync(local, { recursive: true });
  claimPidFile();
  // Credentials files from earlier runs (or copied in) become owner-only even when not rewritten.
  for (const file of [secretsFile, credentialsFile]) restrictFile(file);
  ensureDependencies(say);

  const require = createRequire(import.meta.url);
  const infraKit = require('../tools/infra/index.cjs');
  const { startStack } = require('../tools/infra/stack.cjs');
  const { startInfra, isListening, onUnexpectedExit, tailLog, InfraUnavailableError } = infraKit;

  const mongoUrls = Object.fromEntries(
    Object.entries(MONGO_URL_VARS).filter(([, v]) => process.env[v]).map(([app, v]) => [app, process.env[v]]),
  );
  const needMongo = Object.keys(mongoUrls).length < Object.keys(MONGO_URL_VARS).length;

  // Every fixed port this run will listen on must be free.
  const wanted = [
    ['gateway', GATEWAY_PORT],
    ...Object.entries(SERVICE_PORTS),
    ...Object.entries(METRICS_PORTS).map(([s, p]) => [`${s} metrics`, p]),
    ...(needMongo && !process.env.MONGO_URL ? [['local MongoDB (FerretDB)', INFRA_PORTS.mongo]] : []),
    ...(!process.env.NATS_URL ? [['local nats-server', INFRA_PORTS.nats]] : []),
    ...(!process.env.SMTP_URL ? [['SMTP sink', INFRA_PORTS.smtp], ['mail sink API', INFRA_PORTS.mailApi], ['fake push service', INFRA_PORTS.push]] : []),
  ];
  const busy = [];
  for (const [what, port] of wanted) if (await isListening(port)) busy.push(`${port} (${what})`);
  if (busy.length) fail(`these ports are already in use: ${busy.join(', ')}.\nStop whatever listens there (another Herald?) and run npm start again.`);

  const secrets = loadSecrets();
  let infra = null;
  let stack = null;
  let stopping = false;
  const shutdown = async (code) => {
    if (stopping) return;
    stopping = true;
    say('stopping...');
    try {
      await stack?.stop();
      await infra?.stop();
    } finally {
      say('stopped');
      process.exit(code);
    }
  };
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(sig, () => {
      if (stopping) process.exit(130); // a second Ctrl-C: leave now (the exit handler kills children)
      if (!infra) process.exit(130); // still starting: nothing to stop gracefully yet
      void shutdown(0);
    });
  }

  say('starting the store, the broker and the sink (SMTP, fake SMS provider, fake push service)...');
  try {
    // No NATS harness user: every connection needs one of the apps' users (tools/infra/index.cjs).
    infra = await startInfra({ dataDir, logDir, ports: INFRA_PORTS, needMongo, natsHarness: false, log: say });
  } catch (err) {
    if (err instanceof InfraUnavailableError) {
      fail(`${err.message}\nInstall or set one of the above for each missing component, then run npm start again.`);
    }
    throw err;
  }
  say(`infrastructure from: ${infra.source}`);

  say('building the apps...');
  const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    await infra.stop();
    fail('the build failed (see above)');
  }

  say('starting gateway, recipient-service, preference-service, delivery-service...');
  try {
    stack = await startStack({
      infra,
      dbPrefix: 'herald',
      adminToken: secrets.admin_token,
      tokenSecret: secrets.token_secret,
      serviceToken: secrets.service_token,
      unsubscribeSecret: secrets.unsubscribe_secret,
      callbackSecret: secrets.callback_secret,
      providerSecretKey: secrets.provider_secret_key,
      vapid: { publicKey: secrets.vapid_public_key, privateKey: secrets.vapid_private_key },
      smsAuthToken: secrets.sms_auth_token,
      publicBaseUrl: process.env.PUBLIC_BASE_URL || undefined,
      dkim: process.env.DKIM_DOMAIN ? { domain: process.env.DKIM_DOMAIN, selector: process.env.DKIM_SELECTOR ?? '', privateKey: process.env.DKIM_PRIVATE_KEY ?? '' } : undefined,
      logDir,
      ports: { gateway: GATEWAY_PORT, ...SERVICE_PORTS },
      metricsPorts: METRICS_PORTS,
      mongoUrls,
      logLevel: process.env.LOG_LEVEL || 'info',
      readyTimeoutMs: 60000,
      // Browsers may call the local gateway from its own origin (the demo page) unless CORS_ORIGINS says otherwise.
      // The demo page (/demo) mints tokens with the dev project's Full key, read from the credentials file.
      extraEnv: {
        CORS_ORIGINS: process.env.CORS_ORIGINS ?? `http://localhost:${GATEWAY_PORT},http://127.0.0.1:${GATEWAY_PORT}`,
        DEMO_CREDENTIALS_FILE: credentialsFile,
        // Webhooks may target receivers on this machine (never set in production).
        WEBHOOK_ALLOW_PRIVATE: '1',
      },
    });
  } catch (err) {
    await infra.stop();
    fail(`the services did not start: ${err.message}\nLogs: ${logDir}`);
  }
  onUnexpectedExit(({ name, code, signal, logFile }) => {
    if (stopping) return;
    console.error(`\n[herald] ${name} exited unexpectedly (${code ?? signal}); last lines of ${logFile}:\n${tailLog(logFile)}\n`);
    void shutdown(1);
  });

  let creds;
  try {
    creds = await ensureDevProject(stack.baseUrl, secrets.admin_token);
  } catch (err) {
    console.error(`\n[herald] could not set up the dev project: ${err.message}\nLogs: ${logDir}\n`);
    return shutdown(1);
  }

  if (infra.mailApiUrl) {
    try {
      await configureDevMobileProviders(stack.baseUrl, creds.full_key, infra.mailApiUrl);
    } catch (err) {
      say(`the dev project's FCM and APNs providers were not set to the fakes: ${err.message}`);
    }
  }

  const rel = (p) => path.relative(process.cwd(), p) || '.';
  console.log(`
Herald is running.

  Gateway (REST)     ${stack.baseUrl}            API docs: ${stack.baseUrl}/docs
  Inbox demo         ${stack.baseUrl}/demo       (<herald-inbox>, served from ${stack.baseUrl}/ui/herald-inbox.js)
  Operator console   ${stack.baseUrl}/console    (sign in with the Full-access key below)
  Gateway metrics    http://127.0.0.1:${stack.metricsPorts.gateway}/metrics
  Dev project        ${creds.project_id}${creds.created ? ' (created now)' : ''}
  Full-access key    ${creds.full_key}
  Recipient key      ${creds.recipient_key}
  Admin token        ${secrets.admin_token}
  Mail sink          ${infra.mailApiUrl ? `${infra.mailApiUrl}/messages  (SMTP ${infra.smtpUrl})` : `SMTP_URL=${infra.smtpUrl}`}${
    infra.smsApiUrl
      ? `
  SMS (fake)         ${infra.mailApiUrl}/sms       (providers ACfakeprimary, ACfakesecondary: POST ${infra.mailApiUrl}/sms/control {"fail_next": 5, "account": "ACfakeprimary"})
  Web push (fake)    ${infra.mailApiUrl}/push      (subscriptions: POST ${infra.mailApiUrl}/push/subscriptions; VAPID key: ${stack.baseUrl}/push/vapid_public_key)
  FCM, APNs (fakes)  ${infra.mailApiUrl}/fcm, ${infra.mailApiUrl}/apns  (the dev project's providers point at them: GET ${stack.baseUrl}/providers)
  Chat (fake)        ${infra.mailApiUrl}/chat      (Slack channel ids like C0123456789 with the fake bot token; webhooks ${infra.mailApiUrl}/services/T/B/X, /webhookb2/…, /api/webhooks/1/x)`
      : ''
  }
  Store / broker     ${needMongo ? infra.mongoUrl : '(per-service MONGO_URLs)'}  ${infra.natsUrl}
  Credentials file   ${rel(credentialsFile)}
  Logs               ${rel(logDir)}/<process>.log

  Try:  curl -H "Authorization: Bearer ${creds.full_key}" ${stack.baseUrl}/recipients

Ctrl-C stops everything; data stays in ${rel(dataDir)} for the next start.`);
}

main().catch((err) => {
  console.error(`\n[herald] npm start failed: ${err?.stack ?? err}\n`);
  process.exit(1);
});
