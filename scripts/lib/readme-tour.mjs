// The README's five-minute tour as a test, in `npm test`: the README's tour blocks (fenced
// ```sh tour:<name>```, in order) run as one bash script (`set -eo pipefail`, so any command that
// fails fails the run) against a live stack, twice in a row on the same project: the second run
// proves the tour can be run again on a used stack. Each run checks what each block printed, and
// waits for the outcomes the tour promises (the send on every medium delivered, sent and
// receipted; the CLI's send emailed). Every line the tour prints is prefixed `[readme]`, and the
// checks' counts go into npm test's final `tests:` line, as the SDK suites' do.
//   node scripts/lib/readme-tour.mjs         starts a stack of its own (as the SDK suites do) and runs the tour
//   node scripts/lib/readme-tour.mjs --dev   runs it against `npm start`'s stack, with the dev project's key
import fs from 'node:fs';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startSdkStack } from './sdk-tests.mjs';

const PREFIX = '[readme]';
const RUN_TIMEOUT_MS = 300_000;

/** What each tour block must print, on every run; a block missing from the README fails the run. */
const EXPECTED_OUTPUT = {
  setup: [],
  mediums: [/"medium":"email".*"is_primary":true/, /"medium":"sms".*"is_primary":true/, /"medium":"web_push".*"is_primary":true/, /"Catalog updated"/, /^notification \d+$/m],
  scheduling: [/"title":"Invoice overdue".*"email":\{"status":"pending"/, /"status":"scheduled"/, /"status":"canceled"/],
  cli: [/Imported .*: \d+ created, \d+ updated, 0 failed/, /^id: +\d+$/m, /^in-app: delivered/m, /^email: /m],
};

/** On a fresh project, what the first run creates the second finds and updates. */
const EXPECTED_BY_RUN = [
  { mediums: [/"created":\[\{"id":"alice"\}\]/], cli: [/1 created, 0 updated/] },
  { mediums: [/"updated":\[\{"id":"alice"\}\]/], cli: [/0 created, 1 updated/] },
];

/** The outcomes each block's send must reach (the notification id is read from the block's output). */
const EXPECTED_OUTCOMES = {
  mediums: { id: /^notification (\d+)$/m, status: 'delivered', email: 'sent', sms: 'delivered', push: 'sent' },
  cli: { id: /^id: +(\d+)$/m, status: 'delivered', email: 'sent' },
};

/** The README's tour blocks, in order: [{name, code}]. */
export function tourBlocks(markdown) {
  return [...markdown.matchAll(/^```sh tour:(\S+)\n([\s\S]*?)^```$/gm)].map(([, name, code]) => ({ name, code }));
}

/**
 * One bash script running every block, each announced by a marker line the output is split on
 * (stderr joins stdout, so every line stays in the order it was written).
 */
function tourScript(blocks) {
  return ['set -eo pipefail', 'exec 2>&1', ...blocks.map((b) => `echo "::tour ${b.name}::"\n${b.code}`)].join('\n');
}

/** Splits a run's output into each block's: {name: text}. */
function outputByBlock(output) {
  const parts = {};
  let current = null;
  for (const line of output.split('\n')) {
    const marker = /^::tour (\S+)::$/.exec(line);
    if (marker) current = marker[1];
    else if (current) parts[current] = `${parts[current] ?? ''}${line}\n`;
  }
  return parts;
}

/** Runs the script with bash in the checkout; resolves {code, output}; every line is echoed with the prefix. */
function runScript(root, script, env) {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', script], { cwd: root, env: { ...process.env, ...env, NO_COLOR: '1', FORCE_COLOR: '0' }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    let pending = '';
    const take = (chunk) => {
      output += chunk;
      const lines = (pending + chunk).split(/\r?\n/);
      pending = lines.pop();
      for (const line of lines) process.stdout.write(`${PREFIX} ${line}\n`);
    };
    child.stdout.setEncoding('utf8').on('data', take);
    child.stderr.setEncoding('utf8').on('data', take);
    const timer = setTimeout(() => {
      take(`\nthe tour did not finish within ${RUN_TIMEOUT_MS / 1000} s: stopping it\n`);
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, RUN_TIMEOUT_MS);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (pending) process.stdout.write(`${PREFIX} ${pending}\n`);
      resolve({ code: code ?? signal, output });
    });
  });
}

/**
 * Waits on a condition, never on a clock (the semantics of @herald/testing's `eventually`, which
 * this plain JavaScript script cannot import): probes until `probe` returns a truthy value.
 */
async function eventually(what, probe, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let pause = 10;
  let last;
  for (;;) {
    try {
      last = await probe();
      if (last) return last;
    } catch (err) {
      last = err.message;
    }
    if (Date.now() > deadline) throw new Error(`${what}: not reached within ${timeoutMs} ms (last: ${JSON.stringify(last)?.slice(0, 500)})`);
    await new Promise((resolve) => setTimeout(resolve, pause));
    pause = Math.min(250, Math.ceil(pause * 1.5));
  }
}

/** The notification's outcomes once they match `expected` ({status, email?, sms?, push?}); `api`: {url, key}. */
async function waitForOutcomes(api, id, expected) {
  const get = async () => {
    const res = await fetch(`${api.url}/notifications/${id}`, { headers: { authorization: `Bearer ${api.key}` } });
    const n = (await res.json()).data;
    const seen = { status: n.status, email: n.email?.status, sms: n.sms?.status, push: n.push?.status };
    return Object.keys(expected).filter((k) => k !== 'id').every((k) => seen[k] === expected[k]) ? seen : false;
  };
  const wanted = Object.entries(expected).filter(([k]) => k !== 'id').map(([k, v]) => `${k} ${v}`).join(', ');
  return eventually(`notification ${id}: ${wanted}`, get);
}

/** One run of the tour and its checks: [{name, ok, message?}]. */
async function runTourOnce(root, blocks, env, runIndex, { freshProject, api }) {
  const { code, output } = await runScript(root, tourScript(blocks), env);
  const checks = [{ name: `run ${runIndex + 1}: every command succeeded`, ok: code === 0, message: `bash exited ${code}` }];
  const parts = outputByBlock(output);
  for (const { name } of blocks) {
    const patterns = [...(EXPECTED_OUTPUT[name] ?? []), ...(freshProject ? (EXPECTED_BY_RUN[runIndex]?.[name] ?? []) : [])];
    const missing = patterns.filter((p) => !p.test(parts[name] ?? ''));
    checks.push({ name: `run ${runIndex + 1}: block ${name} printed what it should`, ok: missing.length === 0, message: `missing ${missing.join(', ')}` });
  }
  for (const [name, expected] of Object.entries(EXPECTED_OUTCOMES)) {
    const id = expected.id.exec(parts[name] ?? '')?.[1];
    const check = { name: `run ${runIndex + 1}: the send of block ${name} reached its outcomes`, ok: false, message: 'no notification id printed' };
    if (id) {
      try {
        await waitForOutcomes(api, id, expected);
        check.ok = true;
      } catch (err) {
        check.message = err.message;
      }
    }
    checks.push(check);
  }
  return checks;
}

/**
 * Runs the tour twice with `env` added to the environment; `api` ({url, key}, default the env's
 * HERALD_URL and HERALD_KEY) reads the outcomes. Logs each check; returns {passed, failed, skipped}.
 */
export async function runTourTwice(root, env, { freshProject, api = { url: env.HERALD_URL, key: env.HERALD_KEY }, log = console.log }) {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const blocks = tourBlocks(readme);
  const counts = { passed: 0, failed: 0, skipped: 0 };
  const absent = Object.keys(EXPECTED_OUTPUT).filter((name) => !blocks.some((b) => b.name === name));
  if (absent.length) {
    log(`FAIL README.md has no tour block ${absent.map((n) => `\`sh tour:${n}\``).join(', ')}`);
    counts.failed += 1;
  }
  for (const runIndex of [0, 1]) {
    for (const check of await runTourOnce(root, blocks, env, runIndex, { freshProject, api })) {
      log(`${check.ok ? 'pass' : 'FAIL'} ${check.name}${check.ok ? '' : `: ${check.message}`}`);
      counts[check.ok ? 'passed' : 'failed'] += 1;
    }
  }
  return counts;
}

/** Why the tour cannot run here (it calls curl 7.76+ for `--fail-with-body`), or null when it can. */
function missingTool() {
  const curl = spawnSync('curl', ['--version'], { encoding: 'utf8' });
  const [major, minor] = (/^curl (\d+)\.(\d+)/.exec(curl.stdout ?? '') ?? []).slice(1).map(Number);
  if (curl.error || major === undefined) return 'curl is missing';
  if (major < 7 || (major === 7 && minor < 76)) return `curl ${major}.${minor} is older than 7.76 (no --fail-with-body)`;
  return null;
}

/** A fresh project on the stack: the tour's HERALD_URL, HERALD_KEY and SINK. */
async function tourEnv(stackEnv) {
  const res = await fetch(`${stackEnv.HERALD_URL}/admin/projects`, {
    method: 'POST',
    headers: { authorization: `Bearer ${stackEnv.HERALD_ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'readme-tour' }),
  });
  const body = await res.json();
  const key = body.data?.keys?.find((k) => k.scope === 'full')?.key;
  if (res.status !== 201 || !key) throw new Error(`POST /admin/projects answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
  return { HERALD_URL: stackEnv.HERALD_URL, HERALD_KEY: key, SINK: stackEnv.HERALD_MAIL_API_URL };
}

/**
 * npm test's steps: a stack of the tour's own (started as the SDK suites' is), then the tour twice.
 * `step(name, fn)` is scripts/test.mjs's; returns the checks' counts for the final line.
 */
export async function runReadmeTour(root, { step, log = console.log }) {
  let counts = { passed: 0, failed: 0, skipped: 0 };
  const missing = missingTool();
  if (missing) {
    await step('README tour against a live stack', () => {
      console.warn(`[test] WARNING: the README tour was NOT run: ${missing}`);
      return 'skipped';
    });
    return { ...counts, skipped: 1 };
  }
  let stack = null;
  let failed = false;
  await step('README tour stack (build, infrastructure, four processes)', async () => {
    stack = await startSdkStack(root, log);
    return true;
  });
  try {
    await step('README tour, twice, against a live stack (README.md\'s `sh tour:*` blocks)', async () => {
      if (!stack) {
        log('the README tour did not run: the stack did not start');
        counts.failed += 1;
        return false;
      }
      const env = { ...(await tourEnv(stack.env)), TMPDIR: stack.work };
      counts = await runTourTwice(root, env, { freshProject: true, log: (m) => console.log(`${PREFIX} ${m}`) });
      failed = counts.failed > 0;
      return !failed;
    });
  } finally {
    await stack?.stop(failed);
  }
  return counts;
}

// Run directly: against a stack of its own, or with --dev against `npm start`'s.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  let counts;
  if (process.argv.includes('--dev')) {
    // The tour finds the dev project's key itself, as a reader's shell would; the checks read it here.
    const credentials = JSON.parse(fs.readFileSync(path.join(root, '.local', 'dev-credentials.json'), 'utf8'));
    const api = { url: credentials.base_url, key: credentials.full_key };
    counts = await runTourTwice(root, {}, { freshProject: false, api, log: (m) => console.log(`${PREFIX} ${m}`) });
  } else {
    const step = async (name, fn) => {
      console.log(`\n[readme-tour] ${name}...`);
      try {
        return await fn();
      } catch (err) {
        console.error(`[readme-tour] ${name}: ${err?.message ?? err}`);
        return false;
      }
    };
    counts = await runReadmeTour(root, { step, log: (m) => console.log(`[readme-tour] ${m}`) });
  }
  console.log(`\ntests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  process.exit(counts.failed === 0 && counts.passed > 0 ? 0 : 1);
}
