// A/B of local-store builds: the server CPU (utime + stime of the ferretdb process, from /proc) per
// document for inserting notification-like documents with Herald's indexes (insertMany of 500), for
// updating some of them (bulkWrite of 50 updateOne, as the outcome writes do), and per unread feed
// page; three rounds, the builds alternating, each on a fresh data directory.
// `node bench/store-builds.bench.mjs <ferretdb binary> [<ferretdb binary> ...]`
// Env: BENCH_DOCS (default 20000), BENCH_UPDATES (default 2000).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { setTimeout as sleep } from 'node:timers/promises';
const cpu = (pid) => { const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' '); return (Number(f[11]) + Number(f[12])) / 100; };
async function run(bin) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-store-builds-'));
  const port = 28000 + Math.floor(Math.random() * 1000);
  const p = spawn(bin, ['--handler=sqlite', `--sqlite-url=file:${dir}/`, `--listen-addr=127.0.0.1:${port}`, '--telemetry=disable', '--log-level=error', '--debug-addr=-', `--state-dir=${dir}`], { stdio: 'ignore' });
  let client;
  for (let i = 0; i < 100; i++) { try { client = await MongoClient.connect(`mongodb://127.0.0.1:${port}/`); break; } catch { await sleep(100); } }
  const col = client.db('t').collection('notifications');
  await col.createIndex({ project_id: 1, recipient_id: 1, status: 1, _id: -1 }, { name: 'feed' });
  await col.createIndex({ project_id: 1, recipient_id: 1, status: 1, read: 1, _id: -1 }, { name: 'feed_unread_by_id' });
  await col.createIndex({ expires_at: 1 }, { name: 'expires' });
  const now = new Date();
  const mk = (id) => ({ _id: id, project_id: 7, recipient_id: `r${id % 5000}`, recipient_seq: id, broadcast_id: null, target: { channel: 'billing', topic: 'invoices', event: 'issued' }, payload_json: JSON.stringify({ title: 'Invoice', i: id }), read: false, opened: false, status: 'delivered', email: { status: 'pending', reason: null, address: `r${id}@x.test`, message_id: null, attempts: 0, sent_at: null, error: null }, email_content: { subject: 'Your invoice', html: '<h1>Invoice</h1><p>Amount due</p>' }, decision: { in_app: { rule: 'default' }, email: { rule: 'catalog' } }, expires_at: new Date(now.getTime() + 86400000), created_at: now, updated_at: now });
  const N = Number(process.env.BENCH_DOCS ?? 20000);
  const U = Number(process.env.BENCH_UPDATES ?? 2000);
  const c0 = cpu(p.pid);
  for (let i = 0; i < N; i += 500) await col.insertMany(Array.from({ length: 500 }, (_, j) => mk(1_000_000 + i + j)), { ordered: false });
  const c1 = cpu(p.pid);
  for (let i = 0; i < U; i += 50) await col.bulkWrite(Array.from({ length: 50 }, (_, j) => ({ updateOne: { filter: { _id: 1_000_000 + i + j, 'email.status': 'pending' }, update: { $set: { 'email.status': 'sent', updated_at: new Date() } } } })), { ordered: false });
  const c2 = cpu(p.pid);
  for (let i = 0; i < 200; i++) await col.find({ project_id: 7, recipient_id: `r${i}`, status: 'delivered', read: false }).sort({ _id: -1 }).limit(21).toArray();
  const c3 = cpu(p.pid);
  await client.close(); p.kill(); fs.rmSync(dir, { recursive: true, force: true });
  return { insert: (1000 * (c1 - c0)) / N, update: (1000 * (c2 - c1)) / U, page: (1000 * (c3 - c2)) / 200 };
}
const bins = process.argv.slice(2);
if (bins.length === 0) {
  console.error('usage: node bench/store-builds.bench.mjs <ferretdb binary> [<ferretdb binary> ...]');
  process.exit(2);
}
for (let round = 0; round < 3; round++) for (const b of bins) { const r = await run(b); console.log(b.padEnd(50), `insert ${r.insert.toFixed(3)} ms/doc, update ${r.update.toFixed(3)} ms/doc, unread page ${r.page.toFixed(2)} ms`); }
