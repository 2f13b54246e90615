// Finds, or installs into .local/bin, the local infrastructure binaries: FerretDB (built with Go)
// and nats-server (Debian's package, unpacked without root). Each is installed only when missing.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync, spawnSync } = require('node:child_process');
const crypto = require('node:crypto');

const root = path.resolve(__dirname, '..', '..');
const binDir = path.join(root, '.local', 'bin');
const FERRETDB_VERSION = 'v1.24.2';
const FERRETDB_PKG = 'github.com/FerretDB/FerretDB/cmd/ferretdb';

/** The executable `name` on PATH, or null (plain Node, so it works without a shell). */
function onPath(name) {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const file = path.join(dir, name);
    try {
      fs.accessSync(file, fs.constants.X_OK);
      if (fs.statSync(file).isFile()) return file;
    } catch {
      // not here
    }
  }
  return null;
}

const patchDir = path.join(__dirname, 'ferretdb-patch');
const patchMarker = path.join(binDir, 'ferretdb.herald-patch');

/** Herald's patches to FerretDB and its SQLite driver, in the order they apply (file-name order). */
function patchSeries() {
  return fs.readdirSync(patchDir).filter((f) => f.endsWith('.patch')).sort();
}

/** A hash of the series: a local build made with other patches is rebuilt. */
function patchSeriesHash() {
  const hash = crypto.createHash('sha256');
  for (const name of patchSeries()) hash.update(`${name}\0`).update(fs.readFileSync(path.join(patchDir, name))).update('\0');
  return hash.digest('hex').slice(0, 16);
}

function findBinary(name, envVar) {
  if (process.env[envVar]) return process.env[envVar];
  const local = path.join(binDir, name);
  const current = name !== 'ferretdb' || (fs.existsSync(patchMarker) && fs.readFileSync(patchMarker, 'utf8').trim() === patchSeriesHash());
  if (fs.existsSync(local) && current) return local;
  return onPath(name);
}

/**
 * Applies the series in `work`, which holds FerretDB's source in ferretdb/ and the SQLite driver's
 * in sqlite/ (the paths the patches name). git apply takes no fuzz: a patch that does not apply
 * exactly stops the build rather than build it half patched.
 */
function applyPatchSeries(work) {
  const env = { ...process.env, GIT_CEILING_DIRECTORIES: path.dirname(work) };
  for (const name of patchSeries()) {
    const r = run('git', ['apply', '-p1', path.join(patchDir, name)], { cwd: work, env });
    if (!r.ok) throw new Error(`FerretDB patch ${name} does not apply: ${r.out}`);
  }
}

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', ...opts });
  return { ok: r.status === 0, out: `${r.stdout ?? ''}${r.stderr ?? ''}` };
}

/**
 * FerretDB v1.24.2, built from a throwaway module that requires it: a plain `go install` fails
 * here (the module proxy refuses its version lookup, and the published module lacks the generated
 * build/version/version.txt), and Herald patches FerretDB and its SQLite driver so queries use
 * indexes (the series in tools/infra/ferretdb-patch, listed in its README.md). With a newer Go
 * than FerretDB knows, the build is retried with -ldflags=-checklinkname=0.
 */
function installFerretdb(log) {
  if (!onPath('go')) return null;
  fs.mkdirSync(binDir, { recursive: true });
  log(`building FerretDB ${FERRETDB_VERSION} with Go (about a minute, once)...`);
  const env = { ...process.env, GOBIN: binDir, GOFLAGS: '-mod=mod' };
  const target = path.join(binDir, 'ferretdb');
  const works = () => run(target, ['--version']).ok;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-ferretdb-'));
  try {
    const r1 = run('go', ['mod', 'init', 'herald.local/ferretdb'], { cwd: work, env });
    const r2 = run('go', ['get', `${FERRETDB_PKG}@${FERRETDB_VERSION}`], { cwd: work, env });
    if (!r1.ok || !r2.ok) throw new Error(r2.out || r1.out);
    const moduleDir = (mod) => execFileSync('go', ['list', '-m', '-f', '{{.Dir}}', mod], { cwd: work, env, encoding: 'utf8' }).trim();
    const sources = { ferretdb: moduleDir('github.com/FerretDB/FerretDB'), sqlite: moduleDir('modernc.org/sqlite') };
    for (const [dir, from] of Object.entries(sources)) {
      fs.cpSync(from, path.join(work, dir), { recursive: true });
      spawnSync('chmod', ['-R', 'u+w', path.join(work, dir)]);
    }
    fs.writeFileSync(path.join(work, 'ferretdb', 'build', 'version', 'version.txt'), `${FERRETDB_VERSION}\n`);
    applyPatchSeries(work);
    run('go', ['mod', 'edit', '-replace', 'github.com/FerretDB/FerretDB=./ferretdb', '-replace', 'modernc.org/sqlite=./sqlite'], { cwd: work, env });
    for (const extra of [[], ['-ldflags=-checklinkname=0']]) {
      const b = run('go', ['build', ...extra, '-o', target, FERRETDB_PKG], { cwd: work, env });
      if (b.ok && works()) {
        fs.writeFileSync(patchMarker, `${patchSeriesHash()}\n`);
        return target;
      }
      log(`FerretDB build ${extra.join(' ') || '(plain)'} failed: ${b.out.split('\n').slice(-5).join(' ')}`);
    }
    return null;
  } catch (err) {
    log(`FerretDB build failed: ${String(err.message).slice(0, 500)}`);
    return null;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** nats-server from Debian: `apt-get download` + `dpkg -x`, no root needed. */
function installNatsServer(log) {
  if (!onPath('apt-get') || !onPath('dpkg')) return null;
  fs.mkdirSync(binDir, { recursive: true });
  log('fetching Debian nats-server...');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-nats-'));
  try {
    if (!run('apt-get', ['download', 'nats-server'], { cwd: work }).ok) return null;
    const deb = fs.readdirSync(work).find((f) => f.endsWith('.deb'));
    if (!deb || !run('dpkg', ['-x', deb, 'x'], { cwd: work }).ok) return null;
    const target = path.join(binDir, 'nats-server');
    fs.copyFileSync(path.join(work, 'x', 'usr', 'sbin', 'nats-server'), target);
    fs.chmodSync(target, 0o755);
    return target;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** FerretDB's path, built into .local/bin when missing and Go is at hand; null when it cannot be had. */
function ensureFerretdb(log = console.log) {
  return findBinary('ferretdb', 'FERRETDB_BIN') ?? installFerretdb(log);
}

/** nats-server's path, fetched into .local/bin when missing; null when it cannot be had. */
function ensureNatsServer(log = console.log) {
  return findBinary('nats-server', 'NATS_SERVER_BIN') ?? installNatsServer(log);
}

/** Returns paths of both binaries, installing what is missing; null for one that cannot be had. */
function ensureBinaries(log = console.log) {
  return { ferretdb: ensureFerretdb(log), natsServer: ensureNatsServer(log) };
}

module.exports = { ensureBinaries, ensureFerretdb, ensureNatsServer, findBinary, onPath, binDir, root };
