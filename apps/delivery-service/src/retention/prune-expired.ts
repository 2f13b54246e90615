import { quotaPeriod } from '../kernel/quota';
import { type QuotaRepository } from '../outbound';
import type { IdempotencyRepository } from '../sends';

/** The ports this use case works with. */
export interface PruneExpiredDeps {
  idempotency: IdempotencyRepository;
  now: () => Date;
  quota: QuotaRepository;
}

/**
 * Housekeeping: quota units of months before the previous one (a notification created last month
 * may still spend its email unit in this one) and idempotency keys past 24 h, deleted in bounded
 * batches.
 */
export function createPruneExpired(deps: PruneExpiredDeps) {
  return async (maxBatches = 10): Promise<number> => {
    const now = deps.now();
    const period = quotaPeriod(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)));
    let removed = 0;
    for (let i = 0; i < maxBatches; i++) {
      const n =
        (await deps.quota.prune(period)) +
        (await deps.idempotency.prune(new Date(now.getTime() - 24 * 3600_000)));
      removed += n;
      if (n === 0) break;
    }
    return removed;
  };
}
