import { DomainError, notFound } from '@herald/service-kit';
import type { Target } from '../kernel/notification';
import type { RecipientPresence } from '../kernel/ports';
import { itemsBelowSeal } from './digest-repository';
import type { DigestRepository } from './digest-repository';

export const digestNotFound = () => notFound('digest_not_found', 'Digest not found');

/** The ports this use case works with. */
export interface GetDigestDeps {
  digests: DigestRepository;
  presence: RecipientPresence;
}

/** A digest as the API shows it. */
export interface DigestView {
  id: number;
  recipientId: string;
  entryId: number;
  target: Target;
  status: string;
  subject: string;
  openedAt: Date;
  closesAt: Date;
  sentAt: Date | null;
  messageId: string | null;
  address: string | null;
  notificationIds: number[];
  maxItems: number;
  reason: string | null;
}

/**
 * `GET /digests/{id}`: one digest of the project, with its notifications in the order they were
 * collected: once closed, as recorded; while open, its items so far (one read of its slots). A
 * digest of an erased recipient answers 404 as soon as the erasure is known here, before the
 * erasure removes it.
 */
export function createGetDigest(deps: GetDigestDeps) {
  return async (projectId: number, id: number): Promise<DigestView> => {
    const d = await deps.digests.findById(projectId, id);
    if (!d || !(await recipientExists(deps, projectId, d.recipient_id))) throw digestNotFound();
    const ids = d.notification_ids ?? itemsBelowSeal(await deps.digests.slotsOf(d._id)).map((s) => s.notification_id);
    return {
      id: d._id,
      recipientId: d.recipient_id,
      entryId: d.entry_id,
      target: d.target,
      status: d.status,
      subject: d.subject,
      openedAt: d.opened_at,
      closesAt: new Date(d.closes_ms),
      sentAt: d.sent_at ?? null,
      messageId: d.message_id ?? null,
      address: d.address ?? null,
      notificationIds: ids,
      maxItems: d.max_items,
      reason: d.reason ?? null,
    };
  };
}

async function recipientExists(deps: GetDigestDeps, projectId: number, recipientId: string): Promise<boolean> {
  try {
    await deps.presence.require(BigInt(projectId), recipientId);
    return true;
  } catch (err) {
    if (err instanceof DomainError && err.code === 'recipient_not_found') return false;
    throw err;
  }
}
