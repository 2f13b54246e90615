// Stops whatever the global setups started. Jest calls every project's teardown; the first one
// that runs stops everything, the others find nothing left. The test-data directory (store data,
// mail, process logs) is deleted after a green run and kept after a failing one, or whenever
// HERALD_KEEP_TEST_DATA=1, and its path printed.
const fs = require('node:fs');
const path = require('node:path');

module.exports = async function teardown() {
  const stack = globalThis.__HERALD_STACK__;
  const infra = globalThis.__HERALD_INFRA__;
  const distDir = globalThis.__HERALD_DIST_DIR__;
  const dir = globalThis.__HERALD_INFRA_DIR__;
  globalThis.__HERALD_STACK__ = globalThis.__HERALD_INFRA__ = undefined;
  globalThis.__HERALD_DIST_DIR__ = globalThis.__HERALD_INFRA_DIR__ = undefined;
  let stopError = null;
  for (const part of [stack, infra]) {
    try {
      if (part) await part.stop();
    } catch (err) {
      stopError ??= err;
    }
  }
  if (distDir) fs.rmSync(distDir, { recursive: true, force: true });
  if (dir) {
    // undefined: the run-status reporter did not report (a custom --reporters list): keep, to be safe.
    const status = globalThis.__HERALD_RUN_FAILED__;
    const keep = status !== false || stopError || process.env.HERALD_KEEP_TEST_DATA === '1';
    if (keep) {
      const why = stopError ? 'stopping failed: ' : status === undefined ? 'run status unknown: ' : status ? 'run failed: ' : '';
      process.stderr.write(`[infra] ${why}kept test data and process logs in ${dir} (logs: ${path.join(dir, 'logs')})\n`);
    } else {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  if (stopError) throw stopError;
};
