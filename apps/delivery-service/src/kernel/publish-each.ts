/** How many job publishes wait for their JetStream acknowledgement at once. */
const IN_FLIGHT = 64;

/**
 * Publishes one job per id, up to IN_FLIGHT acknowledgements awaited at once (one at a time cost a
 * broker round trip per job); resolves when every job is acknowledged, rejects on the first failure
 * (the caller's step is retried whole; duplicates are dropped by the jobs' message ids).
 */
export async function publishEach<T>(ids: readonly T[], publish: (id: T) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < ids.length; i += IN_FLIGHT) await Promise.all(ids.slice(i, i + IN_FLIGHT).map(publish));
}
