import { recordingStore, sortKeysRanged } from '../testing/recording-store';
import { createDeliveryLogRepository } from './delivery-log-repository';

describe('delivery log repository: what a page of an endpoint log asks the store', () => {
  it.each<[string, number | null, 'failed' | null]>([
    ['the first page', null, null],
    ['the first page of a status', null, 'failed'],
    ['a later page', 42, null],
    ['a later page of a status', 42, 'failed'],
  ])('when it is %s, then the query carries a number condition on the id it is sorted by (the local store stops at the limit only then)', async (_label, beforeId, status) => {
    const { db, finds } = recordingStore();
    await createDeliveryLogRepository(db).page(3, { limit: 21, beforeId, status });
    expect(sortKeysRanged(finds)).toEqual([{ filter: finds[0].filter, ranged: [true] }]);
  });

  it('when it is a later page of a status, then it starts below the cursor within that status', async () => {
    const { db, finds } = recordingStore();
    await createDeliveryLogRepository(db).page(3, { limit: 21, beforeId: 42, status: 'failed' });
    expect(finds[0].filter).toEqual({ webhook_id: 3, status: 'failed', _id: { $lt: 42 } });
  });
});
