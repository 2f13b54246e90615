/** How long a key's claim is left to the request that made it before a repeat completes its send. */
export const CLAIM_LEASE_MS = 5_000;

/**
 * Whether the request that claimed an `Idempotency-Key` at `claimedAt` is taken to have died, its
 * send still unwritten, by `now`: once its lease has passed, a repeat writes the send under the
 * claimed id; until then a repeat waits for it.
 */
export const claimLeasePassed = (claimedAt: Date, now: Date, leaseMs = CLAIM_LEASE_MS): boolean => now.getTime() - claimedAt.getTime() > leaseMs;
