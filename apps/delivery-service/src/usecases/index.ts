import type { Logger } from '@herald/service-kit';
import { createCheckUnsubscribeToken } from './check-unsubscribe-token';
import { createCheckContactConfirmationToken, createSendContactConfirmation } from './contact-confirmation';
import { createCountUnread } from './count-unread';
import type { DeliveryDeps } from './deps';
import { createFanOutBroadcast } from './fan-out-broadcast';
import { createGetBroadcast } from './get-broadcast';
import { createGetNotification } from './get-notification';
import { createListFeed } from './list-feed';
import { createMarkAllRead } from './mark-all-read';
import { createProcessBroadcastChunk } from './process-broadcast-chunk';
import { createRemoveRecipientNotifications } from './remove-recipient-notifications';
import { createPruneExpired, createRepublishPending } from './republish-pending';
import { createRecordSmsStatus } from './record-sms-status';
import { createSendOutbound } from './send-outbound';
import { createSendNotification } from './send-notification';
import { createGetPayloads } from './get-payloads';
import { createUpdateNotification } from './update-notification';
import { createWriteSends } from './write-sends';
import { createCancelSends } from './cancel-sends';
import { createCloseDigest } from './close-digest';
import { createGetDigest } from './get-digest';

export type { DeliveryDeps } from './deps';

/** Every use case of the service, built from its dependencies. */
export function createUseCases(deps: DeliveryDeps, logger: Logger) {
  const { writeSends, failSends } = createWriteSends(deps);
  const { cancelNotification, cancelBroadcast } = createCancelSends(deps);
  return {
    cancelNotification,
    cancelBroadcast,
    closeDigest: createCloseDigest(deps),
    getDigest: createGetDigest(deps),
    sendNotification: createSendNotification(deps, logger),
    writeSends,
    failSends,
    getPayloads: createGetPayloads(deps),
    /** One sender per outbound medium (email, sms, web_push): the same steps, its own channel. */
    sendOutbound: { email: createSendOutbound(deps, 'email', logger), sms: createSendOutbound(deps, 'sms', logger), web_push: createSendOutbound(deps, 'web_push', logger) },
    recordSmsStatus: createRecordSmsStatus(deps),
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
    sendContactConfirmation: createSendContactConfirmation(deps),
    checkContactConfirmationToken: createCheckContactConfirmationToken(deps),
  };
}

export type DeliveryUseCases = ReturnType<typeof createUseCases>;
