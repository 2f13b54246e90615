// Each SDK's own test suite against a live Herald, in `npm test`: ONE stack (a fresh build of the
// four apps on free ports, this run's own databases, the local SMTP sink) shared by every
// sdks/<name>/test.sh, which runs with:
//   HERALD_URL            the gateway's base URL
//   HERALD_ADMIN_TOKEN    its ADMIN_TOKEN: each suite creates its own projects (POST /admin/projects)
//   HERALD_SMTP_URL, HERALD_MAIL_API_URL   the SMTP sink and its HTTP API (GET /messages)
//   HERALD_SDK_RESULTS    a file the suite writes its counts to: {"passed": N, "failed": N, "skipped": N}
// Exit 0: passed; 77: skipped (a tool is missing; it prints `SKIP: <reason>`); anything else: failed.
// Webhook receivers on 127.0.0.1 are allowed (WEBHOOK_ALLOW_PRIVATE). Every line a suite prints is
// prefixed `[sdk <name>]`, so no runner's summary line closes the run but npm test's own. The
// suites' counts go into npm test's final `tests:` line; a suite that failed without reporting a
// failed test counts one failure, one that wrote no counts counts as one test.
//   node scripts/lib/sdk-tests.mjs [name ...]   runs the suites (all, or those named) on their own
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { ensureDependencies } from './deps.mjs';
import { findSdkScripts, SKIPPED_EXIT, skipReason } from './sdk-gen.mjs';

const require = createRequire(import.meta.url);
const SUITE_TIMEOUT_MS = Number(process.env.SDK_SUITE_TIMEOUT_MS ?? 900_000);

/** Builds the apps and starts infrastructure and the four processes; returns {env, stop(failed)}. */
export async function startSdkStack(root, log = console.log) {
  const { prepareInfra, startInfra } = require(path.join(root, 'tools', 'infra', 'index.cjs'));
  const { startStack } = require(path.join(root, 'tools', 'infra', 'stack.cjs'));
  fs.mkdirSync(path.join(root, '.local'), { recursive: true });
  const work = fs.mkdtempSync(path.join(root, '.local', 'sdk-'));
  const distDir = path.join(root, 'dist', `.sdk-${path.basename(work)}`);
  let infra;
  let stack;
  const stop = async (keepLogs) => {
    await stack?.stop();
    await infra?.stop();
    fs.rmSync(distDir, { recursive: true, force: true });
    if (keepLogs) log(`SDK stack: process logs kept in ${work}`);
    else fs.rmSync(work, { recursive: true, force: true });
  };
  try {
    const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs'), `--outdir=${distDir}`], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('building the apps failed');
    await prepareInfra({ log });
    infra = await startInfra({ dataDir: work, log });
    const adminToken = crypto.randomBytes(24).toString('hex');
    stack = await startStack({
      infra,
      distDir,
      dbPrefix: `sdk${Date.now()}`,
      adminToken,
      tokenSecret: crypto.randomBytes(32).toString('hex'),
      logDir: path.join(work, 'logs'),
      logLevel: 'warn',
      // Webhook tests deliver to receivers on 127.0.0.1; test events are picked up within 200 ms.
      extraEnv: { WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_POLL_EVERY_MS: '200' },
    });
    log(`SDK stack: gateway at ${stack.baseUrl}`);
    const env = {
      HERALD_URL: stack.baseUrl,
      HERALD_ADMIN_TOKEN: adminToken,
      HERALD_SMTP_URL: infra.smtpUrl ?? '',
      HERALD_MAIL_API_URL: infra.mailApiUrl ?? '',
    };
    return { env, work, stop };
  } catch (err) {
    await stop(true);
    throw err;
  }
}

/** Pipes a child's stream to stdout line by line with a prefix (a partial last line is flushed at the end). */
function prefixLines(stream, prefix, sink) {
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (pending + chunk).split(/\r?\n/);
    pending = lines.pop();
    for (const line of lines) sink(line, prefix);
  });
  return () => {
    if (pending) sink(pending, prefix);
    pending = '';
  };
}

/** Runs one test.sh; returns {status: 'pass'|'fail'|'skip', reason?, counts}. */
export async function runSdkSuite(root, suite, stackEnv, work) {
  const prefix = `[sdk ${suite.name}]`;
  const results = path.join(work, `${suite.name}-results.json`);
  fs.rmSync(results, { force: true });
  let output = '';
  const sink = (line) => {
    output += `${line}\n`;
    process.stdout.write(`${prefix} ${line}\n`);
  };
  const child = spawn('bash', [suite.script], {
    cwd: suite.dir,
    env: { ...process.env, ...stackEnv, HERALD_SDK_RESULTS: results, FORCE_COLOR: '0', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const flushOut = prefixLines(child.stdout, prefix, sink);
  const flushErr = prefixLines(child.stderr, prefix, sink);
  const timer = setTimeout(() => {
    sink(`timed out after ${SUITE_TIMEOUT_MS / 1000} s: stopping it`);
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }, SUITE_TIMEOUT_MS);
  const code = await new Promise((resolve) => {
    child.on('error', (err) => {
      sink(`could not run ${path.relative(root, suite.script)}: ${err.message}`);
      resolve(-1);
    });
    child.on('close', (c, signal) => resolve(c ?? signal));
  });
  clearTimeout(timer);
  flushOut();
  flushErr();
  if (code === SKIPPED_EXIT) return { status: 'skip', reason: skipReason(output), counts: { passed: 0, failed: 0, skipped: 0 } };
  let counts = null;
  try {
    const r = JSON.parse(fs.readFileSync(results, 'utf8'));
    counts = { passed: Number(r.passed) || 0, failed: Number(r.failed) || 0, skipped: Number(r.skipped) || 0 };
  } catch {
    counts = null;
  }
  if (code === 0) return { status: 'pass', counts: counts ?? { passed: 1, failed: 0, skipped: 0 } };
  counts ??= { passed: 0, failed: 0, skipped: 0 };
  if (counts.failed === 0) counts.failed = 1;
  return { status: 'fail', counts };
}

/**
 * npm test's steps: one that starts the stack, then one per suite (pass, FAIL or skip each).
 * `step(name, fn)` is scripts/test.mjs's; returns the suites' counts for the final line.
 */
export async function runSdkSuites(root, { step, log = console.log, only = [] }) {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  const suites = findSdkScripts(root, 'test.sh').filter((s) => only.length === 0 || only.includes(s.name));
  if (suites.length === 0) return counts;
  let stack = null;
  let failed = false;
  await step('SDK test stack (build, infrastructure, four processes)', async () => {
    stack = await startSdkStack(root, log);
    return true;
  });
  try {
    for (const suite of suites) {
      await step(`SDK ${suite.name} against a live stack (sdks/${suite.name}/test.sh)`, async () => {
        if (!stack) {
          log(`the ${suite.name} SDK was not tested: the stack did not start`);
          counts.failed += 1;
          return false;
        }
        const r = await runSdkSuite(root, suite, stack.env, stack.work);
        counts.passed += r.counts.passed;
        counts.failed += r.counts.failed;
        counts.skipped += r.counts.skipped;
        if (r.status === 'skip') {
          console.warn(`[test] WARNING: the ${suite.name} SDK was NOT tested: ${r.reason}`);
          return 'skipped';
        }
        failed ||= r.status === 'fail';
        return r.status === 'pass';
      });
    }
  } finally {
    await stack?.stop(failed);
  }
  return counts;
}

// Run directly: the suites (all, or those named), then one closing line.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  ensureDependencies((m) => console.log(`[sdk-tests] ${m}`));
  const results = [];
  const step = async (name, fn) => {
    console.log(`\n[sdk-tests] ${name}...`);
    let r = false;
    try {
      r = await fn();
    } catch (err) {
      console.error(`[sdk-tests] ${name}: ${err?.message ?? err}`);
    }
    results.push({ name, r });
    return r;
  };
  const counts = await runSdkSuites(root, { step, log: (m) => console.log(`[sdk-tests] ${m}`), only: process.argv.slice(2) });
  for (const { name, r } of results) console.log(`  ${r === 'skipped' ? 'skip' : r ? 'pass' : 'FAIL'}  ${name}`);
  console.log(`\ntests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  process.exit(results.every((x) => x.r) ? 0 : 1);
}
