// The @herald/react specs against React 18 (the package's peer range is ^18.2.0 || ^19.0.0; the
// default jest projects test React 19, the workspace's `react`). React 18 lives in its own small
// package, libs/react/react18 (its own lock: the workspace cannot hold two Reacts at its root, as
// react-dom 18's peer range refuses React 19); `npm test` installs it and runs this config. Every
// import of `react` and `react-dom` (the package's, @testing-library/react's, react-dom's own)
// resolves there.
const path = require('node:path');
const root = require('../../jest.config.cjs');

const react18 = path.join(__dirname, 'react18', 'node_modules');
const unit = root.projects.find((p) => p.displayName === 'unit');
try {
  require.resolve('react-dom/package.json', { paths: [path.join(react18, '..')] });
} catch {
  throw new Error('libs/react/jest.react18.config.cjs needs React 18 installed: npm ci --prefix libs/react/react18');
}

module.exports = {
  testTimeout: root.testTimeout,
  projects: [
    {
      ...unit,
      displayName: 'react-18',
      testMatch: ['<rootDir>/libs/react/src/**/*.spec.ts', '<rootDir>/libs/react/src/**/*.react18-spec.ts'],
      moduleNameMapper: {
        '^react$': `${react18}/react`,
        '^react/(.*)$': `${react18}/react/$1`,
        '^react-dom$': `${react18}/react-dom`,
        '^react-dom/(.*)$': `${react18}/react-dom/$1`,
        ...unit.moduleNameMapper,
      },
    },
  ],
};
