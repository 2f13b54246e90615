import { createBatcher } from '@herald/service-kit';
import type { OutboundMedium } from '../../kernel/outbound';
import type { ClaimCall, ClaimResult } from '../outbound-claims';
import type { OutcomeRepository, OutcomeWrite } from '../outcome-repository';

/** Jobs whose claims (or outcomes) one store command carries at most. */
const MAX_JOBS_PER_COMMAND = 200;
/** Commands of each kind in flight at once: a job arriving while one is in flight goes out at once with the next. */
const COMMANDS_IN_FLIGHT = 2;

/**
 * The outcome repository with the claims and the outcome writes of the jobs in hand coalesced: the
 * mobile push consumer handles one job per batch (so a slow provider's job holds no other), and
 * each job's claim insert and its outcome record (with the read of older versions' claims before
 * it) go to the store with those of the other jobs at the same step, as a group commit: while the
 * commands in flight run, the next jobs' gather for the next one. Each job keeps its own claim and
 * lease and learns only its own fate (held, held elsewhere, retaken; written or not), as when it
 * wrote alone. Every other method is the repository's own.
 */
export function coalescedOutcomeWrites(outcomes: OutcomeRepository): OutcomeRepository {
  const claims = createBatcher<ClaimCall & { now: Date }, ClaimResult, OutboundMedium>({
    lingerMs: 0,
    maxBatch: MAX_JOBS_PER_COMMAND,
    concurrency: COMMANDS_IN_FLIGHT,
    // The first caller's time (they gather in the order they came): a lease passed then has passed for each of them.
    run: (calls, medium) => outcomes.claimOutboundEach(medium, calls, calls[0].now),
  });
  const writes = createBatcher<OutcomeWrite, number, OutboundMedium>({
    lingerMs: 0,
    maxBatch: MAX_JOBS_PER_COMMAND,
    concurrency: COMMANDS_IN_FLIGHT,
    run: (calls, medium) => outcomes.writeOutcomesEach(medium, calls),
  });
  return {
    ...outcomes,
    claimOutbound: (medium, requests, claim, leaseUntil, now) =>
      requests.length === 0 ? outcomes.claimOutbound(medium, requests, claim, leaseUntil, now) : claims.add({ requests, claim, leaseUntil, now }, medium),
    writeOutcomes: (medium, changes, docs, claim, now) => (changes.length === 0 ? outcomes.writeOutcomes(medium, changes, docs, claim, now) : writes.add({ changes, docs, claim, now }, medium)),
  };
}
