import { notFound } from '@herald/service-kit';
import type { Broadcast } from '../kernel/notification';
import { toBroadcast } from '../kernel/store/broadcast-repository';
import type { BroadcastRepository } from '../kernel/store/broadcast-repository';

/** The ports this use case works with. */
export interface GetBroadcastDeps {
  broadcasts: BroadcastRepository;
}

/** While a broadcast runs, its counts are its counted prefix of chunks: one point read, not every chunk record. */
export function createGetBroadcast(deps: GetBroadcastDeps) {
  return async (projectId: number, id: number): Promise<Broadcast> => {
    const doc = await deps.broadcasts.findById(projectId, id);
    if (!doc) throw notFound('broadcast_not_found', 'Broadcast not found');
    return toBroadcast(doc, doc.status === 'completed' ? undefined : await deps.broadcasts.progress(id));
  };
}
