import type { JobPort } from '../kernel/ports';
import type { BroadcastRepository } from '../kernel/store/broadcast-repository';

/** The ports this use case works with. */
export interface RepublishPendingDeps {
  broadcasts: BroadcastRepository;
  jobs: JobPort;
  now: () => Date;
}

/**
 * The stale-broadcast sweeper's pass: publishes again the job of every broadcast not completed
 * whose last write is older than `olderThanMs` (the process may have died between the write and
 * its publish; a fan-out job may have been lost, or its broadcast left short of completion).
 * (Direct sends need no sweep since JetStream holds each one until its notification is
 * written, and the worker publishes a notification's email job before acknowledging its send.)
 * An `enqueued` broadcast uses the first publish's msgID: if the job is in the stream already,
 * JetStream drops the copy; if it was processed meanwhile, the handler finds nothing to do. A
 * stale `fanning_out` broadcast gets a fan-out job with a msgID of
 * its stale state (`broadcast:<id>:resume:<updated_at>`), so each stall is resumed once: the job
 * continues from the persisted cursor (or only finishes), and a fan-out still running elsewhere is
 * harmless (chunk msgIDs and the chunk-count guard). Publishes go out concurrently.
 */
/** How long a fan-out may go without a write before its broadcast is resumed by another job. */
export const FANOUT_STALE_MS = 30_000;

export function createRepublishPending(deps: RepublishPendingDeps) {
  return async (olderThanMs: number, batch = 500): Promise<number> => {
    const before = new Date(deps.now().getTime() - olderThanMs);
    const publishes: Promise<void>[] = [];
    // A fan-out in progress writes at every page, but a page being retried can take longer: its
    // job is still held (and kept alive) in JetStream, which redelivers it if its process dies. So
    // a `fanning_out` broadcast counts as stale only after FANOUT_STALE_MS without a write (its job lost).
    const fanOutBefore = new Date(deps.now().getTime() - Math.max(olderThanMs, FANOUT_STALE_MS));
    for (const b of await deps.broadcasts.findStale(before, batch)) {
      if (b.status === 'fanning_out' && b.updated_at > fanOutBefore) continue;
      const msgId = b.status === 'enqueued' ? `broadcast:${b._id}` : `broadcast:${b._id}:resume:${b.updated_at.getTime()}`;
      publishes.push(deps.jobs.broadcast(b.project_id, b._id, msgId));
    }
    await Promise.all(publishes);
    return publishes.length;
  };
}
