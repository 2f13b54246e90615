import type { Logger } from '@herald/service-kit';
import { createCheckUnsubscribeToken } from './check-unsubscribe-token';
import { createCountUnread } from './count-unread';
import type { DeliveryDeps } from './deps';
import { createFailNotifications } from './fail-notification';
import { createFanOutBroadcast } from './fan-out-broadcast';
import { createGetBroadcast } from './get-broadcast';
import { createGetNotification } from './get-notification';
import { createListFeed } from './list-feed';
import { createMarkAllRead } from './mark-all-read';
import { createProcessBroadcastChunk } from './process-broadcast-chunk';
import { createProcessNotifications } from './process-notification';
import { createRemoveRecipientNotifications } from './remove-recipient-notifications';
import { createPruneExpired, createRepublishPending } from './republish-pending';
import { createSendEmails } from './send-email';
import { createSendNotification } from './send-notification';
import { createUpdateNotification } from './update-notification';

export type { DeliveryDeps } from './deps';

/** Every use case of the service, built from its dependencies. */
export function createUseCases(deps: DeliveryDeps, logger: Logger) {
  return {
    sendNotification: createSendNotification(deps, logger),
    processNotifications: createProcessNotifications(deps),
    failNotifications: createFailNotifications(deps),
    sendEmails: createSendEmails(deps),
    fanOutBroadcast: createFanOutBroadcast(deps),
    processBroadcastChunk: createProcessBroadcastChunk(deps),
    getNotification: createGetNotification(deps),
    getBroadcast: createGetBroadcast(deps),
    listFeed: createListFeed(deps),
    countUnread: createCountUnread(deps),
    updateNotification: createUpdateNotification(deps),
    markAllRead: createMarkAllRead(deps),
    removeRecipientNotifications: createRemoveRecipientNotifications(deps),
    republishPending: createRepublishPending(deps),
    pruneExpired: createPruneExpired(deps),
    checkUnsubscribeToken: createCheckUnsubscribeToken(deps),
  };
}

export type DeliveryUseCases = ReturnType<typeof createUseCases>;
