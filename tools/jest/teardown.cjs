// Stops whatever the global setups started. Jest calls every project's teardown; the first one
// that runs stops everything, the others find nothing left.
const fs = require('node:fs');

module.exports = async function teardown() {
  const stack = globalThis.__HERALD_STACK__;
  globalThis.__HERALD_STACK__ = undefined;
  if (stack) await stack.stop();
  const infra = globalThis.__HERALD_INFRA__;
  globalThis.__HERALD_INFRA__ = undefined;
  if (infra) await infra.stop();
  const dir = globalThis.__HERALD_INFRA_DIR__;
  if (dir && process.env.HERALD_KEEP_TEST_DATA !== '1') fs.rmSync(dir, { recursive: true, force: true });
};
