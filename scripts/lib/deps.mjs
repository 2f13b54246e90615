// Installs the npm dependencies with `npm ci` (exactly package-lock.json) when node_modules is
// missing or differs from the lock. Node built-ins only: this runs before anything is installed
// (`npm start` / `npm test` on a fresh clone). A lock that is out of date with package.json, or one
// `npm ci` refuses, fails the install loudly: there is no fallback to `npm install`.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);
const { lockProblems, installedMatchesLock } = require('./lockfile.cjs');
const { prefixLines } = require('./output.cjs');

const EXACT = /^\d+\.\d+\.\d+(-[\w.]+)?$/;
const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

/** Names of direct dependencies that are absent, or installed at another version than pinned. */
export function staleDependencies() {
  const pkg = readJson(path.join(root, 'package.json'));
  const wanted = { ...pkg.dependencies, ...pkg.devDependencies };
  const stale = [];
  for (const [name, spec] of Object.entries(wanted)) {
    let version = null;
    try {
      version = readJson(path.join(root, 'node_modules', name, 'package.json')).version;
    } catch {
      // not installed
    }
    if (version === null || (EXACT.test(spec) && version !== spec)) stale.push(`${name}@${spec}${version ? ` (have ${version})` : ''}`);
  }
  return stale;
}

/** Why node_modules must be (re)installed from the lock, or null when it holds exactly the lock. */
function reasonToInstall(lock) {
  if (!fs.existsSync(path.join(root, 'node_modules'))) return 'first run';
  const stale = staleDependencies();
  if (stale.length) return `out of date: ${stale.slice(0, 5).join(', ')}${stale.length > 5 ? ', ...' : ''}`;
  let hidden = null;
  try {
    hidden = readJson(path.join(root, 'node_modules', '.package-lock.json'));
  } catch {
    return 'node_modules/.package-lock.json is missing';
  }
  return installedMatchesLock(lock, hidden) ? null : 'node_modules differs from package-lock.json';
}

/** `npm ci`, its output prefixed `[npm] `; throws when it fails. */
function npmCi(log) {
  const cmd = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const args = ['ci', '--no-audit', '--no-fund'];
  log(`$ npm ${args.join(' ')} (a few minutes on a fresh clone)`);
  const r = spawnSync(cmd, args, { cwd: root, env: process.env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.stdout) process.stdout.write(prefixLines(r.stdout, '[npm] '));
  if (r.stderr) process.stderr.write(prefixLines(r.stderr, '[npm] '));
  if (r.error || r.status !== 0) {
    throw new Error(
      `npm ci failed (${r.error?.message ?? `exit ${r.status}`}). If it says package.json and package-lock.json are not in sync, ` +
        'run `npm install` to update the lock file and commit it.',
    );
  }
}

/**
 * Makes node_modules exactly package-lock.json: `npm ci` on a fresh clone, and again whenever the
 * installed packages differ from the lock (a pulled lock change, a dependency installed by hand).
 * Throws, naming the problem, when the lock is out of date with package.json or incomplete.
 */
export function ensureDependencies(log = console.log) {
  const lockFile = path.join(root, 'package-lock.json');
  if (!fs.existsSync(lockFile)) throw new Error('package-lock.json is missing: run `npm install` and commit the lock file');
  const lock = readJson(lockFile);
  const problems = lockProblems(readJson(path.join(root, 'package.json')), lock);
  if (problems.length) {
    throw new Error(
      `package-lock.json is out of date, npm ci would refuse it:\n${problems.slice(0, 10).map((p) => `  - ${p}`).join('\n')}` +
        `${problems.length > 10 ? `\n  - ... ${problems.length - 10} more` : ''}\nrun \`npm install\` to update it and commit it`,
    );
  }
  const reason = reasonToInstall(lock);
  if (!reason) return;
  if (fs.lstatSync(path.join(root, 'node_modules'), { throwIfNoEntry: false })?.isSymbolicLink()) {
    // A worktree sharing another checkout's packages: an install here would rewrite them under
    // every other user of the link, so it is theirs to run.
    throw new Error(`node_modules is a link to shared packages and ${reason}: run \`npm ci\` where it points`);
  }
  log(`installing npm dependencies (${reason})...`);
  npmCi(log);
  const left = staleDependencies();
  if (left.length) throw new Error(`still missing after npm ci: ${left.join(', ')}`);
}
