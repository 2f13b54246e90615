import { quotaPeriod } from '../domain/quota';
import type { DeliveryDeps } from './deps';

/**
 * The outbox sweeper's pass: publishes again the job of every notification still `pending`, of
 * every direct email gated but not yet attempted (`email_wait`), and of every broadcast not
 * completed whose last write is older than `olderThanMs` (the process may have died between a
 * write and its publish; a fan-out job may have been lost, or its broadcast left short of
 * completion). Notifications, emails and `enqueued` broadcasts use the first publish's msgID: if
 * the job is in the stream already, JetStream drops the copy; if it was processed meanwhile, the
 * handler finds nothing to do. A stale `fanning_out` broadcast gets a fan-out job with a msgID of
 * its stale state (`broadcast:<id>:resume:<updated_at>`), so each stall is resumed once: the job
 * continues from the persisted cursor (or only finishes), and a fan-out still running elsewhere is
 * harmless (chunk msgIDs and the chunk-count guard). Publishes go out concurrently.
 */
export function createRepublishPending(deps: Pick<DeliveryDeps, 'notifications' | 'broadcasts' | 'jobs' | 'now'>) {
  return async (olderThanMs: number, batch = 500): Promise<number> => {
    const before = new Date(deps.now().getTime() - olderThanMs);
    const publishes: Promise<void>[] = [];
    for (const n of await deps.notifications.findPending(before, batch)) {
      publishes.push(deps.jobs.notification(n.project_id, n._id));
    }
    for (const n of await deps.notifications.findEmailWaiting(before, batch)) {
      publishes.push(deps.jobs.email(n.project_id, n._id));
    }
    for (const b of await deps.broadcasts.findStale(before, batch)) {
      const msgId = b.status === 'enqueued' ? `broadcast:${b._id}` : `broadcast:${b._id}:resume:${b.updated_at.getTime()}`;
      publishes.push(deps.jobs.broadcast(b.project_id, b._id, msgId));
    }
    await Promise.all(publishes);
    return publishes.length;
  };
}

/**
 * Housekeeping: quota units of months before the previous one (a notification created last month
 * may still spend its email unit in this one) and idempotency keys past 24 h, deleted in bounded batches.
 */
export function createPruneExpired(deps: Pick<DeliveryDeps, 'quota' | 'idempotency' | 'now'>) {
  return async (maxBatches = 10): Promise<number> => {
    const now = deps.now();
    const period = quotaPeriod(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)));
    let removed = 0;
    for (let i = 0; i < maxBatches; i++) {
      const n = (await deps.quota.prune(period)) + (await deps.idempotency.prune(new Date(now.getTime() - 24 * 3600_000)));
      removed += n;
      if (n === 0) break;
    }
    return removed;
  };
}
