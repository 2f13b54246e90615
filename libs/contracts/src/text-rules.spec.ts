import { hasControlChars, isEmailAddress } from './text-rules';

describe('isEmailAddress', () => {
  it.each(['a@b.io', 'ab.c+tag@sub.example.io', 'x_y-z@a-b.c', `${'a'.repeat(64)}@${'b'.repeat(185)}.io`])('when %j, then it is one addr-spec', (a) => {
    expect(isEmailAddress(a)).toBe(true);
  });

  it.each([
    '',
    'v1@a.io,v2@b.io',
    'v1@a.io;v2@b.io',
    'name <v@a.io>',
    '"q"@a.io',
    'a b@c.io',
    'a\t@c.io',
    'a@b@c.io',
    'a@b',
    '@b.io',
    'a@',
    'a@.io',
    'a@b.',
    'a@b..io',
    'a(c)@b.io',
    'a:b@c.io',
    'group:a@b.io;',
    'a@b.io\u0000',
    'a\u0085@b.io',
    `${'a'.repeat(250)}@b.io`,
  ])('when %j, then it is not', (a) => {
    expect(isEmailAddress(a)).toBe(false);
  });
});

describe('hasControlChars', () => {
  it.each([['plain name', false], ['tab\there', true], ['nul\u0000', true], ['del\u007f', true], ['c1\u0085', true], ['accent é ✓', false]])('%j → %s', (t, has) => {
    expect(hasControlChars(t as string)).toBe(has);
  });
});
