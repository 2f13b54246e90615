// jest's node environment, plus: after each test file, the connections fetch keeps alive are closed.
// Node's fetch (undici) keeps idle sockets to a server open for as long as the server allows
// (fastify: 72 s), and a referenced idle socket keeps the jest worker from exiting when its last
// file is done: jest then force-exits it ("A worker process has failed to exit gracefully").
// The dispatcher lives on the worker's own global (outside the test's context), so it is replaced
// here, after the file's own teardown, by a fresh one for the next file.
const { TestEnvironment } = require('jest-environment-node');

const GLOBAL_DISPATCHER = Symbol.for('undici.globalDispatcher.1');

class HeraldNodeEnvironment extends TestEnvironment {
  async teardown() {
    await super.teardown();
    const dispatcher = globalThis[GLOBAL_DISPATCHER];
    if (dispatcher && typeof dispatcher.destroy === 'function') {
      globalThis[GLOBAL_DISPATCHER] = new dispatcher.constructor();
      await dispatcher.destroy().catch(() => undefined);
    }
  }
}

module.exports = HeraldNodeEnvironment;
