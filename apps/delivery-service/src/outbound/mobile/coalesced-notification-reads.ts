import { createBatcher } from '@herald/service-kit';
import type { NotificationDoc, NotificationRepository } from '../../kernel/store/notification-repository';

/** Notifications one read carries at most. */
const MAX_IDS_PER_READ = 500;

/**
 * The notification repository with `findByIds` coalesced: the mobile push consumer handles one job
 * per batch (so a slow provider's job holds no other), and the reads of the jobs in hand at the
 * same time (each job's notification, and its outcome records followed) go to the store together,
 * as a group commit: while one read is in flight, the next jobs' ids gather for the next one.
 * Reads only; every other method is the repository's own.
 */
export function coalescedNotificationReads(notifications: NotificationRepository): NotificationRepository {
  const reads = createBatcher<number, NotificationDoc | undefined, 'read'>({
    lingerMs: 0,
    maxBatch: MAX_IDS_PER_READ,
    async run(ids) {
      const found = new Map((await notifications.findByIds([...new Set(ids)])).map((d) => [d._id, d]));
      // The same notification asked twice (a job delivered again meanwhile): each caller its own copy.
      const given = new Set<number>();
      return ids.map((id) => {
        const doc = found.get(id);
        if (!doc || !given.has(id)) return (given.add(id), doc);
        return structuredClone(doc);
      });
    },
  });
  return {
    ...notifications,
    async findByIds(ids) {
      const docs = await Promise.all(ids.map((id) => reads.add(id, 'read')));
      return docs.filter((d): d is NotificationDoc => d !== undefined);
    },
  };
}
