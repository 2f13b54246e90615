import { systemClock } from '@herald/service-kit';
import { legacyToken } from '../testing/legacy-token';
import { createCallbackTokens } from './callback-token';

const secret = 'a-callback-secret-of-enough-length';
const other = 'another-secret-of-enough-length';
const format = { purpose: 'herald sms status callback v1', version: 'c1' };

describe('SMS status callback tokens', () => {
  const tokens = createCallbackTokens(secret, systemClock);

  it('when a token is signed, then it verifies to its project and notification', () => {
    const token = tokens.sign({ projectId: 7, notificationId: 42 });
    expect(token).toMatch(/^v1\./);
    expect(tokens.verify(token)).toEqual({ projectId: 7, notificationId: 42 });
  });

  it('when a token was signed with another secret or altered, then it verifies to nothing', () => {
    expect(tokens.verify(createCallbackTokens(other, systemClock).sign({ projectId: 7, notificationId: 42 }))).toBeNull();
    const good = tokens.sign({ projectId: 7, notificationId: 42 });
    expect(tokens.verify(`${good.slice(0, -2)}xx`)).toBeNull();
    expect(tokens.verify('not a token')).toBeNull();
  });

  it('when an SMS sent before the switch calls back with a c1 token, then it still verifies', () => {
    expect(tokens.verify(legacyToken(secret, format, { p: 3, n: 9 }))).toEqual({ projectId: 3, notificationId: 9 });
    expect(tokens.verify(legacyToken(other, format, { p: 3, n: 9 }))).toBeNull();
  });
});
