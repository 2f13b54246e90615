import { fromBinary } from '@bufbuild/protobuf';
import { Code, ConnectError } from '@connectrpc/connect';
import { RECIPIENT_DELETED_SUBJECT, RecipientDeletedSchema } from '@herald/contracts';
import { createBatcher, createCache, invalidateOn, notFound, type Logger, type NatsConnection } from '@herald/service-kit';
import type { RecipientClient } from './peer-clients';
import type { RecipientPresence } from '../kernel/ports';

const keyOf = (projectId: bigint | number, recipientId: string) => `${projectId}:${recipientId}`;

/**
 * "This recipient exists, as incarnation n" for the send path (`EnsureRecipients`, which creates
 * the missing ones) and the read routes (`GetRecipient`, 404 when missing), kept for `ttlMs` after
 * the recipient service confirmed it (service-kit's cache), so a burst of sends to the same
 * recipients costs one internal call per recipient instead of one per send. Only positive answers
 * are kept. Concurrent sends' ensures are coalesced per project (service-kit's batcher: `lingerMs`,
 * at most `maxBatch` ids): one call for many sends. Every replica evicts a recipient as its
 * RecipientDeleted event passes (`listenForDeletions`), and a confirmation in flight across that
 * eviction is not kept.
 *
 * Reads (`require`: feed, unread count, a notification by id, hence a stream's opening) first pass
 * `barrier` ("erasure is visible at once"): it resolves once every event the broker
 * delivered to this process before the read began has been handled (a NATS flush: the PONG follows
 * them on the same connection), so an erasure whose DELETE has answered (the recipient service
 * publishes RecipientDeleted before it answers) has evicted the recipient before the read looks.
 * When it resolves false (the broker is not reachable: events may be missed), the read asks the
 * recipient service and keeps nothing.
 */
export function createRecipientPresence(opts: {
  recipients: Pick<RecipientClient, 'ensureRecipients' | 'getRecipient'>;
  ttlMs: number;
  maxEntries?: number;
  lingerMs?: number;
  maxBatch?: number;
  /** Awaited by `require` before it trusts the cache; false: bypass the cache. Absent: always trust it. */
  barrier?: () => Promise<boolean>;
}): RecipientPresence & { forget(projectId: bigint | number, recipientId: string): void; forgetAll(): void; cache: ReturnType<typeof createCache<number>> } {
  const cache = createCache<number>({ max: opts.maxEntries ?? 100_000, ttlMs: opts.ttlMs });
  const ensureBatch = createBatcher<string, number, bigint>({
    lingerMs: opts.lingerMs ?? 2,
    maxBatch: opts.maxBatch ?? 200,
    concurrency: 4,
    async run(ids, projectId) {
      const unique = [...new Set(ids)];
      const { seqs } = await opts.recipients.ensureRecipients({ projectId, ids: unique });
      const seqOf = new Map(unique.map((id, i) => [id, Number(seqs[i] ?? 0n)]));
      return ids.map((id) => seqOf.get(id)!);
    },
  });
  return {
    cache,
    ensure: async (projectId, recipientId) => (await cache.getOrLoad(keyOf(projectId, recipientId), () => ensureBatch.add(recipientId, projectId)))!,
    require: async (projectId, recipientId) => {
      const ask = async () => {
        try {
          return Number((await opts.recipients.getRecipient({ projectId, id: recipientId })).recipient?.seq ?? 0n);
        } catch (err) {
          if (err instanceof ConnectError && err.code === Code.NotFound) throw notFound('recipient_not_found', 'Recipient not found');
          throw err;
        }
      };
      if (opts.barrier && !(await opts.barrier())) return ask();
      return (await cache.getOrLoad(keyOf(projectId, recipientId), ask))!;
    },
    forget: (projectId, recipientId) => cache.delete(keyOf(projectId, recipientId)),
    forgetAll: () => cache.clear(),
  };
}

/**
 * The read barrier of `createRecipientPresence` over a NATS connection: a flush (PING, then the
 * PONG, which the server sends after every message it had for this connection), bounded by
 * `timeoutMs`. False at once while the connection is down (closed, or between a disconnect and the
 * reconnect: events may be missed, and the cache is offline meanwhile), and when the flush fails or
 * times out.
 */
export function natsReadBarrier(nc: NatsConnection, timeoutMs = 1000): () => Promise<boolean> {
  let down = false;
  void (async () => {
    for await (const s of nc.status()) {
      if (s.type === 'disconnect') down = true;
      else if (s.type === 'reconnect') down = false;
    }
  })().catch(() => {
    down = true;
  });
  return async () => {
    if (down || nc.isClosed()) return false;
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        nc.flush().then(() => true),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(false), timeoutMs);
        }),
      ]);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  };
}

/** Evicts deleted recipients as their RecipientDeleted events pass (every replica sees each one); everything when NATS drops or returns. */
export function listenForDeletions(nc: NatsConnection, presence: { cache: ReturnType<typeof createCache<number>> }, logger: Logger) {
  const stop = invalidateOn(nc, {
    subject: RECIPIENT_DELETED_SUBJECT,
    keysOf: (data) => {
      const ev = fromBinary(RecipientDeletedSchema, data);
      return [keyOf(ev.projectId, ev.recipientId)];
    },
    caches: [presence.cache],
    logger,
    what: 'recipient presence',
  });
  return { stop };
}
