import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { DigestSchema, type Digest as PbDigest } from '@herald/contracts';
import type { DeliveryHandlers } from '../platform';
import type { createGetDigest, DigestView } from './get-digest';

/** The digests' handlers. */
export function schedulingRoutes(getDigest: ReturnType<typeof createGetDigest>): DeliveryHandlers<'getDigest'> {
  return {
    async getDigest(req) {
      return { digest: toPbDigest(await getDigest(Number(req.projectId), Number(req.id))) };
    },
  };
}

function toPbDigest(d: DigestView): PbDigest {
  return create(DigestSchema, {
    id: BigInt(d.id),
    recipientId: d.recipientId,
    entryId: BigInt(d.entryId),
    target: d.target,
    status: d.status,
    subject: d.subject,
    openedAt: timestampFromDate(d.openedAt),
    closesAt: timestampFromDate(d.closesAt),
    sentAt: d.sentAt ? timestampFromDate(d.sentAt) : undefined,
    messageId: d.messageId ?? undefined,
    address: d.address ?? undefined,
    notificationIds: d.notificationIds.map(BigInt),
    maxItems: d.maxItems,
    reason: d.reason ?? undefined,
  });
}
