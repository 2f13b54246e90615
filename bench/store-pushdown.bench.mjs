// Benchmark: the delivery service's reads on the local store (FerretDB on SQLite, Herald's patch,
// tools/infra/ferretdb-patch): first feed page (find + sort {_id: -1} + limit 21), next page
// (_id: {$lt: cursor}), unread feed page (read: false) and unread count (countDocuments), for a
// recipient with 10 notifications and one with 10,000, in a collection of ~200,000.
// `node bench/store-pushdown.bench.mjs`
// Env: MONGO_URL (use that store; else FerretDB is started from .local/bin, or FERRETDB_BIN, on a
//      temp data dir), BENCH_DOCS (default 200000), BENCH_ITER (runs per measurement, default 200),
//      BENCH_SECONDS (max seconds per measurement, default 10).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { MongoClient } from 'mongodb';

const require = createRequire(import.meta.url);
const { ensureFerretdb } = require('../tools/infra/binaries.cjs');
const { freePort, waitForPort, spawnLogged, stopChild } = require('../tools/infra/index.cjs');

const totalDocs = Number(process.env.BENCH_DOCS ?? 200_000);
const iterations = Number(process.env.BENCH_ITER ?? 200);
const maxSeconds = Number(process.env.BENCH_SECONDS ?? 10);
const say = (m) => process.stderr.write(`[bench] ${m}\n`);

const PROJECT = 7;
const HOT = 'u-hot'; // 10,000 notifications
const COLD = 'u-cold'; // 10 notifications
const OTHERS = 1900; // the rest, ~100 each

/** Herald's notification document (apps/delivery-service/src/kernel/store/notification-repository.ts). */
function notification(id, recipientId, i) {
  const at = new Date(Date.UTC(2026, 0, 1) + id * 1000);
  return {
    _id: id,
    project_id: PROJECT,
    recipient_id: recipientId,
    broadcast_id: null,
    key: `d:${id}`,
    target: null,
    payload_json: JSON.stringify({ title: `Notification ${id}`, body: 'Something happened that you may want to look at.' }),
    read: i % 3 !== 0,
    opened: false,
    status: i % 20 === 19 ? 'failed' : 'delivered',
    email: { status: 'none', attempts: 0 },
    email_content: null,
    settings: { quota: null },
    pending: false,
    created_at: at,
    updated_at: at,
  };
}

async function seed(col) {
  const indexes = [
    { key: { key: 1 }, name: 'key_unique', unique: true },
    { key: { project_id: 1, recipient_id: 1, status: 1, _id: -1 }, name: 'feed' },
    { key: { project_id: 1, recipient_id: 1, status: 1, read: 1, _id: -1 }, name: 'feed_unread_by_id' },
    { key: { pending: 1, created_at: 1 }, name: 'outbox' },
    { key: { broadcast_id: 1, recipient_id: 1 }, name: 'broadcast_recipient' },
  ];
  for (const { key, ...options } of indexes) await col.createIndex(key, options);
  // Recipients' notifications interleaved over the id sequence, as sends arrive over time.
  const owners = [];
  for (let i = 0; i < 10_000; i++) owners.push(HOT);
  for (let i = 0; i < 10; i++) owners.push(COLD);
  for (let i = 0; owners.length < totalDocs; i++) owners.push(`u${i % OTHERS}`);
  let state = 42;
  const rand = () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  for (let i = owners.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [owners[i], owners[j]] = [owners[j], owners[i]];
  }
  const seen = new Map();
  const started = performance.now();
  for (let from = 0; from < owners.length; from += 1000) {
    const batch = owners.slice(from, from + 1000).map((r, k) => {
      const n = seen.get(r) ?? 0;
      seen.set(r, n + 1);
      return notification(from + k + 1, r, n);
    });
    await col.insertMany(batch, { ordered: false });
  }
  say(`seeded ${owners.length} notifications in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function measure(name, fn) {
  const times = [];
  const deadline = performance.now() + maxSeconds * 1000;
  await fn(); // warm-up
  while (times.length < iterations && performance.now() < deadline) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const pct = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))];
  return { name, runs: times.length, p50: pct(50), p99: pct(99) };
}

let child = null;
let dataDir = null;
let client = null;
try {
  let url = process.env.MONGO_URL;
  if (!url) {
    const bin = ensureFerretdb(say);
    if (!bin) throw new Error('no FerretDB binary (see tools/infra/binaries.cjs)');
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-bench-store-'));
    const port = await freePort();
    say(`FerretDB ${bin} on port ${port}, data in ${dataDir}`);
    child = spawnLogged('ferretdb', bin, [
      '--handler=sqlite', `--sqlite-url=file:${dataDir}/`, `--listen-addr=127.0.0.1:${port}`,
      '--telemetry=disable', '--log-level=warn', '--debug-addr=-', `--state-dir=${dataDir}`,
    ], { logDir: dataDir });
    await waitForPort(port, 30000, '127.0.0.1', child);
    url = `mongodb://127.0.0.1:${port}/`;
  }
  client = await new MongoClient(url).connect();
  const col = client.db('herald_bench_pushdown').collection('notifications');
  await col.drop().catch(() => undefined);
  await seed(col);

  const results = [];
  for (const [recipient, label] of [[COLD, '10'], [HOT, '10,000']]) {
    const base = { project_id: PROJECT, recipient_id: recipient, status: 'delivered' };
    const page = (filter) => col.find(filter, { projection: { email_content: 0 } }).sort({ _id: -1 }).limit(21).toArray();
    const first = await page(base);
    const cursor = first.length > 10 ? first[10]._id : first[first.length - 1]._id;
    const unread = await col.countDocuments({ ...base, read: false });
    say(`${label}: first page ${first.length} docs, unread ${unread}`);
    results.push(await measure(`${label} notifications: first feed page`, () => page(base)));
    results.push(await measure(`${label} notifications: next page (_id < cursor)`, () => page({ ...base, _id: { $lt: cursor } })));
    results.push(await measure(`${label} notifications: unread feed page`, () => page({ ...base, read: false })));
    results.push(await measure(`${label} notifications: unread count`, () => col.countDocuments({ ...base, read: false })));
  }
  console.log(`\nstore pushdown, ${totalDocs} notifications (${url.replace(/\/\/[^@]*@/, '//')}):`);
  console.log(`${'query'.padEnd(52)} ${'p50 ms'.padStart(9)} ${'p99 ms'.padStart(9)} ${'runs'.padStart(6)}`);
  for (const r of results) console.log(`${r.name.padEnd(52)} ${r.p50.toFixed(2).padStart(9)} ${r.p99.toFixed(2).padStart(9)} ${String(r.runs).padStart(6)}`);
} catch (err) {
  say(`failed: ${err.stack ?? err}`);
  process.exitCode = 1;
} finally {
  await client?.close().catch(() => undefined);
  if (child) await stopChild(child);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
