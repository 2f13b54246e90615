// Regenerates the client SDKs' contract (npm run gen:client [base_url]):
//   libs/client/openapi.json   the gateway's OpenAPI document, as served at /openapi.json
//   libs/client/src/gen/api.ts its TypeScript types (openapi-typescript); never edit by hand;
//   sdks/*/                    every SDK's generated code (sdks/<name>/generate.sh, scripts/lib/sdk-gen.mjs).
// With a base URL the document is read from that gateway; without one, a stack of its own is
// started (the same infrastructure the tests use, in a temporary directory on free ports) and
// stopped again, so a change of the routes' schemas is one command away from the SDKs.
// `npm test` checks that all are current (apps/gateway/src/openapi.int-spec.ts, scripts/test.mjs).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { generateApiTypes } from './lib/client-types.mjs';
import { runSdkGenerators } from './lib/sdk-gen.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

async function documentFrom(base) {
  const res = await fetch(new URL('/openapi.json', base));
  if (!res.ok) throw new Error(`GET ${base}/openapi.json answered ${res.status}`);
  return res.json();
}

/** Starts infrastructure and the four apps in a temporary directory, reads the document, stops. */
async function documentFromOwnStack() {
  const { startInfra } = require('../tools/infra/index.cjs');
  const { startStack } = require('../tools/infra/stack.cjs');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-gen-client-'));
  // Inside the checkout: the bundles find the npm packages in node_modules.
  const distDir = path.join(root, 'dist', '.gen-client');
  const built = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs'), `--outdir=${distDir}`], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('build failed');
  const infra = await startInfra({ dataDir, log: (m) => console.error(`[gen:client] ${m}`) });
  let stack = null;
  try {
    stack = await startStack({ infra, distDir, logDir: infra.logDir, dbPrefix: 'genclient', adminToken: crypto.randomBytes(24).toString('hex'), tokenSecret: crypto.randomBytes(32).toString('hex'), logLevel: 'warn' });
    return await documentFrom(stack.baseUrl);
  } finally {
    await stack?.stop();
    await infra.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const base = process.argv[2];
const doc = base ? await documentFrom(base) : await documentFromOwnStack();
const dir = path.join(root, 'libs', 'client');
fs.writeFileSync(path.join(dir, 'openapi.json'), `${JSON.stringify(doc, null, 2)}\n`);
fs.writeFileSync(path.join(dir, 'src', 'gen', 'api.ts'), await generateApiTypes(path.join(dir, 'openapi.json')));
console.log(`wrote libs/client/openapi.json and libs/client/src/gen/api.ts from ${base ?? 'a stack of its own'}`);
const sdks = runSdkGenerators(root);
for (const r of sdks.filter((s) => s.status === 'skip')) console.warn(`the ${r.name} SDK was NOT regenerated: ${r.reason}`);
if (sdks.some((r) => r.status === 'fail')) {
  console.error(`regenerating failed for: ${sdks.filter((r) => r.status === 'fail').map((r) => r.name).join(', ')}`);
  process.exitCode = 1;
}
process.exit(process.exitCode ?? 0);
