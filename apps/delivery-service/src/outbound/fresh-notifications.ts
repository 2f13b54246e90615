import type { OutboundMedium } from '../kernel/outbound';
import { pendingOutbound } from '../kernel/outcome-events';
import type { NotificationDoc } from '../kernel/store/notification-repository';

/** Notifications held at most (the oldest go first). */
const MAX_DOCS = 10_000;
/** How long a notification is held after its insert: past this its job reads the store. */
const MAX_AGE_MS = 30_000;

/**
 * The notifications this process has just inserted, as stored, for the first delivery of their
 * outbound jobs: the send worker keeps them, and each medium's sender takes its message's
 * notification once instead of reading it back from the store moments after it was written.
 *
 * Kept only where nothing but that medium's sender can change what the message needs before the
 * job arrives: an inserted direct send (not a broadcast, not one read back from the store), with
 * the medium pending, and for email no escalation (`delay_seconds` or `unless`: its job comes
 * later, from a timer, and the in-app read state decides it) and no digest. Everything else, a
 * miss (another replica's insert, an evicted or expired entry) and every redelivered job read the
 * store as before. A stale entry cannot send twice: the claim of the attempt it shows is unique
 * (outbound-claims), so a message claimed or sent before finds that claim.
 *
 * What a cached message does not see is an erasure of its recipient, or its retention expiry,
 * landing between the insert and the job's first delivery (normally milliseconds, at most
 * `MAX_AGE_MS`): as for an erasure landing while the message is being sent, that message still goes.
 */
export function createFreshNotifications(opts: { now: () => number; maxDocs?: number; maxAgeMs?: number }) {
  const maxDocs = opts.maxDocs ?? MAX_DOCS;
  const maxAgeMs = opts.maxAgeMs ?? MAX_AGE_MS;
  /** In insertion order (the oldest first): the document, when it was kept, the mediums not yet taken. */
  const held = new Map<number, { doc: NotificationDoc; at: number; mediums: Set<OutboundMedium> }>();

  const evictOld = () => {
    const oldest = opts.now() - maxAgeMs;
    for (const [id, e] of held) {
      if (held.size <= maxDocs && e.at > oldest) break;
      held.delete(id);
    }
  };

  return {
    /** Keeps these just-inserted notifications (as stored) for their outbound jobs' first delivery. */
    keep(docs: NotificationDoc[]): void {
      const at = opts.now();
      for (const doc of docs) {
        const mediums = new Set(pendingOutbound(doc).filter((m) => cacheable(doc, m)));
        if (mediums.size > 0) held.set(doc._id, { doc, at, mediums });
      }
      evictOld();
    },

    /**
     * Takes the notifications of these messages held for `medium` (each once; a copy, so the
     * caller may change it): what is not held must be read from the store.
     */
    take(medium: OutboundMedium, ids: number[]): Map<number, NotificationDoc> {
      evictOld();
      const found = new Map<number, NotificationDoc>();
      for (const id of ids) {
        const e = held.get(id);
        if (!e?.mediums.delete(medium)) continue;
        found.set(id, { ...e.doc });
        if (e.mediums.size === 0) held.delete(id);
      }
      return found;
    },
  };
}

export type FreshNotifications = ReturnType<typeof createFreshNotifications>;

/** Whether a pending message's notification can serve its job's first delivery as inserted. */
function cacheable(doc: NotificationDoc, medium: OutboundMedium): boolean {
  if (doc.broadcast_id !== null) return false;
  if (medium !== 'email') return true;
  return !doc.digest_rule && !doc.email_content?.unless && (doc.email_content?.delay_seconds ?? 0) === 0;
}
