// Benchmark: `herald recipients import` of BENCH_ROWS recipients (default 100,000) against the batch
// endpoint driven directly (POST /recipients/batch, 1,000 per call, the same number in flight), in
// the same run on the same stack. `node bench/cli-import.bench.mjs`.
// The two alternate in ABBA order (direct, CLI, CLI, direct; each run imports half of a method's
// rows) so that a store that slows down as it grows favours neither.
// Env: BENCH_ROWS (default 100000), BENCH_CONCURRENCY (batches in flight, default 4),
//      MONGO_URL / NATS_URL as for npm start (else Docker or local binaries; data in a temp dir).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { ensureDependencies } from '../scripts/lib/deps.mjs';
import { say, withDeliveryStack } from './delivery-stack.mjs';

ensureDependencies((m) => process.stderr.write(`[bench] ${m}\n`));
const require = createRequire(import.meta.url);
const { root } = require('../tools/infra/index.cjs');

const rows = Number(process.env.BENCH_ROWS ?? 100_000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 4);
const bin = path.join(root, 'apps', 'cli', 'bin', 'herald.cjs');

async function api(baseUrl, token, method, url, body) {
  const res = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** The batch endpoint driven directly: `concurrency` calls of 1,000 in flight, nothing else. */
async function direct(baseUrl, key, prefix, count) {
  const started = performance.now();
  let next = 0;
  let created = 0;
  const batches = Math.ceil(count / 1000);
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let b = next++; b < batches; b = next++) {
        const recipients = [];
        for (let i = b * 1000; i < Math.min(count, (b + 1) * 1000); i += 1) recipients.push({ id: `${prefix}-${i}`, name: `Name ${i}` });
        const { data } = await api(baseUrl, key, 'POST', '/recipients/batch', { recipients });
        if (data.failed.length) throw new Error(`direct: ${data.failed.length} items failed`);
        created += data.created.length;
      }
    }),
  );
  return { seconds: (performance.now() - started) / 1000, created };
}

/** The CLI as a user runs it: a new process, reading and parsing a CSV file, its report as JSON. */
async function cli(baseUrl, key, dir, prefix, count) {
  const file = path.join(dir, `${prefix}.csv`);
  const lines = ['id,name'];
  for (let i = 0; i < count; i += 1) lines.push(`${prefix}-${i},Name ${i}`);
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  const started = performance.now();
  const child = spawn(process.execPath, [bin, 'recipients', 'import', file, '--json', '--concurrency', String(concurrency)], {
    env: { ...process.env, HERALD_URL: baseUrl, HERALD_KEY: key, HERALD_CONFIG_DIR: path.join(dir, 'config') },
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  const code = await new Promise((resolve) => child.on('exit', resolve));
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`herald exited ${code}: ${err.slice(0, 500)}`);
  const report = JSON.parse(out);
  if (report.created !== count) throw new Error(`herald created ${report.created} of ${count}`);
  return { seconds, created: report.created };
}

// The CLI bundle is built before the clock starts (a checkout builds it on first use).
spawnSync(process.execPath, [bin, '--version'], { stdio: 'ignore' });

// The stack (build, infrastructure, four processes, a project without rate limit), stopped whatever happens.
const failed = await withDeliveryStack('cli', {}, async ({ infra, stack, dataDir, fullKey: key }) => {
  // Warm-up: one small batch each way (connections, caches, JIT).
  await direct(stack.baseUrl, key, 'warm-direct', 1000);
  await cli(stack.baseUrl, key, dataDir, 'warm-cli', 1000);

  const half = Math.floor(rows / 2);
  const runs = { direct: [], cli: [] };
  say(`importing ${rows.toLocaleString('en-US')} recipients each way, ABBA, ${concurrency} batches in flight...`);
  runs.direct.push(await direct(stack.baseUrl, key, 'direct-a', half));
  runs.cli.push(await cli(stack.baseUrl, key, dataDir, 'cli-a', half));
  runs.cli.push(await cli(stack.baseUrl, key, dataDir, 'cli-b', rows - half));
  runs.direct.push(await direct(stack.baseUrl, key, 'direct-b', rows - half));

  const total = (r) => ({ rows: r.reduce((s, x) => s + x.created, 0), seconds: r.reduce((s, x) => s + x.seconds, 0) });
  const d = total(runs.direct);
  const c = total(runs.cli);
  const rate = (t) => t.rows / t.seconds;
  const load = os.loadavg().map((l) => l.toFixed(1)).join(' ');
  console.log(`\nImport of ${rows.toLocaleString('en-US')} recipients (id, name), ${concurrency} batches of 1,000 in flight (${os.cpus().length} CPUs, node ${process.version}, store: ${infra.source}, load ${load})\n`);
  console.log('| importer | rows | seconds | rows/s | halves (s) |');
  console.log('|---|---:|---:|---:|---|');
  console.log(`| batch endpoint, driven directly | ${d.rows} | ${d.seconds.toFixed(1)} | ${Math.round(rate(d))} | ${runs.direct.map((r) => r.seconds.toFixed(1)).join(', ')} |`);
  console.log(`| herald recipients import (new process, CSV) | ${c.rows} | ${c.seconds.toFixed(1)} | ${Math.round(rate(c))} | ${runs.cli.map((r) => r.seconds.toFixed(1)).join(', ')} |`);
  const ratio = rate(c) / rate(d);
  console.log(`\nCLI / direct: ${(ratio * 100).toFixed(1)} % of the rate (target ≥ 80 %: ${ratio >= 0.8 ? 'met' : 'NOT met'})`);
});
process.exit(failed ? 1 : 0);
