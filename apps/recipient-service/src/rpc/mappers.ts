import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { ContactSchema, DeviceSchema, RecipientSchema, type Contact, type Device, type Recipient } from '@herald/contracts';
import type { ContactRecord } from '../store/contact-repository';
import type { DeviceRecord } from '../store/device-repository';
import type { RecipientRecord } from '../store/recipient-repository';

/** Records of the repositories to the RPC messages of recipient.proto. */
export function toRecipientMessage(r: RecipientRecord): Recipient {
  return create(RecipientSchema, {
    id: r.id,
    name: r.name ?? undefined,
    createdAt: timestampFromDate(r.createdAt),
    updatedAt: timestampFromDate(r.updatedAt),
    seq: BigInt(r.seq),
  });
}

export function toContactMessage(c: ContactRecord): Contact {
  return create(ContactSchema, {
    id: BigInt(c.id),
    recipientId: c.recipientId,
    medium: c.medium,
    address: c.address,
    isPrimary: c.isPrimary,
    verifiedAt: c.verifiedAt ? timestampFromDate(c.verifiedAt) : undefined,
    undeliverableReason: c.undeliverableReason ?? undefined,
    awaitingConfirmation: c.awaitingConfirmation,
    pendingPrimary: c.pendingPrimary,
    provider: c.provider ?? undefined,
    createdAt: timestampFromDate(c.createdAt),
    updatedAt: timestampFromDate(c.updatedAt),
  });
}

export function toDeviceMessage(d: DeviceRecord): Device {
  return create(DeviceSchema, {
    id: BigInt(d.id),
    recipientId: d.recipientId,
    platform: d.platform,
    token: d.token,
    appId: d.appId ?? undefined,
    locale: d.locale ?? undefined,
    createdAt: timestampFromDate(d.createdAt),
    updatedAt: timestampFromDate(d.updatedAt),
  });
}

/** int64 ids arrive as bigint; the store keeps them as numbers (safe below 2^53). */
export const num = (v: bigint): number => Number(v);
