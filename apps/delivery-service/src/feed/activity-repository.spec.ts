import type { Db } from 'mongodb';
import { isNumberCondition } from '../testing/recording-store';
import { createActivityRepository, type ActivityQuery } from './activity-repository';

/** A store that records the filter of each find and finds nothing. */
function recordingStore() {
  const filters: Record<string, unknown>[] = [];
  const cursor = { sort: () => cursor, limit: () => cursor, toArray: async () => [] };
  const db = { collection: () => ({ find: (filter: Record<string, unknown>) => (filters.push(filter), cursor) }) } as unknown as Db;
  return { db, filters };
}

/** A condition on `created_at` the store can tell holds only dates: a date, or a range with date bounds. */
const isDateCondition = (c: unknown): boolean =>
  c instanceof Date || (typeof c === 'object' && c !== null && Object.keys(c).length > 0 && Object.values(c).every((v) => v instanceof Date));

const AT = new Date(Date.UTC(2026, 2, 2, 9));

const PAGES: [string, Partial<ActivityQuery>][] = [
  ['a first page without a time range', {}],
  ['a first page with a filter', { filter: { target_channel: 'billing' } }],
  ['a first page since an instant', { since: new Date(AT.getTime() - 60_000) }],
  ['a first page until an instant', { until: AT }],
  ['a later page', { after: { createdAt: AT, id: 42 } }],
  ['a later page with a filter and a time range', { filter: { status: 'failed' }, since: new Date(0), until: new Date(AT.getTime() + 1), after: { createdAt: AT, id: 42 } }],
];

describe('activity repository: what each page asks the store', () => {
  it.each(PAGES)('when it is %s, then every query carries a date condition on created_at (the local store pages from the index only then)', async (_label, q) => {
    const { db, filters } = recordingStore();
    await createActivityRepository(db).list({ projectId: 7, filter: {}, since: null, until: null, after: null, limit: 26, ...q });
    expect(filters.length).toBeGreaterThan(0);
    for (const f of filters) expect(isDateCondition(f.created_at)).toBe(true);
  });

  it('when a later page is filtered by a recorded outcome, then the outcome records are read with plain queries too: no $or, each with a date condition on created_at', async () => {
    const { db, filters } = recordingStore();
    await createActivityRepository(db).list({ projectId: 7, filter: { email_status: 'failed' }, since: null, until: null, after: { createdAt: AT, id: 42 }, limit: 26 });
    const ofRecords = filters.filter((f) => 'field' in f);
    expect(ofRecords.length).toBeGreaterThan(0);
    for (const f of filters) {
      expect(f).not.toHaveProperty('$or');
      expect(isDateCondition(f.created_at)).toBe(true);
    }
  });

  const RECORDED: [string, Partial<ActivityQuery>][] = [
    ['a first page of a recorded outcome ("email failed")', { filter: { email_status: 'failed' } }],
    ['a later page of a recorded outcome in a time range', { filter: { email_status: 'failed' }, since: new Date(0), until: new Date(AT.getTime() + 1), after: { createdAt: AT, id: 42 } }],
  ];

  it.each(RECORDED)('when it is %s, then no query carries an `$or` (the local store reads every match of one)', async (_label, q) => {
    const { db, filters } = recordingStore();
    await createActivityRepository(db).list({ projectId: 7, filter: {}, since: null, until: null, after: null, limit: 26, ...q });
    expect(filters.filter((f) => '$or' in f)).toEqual([]);
  });

  it.each<[string, Partial<ActivityQuery>]>([...PAGES, ...RECORDED])(
    'when it is %s, then every query carries a number condition on the id it is ordered by (the local store stops at the limit only then)',
    async (_label, q) => {
      const { db, filters } = recordingStore();
      await createActivityRepository(db).list({ projectId: 7, filter: {}, since: null, until: null, after: null, limit: 26, ...q });
      expect(filters.length).toBeGreaterThan(0);
      for (const f of filters) expect({ filter: f, id: isNumberCondition(f._id ?? f.notification_id) }).toEqual({ filter: f, id: true });
    },
  );
});
