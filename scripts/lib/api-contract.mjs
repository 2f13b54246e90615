// The API contract check of `npm test`: Schemathesis 4.32 (an independent, schema-driven API
// tester) runs every check against a real stack, from the gateway's own /openapi.json:
//   - the project operations with a Full key (everything but /admin), then /admin with the admin token;
//   - the stack is this run's own (fresh databases), with the failed-authentication limit raised and
//     the project's rate limit off, so the tester's floods of unauthenticated and rapid requests
//     test the contract rather than the abuse limits (those have their own e2e tests);
//   - Schemathesis lives in a virtual environment under .local/ (created when missing). When Python
//     or PyPI is not reachable the check says so and is skipped, never failed.
// Environment: SCHEMATHESIS_MAX_EXAMPLES (default 20), SCHEMATHESIS_SEED (default fixed, so a
// failure reproduces; set another to explore).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const SCHEMATHESIS = 'schemathesis==4.32.5';
const require = createRequire(import.meta.url);
const { runPrefixed } = require('./output.cjs');

/** The schemathesis executable in .local/venv-schemathesis, installed when missing; null (with why) when it cannot be. */
export function ensureSchemathesis(root, log) {
  const venv = path.join(root, '.local', 'venv-schemathesis');
  const exe = path.join(venv, 'bin', 'schemathesis');
  const installed = () => spawnSync(exe, ['--version'], { encoding: 'utf8' });
  if (fs.existsSync(exe) && installed().stdout?.includes('4.32')) return { exe };
  const python = ['python3', 'python'].find((p) => spawnSync(p, ['--version']).status === 0);
  if (!python) return { why: 'no python3 on PATH' };
  log(`installing ${SCHEMATHESIS} into ${path.relative(root, venv)}`);
  const mk = spawnSync(python, ['-m', 'venv', venv], { encoding: 'utf8' });
  if (mk.status !== 0) return { why: `python3 -m venv failed: ${(mk.stderr || mk.stdout).trim().split('\n').pop()}` };
  const pip = spawnSync(path.join(venv, 'bin', 'pip'), ['install', '--quiet', '--disable-pip-version-check', SCHEMATHESIS], { encoding: 'utf8', timeout: 600_000 });
  if (pip.status !== 0) {
    fs.rmSync(venv, { recursive: true, force: true });
    return { why: `pip could not install ${SCHEMATHESIS} (is PyPI reachable?): ${(pip.stderr || pip.stdout || '').trim().split('\n').pop()}` };
  }
  return installed().status === 0 ? { exe } : { why: 'schemathesis installed but does not run' };
}

/** Runs the check; returns true (passed), false (failed) or 'skipped'. */
export async function checkApiContract(root, log = console.log) {
  const found = ensureSchemathesis(root, log);
  if (!found.exe) {
    console.warn(`[test] WARNING: the API contract was NOT checked with Schemathesis: ${found.why}`);
    return 'skipped';
  }
  const { prepareInfra, startInfra } = require(path.join(root, 'tools', 'infra', 'index.cjs'));
  const { startStack } = require(path.join(root, 'tools', 'infra', 'stack.cjs'));
  const work = fs.mkdtempSync(path.join(root, '.local', 'contract-'));
  const distDir = path.join(root, 'dist', `.contract-${path.basename(work)}`);
  let infra;
  let stack;
  let keep = true;
  try {
    if ((await runPrefixed(process.execPath, [path.join(root, 'scripts', 'build.mjs'), `--outdir=${distDir}`], { prefix: '[build] ' })).status !== 0) return false;
    await prepareInfra({ log });
    infra = await startInfra({ dataDir: work, natsHarness: false, log });
    const adminToken = crypto.randomBytes(24).toString('hex');
    stack = await startStack({
      infra,
      distDir,
      dbPrefix: `contract${Date.now()}`,
      adminToken,
      tokenSecret: crypto.randomBytes(32).toString('hex'),
      logDir: path.join(work, 'logs'),
      logLevel: 'warn',
      extraEnv: { AUTH_FAILURES_PER_SECOND: '100000' },
    });
    const res = await fetch(`${stack.baseUrl}/admin/projects`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'api-contract', settings: { rate_limit_per_second: null } }),
    });
    if (res.status !== 201) throw new Error(`creating the test project answered ${res.status}`);
    const fullKey = (await res.json()).data.keys.find((k) => k.scope === 'full').key;
    const common = [
      '--config-file', path.join(root, 'tools', 'schemathesis', 'schemathesis.toml'),
      // Every check runs (Schemathesis 4's default; `--checks all` would override the config file's one exception).
      '--no-color', 'run', `${stack.baseUrl}/openapi.json`,
      '--max-examples', process.env.SCHEMATHESIS_MAX_EXAMPLES ?? '20',
      '--seed', process.env.SCHEMATHESIS_SEED ?? '20261123',
      // Hypothesis gives up on an operation when it filters out most of what it generates (a path
      // parameter it cannot place in a URL, say): that is about generation, not about the API.
      '--suppress-health-check', 'filter_too_much',
      '--report-dir', path.join(work, 'report'),
    ];
    const runs = [
      { what: 'project operations, Full key', args: ['--exclude-path-regex', '^/admin', '-H', `Authorization: Bearer ${fullKey}`] },
      { what: 'admin operations, admin token', args: ['--include-path-regex', '^/admin', '-H', `Authorization: Bearer ${adminToken}`] },
    ];
    let ok = true;
    for (const run of runs) {
      log(`Schemathesis: ${run.what}`);
      const r = await runPrefixed(found.exe, [...common, ...run.args], { cwd: work, prefix: '[schemathesis] ' });
      ok = ok && r.status === 0;
    }
    keep = !ok;
    return ok;
  } finally {
    await stack?.stop();
    await infra?.stop();
    fs.rmSync(distDir, { recursive: true, force: true });
    // A failed run keeps the processes' logs and Schemathesis' report for the diagnosis.
    if (keep) log(`API contract: process logs and report kept in ${work}`);
    else fs.rmSync(work, { recursive: true, force: true });
  }
}
