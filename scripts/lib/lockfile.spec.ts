// `npm ci` works on a fresh clone (scripts/lib/lockfile.cjs, used by scripts/lib/deps.mjs): the
// committed package-lock.json agrees with package.json and records every package npm ci asks for,
// the optional platform binaries of other systems included (buf's, the resolver's).
import fs from 'node:fs';
import path from 'node:path';

interface Lock {
  packages: Record<string, { version?: string; optional?: boolean; link?: boolean; dependencies?: Record<string, string>; optionalDependencies?: Record<string, string>; devDependencies?: Record<string, string> }>;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { lockProblems, installedMatchesLock } = require('./lockfile.cjs') as {
  lockProblems(pkg: object, lock: Lock): string[];
  installedMatchesLock(lock: Lock, hidden: Lock): boolean;
};

const root = path.resolve(__dirname, '../..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as Lock;

describe('package-lock.json', () => {
  it('when npm ci reads the committed lock, then it finds nothing missing or out of date', () => {
    expect(lockProblems(pkg, lock)).toEqual([]);
  });

  it("when the lock records buf and the resolver, then it records each platform's binary package", () => {
    const optional = (at: string) => Object.keys(lock.packages[at]?.optionalDependencies ?? {});
    const binaries = [...optional('node_modules/@bufbuild/buf'), ...optional('node_modules/unrs-resolver')];
    expect(binaries).toEqual(expect.arrayContaining(['@bufbuild/buf-darwin-arm64', '@bufbuild/buf-win32-x64', '@unrs/resolver-binding-darwin-arm64']));
    for (const name of binaries) expect([name, lock.packages[`node_modules/${name}`]?.version]).toEqual([name, expect.any(String)]);
  });

  const tiny = (): Lock => ({
    packages: {
      '': { dependencies: { a: '1.0.0' }, devDependencies: { b: '2.0.0' } },
      'node_modules/a': { version: '1.0.0', optionalDependencies: { 'a-darwin': '1.0.0', 'a-linux': '1.0.0' } },
      'node_modules/a-darwin': { version: '1.0.0', optional: true },
      'node_modules/a-linux': { version: '1.0.0', optional: true },
      'node_modules/b': { version: '2.0.0', dependencies: { c: '^3' } },
      'node_modules/b/node_modules/c': { version: '3.1.0' },
    },
  });
  const tinyPkg = { dependencies: { a: '1.0.0' }, devDependencies: { b: '2.0.0' } };

  it('when a lock misses a platform binary, a nested dependency or a package.json change, then each is named', () => {
    expect(lockProblems(tinyPkg, tiny())).toEqual([]);
    const noDarwin = tiny();
    delete noDarwin.packages['node_modules/a-darwin'];
    expect(lockProblems(tinyPkg, noDarwin)).toEqual(['node_modules/a needs a-darwin, which has no entry in the lock']);
    const noC = tiny();
    delete noC.packages['node_modules/b/node_modules/c'];
    expect(lockProblems(tinyPkg, noC)).toEqual(['node_modules/b needs c, which has no entry in the lock']);
    expect(lockProblems({ ...tinyPkg, dependencies: { a: '1.0.1', d: '1.0.0' } }, tiny())).toEqual([
      'package.json dependencies a@1.0.1: the lock records 1.0.0',
      'package.json dependencies d@1.0.0: the lock records nothing',
    ]);
  });

  it("when node_modules holds the locked versions (other platforms' binaries absent), then it matches; any other version or package does not", () => {
    const installed = tiny();
    delete installed.packages['node_modules/a-darwin'];
    expect(installedMatchesLock(tiny(), installed)).toBe(true);
    const older = tiny();
    older.packages['node_modules/b/node_modules/c'] = { version: '3.0.0' };
    expect(installedMatchesLock(tiny(), older)).toBe(false);
    const extra = tiny();
    extra.packages['node_modules/left-over'] = { version: '1.0.0' };
    expect(installedMatchesLock(tiny(), extra)).toBe(false);
    const missing = tiny();
    delete missing.packages['node_modules/b'];
    expect(installedMatchesLock(tiny(), missing)).toBe(false);
  });
});
