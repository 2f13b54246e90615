import { feedKey, mergeByFeedKey } from './feed-order';

describe('feed order', () => {
  it('when a notification never woke (or predates feed_order), then its place is its id', () => {
    expect(feedKey({ _id: 7 })).toBe(7);
  });

  it('when a notification woke, then its place is the id allocated at its wake', () => {
    expect(feedKey({ _id: 7, feed_order: 42 })).toBe(42);
  });

  it('when walks by id and by wake are merged, then the result is newest first by place', () => {
    const byId = [{ _id: 9 }, { _id: 5 }, { _id: 2 }];
    const woken = [{ _id: 1, feed_order: 12 }, { _id: 3, feed_order: 6 }];
    expect(mergeByFeedKey(byId, woken).map(feedKey)).toEqual([12, 9, 6, 5, 2]);
  });
});
