import { eventually } from '@herald/testing';

/**
 * Waits until `read` (a question to one replica) answers `want`: what another replica changed can
 * reach it only through the invalidation broadcast. Fails naming `want` when it never does.
 */
export async function replicaReads<T>(read: () => Promise<T>, want: T): Promise<void> {
  await eventually(`the replica reads ${JSON.stringify(want)}`, async () => JSON.stringify(await read()) === JSON.stringify(want));
}
