// Starts what Herald needs around it: a MongoDB-compatible store, NATS with JetStream and an SMTP
// sink. Found in this order: explicit URLs in the environment (MONGO_URL, NATS_URL, SMTP_URL),
// then a Docker engine through testcontainers if one answers, then local binaries (FerretDB or
// mongod, nats-server), installed into .local/bin when missing.
//
// NATS runs with Herald's users and permissions (docker/nats/herald.conf, as in compose and
// Kubernetes), each app's password fresh for the run (infra.natsUsers, given to the apps by
// stack.cjs). By default (the tests, the benchmarks) a connection without credentials is the
// harness user, which may do anything: test set-up and fault injection talk to NATS directly,
// while the apps themselves keep their own users' permissions. `npm start` and the API contract
// check pass `natsHarness: false`: there nothing connects without a user.
//
// Every child process started here dies with the process that started it: on a normal exit
// (SIGKILL from the 'exit' handler) and on any other death (a small reaper process, see reaper.cjs).
const crypto = require('node:crypto');
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { setTimeout: sleep } = require('node:timers/promises');
const { ensureFerretdb, ensureNatsServer, findBinary, onPath, root } = require('./binaries.cjs');

const children = new Set();
const exitListeners = new Set();
process.on('exit', () => {
  for (const c of children) c.kill('SIGKILL');
});

let reaper = null;
function tellReaper(line) {
  if (!reaper) {
    reaper = spawn(process.execPath, [path.join(__dirname, 'reaper.cjs')], { stdio: ['pipe', 'ignore', 'ignore'], detached: true });
    reaper.on('error', () => undefined);
    reaper.stdin.on('error', () => undefined);
    reaper.unref();
    reaper.stdin.unref();
  }
  reaper.stdin.write(`${line}\n`);
}

/** Thrown when a component can be had neither from the environment, Docker nor local binaries. */
class InfraUnavailableError extends Error {
  constructor(missing) {
    super(`cannot start the local infrastructure:\n${missing.map((m) => `  - ${m}`).join('\n')}`);
    this.name = 'InfraUnavailableError';
    this.missing = missing;
  }
}

/**
 * A port nothing listens on, for a process about to start. Taken below the kernel's ephemeral range
 * (ip_local_port_range): a port from listen(0) lies inside it, where the outgoing connections of a
 * busy machine (a test suite's own) take their source ports, and one of them can hold it by the time
 * the process binds it (EADDRINUSE). Random within the range, checked free by binding it.
 */
function ephemeralLow() {
  try {
    return Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32768;
  } catch {
    return 32768;
  }
}
const tryListen = (port) =>
  new Promise((resolve) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', () => resolve(null));
    srv.listen(port, '127.0.0.1', () => {
      const got = srv.address().port;
      srv.close(() => resolve(got));
    });
  });
async function freePort() {
  const high = ephemeralLow() - 1;
  const low = Math.min(10000, high - 1000);
  for (let i = 0; i < 50; i++) {
    const port = await tryListen(low + Math.floor(Math.random() * (high - low + 1)));
    if (port) return port;
  }
  const port = await tryListen(0);
  if (!port) throw new Error('no free port');
  return port;
}

/** True when something accepts connections on host:port. */
function isListening(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const s = net.connect(port, host);
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });
}

/** Waits until host:port accepts connections; fails early when `child` exits meanwhile. */
async function waitForPort(port, timeoutMs = 30000, host = '127.0.0.1', child = null) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await isListening(port, host)) return;
    if (child && (child.exitCode !== null || child.signalCode !== null)) {
      throw new Error(`${child.heraldName ?? 'process'} exited (${child.exitCode ?? child.signalCode}) before listening on ${host}:${port}; see ${child.heraldLog}`);
    }
    if (Date.now() > deadline) throw new Error(`nothing listens on ${host}:${port} after ${timeoutMs} ms`);
    await sleep(100);
  }
}

/**
 * Spawns a long-running child whose output goes to <logDir>/<name>.log; it dies with this process.
 * `child.heraldName` and `child.heraldLog` say what it is and where its output went.
 */
function spawnLogged(name, cmd, args, { logDir, env, cwd } = {}) {
  fs.mkdirSync(logDir, { recursive: true });
  const logFile = path.join(logDir, `${name}.log`);
  const out = fs.openSync(logFile, 'a');
  const child = spawn(cmd, args, { stdio: ['ignore', out, out], env: { ...process.env, ...env }, cwd: cwd ?? root });
  fs.closeSync(out);
  child.heraldName = name;
  child.heraldLog = logFile;
  child.heraldStopping = false;
  children.add(child);
  if (child.pid) tellReaper(`+${child.pid}`);
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (child.pid) tellReaper(`-${child.pid}`);
    if (!child.heraldStopping) for (const l of exitListeners) l({ name, code, signal, logFile });
  });
  return child;
}

/** Calls `listener({name, code, signal, logFile})` when a child exits without being stopped. */
function onUnexpectedExit(listener) {
  exitListeners.add(listener);
  return () => exitListeners.delete(listener);
}

function stopChild(child, timeoutMs = 10000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  child.heraldStopping = true;
  return new Promise((resolve) => {
    const t = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', () => (clearTimeout(t), resolve()));
    child.kill('SIGTERM');
  });
}

/** The last `lines` lines of a log file ('' when unreadable). */
function tailLog(file, lines = 20) {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

const NATS_APPS = ['gateway', 'recipient-service', 'preference-service', 'delivery-service'];
/** The environment variable herald.conf reads an app's password from (libs/contracts natsPasswordVariable). */
const natsPasswordVariable = (app) => `HERALD_NATS_${app.replace(/-service$/, '').toUpperCase()}_PASSWORD`;
const NATS_HARNESS_USER = 'herald-harness';

/**
 * A fresh password per Herald app: { gateway: { user, password }, ... }. nats-server parses the
 * value of a `$VARIABLE` as a configuration value: one starting with a digit is read as a number
 * and the server does not start, so every password starts with a letter.
 */
const natsPassword = () => `nats${crypto.randomBytes(18).toString('hex')}`;
function newNatsUsers() {
  return Object.fromEntries(NATS_APPS.map((app) => [app, { user: app, password: natsPassword() }]));
}

/** The nats-server environment carrying the apps' passwords (herald.conf reads `$HERALD_NATS_<APP>_PASSWORD`). */
const natsPasswordEnv = (users) => Object.fromEntries(NATS_APPS.map((app) => [natsPasswordVariable(app), users[app].password]));

/**
 * Writes the server configuration into `dir`: docker/nats/herald.conf as it is, or with the
 * harness user added as the user of connections without credentials (`no_auth_user`).
 * Returns its path. herald.conf is JSON with `#` comments and unquoted `$VARIABLE` passwords.
 */
function writeNatsConf(dir, { harness }) {
  const text = fs.readFileSync(path.join(root, 'docker', 'nats', 'herald.conf'), 'utf8');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'herald.conf');
  if (!harness) {
    fs.writeFileSync(file, text);
    return file;
  }
  const json = text
    .split('\n')
    .filter((l) => !/^\s*#/.test(l))
    .join('\n')
    .replace(/:\s*\$(\w+)/g, ': "$$$1"');
  const conf = JSON.parse(json);
  conf.authorization.users.push({ user: NATS_HARNESS_USER, password: natsPassword() });
  conf.no_auth_user = NATS_HARNESS_USER;
  const out = JSON.stringify(conf, null, 2).replace(/"\$(HERALD_NATS_[A-Z]+_PASSWORD)"/g, '$$$1');
  fs.writeFileSync(file, `# docker/nats/herald.conf with the test harness user (tools/infra/index.cjs)\n${out}\n`, { mode: 0o600 });
  return file;
}

/** Starts containers for what is needed ({mongo, nats} booleans); null when no engine answers. */
async function tryDocker(need, log, natsConf) {
  if (process.env.HERALD_NO_DOCKER === '1') return null;
  let GenericContainer;
  let Wait;
  try {
    ({ GenericContainer, Wait } = require('testcontainers'));
  } catch {
    return null;
  }
  const started = [];
  try {
    const out = { stop: async () => Promise.all(started.map((c) => c.stop())) };
    if (need.mongo) {
      const mongo = await new GenericContainer('mongo:7').withExposedPorts(27017).withWaitStrategy(Wait.forListeningPorts()).start();
      started.push(mongo);
      out.mongoUrl = `mongodb://${mongo.getHost()}:${mongo.getMappedPort(27017)}/`;
    }
    if (need.nats) {
      const nats = await new GenericContainer('nats:2.10')
        .withCopyFilesToContainer([{ source: natsConf.file, target: '/etc/nats/herald.conf' }])
        .withEnvironment(natsPasswordEnv(natsConf.users))
        .withCommand(['-c', '/etc/nats/herald.conf', '-js'])
        .withExposedPorts(4222)
        .start();
      started.push(nats);
      out.natsUrl = `nats://${nats.getHost()}:${nats.getMappedPort(4222)}`;
    }
    log(`using Docker containers (testcontainers):${need.mongo ? ' mongo:7' : ''}${need.nats ? ' nats:2.10' : ''}`);
    return out;
  } catch (err) {
    await Promise.all(started.map((c) => c.stop().catch(() => undefined)));
    log(`no Docker engine answered (${String(err.message).split('\n')[0]}); using local binaries`);
    return null;
  }
}

const MONGO_HINT =
  'a MongoDB-compatible store: set MONGO_URL=mongodb://host:27017/ (one server, a database per service), ' +
  'or start a Docker engine (testcontainers runs mongo:7), or put mongod on PATH, ' +
  'or install Go 1.24 or newer (https://go.dev/dl; Debian 12\'s golang package is too old) so FerretDB v1.24.2 can be built into .local/bin';
const NATS_HINT =
  'NATS with JetStream: set NATS_URL=nats://host:4222, or start a Docker engine (testcontainers runs nats:2.10), ' +
  'or install nats-server 2.9+ (`apt-get install nats-server`, or https://github.com/nats-io/nats-server/releases) ' +
  'or set NATS_SERVER_BIN to its path';

/**
 * Finds (installing when possible) the local binaries for what is needed; throws one
 * InfraUnavailableError naming everything missing.
 */
function resolveLocalBinaries(need, log) {
  const bins = {};
  const missing = [];
  if (need.mongo) {
    bins.ferretdb = ensureFerretdb(log);
    bins.mongod = bins.ferretdb ? null : findBinary('mongod', 'MONGOD_BIN');
    if (!bins.ferretdb && !bins.mongod) {
      missing.push(onPath('go') ? `${MONGO_HINT} (Go is installed but building FerretDB failed; see the messages above)` : MONGO_HINT);
    }
  }
  if (need.nats) {
    bins.natsServer = ensureNatsServer(log);
    if (!bins.natsServer) missing.push(NATS_HINT);
  }
  if (missing.length) throw new InfraUnavailableError(missing);
  return bins;
}

/** True when a Docker engine answers (testcontainers' own check); false at once when none does. */
async function dockerAvailable() {
  if (process.env.HERALD_NO_DOCKER === '1') return false;
  try {
    await require('testcontainers').getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}

/**
 * Makes sure `startInfra` will find what it needs without starting anything: with MONGO_URL and
 * NATS_URL set or a Docker engine answering there is nothing to do; otherwise the local binaries
 * are installed now. Throws InfraUnavailableError naming what is missing. Returns the source.
 */
async function prepareInfra({ log = console.log, needMongo = true } = {}) {
  const need = { mongo: !process.env.MONGO_URL && needMongo, nats: !process.env.NATS_URL };
  if (!need.mongo && !need.nats) return 'environment';
  if (await dockerAvailable()) return 'docker';
  resolveLocalBinaries(need, log);
  return 'local';
}

async function startLocalMongo({ bins, dataDir, port, logDir }) {
  fs.mkdirSync(dataDir, { recursive: true });
  const child = bins.ferretdb
    ? spawnLogged('ferretdb', bins.ferretdb, [
        // synchronous(normal): in WAL mode a commit is not fsynced (it survives a crash of any process,
        // FerretDB's included, but not of the machine); a local development and test store, not a
        // production one (compose and Kubernetes run MongoDB).
        '--handler=sqlite', `--sqlite-url=file:${dataDir}/?_pragma=synchronous(normal)`, `--listen-addr=127.0.0.1:${port}`,
        // FERRETDB_DEBUG_ADDR (e.g. 127.0.0.1:8088) serves Go's pprof, to profile the store under a bench.
        '--telemetry=disable', '--log-level=warn', `--debug-addr=${process.env.FERRETDB_DEBUG_ADDR || '-'}`, `--state-dir=${dataDir}`,
      ], { logDir })
    : spawnLogged('mongod', bins.mongod, ['--dbpath', dataDir, '--port', String(port), '--bind_ip', '127.0.0.1'], { logDir });
  // FerretDB recreates, before it listens, the indexes a data directory kept from an older build
  // has (tools/infra/ferretdb-patch/0001-index-typed-keys.patch): about 20 s per 50,000 documents, once.
  await waitForPort(port, bins.ferretdb ? 600000 : 30000, '127.0.0.1', child);
  return { url: `mongodb://127.0.0.1:${port}/`, child };
}

async function startLocalNats({ bin, dataDir, port, logDir, conf }) {
  fs.mkdirSync(dataDir, { recursive: true });
  const child = spawnLogged('nats-server', bin, ['-c', conf.file, '-js', '-sd', dataDir, '-a', '127.0.0.1', '-p', String(port)], {
    logDir,
    env: natsPasswordEnv(conf.users),
  });
  await waitForPort(port, 30000, '127.0.0.1', child);
  return { url: `nats://127.0.0.1:${port}`, child, port, dataDir, bin, logDir, conf };
}

/**
 * Starts (or adopts from the environment) the store, the broker and the sink (SMTP, the fake SMS
 * provider on the sink's HTTP port, the fake web push service on its own HTTPS port).
 * opts: { dataDir, logDir, ports: {mongo, nats, smtp, mailApi, push} (0 or absent = free port), log,
 *         needMongo (default true; false when every service has its own MONGO_URL),
 *         natsHarness (default true: a connection without credentials may do anything, for tests; false: it is refused) }
 * Returns { mongoUrl, natsUrl, natsUsers, smtpUrl, mailApiUrl, smsApiUrl, pushCaFile, source, logDir, restartNats(), stop() }
 * (smsApiUrl, pushCaFile and apns only when the sink runs here: the SMS API base URL, the push service's certificate, the APNs fake's {origin, caFile});
 * natsUsers ({ gateway: { user, password }, ... }) is null when NATS comes from NATS_URL (the apps
 * then connect without credentials, or as their NATS_USER / NATS_PASSWORD in extraEnv say).
 * Throws InfraUnavailableError (nothing started) when a component cannot be had.
 */
async function startInfra(opts) {
  const log = opts.log ?? ((m) => console.log(m));
  const dataDir = opts.dataDir;
  const logDir = opts.logDir ?? path.join(dataDir, 'logs');
  const port = async (name) => opts.ports?.[name] || (await freePort());
  const stops = [];
  const stopAll = async () => {
    for (const s of stops.reverse()) await s().catch(() => undefined);
    stops.length = 0;
  };
  let mongoUrl = process.env.MONGO_URL || null;
  let natsUrl = process.env.NATS_URL || null;
  const need = { mongo: !mongoUrl && opts.needMongo !== false, nats: !natsUrl };
  const sources = [];
  if (mongoUrl || natsUrl) sources.push('environment');
  let nats = null;
  let natsUsers = null;
  const natsConf = need.nats ? { users: newNatsUsers(), file: writeNatsConf(path.join(dataDir, 'nats-conf'), { harness: opts.natsHarness !== false }) } : null;

  try {
    if (need.mongo || need.nats) {
      const docker = await tryDocker(need, log, natsConf);
      if (docker) {
        sources.push('docker');
        mongoUrl ??= docker.mongoUrl ?? null;
        if (!natsUrl && docker.natsUrl) natsUsers = natsConf.users;
        natsUrl ??= docker.natsUrl ?? null;
        stops.push(docker.stop);
        need.mongo = need.nats = false;
      }
    }
    if (need.mongo || need.nats) {
      const bins = resolveLocalBinaries(need, log);
      sources.push('local');
      if (need.mongo) {
        const m = await startLocalMongo({ bins, dataDir: path.join(dataDir, 'mongo'), port: await port('mongo'), logDir });
        mongoUrl = m.url;
        stops.push(() => stopChild(m.child));
      }
      if (need.nats) {
        nats = await startLocalNats({ bin: bins.natsServer, dataDir: path.join(dataDir, 'nats'), port: await port('nats'), logDir, conf: natsConf });
        natsUrl = nats.url;
        natsUsers = natsConf.users;
        stops.push(() => stopChild(nats.child));
      }
    }

    let smtpUrl = process.env.SMTP_URL || null;
    let mailApiUrl = process.env.MAIL_API_URL || null;
    let smsApiUrl = null;
    let pushCaFile = null;
    let apns = null;
    if (!smtpUrl) {
      const smtpPort = await port('smtp');
      const httpPort = await port('mailApi');
      const pushPort = await port('push');
      const apnsPort = await port('apns');
      apns = { origin: `https://127.0.0.1:${apnsPort}`, caFile: path.join(dataDir, 'apns-ca.pem') };
      fs.rmSync(apns.caFile, { force: true });
      fs.mkdirSync(dataDir, { recursive: true });
      pushCaFile = path.join(dataDir, 'push-ca.pem');
      fs.rmSync(pushCaFile, { force: true });
      const sink = spawnLogged('smtp-sink', process.execPath, [path.join(root, 'tools', 'smtp-sink', 'sink.cjs')], {
        logDir,
        env: {
          SMTP_PORT: String(smtpPort),
          HTTP_PORT: String(httpPort),
          PUSH_PORT: String(pushPort),
          PUSH_CA_FILE: pushCaFile,
          APNS_PORT: String(apnsPort),
          APNS_CA_FILE: apns.caFile,
          MAIL_DIR: path.join(dataDir, 'mail'),
          SINK_MODE: process.env.HERALD_SINK_MODE ?? '',
        },
      });
      stops.push(() => stopChild(sink));
      await waitForPort(httpPort, 30000, '127.0.0.1', sink);
      smtpUrl = `smtp://127.0.0.1:${smtpPort}`;
      mailApiUrl = `http://127.0.0.1:${httpPort}`;
      smsApiUrl = mailApiUrl;
    }

    return {
      mongoUrl,
      natsUrl,
      natsUsers,
      smtpUrl,
      mailApiUrl,
      smsApiUrl,
      pushCaFile,
      apns,
      source: sources.join('+') || 'environment',
      logDir,
      /** Restarts the local nats-server in place (fault tests); throws when NATS is not local. */
      async restartNats() {
        if (!nats) throw new Error('NATS is not a local process here');
        await stopChild(nats.child);
        const again = await startLocalNats({ bin: nats.bin, dataDir: nats.dataDir, port: nats.port, logDir: nats.logDir, conf: nats.conf });
        nats.child = again.child;
      },
      stop: stopAll,
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}

module.exports = {
  startInfra,
  prepareInfra,
  dockerAvailable,
  freePort,
  isListening,
  waitForPort,
  spawnLogged,
  stopChild,
  onUnexpectedExit,
  tailLog,
  InfraUnavailableError,
  root,
};
