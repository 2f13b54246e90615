import type { MobilePushAttempts } from '../outbound';
import type { DigestRepository } from '../scheduling';
import type { ErasureRepository } from './erasure-repository';

/** The ports this use case works with. */
export interface RemoveRecipientNotificationsDeps {
  digests: DigestRepository;
  erasures: ErasureRepository;
  mobilePushAttempts: Pick<MobilePushAttempts, 'deleteForRecipient'>;
}

/**
 * A recipient was erased. Broadcast notifications carry their recipient's incarnation (creation
 * sequence): given the erased incarnation's (RecipientDeleted `recipient_seq`), a tombstone is
 * written first, then every notification of that incarnation or an earlier one is removed; a
 * broadcast chunk inserting after this checks the tombstone itself (process-broadcast-chunk), so a
 * chunk racing the erasure leaves nothing behind, and a new incarnation of the id keeps its own.
 * Notifications without an incarnation (direct sends, older broadcasts) go when created at or
 * before `deletedAt`, as before. The recipient's email digests opened at or before `deletedAt` go
 * too (with their items' slots), and the per-device records of its mobile pushes written by then.
 */
export function createRemoveRecipientNotifications(deps: RemoveRecipientNotificationsDeps) {
  return async (projectId: number, recipientId: string, deletedAt: Date, recipientSeq?: number | bigint): Promise<number> => {
    const seq = recipientSeq === undefined ? 0 : Number(recipientSeq);
    if (seq > 0) await deps.erasures.recordErasure(projectId, recipientId, seq);
    const removed = await deps.erasures.deleteForRecipient(projectId, recipientId, deletedAt, seq > 0 ? seq : null);
    await deps.digests.deleteForRecipient(projectId, recipientId, deletedAt);
    await deps.mobilePushAttempts.deleteForRecipient(projectId, recipientId, deletedAt);
    return removed;
  };
}
