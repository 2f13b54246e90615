import { toPbBroadcast } from '../kernel/wire-views';
import type { DeliveryHandlers } from '../platform';
import type { createGetBroadcast } from './get-broadcast';

/** The broadcasts' handlers. */
export function broadcastsRoutes(getBroadcast: ReturnType<typeof createGetBroadcast>): DeliveryHandlers<'getBroadcast'> {
  return {
    async getBroadcast(req) {
      return { broadcast: toPbBroadcast(await getBroadcast(Number(req.projectId), Number(req.id))) };
    },
  };
}
