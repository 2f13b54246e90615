import { version } from 'react';
import { version as domVersion } from 'react-dom';

/** Run by libs/react/jest.react18.config.cjs only: the specs beside it ran against React 18. */
describe('@herald/react under the React 18 configuration', () => {
  it('when the specs run with jest.react18.config.cjs, then react and react-dom are 18', () => {
    expect(version).toMatch(/^18\./);
    expect(domVersion).toMatch(/^18\./);
  });
});
