// What a subscribe and a list send cost the local store per 1,000 recipients, call by call: the
// server CPU (utime + stime of the ferretdb process, from /proc) of each store call a
// `PUT /lists/{key}/subscriptions` of 1,000 ids makes, of the reads it could make instead, and of
// the subscriber page a list send reads per 1,000 recipients. On a fresh store holding
// BENCH_RECIPIENTS recipients (default 100,000, with the recipient service's indexes) and a list of
// as many subscriptions, and a project of BENCH_LISTS lists (default 1,000: a subscribe used to read
// every list of its project for the project's subscription total; it now takes room in the project's
// totals document); each call shape measured on 20 different batches of 1,000, twice.
// `node bench/lists-store-floor.bench.mjs [<ferretdb binary>]` (default .local/bin/ferretdb).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { setTimeout as sleep } from 'node:timers/promises';

const bin = process.argv[2] ?? path.resolve('.local/bin/ferretdb');
const n = Number(process.env.BENCH_RECIPIENTS ?? 100_000);
const lists = Number(process.env.BENCH_LISTS ?? 1000);
const BATCH = 1000;
const SAMPLES = 20;
const cpuMs = (pid) => { const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' '); return (Number(f[11]) + Number(f[12])) * (1000 / 100); };
const idsOf = (b) => Array.from({ length: BATCH }, (_, i) => `sub-${String(b * BATCH + i).padStart(7, '0')}`);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-lists-store-floor-'));
const port = 28000 + Math.floor(Math.random() * 1000);
const store = spawn(bin, ['--handler=sqlite', `--sqlite-url=file:${dir}/`, `--listen-addr=127.0.0.1:${port}`, '--telemetry=disable', '--log-level=error', '--debug-addr=-', `--state-dir=${dir}`], { stdio: 'ignore' });
let client;
for (let i = 0; i < 100 && !client; i++) client = await MongoClient.connect(`mongodb://127.0.0.1:${port}/`).catch(() => sleep(100));
try {
  const db = client.db('bench');
  // The recipient service's collections and indexes (store/recipient-repository.ts, lists/store/).
  const recipients = db.collection('recipients');
  await recipients.createIndex({ project_id: 1, recipient_id: 1 }, { unique: true });
  await recipients.createIndex({ project_id: 1, seq: 1 });
  await recipients.createIndex({ project_id: 1, name: 1 });
  const subscriptions = db.collection('list_subscriptions');
  await subscriptions.createIndex({ project_id: 1, list_id: 1, recipient_id: 1 });
  await subscriptions.createIndex({ project_id: 1, recipient_id: 1 });
  const now = new Date();
  const subscription = (listId, recipientId, seq) => ({ _id: `1:${listId}:${recipientId}`, project_id: 1, list_id: listId, recipient_id: recipientId, recipient_seq: seq, created_at: now });
  process.stderr.write(`[bench] seeding ${n.toLocaleString('en-US')} recipients and a list of as many subscriptions...\n`);
  for (let b = 0; b < n / BATCH; b++) {
    const ids = idsOf(b);
    await recipients.insertMany(ids.map((id, i) => ({ project_id: 1, recipient_id: id, name: null, seq: b * BATCH + i + 1, state: 'active', deleted_at: null, created_at: now, updated_at: now })));
    await subscriptions.insertMany(ids.map((id, i) => subscription(1, id, b * BATCH + i + 1)));
  }

  // Another project's lists (the subscribe's project holds one list): what the total costs a project of many.
  const listDocs = db.collection('lists');
  await listDocs.createIndex({ project_id: 1, key: 1 }, { unique: true });
  await listDocs.createIndex({ project_id: 1, list_id: 1 });
  await listDocs.createIndex({ project_id: 1, self_service: 1, key: 1 });
  const list = (projectId, listId) => ({ project_id: projectId, list_id: listId, key: `list-${listId}`, name: `List ${listId}`, description: null, self_service: false, subscriber_count: 100, state: 'active', created_at: now, updated_at: now });
  await listDocs.insertOne(list(1, 1));
  for (let l = 0; l < lists; l += BATCH) await listDocs.insertMany(Array.from({ length: Math.min(BATCH, lists - l) }, (_, i) => list(2, l + i + 1)));
  const subscriptionTotal = (projectId) => listDocs.find({ project_id: projectId }, { projection: { _id: 0, subscriber_count: 1 } }).toArray();
  // Each project's totals (lists/store/project-totals-repository.ts): room taken by a conditional `$inc`.
  const totals = db.collection('list_project_totals');
  await totals.insertMany([{ _id: 1, lists: 1, subscriptions: n, counted_at: now }, { _id: 2, lists, subscriptions: lists * 100, counted_at: now }]);
  const takeRoom = (projectId) => totals.updateOne({ _id: projectId, subscriptions: { $lte: 1e12 - BATCH } }, { $inc: { subscriptions: BATCH } });
  const subscriptionIds = (listId, ids) => ({ _id: { $in: ids.map((id) => `1:${listId}:${id}`) } });

  const rows = [];
  /** Store CPU-ms per call of `fn(ids of a batch, sample)`, over SAMPLES batches spread over the recipients. */
  async function measure(what, fn) {
    const before = cpuMs(store.pid);
    for (let s = 0; s < SAMPLES; s++) await fn(idsOf(Math.floor((s * n) / BATCH / SAMPLES)), s);
    rows.push({ what, ms: (cpuMs(store.pid) - before) / SAMPLES });
  }
  const seqRead = { project_id: 1, state: 'active' };
  let scratchList = 100;
  for (let round = 0; round < 2; round++) {
    await measure("before: the project's subscription total summed from its lists, a project of one list", () => subscriptionTotal(1));
    await measure(`before: the same, a project of ${lists.toLocaleString('en-US')} lists`, () => subscriptionTotal(2));
    await measure(`the same total by \`$group\` with \`$sum\`, ${lists.toLocaleString('en-US')} lists`, () => listDocs.aggregate([{ $match: { project_id: 2 } }, { $group: { _id: null, total: { $sum: '$subscriber_count' } } }]).toArray());
    await measure("subscribe: room taken in the project's totals (conditional `$inc` of one document), a project of one list", () => takeRoom(1));
    await measure(`subscribe: the same, a project of ${lists.toLocaleString('en-US')} lists`, () => takeRoom(2));
    await measure(`before: a create's count of the project's lists, ${lists.toLocaleString('en-US')} lists`, () => listDocs.countDocuments({ project_id: 2 }));
    await measure('subscribe: what is already subscribed, counted (`$in` of the 1,000 subscription `_id`s), none there', (ids) => subscriptions.countDocuments(subscriptionIds(7, ids)));
    await measure('subscribe: the same count, all there (a retry)', (ids) => subscriptions.countDocuments(subscriptionIds(1, ids)));
    await measure('the same ids read (`find`, projected to the recipient), none there', (ids) => subscriptions.find(subscriptionIds(7, ids), { projection: { recipient_id: 1 } }).toArray());
    await measure('the same ids read, all there (what a subscribe of a mix reads)', (ids) => subscriptions.find(subscriptionIds(1, ids), { projection: { recipient_id: 1 } }).toArray());
    await measure("subscribe: the ids' sequences (`find`, `$in` of 1,000, projected to id and seq)", (ids) => recipients.find({ ...seqRead, recipient_id: { $in: ids } }, { projection: { _id: 0, recipient_id: 1, seq: 1 } }).toArray());
    await measure('the same read, whole documents', (ids) => recipients.find({ ...seqRead, recipient_id: { $in: ids } }).toArray());
    await measure('the same read, one batch of 1,000 (no `getMore`)', (ids) => recipients.find({ ...seqRead, recipient_id: { $in: ids } }, { projection: { _id: 0, recipient_id: 1, seq: 1 }, batchSize: BATCH }).toArray());
    await measure('the same ids counted (`countDocuments`: what a subscribe read before incarnations were kept)', (ids) => recipients.countDocuments({ ...seqRead, recipient_id: { $in: ids } }));
    await measure('subscribe: `insertMany` of 1,000 new subscriptions', (ids) => subscriptions.insertMany(ids.map((id, i) => subscription((scratchList += 1), id, i))));
    await measure('a retried subscribe: `insertMany` of 1,000 already there', (ids) => subscriptions.insertMany(ids.map((id, i) => subscription(1, id, i)), { ordered: false }).catch(() => undefined));
    await measure('a subscribe of 999 new ids and 1 already there: `insertMany` of 1,000', (ids) => {
      scratchList += 1;
      const docs = ids.map((id, i) => subscription(scratchList, id, i));
      docs[0] = subscription(1, ids[0], 0);
      return subscriptions.insertMany(docs, { ordered: false }).catch(() => undefined);
    });
    await measure(`subscribe: the recount (\`countDocuments\` of a list of ${n.toLocaleString('en-US')})`, () => subscriptions.countDocuments({ project_id: 1, list_id: 1 }));
    await measure('list send: a page of 1,000 subscribers (`ListSubscribers`)', (ids) => subscriptions.find({ project_id: 1, list_id: 1, recipient_id: { $gt: ids[0] } }, { projection: { _id: 0, recipient_id: 1, recipient_seq: 1 } }).sort({ recipient_id: 1 }).limit(BATCH).toArray());
  }
  const half = rows.length / 2;
  console.log(`\nStore CPU-ms per call of 1,000 ids (${n.toLocaleString('en-US')} recipients, a list of as many, a project of ${lists.toLocaleString('en-US')} lists; two rounds; load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')})\n`);
  console.log('| store call | round 1 | round 2 |');
  console.log('|---|---:|---:|');
  for (let i = 0; i < half; i++) console.log(`| ${rows[i].what} | ${rows[i].ms.toFixed(1)} | ${rows[i + half].ms.toFixed(1)} |`);
} finally {
  await client?.close();
  store.kill();
  fs.rmSync(dir, { recursive: true, force: true });
}
