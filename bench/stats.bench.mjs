// Benchmark: the console's overview, GET /stats, through the gateway on a store holding many
// notifications (seedOtherProjects: BENCH_SEED_NOTIFICATIONS of other projects, default 500,000)
// and a week of this project's counters (written straight to `stats_counts`: a minute document per
// minute of the last 2 days, an hour document per hour of the last week, every medium and outcome
// counted). For each range the console offers (last hour by minute, last day and last week by hour):
// closed-loop req/s, p50/p99 and the stack's CPU-ms per answer; then the week at 20 req/s arriving
// evenly (p99).
// `node bench/stats.bench.mjs`. Env: BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 10),
// BENCH_SEED_RECIPIENTS / BENCH_SEED_NOTIFICATIONS (see delivery-stack.mjs).
import { MongoClient } from 'mongodb';
import { ensureDependencies } from '../scripts/lib/deps.mjs';
import { seedCounters } from './console-seed.mjs';
import { cpuPerUnit, machine, say, seedOtherProjects, withDeliveryStack } from './delivery-stack.mjs';
import { offerSteady } from './read-stack.mjs';

ensureDependencies((m) => process.stderr.write(`[bench] ${m}\n`));
const { default: autocannon } = await import('autocannon');

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
process.env.BENCH_SEED_NOTIFICATIONS ??= '500000';
const HOUR = 3_600_000;

function measure(url, headers, seconds = duration) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections, duration: seconds }, (err, r) => {
      if (err) return reject(err);
      resolve({ answers: r['2xx'], rps: r['2xx'] / seconds, p50: r.latency.p50, p99: r.latency.p99, bad: r.non2xx + r.errors + r.timeouts });
    });
  });
}

const failed = await withDeliveryStack('stats', {}, async ({ infra, stack, auth, dbPrefix, project, cpu }) => {
  const seeded = await seedOtherProjects({ stack, infra, dbPrefix });
  const client = await MongoClient.connect(infra.mongoUrl);
  const counters = await seedCounters(client.db(`${dbPrefix}_delivery`), Number(project.id)).finally(() => client.close());
  say(`wrote ${counters} counter documents of the project`);
  const rows = [];
  for (const [what, interval, ms] of [
    ['last hour, by minute', 'minute', HOUR],
    ['last day, by hour', 'hour', 24 * HOUR],
    ['last week, by hour', 'hour', 7 * 24 * HOUR],
  ]) {
    const url = () => `${stack.baseUrl}/stats?interval=${interval}&from=${new Date(Date.now() - ms).toISOString()}`;
    await measure(url(), auth, 2); // warm-up
    say(what);
    const before = cpu();
    const r = await measure(url(), auth);
    rows.push({ what, ...r, cpu: cpuPerUnit(before, cpu(), r.answers) });
  }
  say('last week at 20/s arriving evenly');
  const steady = await offerSteady({ url: stack.baseUrl, headers: auth, paths: [`/stats?interval=hour&from=${new Date(Date.now() - 7 * 24 * HOUR).toISOString()}`], seconds: duration, rate: 20, connections });

  console.log(`\nGET /stats, ${connections} connections, ${duration} s each (${machine(infra)}; store holding ${seeded.notifications} notifications and ${seeded.recipients} recipients of other projects, ${counters} counter documents of this one)\n`);
  console.log('| range | intervals | req/s | p50 ms | p99 ms | CPU-ms per answer | failed |');
  console.log('|---|---:|---:|---:|---:|---|---:|');
  const intervals = { 'last hour, by minute': 61, 'last day, by hour': 25, 'last week, by hour': 169 };
  for (const x of rows) console.log(`| ${x.what} | ${intervals[x.what]} | ${Math.round(x.rps)} | ${x.p50} | ${x.p99} | ${x.cpu.text} | ${x.bad} |`);
  console.log(`\nlast week at 20/s arriving evenly: ${Math.round(steady.rps)}/s answered, p50 ${steady.p50} ms, p99 ${steady.p99} ms, max ${steady.max} ms (target ≤ 200 ms: ${steady.p99 <= 200 && steady.bad === 0 ? 'met' : 'NOT met'})`);
  if (rows.some((x) => x.bad > 0) || steady.bad > 0) throw new Error('failed requests');
});
process.exit(failed ? 1 : 0);
