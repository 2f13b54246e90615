import { isAllowed } from './authorize';
import type { Principal } from './principal';

const full: Principal = { kind: 'key', projectId: 1, keyId: 1, scope: 'full' };
const rcpt: Principal = { kind: 'key', projectId: 1, keyId: 2, scope: 'recipient' };
const token: Principal = { kind: 'token', projectId: 1, recipientId: 'alice', expiresAt: 0, keyId: 1, incarnation: 1 };

describe('isAllowed', () => {
  it.each([
    ['full', full, {}, true],
    ['full', rcpt, {}, false],
    ['full', token, { recipient_id: 'alice' }, false],
    ['recipient', full, { recipient_id: 'bob' }, true],
    ['recipient', rcpt, { recipient_id: 'bob' }, true],
    ['recipient', rcpt, {}, true],
    ['recipient', token, { recipient_id: 'alice' }, true],
    ['recipient', token, { recipient_id: 'bob' }, false],
    ['recipient', token, {}, false],
    ['recipient', token, undefined, false],
  ] as const)('when a route needs %s and the caller is %o on %o, then allowed is %s', (access, principal, params, allowed) => {
    expect(isAllowed(access, principal, params)).toBe(allowed);
  });
});
