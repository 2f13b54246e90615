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

/** How many publishes are encoded and handed to the connection before other tasks get the event loop. */
const ENCODE_WINDOW = 100;

/**
 * Publishes every item at once (each acknowledgement awaited concurrently: one round trip of
 * latency for the batch), encoding ENCODE_WINDOW at a time and letting the event loop run other
 * work (a direct send's step) between windows, so a chunk's thousand events do not hold the
 * process for the whole encoding. Resolves when every publish is acknowledged; rejects with the
 * first failure once all have settled.
 */
export async function publishAllInWindows<T>(items: readonly T[], publish: (item: T) => Promise<unknown>): Promise<void> {
  const acks: Promise<unknown>[] = [];
  for (let i = 0; i < items.length; i += ENCODE_WINDOW) {
    if (i > 0) await new Promise((r) => setImmediate(r));
    for (const item of items.slice(i, i + ENCODE_WINDOW)) {
      const ack = publish(item);
      // Handled below (Promise.all); a rejection while later windows are encoded is not unhandled.
      ack.catch(() => undefined);
      acks.push(ack);
    }
  }
  await Promise.all(acks);
}
