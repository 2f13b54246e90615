// The @herald/react specs against React 18 (the package's peer range is ^18.2.0 || ^19.0.0; the
// default jest projects test React 19, the workspace's `react`). Not one of the default projects:
// it needs two aliases in the root devDependencies,
//   "react-18": "npm:react@18.3.1", "react-dom-18": "npm:react-dom@18.3.1"
// and runs with `npx jest -c libs/react/jest.react18.config.cjs`. Every import of `react` and
// `react-dom` (the package's, @testing-library/react's, react-dom's own) resolves to the aliases.
const root = require('../../jest.config.cjs');

const unit = root.projects.find((p) => p.displayName === 'unit');
const missing = ['react-18', 'react-dom-18'].filter((name) => {
  try {
    require.resolve(`${name}/package.json`, { paths: [unit.rootDir] });
    return false;
  } catch {
    return true;
  }
});
if (missing.length > 0) {
  throw new Error(`libs/react/jest.react18.config.cjs needs the devDependencies ${missing.join(', ')} (npm:react@18.3.1, npm:react-dom@18.3.1): not installed`);
}

module.exports = {
  testTimeout: root.testTimeout,
  projects: [
    {
      ...unit,
      displayName: 'react-18',
      testMatch: ['<rootDir>/libs/react/src/**/*.spec.ts', '<rootDir>/libs/react/src/**/*.react18-spec.ts'],
      moduleNameMapper: {
        '^react$': 'react-18',
        '^react/(.*)$': 'react-18/$1',
        '^react-dom$': 'react-dom-18',
        '^react-dom/(.*)$': 'react-dom-18/$1',
        ...unit.moduleNameMapper,
      },
    },
  ],
};
