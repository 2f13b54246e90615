import { type Logger, sleep as wait } from '@herald/service-kit';

/** One kind of expiring data: deletes up to `batch` records expired at `now`, returns how many. */
export interface PruneStep {
  name: string;
  prune(now: Date, batch: number): Promise<number>;
}

export interface RetentionSettings {
  /** Records per delete (one bounded query and one bounded `deleteMany`). */
  batchSize: number;
  /** Pause between two batches: the sweeper deletes at most batchSize per pause, whatever the backlog. */
  pauseMs: number;
  /** Batches per step and pass; what is left waits for the next pass. */
  maxBatchesPerPass: number;
}

/**
 * One retention pass over every step: expired records deleted in bounded batches at a bounded
 * rate, so the store never stalls on one large delete. Safe with several replicas: each batch
 * deletes by id what it found expired, a record deleted by another replica is simply not counted.
 * `now` is injected (tests move the clock).
 */
export function createRetentionSweep(deps: { steps: PruneStep[]; now: () => Date; settings: RetentionSettings; logger?: Logger; sleep?: (ms: number) => Promise<void> }) {
  const sleep = deps.sleep ?? ((ms: number) => wait(ms));
  return async (): Promise<number> => {
    let total = 0;
    for (const step of deps.steps) {
      let removed = 0;
      for (let i = 0; i < deps.settings.maxBatchesPerPass; i++) {
        const n = await step.prune(deps.now(), deps.settings.batchSize);
        removed += n;
        if (n < deps.settings.batchSize) break;
        await sleep(deps.settings.pauseMs);
      }
      if (removed > 0) deps.logger?.info({ what: step.name, removed }, 'retention: expired records removed');
      total += removed;
    }
    return total;
  };
}

/** Webhook delivery records are kept this long. */
export const WEBHOOK_DELIVERY_RETENTION_MS = 30 * 24 * 3600_000;
