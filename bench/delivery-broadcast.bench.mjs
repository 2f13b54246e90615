// Benchmark: one broadcast to N recipients through the gateway, from the send to `completed`
// (every notification written and gated), on a store already in use (other projects' recipients
// and notifications, seeded first), with the delivery service's memory (VmRSS) before, at its
// peak and after, and every process's growth (peak − before), next to a same-run baseline: the store floor of the same work (page the N ids,
// insertMany N notification documents). `npm run bench:delivery-broadcast`.
// BENCH_AUDIENCE=list: the same send to a list the N recipients are subscribed to (subscribed before
// the clock starts, through PUT /lists/{key}/subscriptions), so the list send's fan-out is measured.
// Env: BENCH_RECIPIENTS (default 100000), BENCH_SEED_RECIPIENTS (other projects' recipients,
//      default 100000), BENCH_SEED_NOTIFICATIONS (default 200000), BENCH_TIMEOUT (s, default 600),
//      BENCH_CPU_PROF=<dir> (the delivery and recipient services are CPU-profiled from the send to
//      completion, see cpu-prof-hook.cjs: <dir>/<pid>.cpuprofile);
//      BENCH_DIRECT_EVERY_MS (a direct send to another recipient every this many ms beside the
//      fan-out, each timed to its answer and to its notification written; default 200, 0: none),
//      MONGO_URL / NATS_URL as for npm start (else local FerretDB + nats-server in a temp dir).
import os from 'node:os';
import { MongoClient } from 'mongodb';
import { cpuDelta, cpuPerUnit, createRecipients, sample, machine, rssMb, say, sleep, storeOperationsByKind, storeOpsDelta, windowProfiler, withDeliveryStack } from './delivery-stack.mjs';
import { seedStore } from './seed-store.mjs';

const n = Number(process.env.BENCH_RECIPIENTS ?? 100_000);
const seedRecipients = Number(process.env.BENCH_SEED_RECIPIENTS ?? 100_000);
const seedNotifications = Number(process.env.BENCH_SEED_NOTIFICATIONS ?? 200_000);
const timeoutS = Number(process.env.BENCH_TIMEOUT ?? 600);
const toList = process.env.BENCH_AUDIENCE === 'list';
const target = { channel: 'news', topic: 'weekly', event: 'digest' };
const TARGET_S = 25;
const TARGET_MB = 100;
const DIRECT_TARGET_P99_MS = 500;
const directEveryMs = Number(process.env.BENCH_DIRECT_EVERY_MS ?? 200);

const percentile = (xs, p) => {
  if (xs.length === 0) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/**
 * Direct sends beside the fan-out, one at a time, every `everyMs`, to 20 recipients of the
 * audience on another target (nothing is created meanwhile, so the audience stays N): each timed to its answer and to its notification written (read
 * back until it is no longer `enqueued`: the worker's insert is the write that meets the fan-out's
 * in the store). `stop()` ends the loop and returns the timings.
 */
function directSendsBeside(api, everyMs) {
  const target = { channel: 'alerts', topic: 'account', event: 'signed_in' };
  const answered = [];
  const written = [];
  let running = everyMs > 0;
  const loop = (async () => {
    for (let k = 0; running; k++) {
      const t0 = Date.now();
      const sent = await api('POST', '/notifications/send', { recipient_id: `r${1 + (k % 20)}`, target, payload: { title: 'Direct' } });
      answered.push(Date.now() - t0);
      const id = sent.data.notification.id;
      while ((await api('GET', `/notifications/${id}`)).data.status === 'enqueued') await sleep(10);
      written.push(Date.now() - t0);
      await sleep(everyMs);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { answered, written };
    },
  };
}

/**
 * The store floor of a broadcast, in this process: read the project's recipient ids (one query,
 * sorted by creation order) and insertMany one notification-sized document per id, 1,000 per call,
 * into a scratch collection with the notifications collection's indexes. Returns seconds and this process's RSS growth.
 */
async function baseline(mongoUrl, dbPrefix, projectId) {
  const client = await MongoClient.connect(mongoUrl);
  try {
    const rdb = client.db(`${dbPrefix}_recipient`);
    const scratch = client.db(`${dbPrefix}_delivery`).collection('baseline_notifications');
    // The notifications collection's indexes (store/notification-repository.ts), so each insert costs the same.
    for (const [key, options] of [
      [{ project_id: 1, recipient_id: 1, status: 1, _id: -1 }, {}],
      [{ project_id: 1, recipient_id: 1, status: 1, read: 1 }, {}],
      [{ expires_at: 1 }, {}],
    ]) await scratch.createIndex(key, options);
    const rssBefore = process.memoryUsage().rss / 2 ** 20;
    let rssPeak = rssBefore;
    const t0 = Date.now();
    const cursor = rdb.collection('recipients').find({ project_id: projectId, state: 'active' }, { projection: { recipient_id: 1, seq: 1 } }).sort({ seq: 1 }).batchSize(1000);
    let batch = [];
    let written = 0;
    const now = new Date();
    const flush = async () => {
      await scratch.insertMany(batch, { ordered: false });
      written += batch.length;
      batch = [];
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss / 2 ** 20);
    };
    for await (const r of cursor) {
      batch.push({
        _id: written + batch.length + 1, project_id: projectId, recipient_id: r.recipient_id, recipient_seq: r.seq, broadcast_id: 0,
        status: 'delivered', payload_json: null, payload_in_broadcast: true, read: false, opened: false, expires_at: null, created_at: now, updated_at: now,
      });
      if (batch.length === 1000) await flush();
    }
    if (batch.length > 0) await flush();
    return { s: (Date.now() - t0) / 1000, written, growthMb: rssPeak - rssBefore };
  } finally {
    await client.close();
  }
}

const profiler = windowProfiler();
const failed = await withDeliveryStack('delivery-broadcast', { extraEnv: profiler.extraEnv }, async ({ infra, api, deliveryPid, cpu, dbPrefix, project, stack, metrics, processes }) => {
  const pausedS = async () => sample(await metrics(), 'herald_broadcast_write_paused_seconds_total');
  const profiled = { 'delivery-service': deliveryPid, 'recipient-service': stack.processes['recipient-service'].pid };
  say(`seeding the store: ${seedRecipients} recipients and ${seedNotifications} notifications of other projects (insertMany, 1,000 per call)...`);
  const seeded = await seedStore({
    mongoUrl: infra.mongoUrl, recipientDb: `${dbPrefix}_recipient`, deliveryDb: `${dbPrefix}_delivery`,
    recipients: seedRecipients, notifications: seedNotifications, log: say,
  });
  say(`seeded in ${seeded.recipientsS.toFixed(1)} + ${seeded.notificationsS.toFixed(1)} s`);
  say(`creating ${n} recipients (POST /recipients/batch, 1,000 per call)...`);
  const seedStart = Date.now();
  await createRecipients(api, n);
  const seedS = (Date.now() - seedStart) / 1000;
  say(`created in ${seedS.toFixed(1)} s`);
  if (toList) {
    say(`subscribing the ${n} recipients to the list "bench" (not measured)...`);
    await api('POST', '/lists', { key: 'bench', name: 'Bench' });
    for (let from = 0; from < n; from += 1000) {
      await api('PUT', '/lists/bench/subscriptions', { recipient_ids: Array.from({ length: Math.min(1000, n - from) }, (_, i) => `r${from + i}`) });
    }
  }
  // Some recipients mute the target, so gating has work to do (they end `suppressed`).
  const muted = Math.min(50, n);
  for (let i = 0; i < muted; i++) await api('PATCH', `/recipients/r${i * Math.floor(n / muted)}/preferences`, { target, medium: 'in_app', state: { enabled: false } });
  // The same direct sends for 15 s before the fan-out: their latency at this load without it (the same-run baseline).
  const alone = directSendsBeside(api, directEveryMs);
  await sleep(directEveryMs > 0 ? 15_000 : 0);
  const aloneTimes = await alone.stop();
  await sleep(2000);
  const load = os.loadavg().map((l) => l.toFixed(2)).join(' ');
  const rssBefore = rssMb(deliveryPid);
  let rssPeak = rssBefore;
  // Every process's resident memory (the target: a fan-out grows no process by more than TARGET_MB).
  const memory = Object.entries(processes()).map(([pid, name]) => ({ pid, name, before: rssMb(pid), peak: 0 }));
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, rssMb(deliveryPid));
    for (const m of memory) m.peak = Math.max(m.peak, rssMb(m.pid));
  }, 200);

  profiler.toggle(Object.values(profiled));
  const cpuBefore = cpu();
  const opsBefore = await storeOperationsByKind(stack);
  const pausedBefore = await pausedS();
  const t0 = Date.now();
  const audience = toList ? { list: 'bench' } : { recipient_id: null };
  const sent = await api('POST', '/notifications/send', { ...audience, target, payload: { title: 'Weekly digest' } });
  const id = sent.data.broadcast.id;
  const accepted = Date.now() - t0;
  const direct = directSendsBeside(api, directEveryMs);
  const progress = [];
  let b;
  let longestGapS = 0;
  let lastChange = { s: 0, created: 0 };
  for (;;) {
    b = (await api('GET', `/broadcasts/${id}`)).data;
    const s = (Date.now() - t0) / 1000;
    if (b.notifications_created !== lastChange.created) lastChange = { s, created: b.notifications_created };
    longestGapS = Math.max(longestGapS, s - lastChange.s);
    if (progress.length === 0 || s - progress[progress.length - 1].s >= 5) progress.push({ s, created: b.notifications_created });
    if (b.status === 'completed') break;
    if (s > timeoutS) break;
    await sleep(250);
  }
  const totalS = (Date.now() - t0) / 1000;
  const directTimes = await direct.stop();
  profiler.toggle(Object.values(profiled));
  clearInterval(sampler);
  const rssAfter = rssMb(deliveryPid);
  const cpuAfter = cpu();
  const cpuRun = cpuDelta(cpuBefore, cpuAfter);
  const perRecipient = cpuPerUnit(cpuBefore, cpuAfter, b.notifications_created, { exclude: ['smtp-sink'] });
  const paused = (await pausedS()) - pausedBefore;
  const ops = storeOpsDelta(opsBefore, await storeOperationsByKind(stack));
  const loadAfter = os.loadavg().map((l) => l.toFixed(2)).join(' ');

  say('baseline: the same ids paged and the same number of documents insertMany-ed, straight to the store...');
  const base = await baseline(infra.mongoUrl, dbPrefix, Number(project.id));
  const f1 = (x) => x.toFixed(1);

  console.log(`\n${toList ? 'Send to a list of' : 'Broadcast to'} ${n} recipients on a store holding ${seedRecipients} recipients and ${seedNotifications} notifications of other projects (${machine(infra)}; load at the send ${load}, at completion ${loadAfter})\n`);
  console.log('| run | status | notifications | completed in s | recipients/s | longest stall s | RSS before MB | RSS peak MB | RSS after MB | growth (peak − before) MB |');
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  console.log(`| Herald (${toList ? 'list send' : 'broadcast'}: send → completed) | ${b.status} | ${b.notifications_created} | ${f1(totalS)} | ${Math.round(b.notifications_created / totalS)} | ${f1(longestGapS)} | ${f1(rssBefore)} | ${f1(rssPeak)} | ${f1(rssAfter)} | ${f1(rssPeak - rssBefore)} |`);
  console.log(`| baseline (page ids + insertMany, one process) | — | ${base.written} | ${f1(base.s)} | ${Math.round(base.written / base.s)} | — | — | — | — | ${f1(base.growthMb)} |`);
  console.log(`\nHerald/baseline time: ${(totalS / base.s).toFixed(2)}×; send answered in ${accepted} ms; ${muted} recipients muted the target in-app (they end suppressed)`);
  console.log(`progress (s → notifications created): ${progress.map((p) => `${f1(p.s)}→${p.created}`).join(', ')}`);
  console.log(`CPU per recipient, every process (load generator excluded), from the send to completion: ${perRecipient.text}; target ≤ 0.35 CPU-ms: ${perRecipient.total <= 0.35 ? 'met' : 'NOT met'}`);
  const directP99 = percentile(directTimes.written, 99);
  if (directEveryMs > 0) {
    console.log(
      `direct sends beside the fan-out (one every ${directEveryMs} ms, ${directTimes.written.length} in all): answered p50 ${percentile(directTimes.answered, 50)} / p99 ${percentile(directTimes.answered, 99)} ms; ` +
        `written p50 ${percentile(directTimes.written, 50)} / p99 ${directP99} / max ${Math.max(...directTimes.written)} ms; target p99 ≤ ${DIRECT_TARGET_P99_MS} ms (written): ${directP99 <= DIRECT_TARGET_P99_MS ? 'met' : 'NOT met'}`,
    );
    console.log(
      `the same direct sends for 15 s before the fan-out (${aloneTimes.written.length}): answered p50 ${percentile(aloneTimes.answered, 50)} / p99 ${percentile(aloneTimes.answered, 99)} ms; ` +
        `written p50 ${percentile(aloneTimes.written, 50)} / p99 ${percentile(aloneTimes.written, 99)} / max ${Math.max(...aloneTimes.written)} ms`,
    );
  }
  console.log(`fairness pacing (BROADCAST_WRITE_SHARE): the write lane paused ${f1(paused)} s in all (summed over the chunks written at once) of the ${f1(totalS)} s`);
  console.log(`CPU used from the send to completion: ${cpuRun}`);
  console.log(`store operations from the send to completion (service, command, collection): ${Object.entries(ops).filter(([, v]) => v > 0).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v}`).join('; ')}`);
  console.log(`seeding: other projects ${f1(seeded.recipientsS)} s + ${f1(seeded.notificationsS)} s (insertMany); ${n} recipients through the REST batch ${f1(seedS)} s`);
  const timeOk = b.status === 'completed' && totalS <= TARGET_S;
  const growths = memory.map((m) => ({ name: m.name, mb: m.peak - m.before })).sort((a, b) => b.mb - a.mb);
  console.log(`RSS growth per process from the send to completion (peak − before, MB): ${growths.map((g) => `${g.name} ${f1(g.mb)}`).join(', ')}`);
  const memOk = growths[0].mb <= TARGET_MB;
  console.log(`\ntarget (100,000 in ≤ ${TARGET_S} s, no process growing by more than ${TARGET_MB} MB): time ${timeOk ? 'met' : `NOT met (${f1(totalS)} s, ${(totalS / TARGET_S).toFixed(2)}× the target)`}, memory ${memOk ? 'met' : 'NOT met'} (${growths[0].name} ${f1(growths[0].mb)} MB)`);
  if (profiler.dir) console.log(`CPU profiles from the send to completion: ${profiler.files(profiled)}`);
  if (b.status !== 'completed' || b.notifications_created !== n) throw new Error(`broadcast not completed within ${timeoutS} s: ${JSON.stringify(b)}`);
});
process.exit(failed ? 1 : 0);
