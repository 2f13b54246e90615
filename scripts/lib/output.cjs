// Output of the tools `npm test` runs (jest, Schemathesis, buf, tsc, eslint, npm, ...), each line
// prefixed with the tool's name, so that the one runner-shaped line of a run is the closing
// `tests: N passed, N failed, N skipped` that scripts/test.mjs prints last. CI readers take lines
// such as Schemathesis' `=== 2 warnings in 20.05s ===` or jest's `Tests: 1312 passed, 1312 total`
// for a test runner's closing line; prefixed (`[schemathesis] === ...`), they are not.
// Node built-ins only: scripts/lib/deps.mjs uses it before anything is installed.
'use strict';
const { spawn } = require('node:child_process');

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;?]*[ -/]*[@-~]/g;

/**
 * Shapes of test runners' summary lines, at the start of a line: pytest and Schemathesis
 * (`=== 3 passed, 2 warnings in 20.05s ===`), jest (`Tests:`, `Test Suites:`, `Snapshots:`),
 * go test (`ok  \tpkg\t0.1s`, `PASS`, `FAIL`, `--- FAIL:`), mocha (`12 passing`), TAP (`# pass 3`)
 * and Herald's own (`tests: N passed, N failed, N skipped`).
 */
const RUNNER_SUMMARY = [
  /^=+ .*\b(passed|failed|errors?|warnings?|skipped|deselected|xfailed|xpassed|no tests ran)\b.*=+$/i,
  /^(Tests|Test Suites|Test Files|Snapshots):\s/,
  /^(ok|FAIL|PASS)(\s|$)/,
  /^--- (FAIL|PASS|SKIP):/,
  /^\d+ (passing|failing|pending)\b/,
  /^# (tests|pass|fail|skip|todo) \d+/,
  /^tests?: \d+ passed/i,
];

/** True when a CI reader could take `line` for a test runner's closing summary (indentation does not hide it). */
function isRunnerSummary(line) {
  const plain = line.replace(ANSI, '').trimStart();
  return RUNNER_SUMMARY.some((re) => re.test(plain));
}

/** The closing line of `npm test`: the only runner-shaped line it prints, and its last. */
function summaryLine({ passed, failed, skipped }) {
  return `tests: ${passed} passed, ${failed} failed, ${skipped} skipped`;
}

/**
 * The end of `npm test`'s output: one line per step (`[test] pass  <step>  <seconds> s`), then the
 * closing summary line, last. `results`: [{ name, ok, skipped, seconds }]; `counts`: jest's.
 */
function finalReport(results, counts) {
  const failed = results.filter((r) => !r.ok);
  const lines = ['', '[test] summary'];
  for (const r of results) lines.push(`[test] ${r.skipped ? 'skip' : r.ok ? 'pass' : 'FAIL'}  ${r.name.padEnd(50)} ${r.seconds.toFixed(1)} s`);
  lines.push('', failed.length ? `[test] ${failed.length} step(s) failed: ${failed.map((r) => r.name).join(', ')}` : '[test] all checks passed');
  lines.push('', summaryLine(counts));
  return `${lines.join('\n')}\n`;
}

/**
 * A line splitter for a stream of output: `write(chunk)` passes every completed line to
 * `emit(prefix + line + '\n')`; `end()` flushes a last line without newline. A lone carriage return
 * (a progress bar redrawing its line) ends a line too, so no text reaches the start of a line
 * without the prefix.
 */
function linePrefixer(prefix, emit) {
  let pending = '';
  return {
    write(chunk) {
      pending += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
      const parts = pending.split(/\r\n|\n|\r(?!$)/);
      pending = parts.pop();
      // A chunk ending in '\r' may be the first half of '\r\n': keep it for the next chunk.
      for (const line of parts) emit(`${prefix}${line}\n`);
    },
    end() {
      const last = pending.replace(/\r$/, '');
      pending = '';
      if (last) emit(`${prefix}${last}\n`);
    },
  };
}

/** Every line of `text` prefixed (a whole captured output at once). */
function prefixLines(text, prefix) {
  let out = '';
  const p = linePrefixer(prefix, (l) => (out += l));
  p.write(text);
  p.end();
  return out;
}

/**
 * Runs a command with its stdout and stderr prefixed line by line (to this process's stdout and
 * stderr); resolves with its exit status (null and `error` when it could not start).
 * `prefix` defaults to `[<command's base name>] `.
 */
function runPrefixed(cmd, args, { prefix, out = process.stdout, err = process.stderr, ...options } = {}) {
  const tag = prefix ?? `[${String(cmd).split(/[\\/]/).pop()}] `;
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    const o = linePrefixer(tag, (l) => out.write(l));
    const e = linePrefixer(tag, (l) => err.write(l));
    child.stdout.on('data', (c) => o.write(c));
    child.stderr.on('data', (c) => e.write(c));
    child.on('error', (error) => resolve({ status: null, error }));
    child.on('close', (status, signal) => {
      o.end();
      e.end();
      resolve({ status: status ?? (signal ? 128 : null), signal });
    });
  });
}

module.exports = { isRunnerSummary, summaryLine, finalReport, linePrefixer, prefixLines, runPrefixed };
