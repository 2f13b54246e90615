// Benchmark: subscribing BENCH_SUBSCRIBERS recipients (default 100,000) to one list through
// `PUT /lists/{key}/subscriptions`, 1,000 ids per call, BENCH_CONCURRENCY calls in flight (default 4),
// against its same-run baseline: the store floor, the same subscription documents inserted 1,000
// per insertMany by this process into a scratch collection with the subscriptions' indexes.
// `node bench/lists-subscribe.bench.mjs`. The recipients exist before the clock starts (created
// through POST /recipients/batch); a subscribe of unknown ids also creates them (not measured here).
// Target: ≥ 5,000 subscriptions/s. CPU-ms per subscription per process from /proc (utime+stime).
// Then the same calls again, as retries (every id already subscribed), CPU-ms per call.
// Env: BENCH_SUBSCRIBERS, BENCH_CONCURRENCY, BENCH_EXTRA_LISTS (lists the project holds besides the
// bench's, created before the clock starts; default 0), MONGO_URL / NATS_URL as for npm start (else
// Docker or local binaries).
import { MongoClient } from 'mongodb';
import { cpuDelta, cpuPerUnit, machine, say, withDeliveryStack } from './delivery-stack.mjs';

const n = Number(process.env.BENCH_SUBSCRIBERS ?? 100_000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 4);
const extraLists = Number(process.env.BENCH_EXTRA_LISTS ?? 0);
const TARGET_PER_S = 5000;
const BATCH = 1000;

/** Runs `batches` calls of `fn(index)` with `concurrency` in flight. */
async function inFlight(batches, fn) {
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    for (let b = next++; b < batches; b = next++) await fn(b);
  }));
}

const idsOf = (prefix, b) => Array.from({ length: Math.min(BATCH, n - b * BATCH) }, (_, i) => `${prefix}-${String(b * BATCH + i).padStart(7, '0')}`);

/** The store floor: the subscription documents inserted directly, 1,000 per call, `concurrency` in flight. */
async function baseline(mongoUrl, db, projectId) {
  const client = await MongoClient.connect(mongoUrl);
  try {
    const scratch = client.db(db).collection('baseline_list_subscriptions');
    // The subscriptions collection's indexes (lists/store/subscription-repository.ts).
    await scratch.createIndex({ project_id: 1, list_id: 1, recipient_id: 1 });
    await scratch.createIndex({ project_id: 1, recipient_id: 1 });
    const now = new Date();
    const t0 = performance.now();
    await inFlight(Math.ceil(n / BATCH), async (b) => {
      const docs = idsOf('sub', b).map((r) => ({ _id: `${projectId}:0:${r}`, project_id: projectId, list_id: 0, recipient_id: r, created_at: now }));
      await scratch.insertMany(docs, { ordered: false });
    });
    return (performance.now() - t0) / 1000;
  } finally {
    await client.close();
  }
}

const failed = await withDeliveryStack('lists-subscribe', {}, async ({ infra, api, cpu, dbPrefix, project }) => {
  const batches = Math.ceil(n / BATCH);
  say(`creating ${n.toLocaleString('en-US')} recipients (not measured)...`);
  await inFlight(batches, async (b) => {
    const res = await api('POST', '/recipients/batch', { recipients: idsOf('sub', b).map((id) => ({ id })) });
    if (res.data.failed.length > 0) throw new Error(`batch ${b}: ${res.data.failed.length} failed`);
  });
  await api('POST', '/lists', { key: 'bench', name: 'Bench' });
  if (extraLists > 0) say(`creating ${extraLists.toLocaleString('en-US')} more lists in the project (not measured)...`);
  await inFlight(extraLists, (i) => api('POST', '/lists', { key: `extra-${i}`, name: 'Extra' }));
  // Warm-up: one call on another list (connections, caches, JIT).
  await api('POST', '/lists', { key: 'warm', name: 'Warm' });
  await api('PUT', '/lists/warm/subscriptions', { recipient_ids: idsOf('sub', 0) });

  say(`subscribing ${n.toLocaleString('en-US')} recipients, ${BATCH} per call, ${concurrency} in flight...`);
  const cpuBefore = cpu();
  const t0 = performance.now();
  let subscribed = 0;
  let retried = 0;
  await inFlight(batches, async (b) => {
    // A call past the gateway's RPC deadline (a loaded machine) answers 503: sent again, as the SDKs
    // and the CLI do; the second answer counts the first call's writes as already subscribed.
    for (let attempt = 1; ; attempt += 1) {
      try {
        const res = await api('PUT', '/lists/bench/subscriptions', { recipient_ids: idsOf('sub', b) });
        subscribed += res.data.subscribed;
        return;
      } catch (err) {
        if (attempt >= 5 || !String(err.message).startsWith('503')) throw err;
        retried += 1;
      }
    }
  });
  const seconds = (performance.now() - t0) / 1000;
  const cpuAfter = cpu();
  const list = (await api('GET', '/lists/bench')).data;
  // A retried call may have been written before its 503: those ids count as already on the retry.
  if (list.subscriber_count !== n || subscribed > n) throw new Error(`subscribed ${subscribed}, subscriber_count ${list.subscriber_count}, expected ${n}`);
  const perSubscription = cpuPerUnit(cpuBefore, cpuAfter, n);

  say('the same calls again, as retries...');
  const retryCpuBefore = cpu();
  const r0 = performance.now();
  await inFlight(batches, async (b) => {
    const res = await api('PUT', '/lists/bench/subscriptions', { recipient_ids: idsOf('sub', b) });
    if (res.data.subscribed !== 0) throw new Error(`retry of batch ${b} subscribed ${res.data.subscribed}`);
  });
  const retrySeconds = (performance.now() - r0) / 1000;
  const perRetriedCall = cpuPerUnit(retryCpuBefore, cpu(), batches);

  const baseCpuBefore = cpu();
  const base = await baseline(infra.mongoUrl, `${dbPrefix}_recipient`, Number(project.id));
  const basePerSubscription = cpuPerUnit(baseCpuBefore, cpu(), n);
  const rate = n / seconds;
  console.log(`\nSubscribing ${n.toLocaleString('en-US')} recipients to one list, ${concurrency} calls of ${BATCH} in flight (${machine(infra)})\n`);
  console.log('| path | subscriptions | seconds | per second |');
  console.log('|---|---:|---:|---:|');
  console.log(`| PUT /lists/{key}/subscriptions (${retried} calls retried after a 503) | ${n} | ${seconds.toFixed(1)} | ${Math.round(rate)} |`);
  console.log(`| baseline (insertMany of the same documents, one process) | ${n} | ${base.toFixed(1)} | ${Math.round(n / base)} |`);
  console.log(`| the same calls retried (every id already there) | ${n} | ${retrySeconds.toFixed(1)} | ${Math.round(n / retrySeconds)} |`);
  console.log(`\nThe project holds ${(extraLists + 2).toLocaleString('en-US')} lists.`);
  console.log(`CPU per subscription, every process (load generator excluded): ${perSubscription.text}`);
  console.log(`CPU per retried call of ${BATCH}, every process: ${perRetriedCall.text}`);
  console.log(`CPU per subscription of the baseline (the store; its client is this process, not counted): ${basePerSubscription.text}`);
  console.log(`CPU used: ${cpuDelta(cpuBefore, cpuAfter)}`);
  console.log(`Rate: ${Math.round(rate)}/s (target ≥ ${TARGET_PER_S}/s: ${rate >= TARGET_PER_S ? 'met' : 'NOT met'}); ${((rate / (n / base)) * 100).toFixed(0)} % of the baseline's rate`);
});
process.exit(failed ? 1 : 0);
