// What `npm ci` needs from package-lock.json, checked without npm (scripts/lib/deps.mjs runs this
// before anything is installed; scripts/lockfile.spec.ts keeps the committed lock complete).
//   lockProblems(pkg, lock)           why `npm ci` would refuse the lock (empty when it would not)
//   installedMatchesLock(lock, hidden) whether node_modules (npm's node_modules/.package-lock.json)
//                                     holds exactly the locked versions
'use strict';

/** The lock path a package `name` required from the package at lock path `from` resolves to (node's lookup), or null. */
function resolveIn(packages, from, name) {
  let dir = from;
  for (;;) {
    const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!dir) return null;
    const up = dir.lastIndexOf('/node_modules/');
    dir = up < 0 ? '' : dir.slice(0, up);
  }
}

/**
 * Why `npm ci` would refuse `lock` for `pkg` (package.json): a dependency of package.json the lock
 * does not record with the same range, or a package (a platform binary of another OS included:
 * npm ci wants an entry for every optional dependency, installed here or not) without an entry.
 */
function lockProblems(pkg, lock) {
  const problems = [];
  const packages = lock?.packages;
  if (!packages || !packages['']) return ['package-lock.json has no "packages" section (lockfileVersion 2 or 3 expected)'];
  const root = packages[''];
  for (const field of ['dependencies', 'devDependencies', 'optionalDependencies']) {
    const wanted = pkg[field] ?? {};
    const locked = root[field] ?? {};
    for (const [name, range] of Object.entries(wanted)) {
      if (locked[name] !== range) problems.push(`package.json ${field} ${name}@${range}: the lock records ${locked[name] ?? 'nothing'}`);
    }
    for (const name of Object.keys(locked)) if (!(name in wanted)) problems.push(`the lock records ${field} ${name}, package.json does not`);
  }
  for (const [at, entry] of Object.entries(packages)) {
    if (entry.link) continue;
    const deps = { ...entry.dependencies, ...entry.optionalDependencies, ...(at === '' ? entry.devDependencies : {}) };
    for (const name of Object.keys(deps)) {
      if (!resolveIn(packages, at, name)) problems.push(`${at || 'package.json'} needs ${name}, which has no entry in the lock`);
    }
  }
  return problems;
}

/**
 * True when `hidden` (node_modules/.package-lock.json, written by npm at each install) records
 * exactly the locked versions: every locked package installed at its version, except optional ones
 * of other platforms, and nothing else installed.
 */
function installedMatchesLock(lock, hidden) {
  const want = lock?.packages ?? {};
  const have = hidden?.packages ?? {};
  for (const [at, entry] of Object.entries(want)) {
    if (at === '' || entry.link) continue;
    const got = have[at];
    if (!got) {
      if (entry.optional || entry.devOptional) continue;
      return false;
    }
    if (got.version !== entry.version) return false;
  }
  for (const at of Object.keys(have)) if (at !== '' && !want[at]) return false;
  return true;
}

module.exports = { lockProblems, installedMatchesLock, resolveIn };
