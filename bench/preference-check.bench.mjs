// Benchmark: GET /recipients/{id}/preferences/check through the whole stack at a fixed request rate
// (gateway → RecipientService.GetRecipient alongside PreferenceService.CheckPreference → store),
// next to the baseline (bare fastify + one findOne on the same store) at the same rate, same run.
// Env: BENCH_RATE (req/s, default 1000), BENCH_DURATION (s, default 10), BENCH_CONNECTIONS
//      (default 50), BENCH_WARMUP (s, default 2); MONGO_URL / NATS_URL as for npm start.
import os from 'node:os';
import autocannon from 'autocannon';
import { benchCatalog, say, startBaseline, withPreferenceStack } from './preference-stack.mjs';

const rate = Number(process.env.BENCH_RATE ?? 1000);
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const warmup = Number(process.env.BENCH_WARMUP ?? 2);

function measure(url, headers, seconds, sequential = false) {
  return new Promise((resolve, reject) => {
    // overallRate: a fixed arrival rate; latencies include any queueing (coordinated omission corrected).
    // sequential: one connection, one request at a time (the service time without queueing).
    const load = sequential ? { connections: 1 } : { connections, overallRate: rate };
    autocannon({ url, headers, duration: seconds, ...load }, (err, r) => {
      if (err) return reject(err);
      resolve({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, max: r.latency.max, total: r.requests.total, bad: r.non2xx + r.errors + r.timeouts });
    });
  });
}

const failed = await withPreferenceStack('preference-check', async ({ infra, stack, api, fullKey, onCleanup }) => {
  await api('POST', '/recipients', { id: 'bench-recipient', name: 'Bench Recipient' });
  const catalog = benchCatalog(20);
  await api('PUT', '/preferences', catalog);
  const target = catalog[3];
  await api('PATCH', '/recipients/bench-recipient/preferences', { target: { channel: target.channel, topic: 'any', event: target.event }, medium: 'email', state: { enabled: true } });
  const baseline = await startBaseline(infra.mongoUrl);
  onCleanup(() => baseline.stop());

  const query = new URLSearchParams({ channel: target.channel, topic: target.topic, event: target.event, medium: 'email' });
  const targets = [
    ['herald: GET /recipients/{id}/preferences/check', `${stack.baseUrl}/recipients/bench-recipient/preferences/check?${query}`, { authorization: `Bearer ${fullKey}` }],
    ['baseline: fastify + one findOne', `${baseline.url}/recipients/bench-recipient`, {}],
  ];
  const results = [];
  const sequential = [];
  for (const [name, url, headers] of targets) {
    const first = await fetch(url, { headers });
    if (!first.ok) throw new Error(`${name}: ${first.status} ${await first.text()}`);
    if (warmup > 0) await measure(url, headers, warmup);
    say(`measuring ${name}: ${duration} s at ${rate} req/s...`);
    results.push({ name, ...(await measure(url, headers, duration)) });
    say(`measuring ${name}: 5 s sequential...`);
    sequential.push({ name, ...(await measure(url, headers, 5, true)) });
  }
  console.log(`\nFixed ${rate} req/s, ${connections} connections, ${duration} s each (${os.cpus().length} CPUs, node ${process.version}, store: ${infra.source})\n`);
  console.log('| target | req/s | p50 ms | p99 ms | max ms | requests | failed |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const r of results) console.log(`| ${r.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.max} | ${r.total} | ${r.bad} |`);
  console.log(`\nSequential (one connection, one request at a time, 5 s): the service time without queueing\n`);
  console.log('| target | req/s | p50 ms | p99 ms | max ms |');
  console.log('|---|---:|---:|---:|---:|');
  for (const r of sequential) console.log(`| ${r.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.max} |`);
  console.log(`\nload average during the run: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  const [check, base] = results;
  console.log(`\ncheck p99 ${check.p99} ms (target ≤ 10 ms): ${check.p99 <= 10 ? 'met' : 'NOT met'}; baseline p99 ${base.p99} ms`);
  if (check.bad > 0 || base.bad > 0) throw new Error('some requests failed');
});
process.exit(failed ? 1 : 0);
