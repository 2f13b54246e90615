import type { Contact, Recipient } from '@herald/contracts';
import { formatProtoTimestamp } from '../shared/timestamps';

/** RPC messages → REST shapes (interface: Recipient, Contact). */
export const recipientView = (r: Recipient | undefined) => ({
  id: r?.id ?? '',
  name: r?.name ?? null,
  created_at: formatProtoTimestamp(r?.createdAt) ?? '',
  updated_at: formatProtoTimestamp(r?.updatedAt) ?? '',
});

export const contactView = (c: Contact | undefined) => ({
  id: Number(c?.id ?? 0),
  medium: c?.medium ?? '',
  address: c?.address ?? '',
  ...(c?.provider ? { provider: c.provider } : {}),
  is_primary: c?.isPrimary ?? false,
  verified_at: formatProtoTimestamp(c?.verifiedAt),
  deliverable: c?.undeliverableReason === undefined,
  confirmed: !(c?.awaitingConfirmation ?? false),
  undeliverable_reason: c?.undeliverableReason ?? null,
  created_at: formatProtoTimestamp(c?.createdAt) ?? '',
  updated_at: formatProtoTimestamp(c?.updatedAt) ?? '',
});
