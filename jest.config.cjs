// One jest run, three kinds of test:
//  unit        *.spec.ts      pure logic, no I/O
//  integration *.int-spec.ts  each service against the real store and broker (started once, see tools/jest)
//  e2e         *.e2e-spec.ts  through the gateway's REST surface with every process running
const base = {
  rootDir: __dirname,
  // node, closing fetch's kept-alive connections after each file (tools/jest/node-environment.cjs).
  testEnvironment: '<rootDir>/tools/jest/node-environment.cjs',
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }],
    // ESM-only npm packages (transformIgnorePatterns below), turned into CommonJS like the sources.
    '^.+\\.js$': ['@swc/jest', { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' }, module: { type: 'commonjs' } }],
  },
  // node_modules stay untransformed, except these ESM-only packages.
  transformIgnorePatterns: ['/node_modules/(?!(cockatiel|eventsource-parser)/)'],
  moduleNameMapper: {
    '^@herald/contracts$': '<rootDir>/libs/contracts/src/index.ts',
    '^@herald/service-kit$': '<rootDir>/libs/service-kit/src/index.ts',
    '^@herald/timing$': '<rootDir>/libs/timing/src/index.ts',
    '^@herald/testing$': '<rootDir>/libs/testing/src/index.ts',
    '^@herald/client$': '<rootDir>/libs/client/src/index.ts',
    '^@herald/webhook-signature$': '<rootDir>/libs/webhook-signature/src/index.ts',
    '^@herald/inbox$': '<rootDir>/libs/inbox/src/index.ts',
    '^@herald/react$': '<rootDir>/libs/react/src/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/.local/'],
};

module.exports = {
  // jest ignores testTimeout inside a project; integration and e2e tests need more than 5 s.
  testTimeout: 60000,
  // run-status-reporter tells the global teardown whether to keep test data and process logs.
  reporters: ['default', '<rootDir>/tools/jest/run-status-reporter.cjs'],
  projects: [
    { ...base, displayName: 'unit', testMatch: ['<rootDir>/{apps,libs,tools,k8s,docker,scripts}/**/*.spec.ts'] },
    {
      ...base,
      displayName: 'integration',
      testMatch: ['<rootDir>/{apps,libs,tools}/**/*.int-spec.ts'],
      globalSetup: '<rootDir>/tools/jest/setup-infra.cjs',
      globalTeardown: '<rootDir>/tools/jest/teardown.cjs',
      testTimeout: 30000,
    },
    {
      ...base,
      displayName: 'e2e',
      testMatch: ['<rootDir>/{apps,libs,tools}/**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/tools/jest/setup-stack.cjs',
      globalTeardown: '<rootDir>/tools/jest/teardown.cjs',
      testTimeout: 60000,
    },
  ],
};
