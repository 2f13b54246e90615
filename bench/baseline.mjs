// The same-run baseline of the read benchmarks: a bare fastify route doing one findOne on the same
// store (bench/baseline-server.mjs), as a child process on a free port.
import path from 'node:path';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { freePort } = require('../tools/infra/index.cjs');
const here = path.dirname(fileURLToPath(import.meta.url));

export async function startBaseline(mongoUrl) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(here, 'baseline-server.mjs')], {
    env: { ...process.env, MONGO_URL: mongoUrl, MONGO_DB: `bench_baseline_${Date.now()}`, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => String(d).startsWith('ready') && resolve());
    child.once('exit', (code) => reject(new Error(`baseline server exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise((r) => (child.exitCode !== null ? r() : (child.once('exit', r), child.kill('SIGTERM')))),
  };
}
