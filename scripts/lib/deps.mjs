// Installs the npm dependencies when they are missing or stale. Node built-ins only: this runs
// before anything is installed (`npm start` / `npm test` on a fresh clone).
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const EXACT = /^\d+\.\d+\.\d+(-[\w.]+)?$/;

/** Names of direct dependencies that are absent, or installed at another version than pinned. */
export function staleDependencies() {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const wanted = { ...pkg.dependencies, ...pkg.devDependencies };
  const stale = [];
  for (const [name, spec] of Object.entries(wanted)) {
    const file = path.join(root, 'node_modules', name, 'package.json');
    let version = null;
    try {
      version = JSON.parse(fs.readFileSync(file, 'utf8')).version;
    } catch {
      // not installed
    }
    if (version === null || (EXACT.test(spec) && version !== spec)) stale.push(`${name}@${spec}${version ? ` (have ${version})` : ''}`);
  }
  return stale;
}

function npm(args, { mayFail = false } = {}) {
  const cmd = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  console.log(`$ npm ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  const ok = !r.error && r.status === 0;
  if (!ok && !mayFail) throw new Error(`npm ${args.join(' ')} failed (${r.error?.message ?? `exit ${r.status}`})`);
  return ok;
}

/**
 * A fresh clone: `npm ci` (exactly the lock file). When npm ci refuses the lock file (it records
 * no entries for other platforms' optional binaries, e.g. @bufbuild/buf-darwin-arm64, which a
 * partial registry mirror lacks), `npm install`, which installs the same locked versions.
 * An older install that lacks or mismatches a direct dependency: `npm install`.
 */
export function ensureDependencies(log = console.log) {
  const hasLock = fs.existsSync(path.join(root, 'package-lock.json'));
  if (!fs.existsSync(path.join(root, 'node_modules'))) {
    log('installing npm dependencies (first run)...');
    if (!hasLock || !npm(['ci', '--no-audit', '--no-fund'], { mayFail: true })) {
      if (hasLock) log('npm ci refused the lock file; falling back to npm install');
      npm(['install', '--no-audit', '--no-fund']);
    }
  } else {
    const stale = staleDependencies();
    if (stale.length === 0) return;
    log(`npm dependencies out of date (${stale.slice(0, 5).join(', ')}${stale.length > 5 ? ', ...' : ''}); installing...`);
    npm(['install', '--no-audit', '--no-fund']);
  }
  const left = staleDependencies();
  if (left.length) throw new Error(`still missing after install: ${left.join(', ')}`);
}
