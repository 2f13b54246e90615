// docker/nats/herald.conf and the dev overlay's copy (k8s/overlays/dev/nats.yaml, ConfigMap
// nats-config), generated from the NATS grants in libs/contracts/src/nats-permissions.ts.
//   node scripts/nats-conf.mjs           print the configuration
//   node scripts/nats-conf.mjs --write   write both files
//   node scripts/nats-conf.mjs --check   exit 1 when either is out of date (k8s/nats-permissions.spec.ts checks the same)
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { build } from 'esbuild';
import { root } from './lib/deps.mjs';

const confFile = path.join(root, 'docker', 'nats', 'herald.conf');
const overlayFile = path.join(root, 'k8s', 'overlays', 'dev', 'nats.yaml');
const KEY = '  herald.conf: |';

async function renderHeraldConf() {
  const entry = path.join(root, 'docker', 'nats', 'herald-conf.ts');
  const result = await build({ absWorkingDir: root, entryPoints: [entry], bundle: true, write: false, platform: 'node', format: 'cjs', packages: 'external', logLevel: 'silent' });
  const mod = { exports: {} };
  new Function('module', 'exports', 'require', result.outputFiles[0].text)(mod, mod.exports, createRequire(entry));
  return mod.exports.renderHeraldConf();
}

/** The overlay file with its ConfigMap's herald.conf replaced by `conf` (indented 4 spaces). */
function withConf(yaml, conf) {
  const lines = yaml.split('\n');
  const start = lines.indexOf(KEY);
  if (start < 0) throw new Error(`${path.relative(root, overlayFile)}: no "${KEY.trim()}" block`);
  let end = start + 1;
  while (end < lines.length && (lines[end].startsWith('    ') || lines[end] === '')) end++;
  const block = conf.trimEnd().split('\n').map((l) => (l ? `    ${l}` : ''));
  return [...lines.slice(0, start + 1), ...block, ...lines.slice(end)].join('\n');
}

const conf = await renderHeraldConf();
const overlay = withConf(fs.readFileSync(overlayFile, 'utf8'), conf);
const mode = process.argv[2];
if (mode === '--write') {
  fs.writeFileSync(confFile, conf);
  fs.writeFileSync(overlayFile, overlay);
  console.log(`wrote ${path.relative(root, confFile)} and ${path.relative(root, overlayFile)}`);
} else if (mode === '--check') {
  const stale = [
    fs.readFileSync(confFile, 'utf8') !== conf && confFile,
    fs.readFileSync(overlayFile, 'utf8') !== overlay && overlayFile,
  ].filter(Boolean);
  for (const f of stale) console.error(`${path.relative(root, f)} is out of date: run node scripts/nats-conf.mjs --write`);
  process.exit(stale.length ? 1 : 0);
} else {
  process.stdout.write(conf);
}
