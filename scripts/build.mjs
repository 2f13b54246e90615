// Bundles each app's TypeScript (and the workspace libraries it imports) into dist/apps/<app>/main.js.
// npm packages stay external: the images install production dependencies beside the bundle.
//   node scripts/build.mjs [app ...] [--outdir=<dir>]   (default outdir: dist; tests build elsewhere)
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const all = ['gateway', 'recipient-service', 'preference-service', 'delivery-service'];
const args = process.argv.slice(2);
const outdirArg = args.find((a) => a.startsWith('--outdir='));
const outdir = outdirArg ? path.resolve(outdirArg.slice('--outdir='.length)) : path.join(root, 'dist');
const named = args.filter((a) => !a.startsWith('--'));
const apps = named.length ? named : all;

await Promise.all(
  apps.map((app) =>
    build({
      absWorkingDir: root,
      entryPoints: [`apps/${app}/src/main.ts`],
      outfile: path.join(outdir, 'apps', app, 'main.js'),
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'cjs',
      packages: 'external',
      tsconfig: 'tsconfig.base.json',
      sourcemap: true,
      logLevel: 'warning',
    }),
  ),
);
console.log(`built ${apps.join(', ')}`);
