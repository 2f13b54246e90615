import type { Logger } from '@herald/service-kit';
import { createCheckUnsubscribeToken } from './outbound/check-unsubscribe-token';
import { createCheckContactConfirmationToken, createSendContactConfirmation } from './outbound/contact-confirmation';
import { createCountUnread } from './feed/count-unread';
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
import { createCollectDigests } from './scheduling/collect-digests';
import { createSendNotification } from './sends/send-notification';
import { createGetPayloads } from './sends/get-payloads';
import { createUpdateNotification } from './feed/update-notification';
import { createWriteSends } from './sends/write-sends';
import { createCancelSends } from './sends/cancel-sends';
import { createCloseDigest } from './scheduling/close-digest';
import { createGetDigest } from './scheduling/get-digest';
import type { CancelSendsDeps } from './sends/cancel-sends';
import type { CheckUnsubscribeTokenDeps } from './outbound/check-unsubscribe-token';
import type { CloseDigestDeps } from './scheduling/close-digest';
import type { CollectDigestsDeps } from './scheduling/collect-digests';
import type { ContactConfirmationDeps } from './outbound/contact-confirmation';
import type { CountUnreadDeps } from './feed/count-unread';
import type { FanOutBroadcastDeps } from './broadcasts/fan-out-broadcast';
import type { GetBroadcastDeps } from './broadcasts/get-broadcast';
import type { GetDigestDeps } from './scheduling/get-digest';
import type { GetNotificationDeps } from './sends/get-notification';
import type { GetPayloadsDeps } from './sends/get-payloads';
import type { ListFeedDeps } from './feed/list-feed';
import type { MarkAllReadDeps } from './feed/mark-all-read';
import type { ProcessBroadcastChunkDeps } from './broadcasts/process-broadcast-chunk';
import type { RecordSmsStatusDeps } from './outbound/record-sms-status';
import type { RemoveRecipientNotificationsDeps } from './retention/remove-recipient-notifications';
import type { RepublishPendingDeps } from './outbound/republish-pending';
import type { SendNotificationDeps } from './sends/send-notification';
import type { SendOutboundDeps } from './outbound/send-outbound';
import type { UpdateNotificationDeps } from './feed/update-notification';
import type { WriteSendsDeps } from './sends/write-sends';

/** What the use cases are built from: every port one of them declares. */
export type UseCaseDeps = CancelSendsDeps &
  CheckUnsubscribeTokenDeps &
  CloseDigestDeps &
  CollectDigestsDeps &
  ContactConfirmationDeps &
  CountUnreadDeps &
  FanOutBroadcastDeps &
  GetBroadcastDeps &
  GetDigestDeps &
  GetNotificationDeps &
  GetPayloadsDeps &
  ListFeedDeps &
  MarkAllReadDeps &
  ProcessBroadcastChunkDeps &
  RecordSmsStatusDeps &
  RemoveRecipientNotificationsDeps &
  RepublishPendingDeps &
  SendNotificationDeps &
  SendOutboundDeps &
  UpdateNotificationDeps &
  WriteSendsDeps;

/** Every use case of the service, built from its dependencies. */
export function createUseCases(deps: UseCaseDeps, logger: Logger) {
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
    sendOutbound: { email: createSendOutbound({ ...deps, collectDigests: createCollectDigests(deps) }, 'email', logger), sms: createSendOutbound(deps, 'sms', logger), web_push: createSendOutbound(deps, 'web_push', logger) },
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
