// Benchmark: GET /recipients/{id} through the whole stack (gateway → Connect/gRPC →
// recipient-service → store), against a baseline (bare fastify + one findOne on the same store),
// measured with autocannon in the same run. `npm run bench`.
// Env: BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 50), BENCH_WARMUP (s, default 2),
//      MONGO_URL / NATS_URL as for npm start (else Docker or local binaries; data in a temp dir).
import os from 'node:os';
import { ensureDependencies } from '../scripts/lib/deps.mjs';
import { startBaseline } from './baseline.mjs';
import { json, say, withDeliveryStack } from './delivery-stack.mjs';

ensureDependencies((m) => process.stderr.write(`[bench] ${m}\n`));
const { default: autocannon } = await import('autocannon');

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const warmup = Number(process.env.BENCH_WARMUP ?? 2);

function measure(name, url, headers, seconds) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections, duration: seconds, pipelining: 1 }, (err, result) => {
      if (err) return reject(err);
      const bad = result.non2xx + result.errors + result.timeouts;
      if (seconds === duration && bad > 0) say(`${name}: ${bad} of ${result.requests.total} requests failed or were not 2xx`);
      resolve({ name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, total: result.requests.total, bad });
    });
  });
}

// The stack (build, infrastructure, four processes, a project without rate limit), stopped whatever happens.
const failed = await withDeliveryStack('get', {}, async ({ infra, stack, auth }) => {
  await json(
    await fetch(`${stack.baseUrl}/recipients`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'bench-recipient', name: 'Bench Recipient' }),
    }),
  );
  const baseline = await startBaseline(infra.mongoUrl);
  try {
    const targets = [
      ['herald stack', `${stack.baseUrl}/recipients/bench-recipient`, auth],
      ['baseline (fastify + findOne)', `${baseline.url}/recipients/bench-recipient`, {}],
    ];
    const results = [];
    for (const [name, url, headers] of targets) {
      await json(await fetch(url, { headers })); // the route answers 2xx before anything is measured
      if (warmup > 0) await measure(name, url, headers, warmup);
      say(`measuring ${name}: ${duration} s at ${connections} connections...`);
      results.push(await measure(name, url, headers, duration));
    }
    const [full, base] = results;
    console.log(`\nGET /recipients/{id}, ${connections} connections, ${duration} s each (${os.cpus().length} CPUs, node ${process.version}, store: ${infra.source})\n`);
    console.log('| target | req/s | p50 ms | p99 ms | requests | failed |');
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const r of results) console.log(`| ${r.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.total} | ${r.bad} |`);
    console.log(`\nstack / baseline: ${(full.rps / base.rps).toFixed(2)}× the throughput, ${(full.p99 / base.p99).toFixed(2)}× the p99 latency`);
    if (full.bad > 0 || base.bad > 0) throw new Error('some measured requests failed or were not 2xx (see above)');
  } finally {
    await baseline.stop();
  }
});
process.exit(failed ? 1 : 0);
