// What a list send's notification inserts cost the local store, index by index: the server CPU
// (utime + stime of the ferretdb process, from /proc) per inserted document of a list send's
// notifications (the document a chunk writes for an in-app-only send, chunkDoc in
// process-broadcast-chunk.ts), inserted with `insertMany` (unordered) in slices, into a
// `notifications` collection carrying the delivery service's real indexes (its ensureIndexes,
// bundled with esbuild from notification-indexes.ts), on a store already holding BENCH_SEED
// notifications of another project. Measured: slices of 200 (the write lane's) and of 1,000, with
// every index, with each index left out in turn (dropped, measured, created again), with none but
// `_id`, a document without the fields a list send writes at their defaults, and the document in
// the order the delivery service stores it now (the fields the indexes key on first).
// Each measurement's documents are deleted after it, so every row meets a store of the same size
// (the cost per document grows with the collection's indexes), and the every-index row is
// measured again between every four rows (the noise of the shared machine shows in their spread).
// `node bench/notifications-store.bench.mjs [<ferretdb binary>]` (default .local/bin/ferretdb).
// Env: BENCH_SEED (default 100000), BENCH_DOCS (documents per measurement, default 5000),
//      BENCH_EACH_INDEX=0 (leave out the index-by-index rows),
//      BENCH_SQLITE_PRAGMAS (more `_pragma`s for the store's URL, comma-separated, e.g. `cache_size(-65536)`).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { build } from 'esbuild';
import { MongoClient } from 'mongodb';
import { setTimeout as sleep } from 'node:timers/promises';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const bin = process.argv[2] ?? path.join(root, '.local/bin/ferretdb');
const seed = Number(process.env.BENCH_SEED ?? 100_000);
const perRun = Number(process.env.BENCH_DOCS ?? 5000);
const eachIndex = process.env.BENCH_EACH_INDEX !== '0';
const say = (m) => process.stderr.write(`[bench] ${m}\n`);
const cpuMs = (pid) => { const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' '); return (Number(f[11]) + Number(f[12])) * (1000 / 100); };

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-notifications-store-'));
const indexesFile = path.join(root, 'dist', '.bench-notifications-store', 'notification-indexes.cjs');
await build({
  absWorkingDir: root, entryPoints: [path.join(here, 'notification-indexes.ts')], outfile: indexesFile,
  bundle: true, platform: 'node', target: 'node20', format: 'cjs', packages: 'external', tsconfig: 'tsconfig.base.json', logLevel: 'warning',
});
const { ensureNotificationIndexes, keyFieldsFirst } = createRequire(import.meta.url)(indexesFile);

// The store's URL as tools/infra starts it, with the extra pragmas.
const pragmas = ['synchronous(normal)', ...(process.env.BENCH_SQLITE_PRAGMAS ?? '').split(',').filter(Boolean)];
const port = 28000 + Math.floor(Math.random() * 1000);
const store = spawn(bin, ['--handler=sqlite', `--sqlite-url=file:${dir}/?${pragmas.map((p) => `_pragma=${p}`).join('&')}`, `--listen-addr=127.0.0.1:${port}`, '--telemetry=disable', '--log-level=error', '--debug-addr=-', `--state-dir=${dir}`], { stdio: 'ignore' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => { store.kill(); fs.rmSync(dir, { recursive: true, force: true }); process.exit(1); });
let client;
for (let i = 0; i < 100 && !client; i++) client = await MongoClient.connect(`mongodb://127.0.0.1:${port}/`).catch(() => sleep(100));

const now = new Date();
const expires = new Date(now.getTime() + 90 * 86_400_000);
const target = { channel: 'news', topic: 'weekly', event: 'digest' };
const notRequested = { status: 'not_requested', reason: null, address: null, message_id: null, attempts: 0, sent_at: null, error: null };
/** A list send's notification, as a chunk builds it for an in-app-only send (in chunkDoc's field order, as it was stored before keyFieldsFirst). */
const listSendDoc = (id, projectId, i) => ({
  _id: id, project_id: projectId, recipient_id: `r${i}`, recipient_seq: i + 1, broadcast_id: 7,
  target, target_channel: target.channel, target_topic: target.topic, target_event: target.event,
  payload_json: null, payload_in_broadcast: true, read: false, opened: false, status: 'delivered',
  email: notRequested, email_status: 'not_requested', email_content: null,
  decision: { in_app: { because: 'medium_default' } }, expires_at: expires, created_at: now, updated_at: now,
});
/** The same document without `fields` (what leaving them out would save). */
const without = (fields) => (id, projectId, i) => Object.fromEntries(Object.entries(listSendDoc(id, projectId, i)).filter(([k]) => !fields.includes(k)));
/** Fields of a list send's notification at their defaults, in groups a reader would have to default together. */
const defaultGroups = [['email', 'email_status'], ['email_content'], ['decision'], ['payload_json', 'opened']];

/** The same document as the delivery service stores it now: `_id` and the fields its indexes key on first (keyFieldsFirst). */
const keyFirstDoc = (id, projectId, i) => keyFieldsFirst(listSendDoc(id, projectId, i));

let nextId = 1;
try {
  const col = client.db('bench').collection('notifications');
  await ensureNotificationIndexes(client.db('bench'));
  const indexes = (await col.indexes()).filter((ix) => ix.name !== '_id_');
  say(`${indexes.length} indexes besides _id: ${indexes.map((ix) => ix.name).join(', ')}`);
  say(`seeding ${seed.toLocaleString('en-US')} notifications of another project...`);
  for (let i = 0; i < seed; i += 1000) await col.insertMany(Array.from({ length: Math.min(1000, seed - i) }, (_, k) => listSendDoc(nextId++, 2, (i + k) % 20_000)), { ordered: false });

  /** Server CPU-ms per document of `perRun` list-send documents inserted in slices of `slice`. */
  const measure = async (slice, doc = listSendDoc) => {
    const first = nextId;
    nextId += perRun;
    const before = cpuMs(store.pid);
    for (let i = 0; i < perRun; i += slice) {
      await col.insertMany(Array.from({ length: Math.min(slice, perRun - i) }, (_, k) => doc(first + i + k, 1, i + k)), { ordered: false });
    }
    const spent = (cpuMs(store.pid) - before) / perRun;
    await col.deleteMany({ _id: { $gte: first } });
    return spent;
  };
  const rows = [];
  const row = (name, v) => { rows.push([name, v]); say(`${name}: ${v.toFixed(4)} CPU-ms per document`); };
  const allRuns = [];
  const all = async () => { const v = await measure(200); allRuns.push(v); row('every index, slices of 200', v); };
  await measure(200); // warm-up
  await all();
  row('every index, slices of 1,000', await measure(1000));
  for (const fields of defaultGroups) row(`every index, slices of 200, the document without ${fields.join(', ')}`, await measure(200, without(fields)));
  row(`every index, slices of 200, the document without ${defaultGroups.flat().join(', ')}`, await measure(200, without(defaultGroups.flat())));
  // Alternately with the every-index row: the order's effect is smaller than the other rows'.
  for (let k = 0; k < 3; k++) {
    row('every index, slices of 200, the same document with _id and its key fields first (as stored now)', await measure(200, keyFirstDoc));
    await all();
  }
  // A chunk's read of its ids before its insert (findByIds: none is there on a first delivery), per id.
  const absentReads = async () => {
    const before = cpuMs(store.pid);
    for (let i = 0; i < perRun; i += 1000) await col.find({ _id: { $in: Array.from({ length: 1000 }, (_, k) => nextId + i + k) } }).toArray();
    return (cpuMs(store.pid) - before) / perRun;
  };
  row('a chunk\'s read of its 1,000 ids before the insert (none there), per id', await absentReads());
  for (const [k, ix] of eachIndex ? indexes.entries() : []) {
    const { key, name } = ix;
    await col.dropIndex(name);
    row(`without ${name} ${JSON.stringify(key)}`, await measure(200));
    await col.createIndex(key, { name, ...(ix.expireAfterSeconds !== undefined ? { expireAfterSeconds: ix.expireAfterSeconds } : {}) });
    if (k % 4 === 3) await all();
  }
  await all();
  for (const ix of indexes) await col.dropIndex(ix.name);
  row('no index but _id, slices of 200', await measure(200));
  const allMean = allRuns.reduce((a, b) => a + b, 0) / allRuns.length;

  console.log(`\nA list send's notification inserts on the local store (${os.cpus().length} CPUs, load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}; ${seed.toLocaleString('en-US')} notifications seeded; ${perRun.toLocaleString('en-US')} documents per row; pragmas ${pragmas.join(', ')}; document ${JSON.stringify(listSendDoc(1, 1, 1)).length} bytes of JSON)\n`);
  console.log(`| insert | store CPU-ms per document | against every index (mean of ${allRuns.length}: ${allMean.toFixed(4)}) |`);
  console.log('|---|---:|---:|');
  for (const [name, v] of rows) console.log(`| ${name} | ${v.toFixed(4)} | ${(v - allMean >= 0 ? '+' : '') + (v - allMean).toFixed(4)} |`);
} finally {
  await client?.close();
  store.kill();
  fs.rmSync(dir, { recursive: true, force: true });
}
