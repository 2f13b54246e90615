// Regenerates the client SDK's contract from a running gateway (npm run gen:client [base_url]):
//   libs/client/openapi.json   the gateway's OpenAPI document, as served at /openapi.json
//   libs/client/src/gen/api.ts its TypeScript types (openapi-typescript); never edit by hand;
//   sdks/*/                    every SDK's generated code (sdks/<name>/generate.sh, scripts/lib/sdk-gen.mjs).
// Without an argument the base URL of `npm start` (.local/dev-credentials.json) is used.
// `npm test` checks that all are current (apps/gateway/src/openapi.int-spec.ts, scripts/test.mjs).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateApiTypes } from './lib/client-types.mjs';
import { runSdkGenerators } from './lib/sdk-gen.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const credentials = path.join(root, '.local', 'dev-credentials.json');
const base = process.argv[2] ?? (fs.existsSync(credentials) ? JSON.parse(fs.readFileSync(credentials, 'utf8')).base_url : null);
if (!base) {
  console.error('usage: npm run gen:client -- <gateway base URL> (or run npm start first)');
  process.exit(1);
}
const res = await fetch(new URL('/openapi.json', base));
if (!res.ok) throw new Error(`GET ${base}/openapi.json answered ${res.status}`);
const doc = await res.json();
const dir = path.join(root, 'libs', 'client');
fs.writeFileSync(path.join(dir, 'openapi.json'), `${JSON.stringify(doc, null, 2)}\n`);
fs.writeFileSync(path.join(dir, 'src', 'gen', 'api.ts'), await generateApiTypes(path.join(dir, 'openapi.json')));
console.log(`wrote libs/client/openapi.json and libs/client/src/gen/api.ts from ${base}`);
const sdks = runSdkGenerators(root);
for (const r of sdks.filter((s) => s.status === 'skip')) console.warn(`the ${r.name} SDK was NOT regenerated: ${r.reason}`);
if (sdks.some((r) => r.status === 'fail')) {
  console.error(`regenerating failed for: ${sdks.filter((r) => r.status === 'fail').map((r) => r.name).join(', ')}`);
  process.exitCode = 1;
}
