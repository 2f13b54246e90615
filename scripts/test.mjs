// `npm test`: every check CI runs, in one command, on a fresh clone.
//   1. installs npm dependencies and the local infrastructure binaries when missing;
//   2. contracts: `buf lint`, then `buf generate` into a scratch directory, which must equal
//      libs/contracts/src/gen byte for byte (no stale, missing or hand-edited generated file);
//   3. typecheck: tsc -p tsconfig.json --noEmit;
//   4. docs/configuration.md: the configuration tables match the apps' config schemas (scripts/config-docs.mjs);
//   5. lint: eslint . (typescript-eslint + Nx module boundaries);
//   6. audit: npm audit --omit=dev --audit-level=high (scripts/lib/audit.cjs): a high or critical
//      advisory in a production dependency fails; when the registry cannot answer audit requests
//      (offline, or a mirror without the endpoint) the step says the dependencies were NOT audited
//      and is reported as skipped, without failing;
//   7. client SDK: libs/client/src/gen/api.ts is openapi-typescript's output for libs/client/openapi.json
//      (that copy equals the gateway's document: apps/gateway/src/openapi.int-spec.ts);
//   8. SDKs generated from the OpenAPI document: every sdks/<name>/generate.sh --check
//      (scripts/lib/sdk-gen.mjs); skipped, saying so, when a generator's tools are missing (no Python);
//   9. API contract: Schemathesis against a stack of its own (scripts/lib/api-contract.mjs); skipped,
//      saying so, when Schemathesis cannot be installed (no Python, PyPI unreachable);
//  10. SDK suites: one stack, then every sdks/<name>/test.sh against it, each its own step, its output
//      prefixed `[sdk <name>]` and its counts added to the final line (scripts/lib/sdk-tests.mjs);
//  11. the README's tour: a stack of its own, then README.md's `sh tour:*` blocks run twice against it
//      (the second run proves the tour re-runnable), its output prefixed `[readme]` and its checks'
//      counts added to the final line (scripts/lib/readme-tour.mjs);
//  12. jest: unit, integration and e2e projects (the browser tests need Chromium: installed with apt-get
//      when missing and running as root) (extra arguments go to jest: `npm test -- apps/gateway`);
//  13. @herald/react's specs again against React 18 (libs/react/react18, installed there when missing).
// Every step runs even when an earlier one failed; a summary follows, and the exit code is
// non-zero when any step failed. With CI=true jest runs with --ci.
// Every tool's output is prefixed with its name (`[jest] `, `[schemathesis] `, ...: scripts/lib/output.cjs),
// so the only test-runner-shaped line of the run is the last: `tests: N passed, N failed, N skipped`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { checkApiContract } from './lib/api-contract.mjs';
import { generateApiTypes } from './lib/client-types.mjs';
import { ensureDependencies, root } from './lib/deps.mjs';
import { checkSdkGeneration } from './lib/sdk-gen.mjs';
import { runReadmeTour } from './lib/readme-tour.mjs';
import { runSdkSuites } from './lib/sdk-tests.mjs';

const require = createRequire(import.meta.url);
const { finalReport, runPrefixed } = require('./lib/output.cjs');

const ci = process.env.CI === 'true' || process.env.CI === '1';
const jestArgs = process.argv.slice(2);
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0') };
const say = (m) => console.log(`\n[test] ${m}`);

/** Runs a tool, its output prefixed `[<tool>] `; true when it exits 0. */
async function run(cmd, args, opts = {}) {
  const r = await runPrefixed(cmd, args, { cwd: root, env, ...opts });
  if (r.error) console.error(`[test] could not run ${cmd}: ${r.error.message}`);
  return r.status === 0;
}

/** Relative paths of every file under dir. */
function listFiles(dir, base = dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? listFiles(full, base) : [path.relative(base, full)];
  });
}

async function checkContracts() {
  if (!(await run(bin('buf'), ['lint', 'proto']))) return false;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-gen-'));
  try {
    const template = JSON.stringify({
      version: 'v2',
      clean: true,
      plugins: [{ local: bin('protoc-gen-es'), out: scratch, opt: ['target=ts', 'import_extension=js'] }],
    });
    const committed = path.join(root, 'libs', 'contracts', 'src', 'gen');
    // Same plugin options as proto/buf.gen.yaml; only the output directory differs.
    const official = fs.readFileSync(path.join(root, 'proto', 'buf.gen.yaml'), 'utf8');
    if (!official.includes('target=ts') || !official.includes('import_extension=js')) {
      console.error('[test] proto/buf.gen.yaml changed its plugin options: update checkContracts in scripts/test.mjs');
      return false;
    }
    if (!(await run(bin('buf'), ['generate', 'proto', '--template', template]))) return false;
    const fresh = listFiles(scratch);
    const have = listFiles(committed);
    const problems = [
      ...fresh.filter((f) => !have.includes(f)).map((f) => `${f}: missing (run npm run gen)`),
      ...have.filter((f) => !fresh.includes(f)).map((f) => `${f}: not generated from proto/ (stale? delete it, or run npm run gen)`),
      ...fresh
        .filter((f) => have.includes(f))
        .filter((f) => !fs.readFileSync(path.join(scratch, f)).equals(fs.readFileSync(path.join(committed, f))))
        .map((f) => `${f}: differs from a fresh buf generate (run npm run gen; never edit generated code)`),
    ];
    for (const p of problems) console.error(`[test] libs/contracts/src/gen/${p}`);
    if (problems.length === 0) console.log(`[test] libs/contracts/src/gen matches proto/ (${fresh.length} files)`);
    return problems.length === 0;
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * The browser tests (apps/gateway/src/inbox-browser.e2e-spec.ts) drive Debian's Chromium through
 * playwright-core: installed with apt-get when missing and running as root (CI, this machine);
 * otherwise the step fails saying what to install (those tests would fail without it).
 */
async function ensureChromium() {
  const chromium = '/usr/bin/chromium';
  if (fs.existsSync(chromium)) return true;
  if (process.getuid?.() !== 0) {
    console.error(`[test] ${chromium} is missing: install Debian's chromium package (apt-get install -y chromium) for the browser tests`);
    return false;
  }
  console.log('[test] installing chromium (apt-get install -y chromium) for the browser tests');
  if (!(await run('apt-get', ['install', '-y', '--no-install-recommends', 'chromium']))) await run('apt-get', ['update']);
  return fs.existsSync(chromium) || ((await run('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'])) && fs.existsSync(chromium));
}

/** libs/client/src/gen/api.ts must be what openapi-typescript makes of libs/client/openapi.json. */
async function checkClientTypes() {
  const committed = path.join(root, 'libs', 'client', 'src', 'gen', 'api.ts');
  const fresh = await generateApiTypes(path.join(root, 'libs', 'client', 'openapi.json'));
  if (!fs.existsSync(committed) || fs.readFileSync(committed, 'utf8') !== fresh) {
    console.error('[test] libs/client/src/gen/api.ts is not generated from libs/client/openapi.json: run npm run gen:client');
    return false;
  }
  console.log('[test] libs/client/src/gen/api.ts matches libs/client/openapi.json');
  return true;
}

const results = [];
async function step(name, fn) {
  say(`${name}...`);
  const started = Date.now();
  let ok = false;
  let skipped = false;
  try {
    const result = await fn();
    skipped = result === 'skipped';
    ok = result === true || skipped;
  } catch (err) {
    console.error(`[test] ${name}: ${err?.message ?? err}`);
  }
  results.push({ name, ok, skipped, seconds: (Date.now() - started) / 1000 });
  return ok;
}

const depsOk = await step('npm dependencies', () => {
  ensureDependencies((m) => console.log(`[test] ${m}`));
  return true;
});
if (!depsOk) {
  console.error('\n[test] cannot continue without the npm dependencies.');
  process.exit(1);
}

const { auditProduction } = require('./lib/audit.cjs');
await step('infrastructure binaries', async () => {
  const source = await require('../tools/infra/index.cjs').prepareInfra({ log: (m) => console.log(`[test] ${m}`) });
  console.log(`[test] integration and e2e tests will use: ${source}`);
  return true;
});
await step('browser for the e2e tests (Chromium)', ensureChromium);
await step('contracts (buf lint + generate check)', checkContracts);
await step('typecheck (tsc)', async () => (await run(bin('tsc'), ['-p', 'tsconfig.json', '--noEmit'])) && run(bin('tsc'), ['-p', 'libs/inbox/tsconfig.json', '--noEmit']) && run(bin('tsc'), ['-p', 'libs/console/tsconfig.json', '--noEmit']) && run(bin('tsc'), ['-p', 'libs/react/tsconfig.json', '--noEmit']));
await step('config tables in docs/configuration.md in sync', () => run(process.execPath, [path.join(root, 'scripts', 'config-docs.mjs'), '--check'], { prefix: '[config-docs] ' }));
await step('lint (eslint)', () => run(bin('eslint'), ['.', '--max-warnings=0']));
await step('audit (npm audit --omit=dev --audit-level=high)', async () => {
  const result = auditProduction(root, env);
  if (result.status === 'unavailable') {
    console.warn(`[test] WARNING: production dependencies were NOT audited: ${result.message}`);
    console.warn('[test] run `npm audit --omit=dev --audit-level=high` where the npm registry answers audit requests.');
    return 'skipped';
  }
  if (result.status === 'fail') {
    console.error(`[test] ${result.message}`);
    await run('npm', ['audit', '--omit=dev', '--audit-level=high']);
    return false;
  }
  console.log(`[test] ${result.message}`);
  return true;
});
await step('client SDK types current (openapi-typescript)', checkClientTypes);
await step('SDKs generated from the OpenAPI document', () => checkSdkGeneration(root, (m) => console.log(`[test] ${m}`)));
await step('API contract (Schemathesis against a real stack)', () => checkApiContract(root, (m) => console.log(`[test] ${m}`)));
const sdkCounts = await runSdkSuites(root, { step, log: (m) => console.log(`[test] ${m}`) });
const tourCounts = await runReadmeTour(root, { step, log: (m) => console.log(`[test] ${m}`) });
// jest also writes its counts to a file, so the run ends with one plain line that any CI reader
// understands ("tests: N passed, N failed, N skipped"); jest's own summary is prefixed `[jest] `.
const jestResults = path.join(root, '.local', 'jest-results.json');
await step('jest (unit, integration, e2e)', () => {
  fs.mkdirSync(path.dirname(jestResults), { recursive: true });
  fs.rmSync(jestResults, { force: true });
  return run(bin('jest'), [...(ci ? ['--ci'] : []), '--maxWorkers=2', '--json', `--outputFile=${jestResults}`, ...jestArgs], { prefix: '[jest] ' });
});

// @herald/react declares React 18 and 19: the default projects test 19, this step the same specs
// against React 18, installed in its own small package (libs/react/react18, see its jest config).
const react18Results = path.join(root, '.local', 'jest-react18-results.json');
await step('@herald/react on React 18 (jest)', async () => {
  fs.rmSync(react18Results, { force: true });
  const react18 = path.join(root, 'libs', 'react', 'react18');
  if (!fs.existsSync(path.join(react18, 'node_modules', 'react-dom'))) {
    if (!(await run('npm', ['ci', '--no-audit', '--no-fund', '--prefix', react18], { prefix: '[npm react18] ' }))) return false;
  }
  return run(bin('jest'), [...(ci ? ['--ci'] : []), '-c', path.join('libs', 'react', 'jest.react18.config.cjs'), '--json', `--outputFile=${react18Results}`], { prefix: '[jest react18] ' });
});

/** jest's counts from its JSON report; a run that wrote none counts as one failed test. */
function jestCounts(file = jestResults) {
  try {
    const r = JSON.parse(fs.readFileSync(file, 'utf8'));
    return { passed: r.numPassedTests, failed: r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0), skipped: r.numPendingTests + r.numTodoTests };
  } catch {
    return { passed: 0, failed: 1, skipped: 0 };
  }
}

const failed = results.filter((r) => !r.ok);
const jest = jestCounts();
const counted = [jest, jestCounts(react18Results), sdkCounts, tourCounts];
const total = (field) => counted.reduce((sum, c) => sum + c[field], 0);
process.stdout.write(finalReport(results, { passed: total('passed'), failed: total('failed'), skipped: total('skipped') }));
process.exit(failed.length ? 1 : 0);
