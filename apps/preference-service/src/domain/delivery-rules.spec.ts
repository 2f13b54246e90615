import { digestViolations, throttleViolations } from './delivery-rules';

const digest = { windowSeconds: 600, maxItems: 10, subject: '{count} new comments' };

describe('catalog digest rules', () => {
  it.each([
    ['a valid digest on an email entry', digest, 'email', []],
    ['none', null, 'in_app', []],
    ['a digest on an in-app entry', digest, 'in_app', ['digest']],
    ['a window of 59 s', { ...digest, windowSeconds: 59 }, 'email', ['digest.window_seconds']],
    ['a window of a day and a second', { ...digest, windowSeconds: 86_401 }, 'email', ['digest.window_seconds']],
    ['the bounds', { ...digest, windowSeconds: 60, maxItems: 100 }, 'email', []],
    ['one item', { ...digest, maxItems: 1 }, 'email', ['digest.max_items']],
    ['101 items', { ...digest, maxItems: 101 }, 'email', ['digest.max_items']],
    ['a fractional window', { ...digest, windowSeconds: 60.5 }, 'email', ['digest.window_seconds']],
    ['a blank subject', { ...digest, subject: '  ' }, 'email', ['digest.subject']],
    ['a subject with a newline', { ...digest, subject: 'a\nb' }, 'email', ['digest.subject']],
    ['nothing but a subject', { subject: 's' }, 'email', ['digest.window_seconds', 'digest.max_items']],
  ])('when %s, then the violations are %j', (_what, d, medium, paths) => {
    expect(digestViolations(d, medium).map((v) => v.property_path)).toEqual(paths);
  });

  it('when the digest is an item of a bulk, then the path names the item', () => {
    expect(digestViolations({ ...digest, maxItems: 0 }, 'email', '[3].').map((v) => v.property_path)).toEqual(['[3].digest.max_items']);
  });
});

describe('catalog throttle rules', () => {
  it.each([
    ['a valid throttle', { max: 3, windowSeconds: 86_400 }, []],
    ['the lower bounds', { max: 1, windowSeconds: 60 }, []],
    ['the upper bounds', { max: 1000, windowSeconds: 2_592_000 }, []],
    ['max 0', { max: 0, windowSeconds: 60 }, ['throttle.max']],
    ['max 1001', { max: 1001, windowSeconds: 60 }, ['throttle.max']],
    ['a window of 59 s', { max: 1, windowSeconds: 59 }, ['throttle.window_seconds']],
    ['a window past 30 days', { max: 1, windowSeconds: 2_592_001 }, ['throttle.window_seconds']],
    ['none', null, []],
  ])('when %s, then the violations are %j', (_what, t, paths) => {
    expect(throttleViolations(t).map((v) => v.property_path)).toEqual(paths);
  });
});
