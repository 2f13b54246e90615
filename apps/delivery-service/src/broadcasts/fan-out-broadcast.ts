import { retryPolicy } from '@herald/service-kit';
import { isRefusedByPeer } from '../kernel/ports';
import { createFinishBroadcast, type FinishBroadcastDeps } from './finish-broadcast';
import type { IdAllocator } from '../kernel/id-allocator';
import type { JobPort } from '../kernel/ports';
import { createAudiencePages, type AudiencePagesDeps } from './audience-pages';
import type { DeliverySettings } from '../kernel/settings';
import type { AudienceDoc, BroadcastRepository } from '../kernel/store/broadcast-repository';

/** The ports this use case works with. */
export interface FanOutBroadcastDeps extends FinishBroadcastDeps, AudiencePagesDeps {
  broadcasts: BroadcastRepository;
  jobs: JobPort;
  notificationIds: IdAllocator;
  now: () => Date;
  settings: DeliverySettings;
}

/** One page's deadline: a page is one bounded store read on the recipient service. */
export const ID_PAGE_TIMEOUT_MS = 10_000;
/** A failed page is asked again (the others never), doubling from 0.2 s to 5 s, without a limit; a refusal is final. */
const pageRetry = retryPolicy({ initialDelayMs: 200, maxDelayMs: 5_000, retryIf: (err) => !isRefusedByPeer(err) });

/**
 * Fans a broadcast out: pages its audience (audience-pages.ts: every recipient with
 * ListRecipientIds, explicit ids, or a list's subscribers), one unary call per page (its
 * own deadline; a failed page is retried alone, with backoff), after the persisted cursor and never
 * past the bound snapshotted when the fan-out started (so the broadcast reaches the recipients that
 * existed then, also when it resumes). Per non-empty page it reserves a block of notification ids
 * and publishes one chunk job (msgID `chunk:<broadcast>:<index>`) carrying each recipient's
 * incarnation; the cursor is saved after each publish, so a crashed fan-out resumes where it
 * stopped and a re-published chunk is dropped as a duplicate.
 */
export function createFanOutBroadcast(deps: FanOutBroadcastDeps) {
  const finish = createFinishBroadcast(deps);
  const audiencePage = createAudiencePages(deps, { timeoutMs: ID_PAGE_TIMEOUT_MS });

  /** One page, retried until it answers (each attempt under its own deadline); keeps the job alive meanwhile. */
  const page = (audience: AudienceDoc | null | undefined, req: { projectId: bigint; after: string; upperBound: string; pageSize: number }, working: () => void) =>
    pageRetry.execute(async (attempt) => {
      if (attempt > 0) working();
      return audiencePage(audience, req);
    });

  return async function fanOutBroadcast(broadcastId: number, working: () => void): Promise<void> {
    let b = await deps.broadcasts.findById(null, broadcastId);
    if (!b || b.status === 'completed' || b.status === 'scheduled' || b.status === 'canceled') return;
    if (!b.fanout_done) {
      const projectId = BigInt(b.project_id);
      const pageSize = deps.settings.chunkSize;
      let first: Awaited<ReturnType<typeof page>> | null = null;
      if (!b.upper_bound) {
        // The first page snapshots the bound; a concurrent delivery of this job may have stored another.
        first = await page(b.audience, { projectId, after: b.cursor, upperBound: '', pageSize }, working);
        // Before the first page: everything up to the bound may still be paged.
        const leftAtMost = Number(first.remainingAtMost) + first.recipientIds.length;
        if (!(await deps.broadcasts.setUpperBound(broadcastId, first.upperBound, leftAtMost, deps.now()))) first = null;
        b = await deps.broadcasts.findById(null, broadcastId);
        if (!b || b.status === 'completed' || !b.upper_bound) return;
        if (first && first.upperBound !== b.upper_bound) first = null;
      }
      const upperBound = b.upper_bound!;
      let chunkIndex = b.chunks_published;
      let after = b.cursor;
      for (;;) {
        const p = first ?? (await page(b.audience, { projectId, after, upperBound, pageSize }, working));
        first = null;
        if (p.recipientIds.length > 0) {
          const firstId = await deps.notificationIds.block(p.recipientIds.length);
          await deps.jobs.chunk({
            projectId,
            broadcastId: BigInt(broadcastId),
            chunkIndex,
            firstNotificationId: BigInt(firstId),
            recipientIds: p.recipientIds,
            recipientSeqs: p.recipientSeqs,
          });
          const moved = await deps.broadcasts.recordChunkPublished(broadcastId, chunkIndex, p.nextAfter, p.recipientIds.length, Number(p.remainingAtMost), deps.now());
          if (!moved) return; // another delivery of this job is ahead of us
          chunkIndex += 1;
        }
        working();
        if (p.done) break;
        after = p.nextAfter;
      }
      await deps.broadcasts.markFanoutDone(broadcastId, deps.now());
    }
    await finish(broadcastId, working);
  };
}
