#!/usr/bin/env node
// `herald` from a checkout: bundles apps/cli/src (and the workspace libraries it imports) into
// dist/apps/cli/main.js with esbuild when the bundle is missing or older than any of its sources,
// then runs it. An installed copy without the sources just runs the bundle.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..', '..');
const bundle = path.join(root, 'dist', 'apps', 'cli', 'main.js');
const sourceDirs = ['apps/cli/src', 'libs/client/src', 'libs/contracts/src', 'libs/timing/src'].map((d) => path.join(root, d));

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else if (e.name.endsWith('.ts') && !/\.(spec|int-spec|e2e-spec)\.ts$/.test(e.name)) newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

function bundleIsStale() {
  if (!fs.existsSync(path.join(root, 'apps', 'cli', 'src'))) return false;
  if (!fs.existsSync(bundle)) return true;
  const built = fs.statSync(bundle).mtimeMs;
  return sourceDirs.some((d) => newestMtime(d) > built);
}

if (bundleIsStale()) {
  // Written aside and renamed: another herald starting meanwhile never reads half a bundle.
  const result = require('esbuild').buildSync({
    absWorkingDir: root,
    entryPoints: ['apps/cli/src/main.ts'],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    packages: 'external',
    tsconfig: 'tsconfig.base.json',
    sourcemap: true,
    logLevel: 'warning',
    write: false,
  });
  fs.mkdirSync(path.dirname(bundle), { recursive: true });
  for (const file of result.outputFiles) {
    const tmp = `${file.path}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, file.contents);
    fs.renameSync(tmp, file.path);
  }
}
require(bundle).main();
