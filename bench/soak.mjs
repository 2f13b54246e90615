// Soak: direct sends at half the measured maximum rate for 10 minutes on a seeded store, printing
// the RSS of every process, the pending backlog and the bytes JetStream keeps every 30 s. Fails
// (exit 1) if any process's RSS grows more than 15% after the warm-up, or the backlog grows (it ends
// above twice its warm-up level and above 500). The broker is the one process that keeps what it is
// sent by design (outcome events stay 72 h for stream replays and webhooks, domain events 7 days):
// its growth beyond 15% is accepted up to the growth of the bytes its streams hold, and no more.
// Not part of `npm test`. `node bench/soak.mjs`.
// Env: BENCH_SOAK_MINUTES (default 10), BENCH_SOAK_WARMUP (s, default 120), BENCH_SOAK_RATE (sends/s;
//      default: half of a 10 s unthrottled measurement), BENCH_CONNECTIONS (default 50),
//      BENCH_RECIPIENTS (default 1000), BENCH_SEED_* (see delivery-stack.mjs).
import { ensureDependencies } from '../scripts/lib/deps.mjs';
import { createRecipients, machine, serviceMetrics, offerSends, rssMb, sample, say, seedOtherProjects, withDeliveryStack } from './delivery-stack.mjs';

ensureDependencies((m) => process.stderr.write(`[bench] ${m}\n`));

const minutes = Number(process.env.BENCH_SOAK_MINUTES ?? 10);
const warmupS = Number(process.env.BENCH_SOAK_WARMUP ?? 120);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 1000);
const target = { channel: 'orders', topic: 'shipping', event: 'shipped' };

const offer = (url, headers, seconds, rate) => offerSends({ url, headers, seconds, rate, connections, recipients: RECIPIENTS, target, title: 'Soak' });

const failed = await withDeliveryStack('soak', {}, async ({ infra, stack, api, auth, admin, dbPrefix, metrics, processes }) => {
  await seedOtherProjects({ stack, admin, infra, dbPrefix });
  await createRecipients(api, RECIPIENTS);
  let rate = Number(process.env.BENCH_SOAK_RATE ?? 0);
  if (!rate) {
    say('measuring the maximum send rate (10 s unthrottled)...');
    const max = await offer(stack.baseUrl, auth, 10, 0);
    rate = Math.max(1, Math.round(max.rps / 2));
    say(`maximum ${Math.round(max.rps)}/s; soaking at ${rate}/s`);
  }
  const backlog = async () => {
    const text = await metrics();
    return sample(text, 'herald_jetstream_consumer_pending', { consumer: 'delivery-sends' }) + sample(text, 'herald_jetstream_consumer_ack_pending', { consumer: 'delivery-sends' });
  };
  const { connect } = await import('@nats-io/transport-node');
  const { jetstreamManager } = await import('@nats-io/jetstream');
  const nc = await connect({ servers: infra.natsUrl });
  const jsm = await jetstreamManager(nc);
  /** Bytes held by every JetStream stream, in MB. */
  const streamMb = async () => {
    let bytes = 0;
    for await (const si of jsm.streams.list()) bytes += si.state.bytes;
    return bytes / 1024 / 1024;
  };
  /** V8 heap in use of each service, MB (prom-client's nodejs_heap_size_used_bytes): retained objects, not reserved pages. */
  const heapUsed = async () =>
    Object.fromEntries(Object.entries(await serviceMetrics(stack)).map(([svc, text]) => [svc, sample(text, 'nodejs_heap_size_used_bytes') / 1024 / 1024]));
  const rss = () => Object.fromEntries(Object.entries(processes()).map(([pid, name]) => [name, rssMb(Number(pid))]));
  console.log(`\nSoak: ${rate} sends/s for ${minutes} min (${machine(infra)})\n`);
  const names = Object.keys(rss()).sort();
  console.log(`| t (s) | backlog | JetStream MB | ${names.map((n) => `${n} RSS MB`).join(' | ')} |`);
  console.log(`|---:|---:|---:|${names.map(() => '---:').join('|')}|`);
  const rows = [];
  const t0 = Date.now();
  const timer = setInterval(async () => {
    const row = { t: Math.round((Date.now() - t0) / 1000), backlog: await backlog(), streams: await streamMb(), rss: rss(), heap: await heapUsed() };
    rows.push(row);
    console.error(`[bench] t=${row.t}s heap used MB: ${Object.entries(row.heap).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ')}`);
    console.log(`| ${row.t} | ${row.backlog} | ${row.streams.toFixed(1)} | ${names.map((n) => (row.rss[n] ?? NaN).toFixed(0)).join(' | ')} |`);
  }, 30_000);
  const run = await offer(stack.baseUrl, auth, minutes * 60, rate);
  clearInterval(timer);
  // Node's RSS is a sawtooth (the heap grows until a collection): each end is the median of three
  // samples (1.5 minutes), so one sample taken just before a collection does not decide alone.
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const startAt = Math.max(0, rows.findIndex((r) => r.t >= warmupS));
  const first = rows.slice(startAt, startAt + 3);
  const lastRows = rows.slice(-3);
  const afterWarmup = rows[startAt];
  const last = rows[rows.length - 1];
  const problems = [];
  const kept = median(lastRows.map((r) => r.streams)) - median(first.map((r) => r.streams));
  for (const n of names) {
    const from = median(first.map((r) => r.rss[n]));
    const to = median(lastRows.map((r) => r.rss[n]));
    const grewMb = to - from;
    const growth = grewMb / from;
    const what = `${n} RSS ${growth >= 0 ? 'grew' : 'changed'} ${(100 * growth).toFixed(0)}% after the warm-up (median ${from.toFixed(0)} → ${to.toFixed(0)} MB)`;
    if (growth <= 0.15) console.log(`ok: ${what}`);
    else if (n === 'nats-server' && grewMb - 0.15 * from <= kept) console.log(`accepted: ${what}, within the ${kept.toFixed(1)} MB its streams took on meanwhile`);
    else problems.push(what);
  }
  await nc.close();
  const warmBacklog = Math.max(...rows.filter((r) => r.t <= afterWarmup.t).map((r) => r.backlog));
  if (last.backlog > Math.max(500, 2 * warmBacklog)) problems.push(`the backlog grew: ${warmBacklog} during the warm-up, ${last.backlog} at the end`);
  console.log(`\naccepted ${Math.round(run.rps)}/s of ${rate}/s offered, p99 ${run.p99} ms, failed ${run.bad}`);
  console.log(problems.length ? `FAILED:\n- ${problems.join('\n- ')}` : 'passed: RSS within 15% after the warm-up, backlog not growing');
  if (problems.length || run.bad > 0) throw new Error('soak failed');
});
process.exit(failed ? 1 : 0);
