import type { Logger } from '@herald/service-kit';
import { createCheckUnsubscribeToken } from './outbound/check-unsubscribe-token';
import { createCheckContactConfirmationToken, createSendContactConfirmation } from './outbound/contact-confirmation';
import { createCountUnread } from './feed/count-unread';
import type { DeliveryDeps } from './delivery-deps';
import { createFanOutBroadcast } from './broadcasts/fan-out-broadcast';
import { createGetBroadcast } from './broadcasts/get-broadcast';
import { createGetNotification } from './sends/get-notification';
import { createListFeed } from './feed/list-feed';
import { createMarkAllRead } from './feed/mark-all-read';
import { createProcessBroadcastChunk } from './broadcasts/process-broadcast-chunk';
import { createRemoveRecipientNotifications } from './retention/remove-recipient-notifications';
import { createPruneExpired, createRepublishPending } from './outbound/republish-pending';
import { createRecordSmsStatus } from './outbound/record-sms-status';
import { createSendOutbound } from './outbound/send-outbound';
import { createSendNotification } from './sends/send-notification';
import { createGetPayloads } from './sends/get-payloads';
import { createUpdateNotification } from './feed/update-notification';
import { createWriteSends } from './sends/write-sends';
import { createCancelSends } from './sends/cancel-sends';
import { createCloseDigest } from './scheduling/close-digest';
import { createGetDigest } from './scheduling/get-digest';

export type { DeliveryDeps } from './delivery-deps';

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
