import type { Logger } from '@herald/service-kit';
import { coalescedNotificationReads, coalescedOutcomeWrites } from './outbound';
import { type CheckUnsubscribeTokenDeps, type ContactCodeDeps, type ContactConfirmationDeps, createCheckContactCode, createCheckContactConfirmationToken, createCheckUnsubscribeToken, createRecordSmsStatus, createRecordSmsStatuses, createSendContactCode, createSendContactConfirmation, createSendOutbound, type RecordSmsStatusDeps, type SendOutboundDeps } from './outbound';
import {
  type CountUnreadDeps,
  type CountUnseenDeps,
  createCountUnread,
  createCountUnseen,
  createListActivity,
  createListFeed,
  createMarkAllRead,
  createMarkAllArchived,
  createMarkAllSeen,
  createTakeAction,
  createUpdateNotification,
  createUpdateNotifications,
  type ListActivityDeps,
  type ListFeedDeps,
  type MarkAllReadDeps,
  type MarkAllArchivedDeps,
  type MarkAllSeenDeps,
  type TakeActionDeps,
  type UpdateNotificationDeps,
  type UpdateNotificationsDeps,
  type WakeSnoozedDeps,
} from './feed';
import { createFanOutBroadcast, createGetBroadcast, createListBroadcasts, createProcessBroadcastChunk, createRepublishPending, type FanOutBroadcastDeps, type GetBroadcastDeps, type ListBroadcastsDeps, type ProcessBroadcastChunkDeps, type RepublishPendingDeps } from './broadcasts';
import { type CancelSendsDeps, createCancelSends, createGetNotification, createGetNotificationWithRecords, createGetPayloads, createSendNotification, createWriteSends, type GetNotificationDeps, type GetPayloadsDeps, type SendNotificationDeps, type WriteSendsDeps } from './sends';
import { createPruneExpired, createRemoveRecipientNotifications, type PruneExpiredDeps, type RemoveRecipientNotificationsDeps } from './retention';
import { type CloseDigestDeps, type CollectDigestsDeps, createCloseDigest, createCollectDigests, createGetDigest, type GetDigestDeps } from './scheduling';

/** What the use cases are built from: every port one of them declares. */
export type UseCaseDeps = CancelSendsDeps &
  CheckUnsubscribeTokenDeps &
  CloseDigestDeps &
  CollectDigestsDeps &
  ContactCodeDeps &
  ContactConfirmationDeps &
  CountUnreadDeps &
  CountUnseenDeps &
  FanOutBroadcastDeps &
  GetBroadcastDeps &
  ListBroadcastsDeps &
  GetDigestDeps &
  GetNotificationDeps &
  GetPayloadsDeps &
  ListActivityDeps &
  ListFeedDeps &
  MarkAllReadDeps &
  MarkAllArchivedDeps &
  MarkAllSeenDeps &
  TakeActionDeps &
  ProcessBroadcastChunkDeps &
  RecordSmsStatusDeps &
  RemoveRecipientNotificationsDeps &
  RepublishPendingDeps &
  PruneExpiredDeps &
  SendNotificationDeps &
  SendOutboundDeps &
  UpdateNotificationDeps &
  UpdateNotificationsDeps &
  WakeSnoozedDeps &
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
    sendOutbound: { email: createSendOutbound({ ...deps, collectDigests: createCollectDigests(deps) }, 'email', logger), sms: createSendOutbound(deps, 'sms', logger), web_push: createSendOutbound(deps, 'web_push', logger), chat: createSendOutbound(deps, 'chat', logger), mobile_push: createSendOutbound({ ...deps, notifications: coalescedNotificationReads(deps.notifications), outcomes: coalescedOutcomeWrites(deps.outcomes) }, 'mobile_push', logger) },
    recordSmsStatus: createRecordSmsStatus(deps),
    recordSmsStatuses: createRecordSmsStatuses(deps),
    fanOutBroadcast: createFanOutBroadcast(deps),
    processBroadcastChunk: createProcessBroadcastChunk(deps),
    getNotification: createGetNotification(deps),
    getNotificationWithRecords: createGetNotificationWithRecords(deps),
    getBroadcast: createGetBroadcast(deps),
    listBroadcasts: createListBroadcasts(deps),
    listFeed: createListFeed(deps),
    listActivity: createListActivity(deps),
    countUnread: createCountUnread(deps),
    updateNotification: createUpdateNotification(deps),
    markAllRead: createMarkAllRead(deps),
    countUnseen: createCountUnseen(deps),
    markAllSeen: createMarkAllSeen(deps),
    markAllArchived: createMarkAllArchived(deps),
    takeAction: createTakeAction(deps),
    updateNotifications: createUpdateNotifications(deps),
    removeRecipientNotifications: createRemoveRecipientNotifications(deps),
    republishPending: createRepublishPending(deps),
    pruneExpired: createPruneExpired(deps),
    checkUnsubscribeToken: createCheckUnsubscribeToken(deps),
    sendContactConfirmation: createSendContactConfirmation(deps),
    checkContactConfirmationToken: createCheckContactConfirmationToken(deps),
    sendContactCode: createSendContactCode(deps),
    checkContactCode: createCheckContactCode(deps),
  };
}

export type DeliveryUseCases = ReturnType<typeof createUseCases>;
