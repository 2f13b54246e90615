// Benchmark: GET /recipients/{id} through the whole stack (gateway → Connect/gRPC →
// recipient-service → store), against a baseline (bare fastify + one findOne on the same store),
// measured with autocannon in the same run. `npm run bench`.
// Env: BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 50), BENCH_WARMUP (s, default 2),
//      MONGO_URL / NATS_URL as for npm start (else Docker or local binaries; data in a temp dir).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { ensureDependencies } from '../scripts/lib/deps.mjs';
import { startBaseline } from './baseline.mjs';

ensureDependencies((m) => process.stderr.write(`[bench] ${m}\n`));
const { default: autocannon } = await import('autocannon');
const require = createRequire(import.meta.url);
const { startInfra, root } = require('../tools/infra/index.cjs');
const { startStack } = require('../tools/infra/stack.cjs');

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const warmup = Number(process.env.BENCH_WARMUP ?? 2);
const say = (m) => process.stderr.write(`[bench] ${m}\n`);

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

async function json(res) {
  const body = await res.text();
  if (!res.ok) throw new Error(`${res.status} ${body.slice(0, 300)}`);
  return JSON.parse(body);
}


const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-bench-'));
const distDir = path.join(root, 'dist', '.bench');
let infra;
let stack;
let baseline;
let failed = false;
try {
  say(`data and logs: ${dataDir}`);
  const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs'), `--outdir=${distDir}`], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('build failed');
  infra = await startInfra({ dataDir, log: say });
  const adminToken = crypto.randomBytes(24).toString('hex');
  stack = await startStack({
    infra,
    distDir,
    dbPrefix: `bench${Date.now()}`,
    adminToken,
    tokenSecret: crypto.randomBytes(32).toString('hex'),
    logDir: path.join(dataDir, 'logs'),
    logLevel: 'warn',
  });
  const created = await json(
    await fetch(`${stack.baseUrl}/admin/projects`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'bench' }),
    }),
  );
  const fullKey = created.data.keys.find((k) => k.scope === 'full').key;
  // Measure the request path, not the per-key rate limiter (default 1000/s would answer 429s).
  await json(
    await fetch(`${stack.baseUrl}/admin/projects/${created.data.project.id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ settings: { rate_limit_per_second: null } }),
    }),
  );
  const auth = { authorization: `Bearer ${fullKey}` };
  await json(
    await fetch(`${stack.baseUrl}/recipients`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'bench-recipient', name: 'Bench Recipient' }),
    }),
  );
  baseline = await startBaseline(infra.mongoUrl);

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
  failed = full.bad > 0 || base.bad > 0;
} catch (err) {
  failed = true;
  say(`failed: ${err.stack ?? err}`);
} finally {
  await baseline?.stop();
  await stack?.stop();
  await infra?.stop();
  fs.rmSync(distDir, { recursive: true, force: true });
  if (failed) say(`kept ${dataDir} (process logs in ${path.join(dataDir, 'logs')})`);
  else fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
