// `npm start` and `npm test` run on a fresh clone, before any npm dependency is installed: the
// modules they load before installing may only import Node's own modules and local files.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const staticImports = (file: string): string[] =>
  [...fs.readFileSync(file, 'utf8').matchAll(/^\s*import\s+(?:[^'"]*?\s+from\s+)?['"]([^'"]+)['"]/gm)].map((m) => m[1]);

/** Every package a script loads statically, following its local imports. */
function packagesLoadedBy(entry: string, seen = new Set<string>()): string[] {
  if (seen.has(entry)) return [];
  seen.add(entry);
  return staticImports(entry).flatMap((spec) => {
    if (spec.startsWith('node:')) return [];
    if (spec.startsWith('.')) return packagesLoadedBy(path.resolve(path.dirname(entry), spec), seen);
    return [`${path.relative(root, entry)} imports ${spec}`];
  });
}

describe('bootstrap scripts on a fresh clone', () => {
  it.each(['scripts/start.mjs', 'scripts/test.mjs'])('when %s starts, then it loads no npm package before installing them', (script) => {
    expect(packagesLoadedBy(path.join(root, script))).toEqual([]);
  });

  it('when a script imports a package statically, then the check sees it', () => {
    expect(packagesLoadedBy(path.join(root, 'scripts', 'build.mjs'))).toEqual(['scripts/build.mjs imports esbuild']);
  });
});
