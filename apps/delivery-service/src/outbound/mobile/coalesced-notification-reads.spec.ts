import type { NotificationDoc, NotificationRepository } from '../../kernel/store/notification-repository';
import { coalescedNotificationReads } from './coalesced-notification-reads';

const doc = (id: number) => ({ _id: id, project_id: 1, recipient_id: `r${id}` }) as unknown as NotificationDoc;

describe('coalesced notification reads', () => {
  it('when several jobs read their notifications at once, then one findByIds answers each its own, a notification asked twice as two copies', async () => {
    const calls: number[][] = [];
    const repository = { findByIds: async (ids: number[]) => (calls.push(ids), ids.filter((id) => id !== 404).map(doc)) } as unknown as NotificationRepository;
    const notifications = coalescedNotificationReads(repository);
    const [one, two, missing, oneAgain] = await Promise.all([notifications.findByIds([1]), notifications.findByIds([2, 3]), notifications.findByIds([404]), notifications.findByIds([1])]);
    expect([one, two, missing, oneAgain]).toEqual([[doc(1)], [doc(2), doc(3)], [], [doc(1)]]);
    expect(one[0]).not.toBe(oneAgain[0]);
    expect(calls).toEqual([[1, 2, 3, 404]]);
  });
});
