// Benchmark: direct sends through the gateway (POST /notifications/send → DeliveryService.Send →
// store insert + JetStream publish → worker: preference resolve, quota, outcome write), at a fixed
// offered rate, against a baseline (bare fastify route: one insert + one JetStream publish on the
// same store and broker) in the same run; then both unthrottled. `npm run bench:delivery-send`.
// Env: BENCH_RATE (offered req/s, default 1000), BENCH_DURATION (s, default 10), BENCH_CONNECTIONS
//      (default 50), BENCH_DRAIN_TIMEOUT (s to wait for every send's outcome, default 120),
//      BENCH_MAX (1: also measure unthrottled, default 1), BENCH_RECIPIENTS (existing recipients the
//      sends cycle through, default 1000); BENCH_CPU_PROF=<dir>: every service is CPU-profiled
//      during the measured run only (cpu-prof-hook.cjs: <dir>/<pid>.cpuprofile, named in the output);
//      MONGO_URL / NATS_URL as for npm start.
import { ensureDependencies } from '../scripts/lib/deps.mjs';
import { cpuDelta, cpuPerUnit, createRecipients, json, machine, offerSends, sample, say, seedOtherProjects, serviceMetrics, sleep, opsByService, stackPids, storeOperationsByKind, storeOpsDelta, windowProfiler, withDeliveryStack } from './delivery-stack.mjs';

ensureDependencies((m) => process.stderr.write(`[bench] ${m}\n`));

const rate = Number(process.env.BENCH_RATE ?? 1000);
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const drainTimeout = Number(process.env.BENCH_DRAIN_TIMEOUT ?? 120);
const measureMax = (process.env.BENCH_MAX ?? '1') === '1';
const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 1000);
const target = { channel: 'orders', topic: 'shipping', event: 'shipped' };

/** Offers POST sends (recipients cycling through RECIPIENTS existing ones) for `seconds`. */
const offer = (url, headers, seconds, overallRate) =>
  offerSends({ url, headers, seconds, rate: overallRate, connections, recipients: RECIPIENTS, target });

/** Sum and count of the services' RPC durations (herald_rpc_server_duration_seconds), by method. */
async function rpcTimes(stack) {
  const out = {};
  for (const [svc, text] of Object.entries(await serviceMetrics(stack))) {
    for (const m of ['Send', 'EnsureRecipients', 'ResolveBatch']) {
      const sum = sample(text, 'herald_rpc_server_duration_seconds_sum', { method: m });
      const count = sample(text, 'herald_rpc_server_duration_seconds_count', { method: m });
      if (count > 0) out[`${svc.replace('-service', '')}.${m}`] = { sum, count };
    }
  }
  return out;
}

const profiler = windowProfiler();

const failed = await withDeliveryStack('delivery-send', { extraEnv: profiler.extraEnv }, async ({ infra, stack, api, auth, metrics, startChild, cpu, admin, dbPrefix }) => {
  const seeded = await seedOtherProjects({ stack, admin, infra, dbPrefix });
  say(`creating ${RECIPIENTS} recipients...`);
  await createRecipients(api, RECIPIENTS);
  const baseline = await startChild('delivery-baseline-server.mjs', { MONGO_URL: infra.mongoUrl, MONGO_DB: `bench_send_baseline_${Date.now()}`, NATS_URL: infra.natsUrl });
  const one = { recipient_id: 'r0', target, payload: { title: 'first' } };
  await json(await fetch(`${stack.baseUrl}/notifications/send`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(one) }));
  await json(await fetch(`${baseline.url}/notifications/send`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(one) }));
  const finals = async () => {
    const text = await metrics();
    return { done: sample(text, 'herald_notifications_total'), backlog: sample(text, 'herald_jetstream_consumer_pending', { consumer: 'delivery-sends' }) + sample(text, 'herald_jetstream_consumer_ack_pending', { consumer: 'delivery-sends' }) };
  };
  say('warm-up: 2 s at 100/s on each target');
  await offer(baseline.url, {}, 2, 100);
  await offer(stack.baseUrl, auth, 2, 100);
  while ((await finals()).backlog > 0) await sleep(500);
  const load = (await import('node:os')).loadavg()[0].toFixed(2);

  say(`baseline: ${rate}/s offered for ${duration} s`);
  const base = await offer(baseline.url, {}, duration, rate);

  say(`herald: ${rate}/s offered for ${duration} s, sampling outcomes every second`);
  const rpcBefore = await rpcTimes(stack);
  const cpuBefore = cpu();
  const opsKindsBefore = await storeOperationsByKind(stack);
  const start = await finals();
  const t0 = Date.now();
  const samples = [];
  const sampler = setInterval(async () => samples.push({ t: (Date.now() - t0) / 1000, ...(await finals()) }), 1000);
  const pids = stackPids(stack);
  profiler.toggle(Object.values(pids));
  const full = await offer(stack.baseUrl, auth, duration, rate);
  profiler.toggle(Object.values(pids));
  if (profiler.dir) say(`CPU profiles of the run: ${profiler.files(pids)}`);
  clearInterval(sampler);
  const atEnd = await finals();
  const rpcAfter = await rpcTimes(stack);
  const cpuRun = cpuDelta(cpuBefore, cpu());
  const deliveredDuringRun = atEnd.done - start.done;
  say(`waiting for every accepted send's outcome (up to ${drainTimeout} s)...`);
  let drained = null;
  while ((Date.now() - t0) / 1000 < duration + drainTimeout) {
    const f = await finals();
    if (f.done - start.done >= full.ok) {
      drained = (Date.now() - t0) / 1000;
      break;
    }
    await sleep(500);
  }
  const last = await finals();
  // CPU from the first send of the run until every accepted send had its outcome (or the drain gave up).
  const cpuToDrained = cpuDelta(cpuBefore, cpu());
  const perUnit = cpuPerUnit(cpuBefore, cpu(), last.done - start.done, { exclude: ['smtp-sink'] });
  const opsKinds = storeOpsDelta(opsKindsBefore, await storeOperationsByKind(stack));
  const ops = opsByService(opsKinds);
  const delivered = last.done - start.done;

  let maxBase = null;
  let maxFull = null;
  if (measureMax) {
    say(`unthrottled: ${duration} s at ${connections} connections on each target`);
    maxBase = await offer(baseline.url, {}, duration, 0);
    maxFull = await offer(stack.baseUrl, auth, duration, 0);
  }

  const r0 = (x) => Math.round(x);
  console.log(`\nDirect sends to ${RECIPIENTS} existing recipients, ${rate}/s offered for ${duration} s at ${connections} connections (${machine(infra)}; load at start ${load}; store holding ${seeded.recipients} recipients and ${seeded.notifications} notifications of another project)\n`);
  console.log('| target | offered/s | accepted/s | p50 ms | p99 ms | accepted | failed |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  console.log(`| herald (gateway → delivery) | ${rate} | ${r0(full.rps)} | ${full.p50} | ${full.p99} | ${full.ok} | ${full.bad} |`);
  console.log(`| baseline (fastify + insert + publish) | ${rate} | ${r0(base.rps)} | ${base.p50} | ${base.p99} | ${base.ok} | ${base.bad} |`);
  console.log(`\nherald / baseline: ${(full.rps / base.rps).toFixed(2)}× the accepted rate, ${(full.p99 / base.p99).toFixed(2)}× the p99 latency`);
  console.log(`\nOutcomes (worker): ${deliveredDuringRun} of ${full.ok} sends reached their outcome during the ${duration} s run (${r0(deliveredDuringRun / duration)}/s); backlog at the end of the run ${atEnd.backlog}`);
  console.log(drained !== null
    ? `every accepted send had its outcome ${drained.toFixed(1)} s after the start: ${r0(full.ok / drained)}/s delivered overall`
    : `NOT all delivered within ${drainTimeout} s after the run: ${last.done - start.done} of ${full.ok} (${r0((last.done - start.done) / (duration + drainTimeout))}/s), backlog ${last.backlog}`);
  console.log(`\nCPU per delivered notification, all Herald processes (load generator excluded), from the first send until every send had its outcome: ${perUnit.text}; target ≤ 2.0 CPU-ms: ${perUnit.total <= 2 ? 'met' : 'NOT met'}`);
  console.log(`CPU used from the first send until drained: ${cpuToDrained}`);
  console.log(`backlog (pending + unacked on delivery-sends) per second: ${samples.map((s) => s.backlog).join(', ')}`);
  console.log(`mean server-side RPC time during the run: ${Object.keys(rpcAfter).map((k) => {
    const c = rpcAfter[k].count - (rpcBefore[k]?.count ?? 0);
    return `${k} ${c ? ((1000 * (rpcAfter[k].sum - (rpcBefore[k]?.sum ?? 0))) / c).toFixed(0) : '-'} ms (${c} calls)`;
  }).join(', ')}`);
  const opsTotal = Object.values(ops).reduce((a, b) => a + b, 0);
  console.log(`store operations per delivered notification (run + drain, ${delivered} delivered): ${(opsTotal / Math.max(1, delivered)).toFixed(2)} in all (${Object.entries(ops).map(([k, v]) => `${k} ${(v / Math.max(1, delivered)).toFixed(2)}`).join(', ')}); goal ≤ 2`);
  console.log(`  by service, command and collection (per delivered): ${Object.entries(opsKinds).filter(([, v]) => v > 0).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${(v / Math.max(1, delivered)).toFixed(3)}`).join('; ')}`);
  console.log(`CPU used during the ${duration} s run (2 cores = ${2 * duration} CPU-s available): ${cpuRun}`);
  if (measureMax) {
    console.log(`\nUnthrottled, ${connections} connections, ${duration} s\n`);
    console.log('| target | accepted/s | p50 ms | p99 ms | failed |');
    console.log('|---|---:|---:|---:|---:|');
    console.log(`| herald | ${r0(maxFull.rps)} | ${maxFull.p50} | ${maxFull.p99} | ${maxFull.bad} |`);
    console.log(`| baseline | ${r0(maxBase.rps)} | ${maxBase.p50} | ${maxBase.p99} | ${maxBase.bad} |`);
    console.log(`\nherald / baseline: ${(maxFull.rps / maxBase.rps).toFixed(2)}× the throughput`);
  }
  const targetMet = full.rps >= Math.min(rate, 700) * 0.98 && full.p99 <= 200;
  console.log(`\ntarget (≥ 700/s accepted and delivered at ${rate}/s offered, p99 ≤ 200 ms): accepted ${targetMet ? 'met' : 'NOT met'}; delivered at the same rate: ${deliveredDuringRun >= full.ok * 0.95 ? 'yes' : 'no'} (${r0(deliveredDuringRun / duration)}/s during the run)`);
  if (full.bad > 0 || base.bad > 0) throw new Error(`failed requests: herald ${full.bad}, baseline ${base.bad}`);
});
process.exit(failed ? 1 : 0);
