import { recordingStore, sortKeysRanged } from '../../testing/recording-store';
import { createBroadcastRepository } from './broadcast-repository';

describe('broadcast repository: what the newest-first list asks the store', () => {
  it.each<[string, number | undefined]>([
    ['the first page', undefined],
    ['a later page', 42],
  ])('when it is %s, then the query carries a number condition on the id it is sorted by (the local store stops at the limit only then)', async (_label, beforeId) => {
    const { db, finds } = recordingStore();
    await createBroadcastRepository(db).newestFirst(7, beforeId, 21);
    expect(sortKeysRanged(finds)).toEqual([{ filter: finds[0].filter, ranged: [true] }]);
  });

  it('when it is a later page, then it starts below the cursor', async () => {
    const { db, finds } = recordingStore();
    await createBroadcastRepository(db).newestFirst(7, 42, 21);
    expect(finds[0].filter).toEqual({ project_id: 7, _id: { $lt: 42 } });
  });
});
