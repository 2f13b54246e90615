import { LIMITS } from '@herald/contracts';
import { invalid } from '@herald/service-kit';
import type { Notification } from '../kernel/notification';
import { toNotification } from '../kernel/store/notification-repository';
import { activityStoreFilter, type ActivityFilter } from './activity-filter';
import type { ActivityRepository } from './activity-repository';

export interface ActivityPage {
  notifications: Notification[];
  nextCursor: string | null;
}

export interface ActivityRequest extends ActivityFilter {
  projectId: number;
  limit: number;
  cursor: string;
  since: Date | null;
  until: Date | null;
}

/** The ports this use case works with. */
export interface ListActivityDeps {
  activity: ActivityRepository;
}

/** A cursor names the last notification seen: its creation time (ms) and id. */
const CURSOR = /^(\d{1,15})_([1-9]\d{0,15})$/;

const violation = (property: string, message: string, value: unknown) => invalid(`${property} is invalid`, [{ message, description: message, property_path: property, invalid_value: value }]);

/** A project's notifications, newest first, under one indexed filter combination (activity-filter.ts). */
export function createListActivity(deps: ListActivityDeps) {
  return async (q: ActivityRequest): Promise<ActivityPage> => {
    const limit = q.limit === 0 ? LIMITS.feedPageDefault : q.limit;
    if (!Number.isInteger(limit) || limit < 1 || limit > LIMITS.feedPageMax) throw violation('limit', `limit must be 1 to ${LIMITS.feedPageMax}`, q.limit);
    const cursor = CURSOR.exec(q.cursor);
    if (q.cursor !== '' && cursor === null) throw violation('cursor', 'cursor is invalid', q.cursor);
    if ((q.medium === undefined) !== (q.outcome === undefined)) throw violation(q.medium === undefined ? 'medium' : 'outcome', 'medium and outcome go together', q.medium ?? q.outcome);
    if (q.since && q.until && q.since >= q.until) throw violation('until', 'until must be after since', q.until.toISOString());
    const filter = activityStoreFilter(q);
    const { docs, resumeAfter } = await deps.activity.list({
      projectId: q.projectId,
      filter,
      since: q.since,
      until: q.until,
      after: cursor ? { createdAt: new Date(Number(cursor[1])), id: Number(cursor[2]) } : null,
      limit: limit + 1,
    });
    const page = docs.slice(0, limit);
    const last = page[page.length - 1];
    // A page the store stopped reading before it was full (the pending filter) goes on where it stopped.
    const next = docs.length > limit ? { createdAt: last.created_at, id: last._id } : resumeAfter;
    return {
      notifications: page.map(toNotification),
      nextCursor: next ? `${next.createdAt.getTime()}_${next.id}` : null,
    };
  };
}
