import { coalescedUnreadCounts } from './coalesced-unread-counts';

describe('coalesced unread counts', () => {
  it('when several jobs ask their recipients’ unread counts at once, then one call per project answers each its own', async () => {
    const calls: Array<[number, string[]]> = [];
    const table: Record<string, number> = { ann: 3, bob: 1 };
    const count = coalescedUnreadCounts(async (projectId, ids) => (calls.push([projectId, ids]), new Map(ids.filter((id) => table[id]).map((id) => [id, table[id]]))));
    const counts = await Promise.all([count(1, 'ann'), count(1, 'bob'), count(1, 'nobody'), count(1, 'ann'), count(2, 'bob')]);
    expect(counts).toEqual([3, 1, 0, 3, 1]);
    expect(calls).toEqual([
      [1, ['ann', 'bob', 'nobody']],
      [2, ['bob']],
    ]);
  });
});
