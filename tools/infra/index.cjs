// Starts what Herald needs around it: a MongoDB-compatible store, NATS with JetStream and an SMTP
// sink. Found in this order: explicit URLs in the environment (MONGO_URL, NATS_URL, SMTP_URL),
// then a Docker engine through testcontainers if one answers, then local binaries (FerretDB or
// mongod, nats-server), installed into .local/bin when missing.
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { ensureBinaries, findBinary, root } = require('./binaries.cjs');

const children = new Set();
process.on('exit', () => {
  for (const c of children) c.kill('SIGKILL');
});

async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function waitForPort(port, timeoutMs = 30000, host = '127.0.0.1') {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise((resolve) => {
      const s = net.connect(port, host);
      s.once('connect', () => (s.destroy(), resolve(true)));
      s.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on ${host}:${port} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Spawns a long-running child whose output goes to a log file; kills it when this process exits. */
function spawnLogged(name, cmd, args, { logDir, env, cwd } = {}) {
  fs.mkdirSync(logDir, { recursive: true });
  const out = fs.openSync(path.join(logDir, `${name}.log`), 'a');
  const child = spawn(cmd, args, { stdio: ['ignore', out, out], env: { ...process.env, ...env }, cwd: cwd ?? root });
  fs.closeSync(out);
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

function stopChild(child, timeoutMs = 10000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const t = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', () => (clearTimeout(t), resolve()));
    child.kill('SIGTERM');
  });
}

async function tryDocker(log) {
  if (process.env.HERALD_NO_DOCKER === '1') return null;
  try {
    const { GenericContainer, Wait } = require('testcontainers');
    const mongo = await new GenericContainer('mongo:7').withExposedPorts(27017).withWaitStrategy(Wait.forListeningPorts()).start();
    const nats = await new GenericContainer('nats:2.10').withCommand(['-js']).withExposedPorts(4222).start();
    log('using Docker containers (testcontainers): mongo:7, nats:2.10');
    return {
      mongoUrl: `mongodb://${mongo.getHost()}:${mongo.getMappedPort(27017)}/`,
      natsUrl: `nats://${nats.getHost()}:${nats.getMappedPort(4222)}`,
      stop: async () => {
        await nats.stop();
        await mongo.stop();
      },
    };
  } catch (err) {
    log(`no Docker engine answered (${String(err.message).split('\n')[0]}); using local binaries`);
    return null;
  }
}

async function startLocalMongo({ dataDir, port, logDir, log }) {
  const bins = ensureBinaries(log);
  fs.mkdirSync(dataDir, { recursive: true });
  if (bins.ferretdb) {
    const child = spawnLogged('ferretdb', bins.ferretdb, [
      '--handler=sqlite', `--sqlite-url=file:${dataDir}/`, `--listen-addr=127.0.0.1:${port}`,
      '--telemetry=disable', '--log-level=warn', '--debug-addr=-', '--state-dir=' + dataDir,
    ], { logDir });
    await waitForPort(port);
    return { url: `mongodb://127.0.0.1:${port}/`, child };
  }
  const mongod = findBinary('mongod', 'MONGOD_BIN');
  if (mongod) {
    const child = spawnLogged('mongod', mongod, ['--dbpath', dataDir, '--port', String(port), '--bind_ip', '127.0.0.1'], { logDir });
    await waitForPort(port);
    return { url: `mongodb://127.0.0.1:${port}/`, child };
  }
  throw new Error(
    'No MongoDB-compatible store: set MONGO_URL, start a Docker engine, install mongod, or install Go ' +
      '(https://go.dev/dl) so FerretDB can be built (go install github.com/FerretDB/FerretDB/cmd/ferretdb@v1.24.2).',
  );
}

async function startLocalNats({ dataDir, port, logDir, log }) {
  const bin = ensureBinaries(log).natsServer;
  if (!bin) {
    throw new Error('No nats-server: set NATS_URL, start a Docker engine, or install nats-server (apt-get install nats-server, or https://nats.io/download).');
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const child = spawnLogged('nats-server', bin, ['-js', '-sd', dataDir, '-a', '127.0.0.1', '-p', String(port)], { logDir });
  await waitForPort(port);
  return { url: `nats://127.0.0.1:${port}`, child, port, dataDir, bin, logDir };
}

/**
 * Starts (or adopts from the environment) the store, the broker and the SMTP sink.
 * opts: { dataDir, logDir, ports: {mongo, nats, smtp, mailApi} (0 or absent = free port), log }
 * Returns { mongoUrl, natsUrl, smtpUrl, mailApiUrl, source, restartNats(), stop() }.
 */
async function startInfra(opts) {
  const log = opts.log ?? ((m) => console.log(m));
  const dataDir = opts.dataDir;
  const logDir = opts.logDir ?? path.join(dataDir, 'logs');
  const port = async (name) => opts.ports?.[name] || (await freePort());
  const stops = [];
  let mongoUrl = process.env.MONGO_URL || null;
  let natsUrl = process.env.NATS_URL || null;
  let source = mongoUrl && natsUrl ? 'environment' : 'local';
  let nats = null;

  if (!mongoUrl || !natsUrl) {
    const docker = await tryDocker(log);
    if (docker) {
      source = 'docker';
      mongoUrl ??= docker.mongoUrl;
      natsUrl ??= docker.natsUrl;
      stops.push(docker.stop);
    }
  }
  if (!mongoUrl) {
    const m = await startLocalMongo({ dataDir: path.join(dataDir, 'mongo'), port: await port('mongo'), logDir, log });
    mongoUrl = m.url;
    stops.push(() => stopChild(m.child));
  }
  if (!natsUrl) {
    nats = await startLocalNats({ dataDir: path.join(dataDir, 'nats'), port: await port('nats'), logDir, log });
    natsUrl = nats.url;
    stops.push(() => stopChild(nats.child));
  }

  let smtpUrl = process.env.SMTP_URL || null;
  let mailApiUrl = process.env.MAIL_API_URL || null;
  if (!smtpUrl) {
    const smtpPort = await port('smtp');
    const httpPort = await port('mailApi');
    const sink = spawnLogged('smtp-sink', process.execPath, [path.join(root, 'tools', 'smtp-sink', 'sink.cjs')], {
      logDir,
      env: { SMTP_PORT: String(smtpPort), HTTP_PORT: String(httpPort), MAIL_DIR: path.join(dataDir, 'mail') },
    });
    await waitForPort(httpPort);
    smtpUrl = `smtp://127.0.0.1:${smtpPort}`;
    mailApiUrl = `http://127.0.0.1:${httpPort}`;
    stops.push(() => stopChild(sink));
  }

  return {
    mongoUrl,
    natsUrl,
    smtpUrl,
    mailApiUrl,
    source,
    /** Restarts the local nats-server in place (fault tests); a no-op error when NATS is not local. */
    async restartNats() {
      if (!nats) throw new Error('NATS is not a local process here');
      await stopChild(nats.child);
      const again = await startLocalNats({ dataDir: nats.dataDir, port: nats.port, logDir: nats.logDir, log });
      nats.child = again.child;
    },
    async stop() {
      for (const s of stops.reverse()) await s();
    },
  };
}

module.exports = { startInfra, freePort, waitForPort, spawnLogged, stopChild, root };
