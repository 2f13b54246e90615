// Benchmark: email events collected into digests against the same events as direct
// emails, CPU per event. BENCH_EVENTS direct sends with a payload and an email block go to
// BENCH_RECIPIENTS recipients (each with a primary email contact), BENCH_EVENTS / BENCH_RECIPIENTS
// each, on two catalog entries: one plain (the baseline: one mail per event) and one with a digest
// whose max_items is the events per recipient (one mail per recipient, sent as soon as it is full;
// the window, a day, never ends during the run). CPU-ms per event of every process (the SMTP sink
// and the load generator left out) from the first send until the last mail, both in the same run.
// `npm run bench:digests`. Env: BENCH_EVENTS (default 2000), BENCH_RECIPIENTS (default 200; the
// issue's scale is BENCH_EVENTS=100000 BENCH_RECIPIENTS=10000, max_items at most 100),
// BENCH_CONNECTIONS (default 50), BENCH_TIMEOUT (s, default 900).
process.env.HERALD_SINK_MODE = process.env.HERALD_SINK_MODE ?? 'count';
import os from 'node:os';
import { cpuPerUnit, createEmailRecipients, machine, opsByService, sample, say, sendEach, sleep, storeOperationsByKind, storeOpsDelta, withDeliveryStack } from './delivery-stack.mjs';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 2000);
const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 200);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const timeoutS = Number(process.env.BENCH_TIMEOUT ?? 900);
const perRecipient = Math.floor(EVENTS / RECIPIENTS);
if (perRecipient < 2 || perRecipient > 100 || EVENTS % RECIPIENTS !== 0) throw new Error('BENCH_EVENTS must be BENCH_RECIPIENTS × 2..100');
const plain = { channel: 'social', topic: 'comments', event: 'plain' };
const digested = { channel: 'social', topic: 'comments', event: 'digested' };
const email = { subject: 'New comment', html: '<p>Someone commented on <a href="https://example.test/p/1">your post</a>.</p>' };

/** EVENTS direct sends to `target`, recipients cycling, `connections` at once. */
const offer = (api, target) => sendEach(api, EVENTS, connections, (i) => ({ recipient_id: `r${i % RECIPIENTS}`, target, payload: { title: 'Comment', i }, email }));

const failed = await withDeliveryStack('digests', {}, async ({ infra, stack, api, metrics, cpu }) => {
  say(`creating ${RECIPIENTS} recipients with a primary email contact...`);
  await createEmailRecipients(api, RECIPIENTS);
  await api('POST', '/preferences', { ...plain, medium: 'email', name: 'Comments', default_enabled: true });
  await api('POST', '/preferences', { ...digested, medium: 'email', name: 'Comments (digest)', default_enabled: true, digest: { window_seconds: 86_400, max_items: perRecipient, subject: '{count} new comments' } });
  await sleep(1000);
  const load = os.loadavg()[0].toFixed(2);
  const sent = async () => sample(await metrics(), 'herald_emails_total', { outcome: 'sent' });

  /** Sends EVENTS to `target` and waits for `mails` more mails; CPU and store operations per event. */
  const run = async (name, target, mails) => {
    say(`${name}: ${EVENTS} events to ${RECIPIENTS} recipients, waiting for ${mails} mails`);
    const before = await sent();
    const cpu0 = cpu();
    const ops0 = await storeOperationsByKind(stack);
    const t0 = Date.now();
    const accepted = offer(api, target);
    let count = 0;
    while ((Date.now() - t0) / 1000 < timeoutS) {
      count = (await sent()) - before;
      if (count >= mails) break;
      await sleep(200);
    }
    const s = (Date.now() - t0) / 1000;
    const cpu1 = cpu();
    const byKind = storeOpsDelta(ops0, await storeOperationsByKind(stack));
    const ops = opsByService(byKind);
    const sends = await accepted;
    if (count < mails) throw new Error(`${name}: ${count} of ${mails} mails within ${timeoutS} s`);
    if (sends.bad > 0) throw new Error(`${name}: ${sends.bad} sends failed`);
    const opsTotal = Object.values(ops).reduce((a, b) => a + b, 0);
    return { name, mails: count, s, per: cpuPerUnit(cpu0, cpu1, EVENTS, { exclude: ['smtp-sink'] }), ops: `${(opsTotal / EVENTS).toFixed(2)} (${Object.entries(ops).map(([k, v]) => `${k} ${(v / EVENTS).toFixed(2)}`).join(', ')})`,
      byKind: Object.entries(byKind).filter(([, v]) => v > 0).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${(v / EVENTS).toFixed(3)}`).join('; '),
    };
  };

  const base = await run('direct emails (baseline)', plain, EVENTS);
  const dig = await run('digests', digested, RECIPIENTS);

  console.log(`\n${EVENTS} email events to ${RECIPIENTS} recipients (${perRecipient} each), direct and collected into digests of ${perRecipient} (${machine(infra)}; load at start ${load})\n`);
  console.log('| run | events | mails | s (first send to last mail) | CPU-ms per event | store operations per event |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of [dig, base]) console.log(`| ${r.name} | ${EVENTS} | ${r.mails} | ${r.s.toFixed(1)} | ${r.per.total.toFixed(2)} | ${r.ops} |`);
  console.log(`\nCPU per event by process: digests ${dig.per.text}; direct ${base.per.text}`);
  for (const r of [dig, base]) console.log(`store operations per event, ${r.name} (service, command, collection): ${r.byKind}`);
  console.log(`digest / direct: ${(dig.per.total / base.per.total).toFixed(2)}× the CPU per event; target (no more than a direct email): ${dig.per.total <= base.per.total ? 'met' : 'NOT met'}`);
});
process.exit(failed ? 1 : 0);
