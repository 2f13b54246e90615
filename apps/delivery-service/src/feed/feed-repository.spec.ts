import { recordingStore, sortKeysRanged } from '../testing/recording-store';
import { createFeedRepository, type FeedQuery } from './feed-repository';

const FIRST: FeedQuery = { projectId: 7, recipientId: 'u-1', limit: 21, beforeId: null, read: null, archived: false };

const PAGES: [string, Partial<FeedQuery>][] = [
  ['the first page of the feed', {}],
  ['the first unread page', { read: false }],
  ['the first page of a tab', { filter: { channel: 'billing', topic: 'invoices' } }],
  ['the first archived page', { archived: true }],
  ['a later page of the feed', { beforeId: 42 }],
  ['a later archived page', { archived: true, beforeId: 42 }],
];

describe('feed repository: what each page asks the store', () => {
  it.each(PAGES)('when it is %s, then every query carries a number condition on each key it is sorted by (the local store stops at the limit only then)', async (_label, q) => {
    const { db, finds } = recordingStore();
    await createFeedRepository(db).listFeed({ ...FIRST, ...q });
    expect(finds.length).toBeGreaterThan(0);
    for (const f of sortKeysRanged(finds)) expect(f).toEqual({ filter: f.filter, ranged: [true] });
  });

  it('when it is a later page, then the walk by id starts below the cursor', async () => {
    const { db, finds } = recordingStore();
    await createFeedRepository(db).listFeed({ ...FIRST, beforeId: 42 });
    expect(finds.find((f) => f.sortKeys[0] === '_id')?.filter._id).toEqual({ $lt: 42 });
  });
});
