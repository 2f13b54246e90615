import type { Broadcast } from '../kernel/notification';
import { toBroadcast, type BroadcastRepository } from '../kernel/store/broadcast-repository';

/** A page holds 1 to this many broadcasts (the gateway's limit; a request past it is pinned). */
export const BROADCAST_PAGE_MAX = 100;

/** The ports this use case works with. */
export interface ListBroadcastsDeps {
  broadcasts: BroadcastRepository;
}

/** A page of the history: its broadcasts, and the id to page before for the next one (undefined on the last). */
export interface BroadcastPage {
  broadcasts: Broadcast[];
  nextBeforeId: number | undefined;
}

/**
 * A project's broadcasts and sends to many, newest first, a page at a time. A running one carries
 * its live counts (its counted prefix of chunks, one point read each, as GetBroadcast reads them).
 */
export function createListBroadcasts(deps: ListBroadcastsDeps) {
  return async (projectId: number, beforeId: number | undefined, limit: number): Promise<BroadcastPage> => {
    const size = Math.min(Math.max(limit, 1), BROADCAST_PAGE_MAX);
    const docs = await deps.broadcasts.newestFirst(projectId, beforeId, size + 1);
    const page = docs.slice(0, size);
    const broadcasts = await Promise.all(page.map(async (doc) => toBroadcast(doc, doc.status === 'completed' ? undefined : await deps.broadcasts.progress(doc._id))));
    return { broadcasts, nextBeforeId: docs.length > size ? page[page.length - 1]._id : undefined };
  };
}
