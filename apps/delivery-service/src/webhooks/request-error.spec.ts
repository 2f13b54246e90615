import { ForbiddenAddressError } from '@herald/service-kit';
import { describeRequestError } from './request-error';

const err = (code: string | undefined, message: string) => Object.assign(new Error(message), code ? { code } : {});
const url = new URL('https://hooks.internal.example:8443/herald');

describe('webhook request errors name the URL host, never a resolved address', () => {
  it.each([
    ['ECONNREFUSED', 'connect ECONNREFUSED 10.96.0.12:8443', 'connection refused by hooks.internal.example:8443'],
    ['ECONNREFUSED', 'connect ECONNREFUSED ::1:8443', 'connection refused by hooks.internal.example:8443'],
    ['ECONNRESET', 'read ECONNRESET', 'connection reset by hooks.internal.example:8443'],
    ['ETIMEDOUT', 'connect ETIMEDOUT 172.20.1.5:8443', 'connection to hooks.internal.example:8443 timed out'],
    ['EHOSTUNREACH', 'connect EHOSTUNREACH 192.168.9.9:8443', 'hooks.internal.example:8443 is unreachable'],
    ['ENOTFOUND', 'getaddrinfo ENOTFOUND hooks.internal.example', 'host not found: hooks.internal.example'],
    ['EAI_AGAIN', 'getaddrinfo EAI_AGAIN hooks.internal.example', 'DNS lookup of hooks.internal.example failed (temporary)'],
  ])('when the request fails with %s (%s), then the log says: %s', (code, message, want) => {
    expect(describeRequestError(err(code, message), url)).toBe(want);
  });

  it.each([
    ['connect EPROTO 10.96.0.12:8443 - wrong version number', 'connect EPROTO hooks.internal.example:8443 - wrong version number'],
    ['write EPROTO [fd00:ec2::254]:8443 alert', 'write EPROTO hooks.internal.example:8443 alert'],
    ['something at ::ffff:10.0.0.1 went wrong', 'something at hooks.internal.example:8443 went wrong'],
    ['no complete response within 15000 ms', 'no complete response within 15000 ms'],
    ['certificate has expired', 'certificate has expired'],
  ])('when an error has no known code (%s), then any address in its text becomes the host', (message, want) => {
    expect(describeRequestError(err(undefined, message), url)).toBe(want);
  });

  it('when the text is long, then it is cut at 500 characters', () => {
    expect(describeRequestError(err(undefined, 'x'.repeat(900)), url)).toHaveLength(500);
  });

  it('when the address guard refused every address the host resolved to, then the log names the host, not the address', () => {
    expect(describeRequestError(new ForbiddenAddressError('10.96.0.12'), url)).toBe(
      'address not allowed: hooks.internal.example resolves only to loopback, private, link-local or reserved addresses (WEBHOOK_ALLOW_PRIVATE=1 allows them)',
    );
  });
});
