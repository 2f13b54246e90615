// Benchmark: what the feed order of woken notifications costs the local store (FerretDB on SQLite,
// Herald's patch). The server CPU (utime + stime of the ferretdb process, from /proc) per document
// inserted with and without the `feed_woken` index (two collections, the same documents, batches of
// 500 alternating), and per feed page of a recipient with 10,000 notifications: the page by `_id`
// alone (the read before woken notifications had a place) against the page as the feed now reads it
// (the `_id` walk plus the woken walk on `feed_woken`), with none and with 20 woken notifications,
// and the `_id` read without and with the open range on `_id` the feed's reads carry.
// `node bench/feed-woken.bench.mjs`
// Env: BENCH_DOCS (per collection, default 40000), BENCH_PAGES (pages per measurement, default 300).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { MongoClient } from 'mongodb';

const require = createRequire(import.meta.url);
const { ensureFerretdb } = require('../tools/infra/binaries.cjs');
const { freePort, waitForPort, spawnLogged, stopChild } = require('../tools/infra/index.cjs');

const totalDocs = Number(process.env.BENCH_DOCS ?? 40_000);
const pages = Number(process.env.BENCH_PAGES ?? 300);
const say = (m) => process.stderr.write(`[bench] ${m}\n`);
const cpuMs = (pid) => {
  const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) * 10; // clock ticks of 10 ms
};
const PROJECT = 7;
const HOT = 'u-hot';
const FEED = [
  [{ project_id: 1, recipient_id: 1, status: 1, _id: -1 }, 'feed'],
  [{ project_id: 1, recipient_id: 1, status: 1, read: 1, _id: -1 }, 'feed_unread_by_id'],
  [{ project_id: 1, recipient_id: 1, status: 1, archived: 1, _id: -1 }, 'feed_archived_by_id'],
  [{ project_id: 1, recipient_id: 1, status: 1, seen: 1 }, 'feed_seen'],
  [{ project_id: 1, recipient_id: 1, status: 1, snoozed: 1 }, 'feed_snoozed'],
];
const WOKEN = [{ project_id: 1, recipient_id: 1, status: 1, feed_order: -1 }, 'feed_woken'];

const doc = (id, recipientId) => ({
  _id: id, project_id: PROJECT, recipient_id: recipientId, broadcast_id: null, target: { channel: 'c', topic: 't', event: 'e' },
  payload_json: JSON.stringify({ title: `Notification ${id}`, body: 'Something happened that you may want to look at.' }),
  read: id % 3 !== 0, opened: false, status: 'delivered', email: { status: 'none', attempts: 0 }, email_content: null, created_at: new Date(), updated_at: new Date(),
});

let child = null;
let dataDir = null;
let client = null;
try {
  const bin = ensureFerretdb(say);
  if (!bin) throw new Error('no FerretDB binary (see tools/infra/binaries.cjs)');
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-bench-woken-'));
  const port = await freePort();
  child = spawnLogged('ferretdb', bin, ['--handler=sqlite', `--sqlite-url=file:${dataDir}/`, `--listen-addr=127.0.0.1:${port}`, '--telemetry=disable', '--log-level=warn', '--debug-addr=-', `--state-dir=${dataDir}`], { logDir: dataDir });
  await waitForPort(port, 30000, '127.0.0.1', child);
  client = await new MongoClient(`mongodb://127.0.0.1:${port}/`).connect();
  const db = client.db('herald_bench_woken');
  const without = db.collection('without_feed_woken');
  const withIt = db.collection('with_feed_woken');
  for (const [key, name] of FEED) for (const col of [without, withIt]) await col.createIndex(key, { name });
  await withIt.createIndex(WOKEN[0], { name: WOKEN[1] });
  // Every 4th document the hot recipient's (10,000 of 40,000), the rest spread over 1,000 others.
  const owner = (i) => (i % 4 === 0 ? HOT : `u${i % 1000}`);
  const spent = { without: 0, with: 0 };
  for (let from = 1; from <= totalDocs; from += 500) {
    const batch = Array.from({ length: Math.min(500, totalDocs - from + 1) }, (_, k) => doc(from + k, owner(from + k)));
    for (const [name, col] of [['without', without], ['with', withIt]]) {
      const c0 = cpuMs(child.pid);
      await col.insertMany(batch, { ordered: false });
      spent[name] += cpuMs(child.pid) - c0;
    }
  }
  const base = { project_id: PROJECT, recipient_id: HOT, status: 'delivered' };
  const projection = { email_content: 0 };
  const byId = () => withIt.find(base, { projection }).sort({ _id: -1 }).limit(21).toArray();
  // The feed's read now: an open range on the id it is ordered by (without one, the store first reads every match's index entry).
  const byIdRanged = () => withIt.find({ ...base, _id: { $gte: Number.MIN_SAFE_INTEGER } }, { projection }).sort({ _id: -1 }).limit(21).toArray();
  const woken = () => withIt.find({ ...base, feed_order: { $lt: Number.MAX_SAFE_INTEGER } }, { projection }).sort({ feed_order: -1 }).limit(21).toArray();
  const perPage = async (read) => {
    await read();
    const c0 = cpuMs(child.pid);
    for (let i = 0; i < pages; i++) await read();
    return (cpuMs(child.pid) - c0) / pages;
  };
  const rows = [
    ['page by _id only (before)', await perPage(byId)],
    ['page by _id + woken walk, none woken', await perPage(() => Promise.all([byId(), woken()]))],
  ];
  const hotIds = (await withIt.find(base, { projection: { _id: 1 } }).sort({ _id: 1 }).limit(20).toArray()).map((d) => d._id);
  for (const [i, id] of hotIds.entries()) await withIt.updateOne({ _id: id }, { $set: { feed_order: totalDocs + 1 + i } });
  rows.push(['page by _id + woken walk, 20 woken', await perPage(() => Promise.all([byId(), woken()]))]);
  rows.push(['page by _id with the open id range + woken walk, 20 woken (the feed now)', await perPage(() => Promise.all([byIdRanged(), woken()]))]);
  rows.push(['page by _id only, no id range', await perPage(byId)]);
  rows.push(['page by _id only, with the open id range', await perPage(byIdRanged)]);
  const load = os.loadavg()[0].toFixed(2);
  console.log(`\nfeed order of woken notifications, FerretDB ${bin}, ${totalDocs} documents per collection, load average ${load} on ${os.cpus().length} cores\n`);
  console.log('| what | store CPU-ms |\n|---|---|');
  console.log(`| insert, per document, without feed_woken | ${(spent.without / totalDocs).toFixed(3)} |`);
  console.log(`| insert, per document, with feed_woken | ${(spent.with / totalDocs).toFixed(3)} |`);
  for (const [what, ms] of rows) console.log(`| ${what}, per page (10,000 notifications) | ${ms.toFixed(2)} |`);
} catch (err) {
  say(`failed: ${err.stack ?? err}`);
  process.exitCode = 1;
} finally {
  await client?.close().catch(() => undefined);
  if (child) await stopChild(child);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
