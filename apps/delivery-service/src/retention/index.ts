export { createRemoveRecipientNotifications, type RemoveRecipientNotificationsDeps } from './remove-recipient-notifications';
export { createRetentionSweep, WEBHOOK_DELIVERY_RETENTION_MS } from './retention-sweeper';
export { createPruneExpired, type PruneExpiredDeps } from './prune-expired';
export { createErasureRepository } from './erasure-repository';
export { startRecipientDeletedConsumer } from './recipient-deleted-consumer';
