// Shared set-up of the preference benchmarks: build, infrastructure and the four processes as the
// tests start them (temporary directory, free ports), a project without rate limit, and the
// preference service's generated Connect client (bundled with esbuild from preference-client.ts).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const require = createRequire(import.meta.url);
const { startInfra, root } = require('../tools/infra/index.cjs');
const { startStack } = require('../tools/infra/stack.cjs');
const here = path.dirname(fileURLToPath(import.meta.url));

export const say = (m) => process.stderr.write(`[bench] ${m}\n`);

export async function json(res) {
  const body = await res.text();
  if (!res.ok) throw new Error(`${res.status} ${body.slice(0, 300)}`);
  return body ? JSON.parse(body) : null;
}

/** Starts everything; `run(ctx)` measures; everything is stopped afterwards whatever happens. */
export async function withPreferenceStack(name, run) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `herald-${name}-`));
  const distDir = path.join(root, 'dist', `.bench-${name}`);
  let infra;
  let stack;
  let rpc;
  const cleanups = [];
  let failed = false;
  try {
    say(`data and logs: ${dataDir}`);
    const built = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs'), `--outdir=${distDir}`], { stdio: 'inherit' });
    if (built.status !== 0) throw new Error('build failed');
    const clientFile = path.join(distDir, 'preference-client.cjs');
    await build({
      absWorkingDir: root, entryPoints: [path.join(here, 'preference-client.ts')], outfile: clientFile,
      bundle: true, platform: 'node', target: 'node20', format: 'cjs', packages: 'external', tsconfig: 'tsconfig.base.json', logLevel: 'warning',
    });
    infra = await startInfra({ dataDir, log: say });
    const adminToken = crypto.randomBytes(24).toString('hex');
    stack = await startStack({
      infra, distDir, dbPrefix: `bench${Date.now()}`, adminToken, tokenSecret: crypto.randomBytes(32).toString('hex'),
      serviceToken: crypto.randomBytes(32).toString('hex'), logDir: path.join(dataDir, 'logs'), logLevel: 'warn',
    });
    const admin = { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' };
    const created = await json(await fetch(`${stack.baseUrl}/admin/projects`, { method: 'POST', headers: admin, body: JSON.stringify({ name: name }) }));
    const project = created.data.project;
    // Measure the request path, not the per-key rate limiter.
    await json(await fetch(`${stack.baseUrl}/admin/projects/${project.id}`, { method: 'PATCH', headers: admin, body: JSON.stringify({ settings: { rate_limit_per_second: null } }) }));
    const fullKey = created.data.keys.find((k) => k.scope === 'full').key;
    const api = async (method, p, body) =>
      json(await fetch(`${stack.baseUrl}${p}`, { method, headers: { authorization: `Bearer ${fullKey}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) }));
    rpc = require(clientFile).createPreferenceClient(stack.urls['preference-service'], stack.serviceToken);
    await run({ infra, stack, project, fullKey, api, rpc: rpc.client, onCleanup: (f) => cleanups.push(f) });
  } catch (err) {
    failed = true;
    say(`failed: ${err.stack ?? err}`);
  } finally {
    for (const f of cleanups.reverse()) await f();
    rpc?.close();
    await stack?.stop();
    await infra?.stop();
    fs.rmSync(distDir, { recursive: true, force: true });
    if (failed) say(`kept ${dataDir} (process logs in ${path.join(dataDir, 'logs')})`);
    else fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return failed;
}

export { startBaseline } from './baseline.mjs';

/** A catalog of `n` entries (both mediums, some `topic: any`), like a real project's settings screen. */
export function benchCatalog(n = 20) {
  const items = [];
  for (let i = 0; items.length < n; i++) {
    const channel = `channel-${i % 4}`;
    const event = `event-${Math.floor(i / 4)}`;
    items.push({ channel, topic: i % 3 === 0 ? 'any' : `topic-${i}`, event, medium: 'in_app', name: `Entry ${i} in-app`, default_enabled: true });
    if (items.length < n) items.push({ channel, topic: i % 3 === 0 ? 'any' : `topic-${i}`, event, medium: 'email', name: `Entry ${i} email`, default_enabled: i % 2 === 0 });
  }
  return items;
}
