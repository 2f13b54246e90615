import type { Digest } from '@herald/contracts';
import { formatProtoTimestamp } from '../shared/timestamps';
import { parsePathId } from '../shared/path-id';

// The REST views live in @herald/contracts (shared with the live stream and the webhook dispatcher).
export { broadcastView, EMAIL_ERROR_SUMMARY, notificationView, type Audience } from '@herald/contracts';

/** A path's notification or broadcast id (`parsePathId`), as the RPCs take it; null names nothing. */
export const parseId = (raw: string): bigint | null => {
  const id = parsePathId(raw);
  return id === null ? null : BigInt(id);
};

/** A digest → its REST shape. */
export const digestView = (d: Digest) => ({
  id: Number(d.id),
  recipient_id: d.recipientId,
  entry_id: Number(d.entryId),
  target: { channel: d.target?.channel ?? '', topic: d.target?.topic ?? '', event: d.target?.event ?? '' },
  status: d.status,
  subject: d.subject,
  max_items: d.maxItems,
  opened_at: formatProtoTimestamp(d.openedAt)!,
  closes_at: formatProtoTimestamp(d.closesAt)!,
  sent_at: formatProtoTimestamp(d.sentAt),
  message_id: d.messageId ?? null,
  address: d.address ?? null,
  reason: d.reason ?? null,
  notification_ids: d.notificationIds.map(Number),
});
