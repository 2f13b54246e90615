import { createBatcher } from '@herald/service-kit';

/** Recipients whose unread counts one call reads at most. */
const MAX_RECIPIENTS_PER_COUNT = 500;

/** The unread counts of many recipients of a project (absent: 0). */
export type UnreadCounts = (projectId: number, recipientIds: string[]) => Promise<Map<string, number>>;

/**
 * One recipient's in-app unread count (a push's `badge: "unread"`), the counts asked by the jobs
 * being sent at the same time read together: one `counts` call per project, issued as a group
 * commit (while one call of a project is in flight, the next ones gather), instead of a count of
 * its own per notification.
 */
export function coalescedUnreadCounts(counts: UnreadCounts): (projectId: number, recipientId: string) => Promise<number> {
  const batcher = createBatcher<string, number, number>({
    lingerMs: 0,
    maxBatch: MAX_RECIPIENTS_PER_COUNT,
    async run(recipientIds, projectId) {
      const found = await counts(projectId, [...new Set(recipientIds)]);
      return recipientIds.map((id) => found.get(id) ?? 0);
    },
  });
  return (projectId, recipientId) => batcher.add(recipientId, projectId);
}
