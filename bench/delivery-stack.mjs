// Shared set-up of the delivery benchmarks: build, infrastructure and the four processes as the
// tests start them (temporary directory, free ports), a project without rate limit, and readers of
// the delivery service's Prometheus metrics and memory. See bench/README.md.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { startInfra, freePort, root } = require('../tools/infra/index.cjs');
const { startStack } = require('../tools/infra/stack.cjs');
const here = path.dirname(fileURLToPath(import.meta.url));

export const say = (m) => process.stderr.write(`[bench] ${m}\n`);
export { sleep };

export async function json(res) {
  const body = await res.text();
  if (!res.ok) throw new Error(`${res.status} ${body.slice(0, 300)}`);
  return body ? JSON.parse(body) : null;
}

/** One sample of a Prometheus text exposition whose labels include `labels` (0 when absent). */
export function sample(text, name, labels = {}) {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  let total = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const inside = line.includes('{') ? line.slice(line.indexOf('{') + 1, line.indexOf('}')).split(',') : [];
    if (want.every((l) => inside.includes(l))) total += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return total;
}

/** Resident memory of a process in MB (VmRSS from /proc). */
export function rssMb(pid) {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/** The stack's processes and the infrastructure started in `dataDir`: pid → name. */
export function processesOf(stack, dataDir) {
  const pids = Object.fromEntries(Object.entries(stack.processes).map(([name, p]) => [p.pid, name]));
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    let cmdline = '';
    let environ = '';
    try {
      // The SMTP sink has its directory in its environment, the store and broker on the command line.
      cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      environ = fs.readFileSync(`/proc/${pid}/environ`, 'utf8');
    } catch {
      continue;
    }
    if (!(cmdline + environ).includes(dataDir) || pids[pid]) continue;
    // Named by the command line only: the environment may name other binaries (FERRETDB_BIN, ...).
    const program = cmdline.split('\0')[0];
    if (program.includes('ferretdb') || program.includes('mongod')) pids[pid] = 'store';
    else if (program.includes('nats-server')) pids[pid] = 'nats-server';
    else if (cmdline.includes('sink.cjs')) pids[pid] = 'smtp-sink';
  }
  return pids;
}

/** CPU seconds used so far by the stack's processes and the infrastructure started in `dataDir`. */
export function cpuSeconds(stack, dataDir) {
  const pids = processesOf(stack, dataDir);
  const out = {};
  for (const [pid, name] of Object.entries(pids)) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      out[name] = (out[name] ?? 0) + (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      // exited
    }
  }
  return out;
}

/** "name 1.2 s" per process, from two cpuSeconds() readings, busiest first. */
export const cpuDelta = (a, b) =>
  Object.keys(b).map((k) => [k, b[k] - (a[k] ?? 0)]).sort((x, y) => y[1] - x[1]).map(([k, v]) => `${k} ${v.toFixed(1)} s`).join(', ');

/**
 * CPU-ms per unit of work, per process and in all (the measure: utime+stime from /proc of
 * every process of the stack and its infrastructure; the load generator is the bench's own process
 * and is never counted; `exclude` leaves out e.g. the SMTP sink). From two cpuSeconds() readings.
 */
export function cpuPerUnit(a, b, units, { exclude = [] } = {}) {
  const per = Object.keys(b)
    .filter((k) => !exclude.includes(k))
    .map((k) => [k, ((b[k] - (a[k] ?? 0)) * 1000) / Math.max(1, units)])
    .sort((x, y) => y[1] - x[1]);
  const total = per.reduce((sum, [, v]) => sum + v, 0);
  return { total, per, text: `${total.toFixed(2)} CPU-ms (${per.map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', ')})` };
}

export const machine = (infra) => `${os.cpus().length} CPUs, node ${process.version}, store: ${infra.source}, load before: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`;

/**
 * Starts everything; `run(ctx)` measures; everything is stopped afterwards whatever happens.
 * `reuseDir`: the data directory is that one and is kept afterwards; its `stack.json` holds the
 * databases' prefix, the tokens and the project, so the next run starts the stack on the same store
 * with the same project (a seeded store is seeded once). ctx.reused says whether it was there.
 * ctx: { infra, stack, dataDir (kept with the process logs when the run fails), project, fullKey, auth ({authorization} with it), dbPrefix (databases `<dbPrefix>_<service>`), api(method, path, body), metrics() (delivery-service /metrics text),
 *        deliveryPid, cpu() (CPU seconds per process so far), startChild(file, env) (a helper process stopped at the end) }.
 */
export async function withDeliveryStack(name, { extraEnv: benchEnv = {}, reuseDir = null } = {}, run) {
  // BENCH_SET_<NAME>=<value>: the four processes run with <NAME>=<value> (trying a setting, e.g.
  // BENCH_SET_WORKER_BATCH_LINGER_MS=20); the output names the settings it ran with.
  const settings = Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('BENCH_SET_')).map(([k, v]) => [k.slice('BENCH_SET_'.length), v]));
  if (Object.keys(settings).length > 0) say(`settings: ${Object.entries(settings).map(([k, v]) => `${k}=${v}`).join(' ')}`);
  const extraEnv = { ...settings, ...benchEnv };
  // BENCH_CPU_PROF=<dir>: every Herald process writes a V8 CPU profile there when it stops
  // (summarise one with `node bench/tools/cpuprofile-top.mjs <file>`).
  // (a bench that profiles a window of its own passes BENCH_CPU_PROF in extraEnv: then not here)
  const nodeArgs = process.env.BENCH_CPU_PROF && !extraEnv.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`] : [];
  if (reuseDir) fs.mkdirSync(reuseDir, { recursive: true });
  const dataDir = reuseDir ? path.resolve(reuseDir) : fs.mkdtempSync(path.join(os.tmpdir(), `herald-${name}-`));
  const stateFile = path.join(dataDir, 'stack.json');
  const kept = reuseDir && fs.existsSync(stateFile) ? JSON.parse(fs.readFileSync(stateFile, 'utf8')) : null;
  const distDir = path.join(root, 'dist', `.bench-${name}`);
  let infra;
  let stack;
  const dbPrefix = kept?.dbPrefix ?? `bench${Date.now()}`;
  const cleanups = [];
  let failed = false;
  try {
    say(`data and logs: ${dataDir}`);
    const built = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs'), `--outdir=${distDir}`], { stdio: 'inherit' });
    if (built.status !== 0) throw new Error('build failed');
    infra = await startInfra({ dataDir, log: say });
    const adminToken = kept?.adminToken ?? crypto.randomBytes(24).toString('hex');
    const tokenSecret = kept?.tokenSecret ?? crypto.randomBytes(32).toString('hex');
    stack = await startStack({ infra, distDir, dbPrefix, adminToken, tokenSecret, logDir: path.join(dataDir, 'logs'), logLevel: 'warn', extraEnv, nodeArgs });
    const admin = { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' };
    let { project, fullKey } = kept ?? {};
    if (!project) {
      const created = await json(await fetch(`${stack.baseUrl}/admin/projects`, { method: 'POST', headers: admin, body: JSON.stringify({ name }) }));
      project = created.data.project;
      // Measure the delivery path, not the per-key rate limiter.
      await json(await fetch(`${stack.baseUrl}/admin/projects/${project.id}`, { method: 'PATCH', headers: admin, body: JSON.stringify({ settings: { rate_limit_per_second: null } }) }));
      fullKey = created.data.keys.find((k) => k.scope === 'full').key;
      if (reuseDir) fs.writeFileSync(stateFile, JSON.stringify({ dbPrefix, adminToken, tokenSecret, project, fullKey }));
    }
    const auth = { authorization: `Bearer ${fullKey}` };
    const api = async (method, p, body) =>
      json(await fetch(`${stack.baseUrl}${p}`, { method, headers: { ...auth, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) }));
    const metricsUrl = `http://127.0.0.1:${stack.metricsPorts['delivery-service']}/metrics`;
    const startChild = async (file, env) => {
      const child = await startHelper(file, env);
      cleanups.push(child.stop);
      return child;
    };
    await run({
      infra, stack, dataDir, reused: Boolean(kept), project, fullKey, auth, api, startChild, admin, adminToken, dbPrefix,
      metrics: async () => (await fetch(metricsUrl)).text(),
      deliveryPid: stack.processes['delivery-service'].pid,
      cpu: () => cpuSeconds(stack, dataDir),
      processes: () => processesOf(stack, dataDir),
    });
  } catch (err) {
    failed = true;
    say(`failed: ${err.stack ?? err}`);
  } finally {
    for (const f of cleanups.reverse()) await f().catch(() => undefined);
    await stack?.stop();
    await infra?.stop();
    fs.rmSync(distDir, { recursive: true, force: true });
    if (failed || reuseDir) say(`kept ${dataDir} (process logs in ${path.join(dataDir, 'logs')})`);
    else fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return failed;
}

/** A helper process (baseline server) that prints "ready <port>" on stdout; stopped with SIGTERM. */
async function startHelper(file, env) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(here, file)], { env: { ...process.env, ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => String(d).startsWith('ready') && resolve());
    child.once('exit', (code) => reject(new Error(`${file} exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: () => new Promise((r) => (child.exitCode !== null ? r() : (child.once('exit', r), child.kill('SIGTERM')))),
  };
}

/** Creates `n` recipients through `POST /recipients/batch` (1,000 per call, a few calls at once). */
export async function createRecipients(api, n, prefix = 'r', inFlight = 2) {
  const batches = [];
  for (let i = 0; i < n; i += 1000) batches.push(Array.from({ length: Math.min(1000, n - i) }, (_, j) => ({ id: `${prefix}${i + j}` })));
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < batches.length) {
        const b = batches[next++];
        const res = await api('POST', '/recipients/batch', { recipients: b });
        if (res.data.failed.length) throw new Error(`recipient batch failed: ${JSON.stringify(res.data.failed[0])}`);
      }
    }),
  );
}

/**
 * BENCH_CPU_PROF=<dir>: CPU profiles of a window of a benchmark only (cpu-prof-hook.cjs): pass
 * `extraEnv` to withDeliveryStack, call `toggle(pids)` at the start and at the end of the window;
 * `files(named)` names the profiles written (`<dir>/<pid>.cpuprofile`). Without it, all do nothing.
 */
export function windowProfiler() {
  const dir = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : null;
  return {
    dir,
    extraEnv: dir ? { NODE_OPTIONS: `--require ${path.join(here, 'cpu-prof-hook.cjs')}`, BENCH_CPU_PROF: dir } : {},
    toggle: (pids) => dir && pids.forEach((pid) => process.kill(pid, 'SIGUSR2')),
    files: (named) => Object.entries(named).map(([name, pid]) => `${name} ${dir}/${pid}.cpuprofile`).join(', '),
  };
}

/** The pids of the stack's processes, by name. */
export const stackPids = (stack) => Object.fromEntries(Object.entries(stack.processes).map(([name, p]) => [name, p.pid]));

/** Each service's /metrics text, by service name (one scrape of every service). */
export async function serviceMetrics(stack) {
  const out = {};
  for (const [svc, port] of Object.entries(stack.metricsPorts)) out[svc] = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  return out;
}

/** `herald_store_operations_total` of every service by `service operation collection`. */
export async function storeOperationsByKind(stack) {
  const out = {};
  for (const [svc, text] of Object.entries(await serviceMetrics(stack))) {
    for (const line of text.split('\n')) {
      if (!line.startsWith('herald_store_operations_total{')) continue;
      const labels = Object.fromEntries([...line.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
      const key = `${svc.replace('-service', '')} ${labels.operation} ${labels.collection ?? ''}`.trim();
      out[key] = (out[key] ?? 0) + Number(line.slice(line.lastIndexOf(' ') + 1));
    }
  }
  return out;
}

/** Store operations by service, summed from a `storeOperationsByKind` result (or its delta). */
export function opsByService(byKind) {
  const out = {};
  for (const [key, n] of Object.entries(byKind)) {
    const svc = key.slice(0, key.indexOf(' '));
    out[svc] = (out[svc] ?? 0) + n;
  }
  return out;
}

export const storeOpsDelta = (a, b) => Object.fromEntries(Object.keys(b).map((k) => [k, b[k] - (a[k] ?? 0)]));

/**
 * Fills the stores as a user's would be after a while (seed-store.mjs: insertMany straight into the
 * recipient and delivery databases, ids claimed from the services' sequences): BENCH_SEED_RECIPIENTS
 * recipients (default 100,000) and BENCH_SEED_NOTIFICATIONS notifications (default 200,000) of
 * other projects. 0 skips a part. Returns what was written.
 */
export async function seedOtherProjects({ infra, dbPrefix }) {
  const { seedStore } = await import('./seed-store.mjs');
  const recipients = Number(process.env.BENCH_SEED_RECIPIENTS ?? 100_000);
  const notifications = Number(process.env.BENCH_SEED_NOTIFICATIONS ?? 200_000);
  say(`seeding ${recipients} recipients and ${notifications} notifications of other projects...`);
  const r = await seedStore({ mongoUrl: infra.mongoUrl, recipientDb: `${dbPrefix}_recipient`, deliveryDb: `${dbPrefix}_delivery`, recipients, notifications, log: say });
  say(`seeded in ${(r.recipientsS + r.notificationsS).toFixed(1)} s`);
  return { recipients, notifications };
}

/**
 * Writes `count` delivered notifications straight into the delivery database (1,000 per insertMany),
 * recipients cycling through `${recipientPrefix}0..recipients-1`, ids from `firstId` (far above the
 * service's own sequence), newest last. Half of them read.
 */
export async function insertNotifications({ infra, dbPrefix, projectId, recipients, count, firstId, recipientPrefix, recipientOf }) {
  const { MongoClient } = await import('mongodb');
  const client = await MongoClient.connect(infra.mongoUrl);
  try {
    const col = client.db(`${dbPrefix}_delivery`).collection('notifications');
    const now = new Date();
    const settings = { strictTargets: false, maxBroadcastRecipientsForEmail: 0, monthlyQuota: null };
    for (let i = 0; i < count; i += 1000) {
      const docs = [];
      for (let j = i; j < Math.min(count, i + 1000); j++) {
        const id = firstId + j;
        const recipient = recipientOf ? recipientOf(j) : `${recipientPrefix}${j % recipients}`;
        docs.push({
          _id: id, project_id: projectId, recipient_id: recipient, broadcast_id: null, key: `d:${id}`,
          target: { channel: 'seed', topic: 'none', event: 'seeded' }, payload_json: JSON.stringify({ title: 'Seeded', n: j }),
          read: j % 2 === 0, opened: false, status: 'delivered', email: { status: 'not_requested', reason: null, address: null, message_id: null, attempts: 0, sent_at: null, error: null },
          email_content: null, settings, pending: false, created_at: now, updated_at: now,
        });
      }
      await col.insertMany(docs, { ordered: false });
    }
  } finally {
    await client.close();
  }
}

/**
 * The same-run reference of the outbound benches: `count` direct sends with a payload only to
 * `r0…`, `connections` at once, from the first send until every notification is written
 * (`herald_notifications_total`) or `timeoutS` passed. Returns { done, s, perSend } (CPU-ms per
 * send of every process, the SMTP sink left out).
 */
export async function payloadOnlySends({ api, metrics, cpu, count, connections, target, timeoutS }) {
  say(`reference: ${count} direct sends with a payload only, ${connections} at once`);
  const written = async () => sample(await metrics(), 'herald_notifications_total');
  const writtenBefore = await written();
  const cpuBefore = cpu();
  const t0 = Date.now();
  await sendEach(api, count, connections, (i) => ({ recipient_id: `r${i}`, target, payload: { title: 'Deploy finished', i } }));
  let done = 0;
  while (done < count && (Date.now() - t0) / 1000 < timeoutS) {
    done = (await written()) - writtenBefore;
    if (done < count) await sleep(100);
  }
  const s = (Date.now() - t0) / 1000;
  if (done < count) throw new Error(`reference: only ${done} of ${count} payload-only sends written within ${timeoutS} s`);
  return { done, s, perSend: cpuPerUnit(cpuBefore, cpu(), done, { exclude: ['smtp-sink'] }) };
}

/** `each(i)` for i in 0..n-1, `inFlight` at once (e.g. the contacts of recipients `r<i>`). */
export async function forEachIndex(n, each, inFlight = 8) {
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < n) await each(next++);
    }),
  );
}

/** n recipients `r0…` (createRecipients), each with a primary email contact `r<i>@bench.test`. */
export async function createEmailRecipients(api, n) {
  await createRecipients(api, n);
  await forEachIndex(n, (i) => api('POST', `/recipients/r${i}/contacts`, { medium: 'email', address: `r${i}@bench.test`, is_primary: true }));
}

/**
 * `count` POST /notifications/send through `api`, `body(i)` the i-th one's body, `connections` at
 * once (each waits for its answer before sending the next). Returns { ok, bad, p99 } (p99 of the
 * answered sends' latency, ms).
 */
export async function sendEach(api, count, connections, body) {
  let next = 0;
  let ok = 0;
  let bad = 0;
  const latencies = [];
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < count) {
        const i = next++;
        const t = Date.now();
        try {
          await api('POST', '/notifications/send', body(i));
          ok += 1;
          latencies.push(Date.now() - t);
        } catch {
          bad += 1;
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { ok, bad, p99: latencies[Math.floor(latencies.length * 0.99)] ?? null };
}

/**
 * Offers POST /notifications/send with autocannon (a payload to `target`, recipients cycling through
 * `r0..r<recipients-1>`) for `seconds`, or exactly `amount` requests; at `rate` req/s overall (0:
 * unthrottled; latencies are corrected for coordinated omission). `extra(n)` adds fields to the n-th
 * send (e.g. its `send_at`). Returns { ok, rps, p50, p99, bad, total, s } (s: the seconds it took).
 */
export async function offerSends({ url, headers, seconds, amount, rate = 0, connections, recipients, target, title = 'Shipped', extra }) {
  const { default: autocannon } = await import('autocannon');
  let n = 0;
  const t0 = Date.now();
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${url}/notifications/send`,
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        connections,
        ...(amount ? { amount } : { duration: seconds }),
        pipelining: 1,
        ...(rate ? { overallRate: rate } : {}),
        requests: [
          {
            setupRequest: (req) => {
              const i = n++;
              return { ...req, body: JSON.stringify({ recipient_id: `r${i % recipients}`, target, payload: { title, n: i }, ...(extra?.(i) ?? {}) }) };
            },
          },
        ],
      },
      (err, r) => {
        if (err) return reject(err);
        const ok = r['2xx'];
        const s = (Date.now() - t0) / 1000;
        resolve({ ok, rps: ok / (seconds ?? s), p50: r.latency.p50, p99: r.latency.p99, bad: r.non2xx + r.errors + r.timeouts, total: r.requests.total, s });
      },
    );
  });
}
