// Webhooks: (1) the dispatcher's rate, outcome events published straight to HERALD_OUTCOMES and
// POSTed to a local receiver (target ≥ 500 events/s); (2) the send pipeline with one endpoint
// subscribed to every event vs none, in the same run (target: at most 15 % lower).
//   node bench/webhooks.bench.mjs   (BENCH_SECONDS=8 per send window, BENCH_EVENTS=5000;
//   BENCH_CPU_PROF=<dir>: the services are CPU-profiled during the dispatcher window only, see cpu-prof-hook.cjs)
// The dispatcher window also prints CPU seconds per process and the store operations it cost.
import http from 'node:http';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { connect } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import { cpuDelta, createRecipients, machine, offerSends, sample, say, sleep, stackPids, storeOperationsByKind, storeOpsDelta, windowProfiler, withDeliveryStack } from './delivery-stack.mjs';

const require = createRequire(import.meta.url);
const { root } = require('../tools/infra/index.cjs');
const here = path.dirname(fileURLToPath(import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 5000);
const RECIPIENTS = 1000;
const target = { channel: 'orders', topic: 'shipping', event: 'shipped' };

const encoderFile = path.join(root, 'dist', '.bench-outcome-events.cjs');
await build({
  absWorkingDir: root, entryPoints: [path.join(here, 'outcome-events.ts')], outfile: encoderFile,
  bundle: true, platform: 'node', target: 'node20', format: 'cjs', packages: 'external', tsconfig: 'tsconfig.base.json', logLevel: 'warning',
});
const { deliveredEvents } = require(encoderFile);

// The receiver: answers 204 at once and counts requests by event id prefix.
const seen = new Map();
const receiver = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const id = String(req.headers['webhook-id'] ?? '');
    seen.set(id, Date.now());
    res.writeHead(204).end();
  });
});
await new Promise((r) => receiver.listen(0, '127.0.0.1', r));
const hookUrl = `http://127.0.0.1:${receiver.address().port}/hook`;

const profiler = windowProfiler();

const failed = await withDeliveryStack('webhooks', { extraEnv: { WEBHOOK_ALLOW_PRIVATE: '1', ...profiler.extraEnv } }, async ({ infra, stack, project, auth, api, metrics, cpu }) => {
  say(machine(infra));
  await createRecipients(api, RECIPIENTS);
  const delivered = async () => sample(await metrics(), 'herald_notifications_total', { status: 'delivered' });
  const sendWindow = async (label) => {
    const before = await delivered();
    const r = await offerSends({ url: stack.baseUrl, headers: auth, seconds: SECONDS, connections: 32, recipients: RECIPIENTS, target, title: label });
    await sleep(2000);
    const d = (await delivered()) - before;
    say(`${label}: ${r.rps.toFixed(0)} sends accepted/s (p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.bad} bad), ${d} delivered`);
    return { ...r, delivered: d };
  };

  // Warm-up, then the two send windows of the comparison.
  await offerSends({ url: stack.baseUrl, headers: auth, seconds: 2, connections: 8, recipients: RECIPIENTS, target, title: 'warm' });
  await sleep(1000);
  const none = await sendWindow('no webhook endpoint');
  const hook = await api('POST', '/webhooks', { url: hookUrl });
  const eventsBefore = seen.size;
  const withHook = await sendWindow('one endpoint, every event');
  await sleep(2000);
  const hookEvents = seen.size - eventsBefore;

  // The dispatcher alone: EVENTS events published at once, timed until the receiver has them all.
  const nc = await connect({ servers: infra.natsUrl });
  const js = jetstream(nc);
  const events = deliveredEvents(project.id, EVENTS, `bench-${Date.now()}`);
  const pids = stackPids(stack);
  const cpuBefore = cpu();
  const opsBefore = await storeOperationsByKind(stack);
  profiler.toggle(Object.values(pids));
  const t0 = Date.now();
  for (let i = 0; i < events.length; i += 500) {
    await Promise.all(events.slice(i, i + 500).map((e) => js.publish(e.subject, e.data, { msgID: e.id })));
  }
  const published = Date.now();
  const deadline = Date.now() + 120_000;
  while (!events.every((e) => seen.has(e.id)) && Date.now() < deadline) await sleep(50);
  profiler.toggle(Object.values(pids));
  const cpuWindow = cpuDelta(cpuBefore, cpu());
  const ops = Object.entries(storeOpsDelta(opsBefore, await storeOperationsByKind(stack))).filter(([k, v]) => v > 0 && k.startsWith('delivery '));
  if (profiler.dir) say(`CPU profiles of the dispatcher window: ${profiler.files(pids)}`);
  const got = events.filter((e) => seen.has(e.id)).length;
  const last = Math.max(...events.map((e) => seen.get(e.id) ?? 0));
  await nc.drain();
  const rate = (got / ((last - t0) / 1000));

  const lower = 1 - withHook.rps / none.rps;
  console.log('\nwebhooks (bench/webhooks.bench.mjs)');
  console.log(`  dispatcher: ${got}/${EVENTS} events to a local receiver in ${((last - t0) / 1000).toFixed(2)} s = ${rate.toFixed(0)} events/s (published in ${((published - t0) / 1000).toFixed(2)} s); target ≥ 500/s: ${rate >= 500 ? 'met' : 'NOT met'}`);
  console.log(`  dispatcher window: CPU ${cpuWindow}`);
  console.log(`  dispatcher window: delivery-service store operations ${ops.map(([k, v]) => `${k.slice('delivery '.length)} ${v}`).join(', ')} (${(ops.filter(([k]) => !/^delivery (find|getMore|aggregate|count)( |$)/.test(k)).reduce((a, [, v]) => a + v, 0) / Math.max(1, got)).toFixed(3)} writes per event)`);
  console.log(`  sends, no endpoint:            ${none.rps.toFixed(0)} accepted/s, p99 ${none.p99} ms, ${none.delivered} delivered`);
  console.log(`  sends, one endpoint (webhook ${hook.data.webhook.id}, every event): ${withHook.rps.toFixed(0)} accepted/s, p99 ${withHook.p99} ms, ${withHook.delivered} delivered, ${hookEvents} events received`);
  console.log(`  throughput ${lower >= 0 ? `${(lower * 100).toFixed(1)} % lower` : `${(-lower * 100).toFixed(1)} % higher`} with the endpoint; target ≤ 15 % lower: ${lower <= 0.15 ? 'met' : 'NOT met'}`);
});
receiver.close();
process.exit(failed ? 1 : 0);
