// Benchmark: BENCH_SENDS direct sends scheduled for the same second (`send_at`), through
// the gateway: how long after that second the last one fires (its timer handed on as a send job)
// and is delivered, and the CPU per scheduled send of every process; against a baseline in the same
// run: the same number of immediate direct sends (no `send_at`), accepted and delivered. Then the
// due-time accuracy under other load: sends due BENCH_SPREAD_PER_S a second while BENCH_LOAD_RATE
// immediate sends/s are offered for BENCH_LOAD_S (defaults 20, 200, 30; BENCH_LOAD_S=0 skips it).
// `npm run bench:timers`.
// Env: BENCH_SENDS (default 10000), BENCH_CONNECTIONS (default 50), BENCH_RECIPIENTS (existing
//      recipients the sends cycle through, default 1000), BENCH_LEAD_S (seconds from the first
//      scheduled accept to the due second; default: twice the baseline's accept time plus 10 s, so
//      every send is accepted before it), BENCH_DRAIN_TIMEOUT (s, default 600), BENCH_SET_<NAME>
//      (a service setting, e.g. BENCH_SET_TIMER_BATCH=2000); MONGO_URL / NATS_URL as for npm start.
import os from 'node:os';
import { ensureDependencies } from '../scripts/lib/deps.mjs';
import { cpuPerUnit, createRecipients, machine, offerSends, opsByService, sample, say, sleep, storeOperationsByKind, storeOpsDelta, withDeliveryStack } from './delivery-stack.mjs';

ensureDependencies((m) => process.stderr.write(`[bench] ${m}\n`));

const SENDS = Number(process.env.BENCH_SENDS ?? 10_000);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 1000);
const drainTimeout = Number(process.env.BENCH_DRAIN_TIMEOUT ?? 600);
const target = { channel: 'orders', topic: 'shipping', event: 'shipped' };

/** Exactly `amount` POST /notifications/send (`connections` at once); `sendAtOf(n)` (or null) is the n-th send's `send_at`. */
const acceptEach = (url, headers, amount, sendAtOf) =>
  offerSends({ url, headers, amount, connections, recipients: RECIPIENTS, target, title: 'Due', extra: (i) => (sendAtOf(i) ? { send_at: sendAtOf(i) } : {}) });
const accept = (url, headers, amount, sendAt) => acceptEach(url, headers, amount, () => sendAt);

const failed = await withDeliveryStack('timers', {}, async ({ infra, stack, api, auth, metrics, cpu }) => {
  say(`creating ${RECIPIENTS} recipients...`);
  await createRecipients(api, RECIPIENTS);
  const counts = async () => {
    const text = await metrics();
    return {
      delivered: sample(text, 'herald_notifications_total'),
      fired: sample(text, 'herald_timer_lateness_seconds_count', { kind: 'send' }),
      backlog: sample(text, 'herald_jetstream_consumer_pending', { consumer: 'delivery-sends' }) + sample(text, 'herald_jetstream_consumer_ack_pending', { consumer: 'delivery-sends' }),
    };
  };
  /** Polls every 50 ms until `done(counts)`; the seconds it took from `from` (ms), or null past the drain timeout. */
  const until = async (from, done) => {
    for (;;) {
      const c = await counts();
      if (done(c)) return (Date.now() - from) / 1000;
      if (Date.now() - from > drainTimeout * 1000) return null;
      await sleep(50);
    }
  };

  say('warm-up: 200 immediate and 200 scheduled sends');
  const w0 = await counts();
  await accept(stack.baseUrl, auth, 200);
  await accept(stack.baseUrl, auth, 200, new Date(Date.now() + 3_000).toISOString());
  await until(Date.now(), (c) => c.delivered - w0.delivered >= 400);
  const load = os.loadavg()[0].toFixed(2);

  // Baseline: immediate sends, from the first accept until every one is delivered.
  say(`baseline: ${SENDS} immediate sends`);
  const b0 = await counts();
  const bCpu0 = cpu();
  const bOps0 = await storeOperationsByKind(stack);
  const bT0 = Date.now();
  const base = await accept(stack.baseUrl, auth, SENDS);
  const bDelivered = await until(bT0, (c) => c.delivered - b0.delivered >= base.ok);
  const bCpu1 = cpu();
  const bOps = opsByService(storeOpsDelta(bOps0, await storeOperationsByKind(stack)));
  if (bDelivered === null) throw new Error('baseline sends not all delivered');

  // Scheduled: every send due in the same (whole) second, accepted well before it.
  const lead = Number(process.env.BENCH_LEAD_S ?? Math.ceil(2 * base.s + 10));
  const dueMs = Math.ceil((Date.now() + lead * 1000) / 1000) * 1000;
  const sendAt = new Date(dueMs).toISOString();
  say(`scheduled: ${SENDS} sends for ${sendAt} (in ${lead} s)`);
  const s0 = await counts();
  const sCpu0 = cpu();
  const sOps0 = await storeOperationsByKind(stack);
  const sched = await accept(stack.baseUrl, auth, SENDS, sendAt);
  const acceptedAt = Date.now();
  const sCpu1 = cpu();
  if (acceptedAt > dueMs) say(`WARNING: the accepts ended ${((acceptedAt - dueMs) / 1000).toFixed(1)} s after the due second (set BENCH_LEAD_S higher)`);
  // Nothing due yet: settle the accept path's own work (writing the timers) before the due second.
  while (Date.now() < dueMs - 200) await sleep(Math.min(500, dueMs - 200 - Date.now()));
  const sCpuDue = cpu();
  const early = (await counts()).fired - s0.fired;
  while (Date.now() < dueMs) await sleep(5);
  const fired = await until(dueMs, (c) => c.fired - s0.fired >= sched.ok);
  const delivered = await until(dueMs, (c) => c.delivered - s0.delivered >= sched.ok);
  const sCpu2 = cpu();
  const sOps = opsByService(storeOpsDelta(sOps0, await storeOperationsByKind(stack)));

  // Due-time accuracy under other load (target: p99 within 1 s under 200 sends/s): SPREAD_PER_S
  // scheduled sends due each second, at distinct times, while immediate sends are offered at
  // LOAD_RATE/s; lateness as the service measures it (herald_timer_lateness_seconds, from the due
  // time to the pass that took the timer).
  const LOAD_RATE = Number(process.env.BENCH_LOAD_RATE ?? 200);
  const LOAD_S = Number(process.env.BENCH_LOAD_S ?? 30);
  const SPREAD_PER_S = Number(process.env.BENCH_SPREAD_PER_S ?? 20);
  const spread = SPREAD_PER_S * (LOAD_S - 5);
  let loadRun = null;
  let lateness = null;
  if (spread > 0) {
    const firstDue = Date.now() + 15_000;
    say(`accuracy: ${spread} sends due from ${new Date(firstDue).toISOString()}, ${SPREAD_PER_S} a second, under ${LOAD_RATE} immediate sends/s for ${LOAD_S} s`);
    const buckets = ['0.05', '0.1', '0.25', '0.5', '1', '2', '5', '10', '30', '60', '+Inf'];
    const histogram = async () => {
      const text = await metrics();
      return buckets.map((le) => sample(text, 'herald_timer_lateness_seconds_bucket', { kind: 'send', le }));
    };
    const timed = await acceptEach(stack.baseUrl, auth, spread, (i) => new Date(firstDue + Math.floor((i * 1000) / SPREAD_PER_S)).toISOString());
    if (Date.now() > firstDue - 1000) say('WARNING: the timed sends were accepted less than a second before the first was due');
    const h0 = await histogram();
    const f0 = (await counts()).fired;
    while (Date.now() < firstDue - 2_000) await sleep(100);
    loadRun = await offerSends({ url: stack.baseUrl, headers: auth, seconds: LOAD_S, rate: LOAD_RATE, connections, recipients: RECIPIENTS, target });
    const firedAll = await until(Date.now(), (c) => c.fired - f0 >= timed.ok);
    const h1 = await histogram();
    const within = buckets.map((le, i) => [le, h1[i] - h0[i]]);
    const n = within.at(-1)[1];
    const p99 = within.find(([, c]) => c >= 0.99 * n)?.[0];
    lateness = { n, accepted: timed.ok, firedAll, within, p99, bad: timed.bad + loadRun.bad };
  }
  const bad = base.bad + sched.bad + (lateness?.bad ?? 0);

  const perBase = cpuPerUnit(bCpu0, bCpu1, base.ok, { exclude: ['smtp-sink'] });
  const perAccept = cpuPerUnit(sCpu0, sCpu1, sched.ok, { exclude: ['smtp-sink'] });
  const perFire = cpuPerUnit(sCpuDue, sCpu2, sched.ok, { exclude: ['smtp-sink'] });
  // Accept plus firing and delivery, the idle wait between them left out.
  const acceptAndFire = Object.fromEntries(Object.keys(sCpu2).map((k) => [k, sCpu1[k] - (sCpu0[k] ?? 0) + sCpu2[k] - (sCpuDue[k] ?? 0)]));
  const perAll = cpuPerUnit({}, acceptAndFire, sched.ok, { exclude: ['smtp-sink'] });
  const opsPer = (ops, n) => `${(Object.values(ops).reduce((a, b) => a + b, 0) / Math.max(1, n)).toFixed(2)} (${Object.entries(ops).map(([k, v]) => `${k} ${(v / Math.max(1, n)).toFixed(2)}`).join(', ')})`;

  console.log(`\n${SENDS} direct sends scheduled for the same second vs ${SENDS} immediate direct sends, ${connections} connections, ${RECIPIENTS} recipients (${machine(infra)}; load at start ${load})\n`);
  console.log('| run | accepted | accept s | accepted/s | last fired after the due second | last delivered after the due second (baseline: after the first accept) |');
  console.log('|---|---:|---:|---:|---:|---:|');
  console.log(`| scheduled (send_at, one second) | ${sched.ok} | ${sched.s.toFixed(1)} | ${Math.round(sched.ok / sched.s)} | ${fired === null ? 'NOT within the timeout' : `${fired.toFixed(2)} s`} | ${delivered === null ? 'NOT within the timeout' : `${delivered.toFixed(2)} s`} |`);
  console.log(`| baseline (immediate) | ${base.ok} | ${base.s.toFixed(1)} | ${Math.round(base.ok / base.s)} | - | ${bDelivered.toFixed(2)} s |`);
  console.log(`\ntarget: the last fires within 5 s of its second: ${fired !== null && fired <= 5 ? 'met' : 'NOT met'}${early ? ` (${early} fired before the due second: a bug)` : ''}`);
  console.log(`\nCPU per send, every process (load generator and SMTP sink left out):`);
  console.log(`- scheduled, accept (until the last 201): ${perAccept.text}`);
  console.log(`- scheduled, firing and delivery (from the due second until the last was delivered): ${perFire.text}`);
  console.log(`- scheduled, in all (the two above: the idle wait between them left out): ${perAll.text}`);
  console.log(`- baseline, immediate (from the first accept until the last was delivered): ${perBase.text}`);
  console.log(`  scheduled / immediate: ${(perAll.total / perBase.total).toFixed(2)}× the CPU per send`);
  console.log(`store operations per send: scheduled ${opsPer(sOps, sched.ok)}; immediate ${opsPer(bOps, base.ok)}`);
  if (lateness) {
    console.log(`\nDue-time accuracy: ${lateness.n} of ${lateness.accepted} sends due ${SPREAD_PER_S} a second under ${LOAD_RATE} immediate sends/s offered (${Math.round(loadRun.rps)}/s accepted, p99 ${loadRun.p99} ms)${lateness.firedAll === null ? ', NOT all fired within the timeout' : ''}`);
    console.log(`fired within (s, cumulative): ${lateness.within.map(([le, c]) => `${le}: ${c}`).join(', ')}`);
    console.log(`p99 lateness at most ${lateness.p99} s; target (p99 within 1 s): ${lateness.p99 !== undefined && lateness.p99 !== '+Inf' && Number(lateness.p99) <= 1 ? 'met' : 'NOT met'}`);
  }
  if (bad > 0) throw new Error(`failed requests: ${bad}`);
  if (fired === null || delivered === null) throw new Error('scheduled sends not all fired and delivered within the timeout');
});
process.exit(failed ? 1 : 0);
