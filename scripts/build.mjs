// Bundles each app's TypeScript (and the workspace libraries it imports) into dist/apps/<app>/main.js.
// npm packages stay external: the images install production dependencies beside the bundle.
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const all = ['gateway', 'recipient-service', 'preference-service', 'delivery-service'];
const apps = process.argv.slice(2).length ? process.argv.slice(2) : all;

await Promise.all(
  apps.map((app) =>
    build({
      absWorkingDir: root,
      entryPoints: [`apps/${app}/src/main.ts`],
      outfile: `dist/apps/${app}/main.js`,
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
