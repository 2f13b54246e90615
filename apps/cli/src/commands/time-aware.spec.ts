import type { CatalogEntry, CatalogItem } from '../api';
import { UsageError } from '../errors';
import { diffCatalog } from './catalog-diff';
import { parseAt } from './send';

// Time-aware delivery in the CLI: `herald send --at` and `herald catalog apply` with digest and throttle.

describe('herald send --at', () => {
  const now = new Date('2030-01-01T00:00:00.000Z');
  it.each([
    ['an RFC 3339 time in UTC', '2030-01-31T09:00:00Z', '2030-01-31T09:00:00Z'],
    ['an offset and fractions', '2030-01-31T09:00:00.250+02:00', '2030-01-31T09:00:00.250+02:00'],
    ['seconds from now', '+90s', '2030-01-01T00:01:30.000Z'],
    ['minutes from now', '+15m', '2030-01-01T00:15:00.000Z'],
    ['hours from now', '+2h', '2030-01-01T02:00:00.000Z'],
    ['days from now', '+3d', '2030-01-04T00:00:00.000Z'],
  ])('when --at is %s, then send_at is %s', (_what, given, sent) => {
    expect(parseAt(given, now)).toBe(sent);
  });

  it.each([
    ['a time without a zone', '2030-01-31T09:00:00'],
    ['a date alone', '2030-01-31'],
    ['a time without seconds', '2030-01-31T09:00Z'],
    ['an impossible date', '2030-02-31T09:00:00Z'],
    ['a unit it does not know', '+2w'],
    ['words', 'tomorrow'],
  ])('when --at is %s, then it is a usage error naming --at', (_what, given) => {
    expect(() => parseAt(given, now)).toThrow(UsageError);
    expect(() => parseAt(given, now)).toThrow(/--at/);
  });
});

describe('herald catalog apply: digest and throttle', () => {
  const stored = (over: Partial<CatalogEntry> = {}): CatalogEntry => ({
    id: 1,
    target: { channel: 'social', topic: 'any', event: 'commented' },
    medium: 'email',
    label: 'Comments',
    description: null,
    default_enabled: true,
    mandatory: false,
    digest: { window_seconds: 900, max_items: 20, subject: '{count} new' },
    throttle: null,
    ...over,
  });
  const item = (over: Partial<CatalogItem> = {}): CatalogItem => ({
    channel: 'social',
    topic: 'any',
    event: 'commented',
    medium: 'email',
    name: 'Comments',
    default_enabled: true,
    digest: { window_seconds: 900, max_items: 20, subject: '{count} new' },
    ...over,
  });

  it.each([
    ['the same digest, keys in another order', item({ digest: { subject: '{count} new', max_items: 20, window_seconds: 900 } }), []],
    ['another digest window', item({ digest: { window_seconds: 60, max_items: 20, subject: '{count} new' } }), ['digest']],
    ['no digest (the item is the full state: removed)', item({ digest: undefined }), ['digest']],
    ['a new throttle', item({ throttle: { max: 3, window_seconds: 86_400 } }), ['throttle']],
  ])('when the file has %s, then the diff names %j', (_what, given, changed) => {
    const diff = diffCatalog([stored()], [given], false);
    expect(diff.changes.flatMap((c) => c.fields.map(([f]) => f))).toEqual(changed);
  });

  it('when a server predates digests (no fields), then an item without them is unchanged', () => {
    const old = stored();
    delete old.digest;
    delete old.throttle;
    expect(diffCatalog([old], [item({ digest: undefined })], false)).toEqual({ changes: [], unchanged: 1 });
  });
});
