import { digestHtml, digestSubject, escalationViolations, heldBackByInApp, parseRfc3339, scheduledFor, sendAtViolations, throttleAllows } from './timing-rules';

const now = new Date('2030-01-01T00:00:00Z');

describe('send_at', () => {
  it.each([
    ['Z', '2030-01-02T09:00:00Z', '2030-01-02T09:00:00.000Z'],
    ['an offset', '2030-01-02T09:00:00+02:00', '2030-01-02T07:00:00.000Z'],
    ['fractions', '2030-01-02T09:00:00.250Z', '2030-01-02T09:00:00.250Z'],
    ['a space and lower case', '2030-01-02 09:00:00z', '2030-01-02T09:00:00.000Z'],
    ['the 29th of February of a leap year', '2032-02-29T00:00:00Z', '2032-02-29T00:00:00.000Z'],
  ])('when it has %s, then it parses', (_what, value, iso) => {
    expect(parseRfc3339(value)?.toISOString()).toBe(iso);
  });

  it.each([
    ['no offset', '2030-01-02T09:00:00'],
    ['a date only', '2030-01-02'],
    ['the 30th of February', '2030-02-30T09:00:00Z'],
    ['the 29th of February of a common year', '2031-02-29T09:00:00Z'],
    ['hour 24', '2030-01-02T24:00:00Z'],
    ['a leap second', '2030-01-02T23:59:60Z'],
    ['month 13', '2030-13-02T09:00:00Z'],
    ['an offset of 25 hours', '2030-01-02T09:00:00+25:00'],
    ['epoch milliseconds', '1893456000000'],
    ['words', 'tomorrow at 9'],
  ])('when it has %s, then it is refused', (_what, value) => {
    expect(parseRfc3339(value)).toBeNull();
    expect(sendAtViolations(value, now).map((v) => v.property_path)).toEqual(['send_at']);
  });

  it.each([
    ['absent', undefined, [], null],
    ['in the past', '2029-12-31T23:00:00Z', [], null],
    ['now exactly', '2030-01-01T00:00:00Z', [], null],
    ['in a second', '2030-01-01T00:00:01Z', [], '2030-01-01T00:00:01.000Z'],
    ['90 days ahead exactly', '2030-04-01T00:00:00Z', [], '2030-04-01T00:00:00.000Z'],
    ['90 days and a second ahead', '2030-04-01T00:00:01Z', ['send_at'], '2030-04-01T00:00:01.000Z'],
  ])('when send_at is %s, then the violations are %j and it is due at %s', (_what, value, paths, due) => {
    expect(sendAtViolations(value, now).map((v) => v.property_path)).toEqual(paths);
    expect(scheduledFor(value, now)?.toISOString() ?? null).toBe(due);
  });
});

describe('escalation', () => {
  const email = { subject: 's', html: 'h' };
  it.each([
    ['no escalation', email, true, []],
    ['a delay of 0', { ...email, delay_seconds: 0 }, false, []],
    ['a delay of a week', { ...email, delay_seconds: 604_800 }, true, []],
    ['a delay over a week', { ...email, delay_seconds: 604_801 }, true, ['email.delay_seconds']],
    ['a negative delay', { ...email, delay_seconds: -1 }, true, ['email.delay_seconds']],
    ['a fractional delay', { ...email, delay_seconds: 1.5 }, true, ['email.delay_seconds']],
    ['unless read with a payload', { ...email, unless: 'read' as const }, true, []],
    ['unless opened without a payload', { ...email, unless: 'opened' as const }, false, ['email.unless']],
    ['unless something else', { ...email, unless: 'clicked' as never }, true, ['email.unless']],
  ])('when the email block has %s, then the violations are %j', (_what, e, hasPayload, paths) => {
    expect(escalationViolations(e, hasPayload).map((v) => v.property_path)).toEqual(paths);
  });

  it.each([
    ['read, unless read', 'read', { status: 'delivered', read: true, opened: false }, true],
    ['unread, unless read', 'read', { status: 'delivered', read: false, opened: true }, false],
    ['opened, unless opened', 'opened', { status: 'delivered', read: false, opened: true }, true],
    ['read but not opened, unless opened', 'opened', { status: 'delivered', read: true, opened: false }, false],
    ['suppressed in-app: never holds the email back', 'read', { status: 'suppressed', read: false, opened: false }, false],
    ['no unless', undefined, { status: 'delivered', read: true, opened: true }, false],
  ] as const)('when %s, then held back is %s', (_what, unless, n, held) => {
    expect(heldBackByInApp(unless, n)).toBe(held);
  });
});

describe('sliding-window throttle', () => {
  const hour = 3_600_000;
  it.each([
    ['the first delivery', 1, 3, undefined, true],
    ['the max-th delivery', 3, 3, undefined, true],
    ['one past max, the first still in the window', 4, 3, 10 * hour, false],
    ['one past max, the first just out of the window', 4, 3, 9 * hour, true],
    ['one past max, the first exactly a window ago', 4, 3, 9 * hour, true],
    ['past max with no record of n - max (expired, or never taken)', 4, 3, undefined, true],
  ])('when %s, then allowed is %s', (_what, n, max, at, allowed) => {
    expect(throttleAllows(n, max, at, 10 * hour, hour)).toBe(allowed);
  });
});

describe('digest mail', () => {
  it('when the subject has {count}, then every occurrence is the item count', () => {
    expect(digestSubject('{count} new comments ({count})', 7)).toBe('7 new comments (7)');
    expect(digestSubject('New comments', 7)).toBe('New comments');
  });

  it('when items are laid out, then each html comes in order under its own escaped heading, in a document with a language', () => {
    const html = digestHtml('2 <new>', [
      { subject: 'A & B', html: '<p>first</p>' },
      { subject: 'C', html: '<p>second</p>' },
    ]);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<title>2 &lt;new&gt;</title>');
    expect(html).toContain('A &amp; B');
    expect(html.indexOf('<p>first</p>')).toBeLessThan(html.indexOf('<p>second</p>'));
    expect(html.match(/<section/g)).toHaveLength(2);
  });
});
