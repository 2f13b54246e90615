import { sessionCookie, sessionCookieOf } from './cookie';

describe('the console session cookie', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['other=1', undefined],
    ['herald_console=abc', 'abc'],
    ['a=1; herald_console=abc; b=2', 'abc'],
    ['xherald_console=abc', undefined],
    ['herald_console=', undefined],
  ])('when the Cookie header is %p, then the session value is %p', (header, expected) => {
    expect(sessionCookieOf(header)).toBe(expected);
  });

  it('when written, then it is HttpOnly and SameSite=Strict, and Secure only over https', () => {
    expect(sessionCookie('v', 900, false)).toBe('herald_console=v; Path=/; Max-Age=900; HttpOnly; SameSite=Strict');
    expect(sessionCookie('v', 900, true)).toBe('herald_console=v; Path=/; Max-Age=900; HttpOnly; SameSite=Strict; Secure');
  });
});
