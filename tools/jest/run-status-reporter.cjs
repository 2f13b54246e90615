// A silent reporter that records whether the run failed, for the global teardown (which runs after
// every reporter's onRunComplete, in the same process) to decide whether to keep test data and logs.
class RunStatusReporter {
  onRunStart() {
    globalThis.__HERALD_RUN_FAILED__ = undefined;
  }

  onRunComplete(_contexts, results) {
    // `results.success` is only computed after the reporters ran, so judge from the counts.
    globalThis.__HERALD_RUN_FAILED__ =
      results.numFailedTests > 0 ||
      results.numFailedTestSuites > 0 ||
      results.numRuntimeErrorTestSuites > 0 ||
      Boolean(results.runExecError) ||
      Boolean(results.snapshot?.failure);
  }
}

module.exports = RunStatusReporter;
