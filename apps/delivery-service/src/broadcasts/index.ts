export { createFanOutBroadcast, type FanOutBroadcastDeps } from './fan-out-broadcast';
export { createGetBroadcast, type GetBroadcastDeps } from './get-broadcast';
export { createListBroadcasts, type ListBroadcastsDeps } from './list-broadcasts';
export { createProcessBroadcastChunk, type ProcessBroadcastChunkDeps } from './process-broadcast-chunk';
export { createRepublishPending, type RepublishPendingDeps } from './republish-pending';
export { broadcastsRoutes } from './broadcasts-routes';
export { startBroadcastConsumers } from './broadcast-consumer';
