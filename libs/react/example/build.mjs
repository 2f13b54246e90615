// Bundles the example (React, @herald/react and @herald/client in one ES module) beside index.html:
//   node libs/react/example/build.mjs [--outdir=dir]   then serve the folder and open index.html.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const outdir = process.argv.find((a) => a.startsWith('--outdir='))?.slice('--outdir='.length) ?? path.join(here, 'dist');

export async function buildExample(dir = outdir) {
  await build({
    entryPoints: [path.join(here, 'app.ts')],
    outfile: path.join(dir, 'app.js'),
    bundle: true,
    format: 'esm',
    minify: true,
    platform: 'browser',
    target: 'es2022',
    tsconfig: path.join(here, '..', '..', '..', 'tsconfig.base.json'),
    define: { 'process.env.NODE_ENV': '"production"' },
    // The client re-exports verifyWebhook (Node's crypto), which the browser never calls.
    external: ['node:crypto'],
    logLevel: 'warning',
  });
  return path.join(dir, 'app.js');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildExample();
