import { toPbBroadcast } from '../kernel/wire-views';
import type { DeliveryHandlers } from '../platform';
import type { createGetBroadcast } from './get-broadcast';
import type { createListBroadcasts } from './list-broadcasts';

/** The broadcasts' handlers. */
export function broadcastsRoutes(u: { getBroadcast: ReturnType<typeof createGetBroadcast>; listBroadcasts: ReturnType<typeof createListBroadcasts> }): DeliveryHandlers<'getBroadcast' | 'listBroadcasts'> {
  return {
    async getBroadcast(req) {
      return { broadcast: toPbBroadcast(await u.getBroadcast(Number(req.projectId), Number(req.id))) };
    },
    async listBroadcasts(req) {
      const page = await u.listBroadcasts(Number(req.projectId), req.beforeId === undefined ? undefined : Number(req.beforeId), req.limit);
      return { broadcasts: page.broadcasts.map(toPbBroadcast), nextBeforeId: page.nextBeforeId === undefined ? undefined : BigInt(page.nextBeforeId) };
    },
  };
}
