// Bundles each app's TypeScript (and the workspace libraries it imports) into dist/apps/<app>/main.js.
// npm packages stay external: the images install production dependencies beside the bundle.
//   node scripts/build.mjs [app ...] [--outdir=<dir>]   (default outdir: dist; tests build elsewhere)
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const all = ['gateway', 'recipient-service', 'preference-service', 'delivery-service'];
const args = process.argv.slice(2);
const outdirArg = args.find((a) => a.startsWith('--outdir='));
const outdir = outdirArg ? path.resolve(outdirArg.slice('--outdir='.length)) : path.join(root, 'dist');
const named = args.filter((a) => !a.startsWith('--'));
const uiOnly = args.includes('--ui-only');
const apps = uiOnly ? [] : named.length ? named : all;

/**
 * The browser bundle the gateway serves at /ui/herald-inbox.js: <herald-inbox> with the client SDK,
 * one minified ES module (<outdir>/ui/herald-inbox.js, beside the apps: the gateway finds it there).
 */
const ui = build({
  absWorkingDir: root,
  entryPoints: ['libs/inbox/src/index.ts'],
  outfile: path.join(outdir, 'ui', 'herald-inbox.js'),
  bundle: true,
  platform: 'browser',
  format: 'esm',
  target: ['es2022', 'chrome110', 'firefox110', 'safari16'],
  tsconfig: 'tsconfig.base.json',
  minify: true,
  sourcemap: true,
  legalComments: 'none',
  // The client re-exports verifyWebhook (Node's crypto); the inbox does not use it, and both packages
  // are free of side effects, so it is left out: the check below fails the build if it was not.
  external: ['node:crypto'],
  logLevel: 'warning',
}).then((r) => {
  if (fs.readFileSync(path.join(outdir, 'ui', 'herald-inbox.js'), 'utf8').includes('node:crypto')) throw new Error('ui/herald-inbox.js imports node:crypto');
  return r;
});

/**
 * The operator console the gateway serves at /console: preact views, one minified ES module and
 * its stylesheet (<outdir>/ui/console.js, console.css), with no inline script or style (its CSP).
 */
const consoleUi = build({
  absWorkingDir: root,
  entryPoints: ['libs/console/src/main.tsx'],
  outfile: path.join(outdir, 'ui', 'console.js'),
  bundle: true,
  platform: 'browser',
  format: 'esm',
  target: ['es2022', 'chrome110', 'firefox110', 'safari16'],
  tsconfig: 'libs/console/tsconfig.json',
  jsx: 'automatic',
  jsxImportSource: 'preact',
  minify: true,
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
}).then(() => {
  // One stylesheet: the charts' (uPlot's own) and the console's.
  const sheets = ['node_modules/uplot/dist/uPlot.min.css', 'libs/console/src/console.css'].map((f) => fs.readFileSync(path.join(root, f), 'utf8'));
  fs.writeFileSync(path.join(outdir, 'ui', 'console.css'), sheets.join('\n'));
});

await Promise.all([
  ui,
  consoleUi,
  ...apps.map((app) =>
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
]);
console.log(`built ${[...apps, 'ui/herald-inbox.js', 'ui/console.js'].join(', ')}`);
