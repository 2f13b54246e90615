import { fromBinary } from '@bufbuild/protobuf';
import { Code, ConnectError } from '@connectrpc/connect';
import { RECIPIENT_DELETED_SUBJECT, RecipientDeletedSchema } from '@herald/contracts';
import { notFound, type Logger, type NatsConnection } from '@herald/service-kit';
import type { RecipientClient } from './rpc/peer-clients';
import type { RecipientPresence } from './usecases/ports';

/**
 * "This recipient exists" for the send path (`EnsureRecipients`, which creates the missing ones) and
 * the feed routes (`GetRecipient`, 404 when missing), kept in memory for `ttlMs` after the
 * recipient service confirmed it, so a burst of sends to the same recipients costs one internal
 * call per recipient instead of one per send. Only positive answers are kept. Concurrent sends'
 * ensures are coalesced per project (`lingerMs`, at most `maxBatch` ids): one call for many sends.
 * Every replica listens to the RecipientDeleted events (a core NATS subscription on the JetStream
 * subject) and forgets the recipient at once; a confirmation in flight while it was forgotten is not
 * kept; while the NATS connection is down (events may be missed) everything is forgotten.
 */
export function createRecipientPresence(opts: {
  recipients: Pick<RecipientClient, 'ensureRecipients' | 'getRecipient'>;
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
  lingerMs?: number;
  maxBatch?: number;
}): RecipientPresence & {
  forget(projectId: bigint | number, recipientId: string): void;
  forgetAll(): void;
} {
  const now = opts.now ?? Date.now;
  const maxEntries = opts.maxEntries ?? 100_000;
  const known = new Map<string, number>(); // key -> expiry
  const forgets = new Map<string, number>(); // key -> forget count (bounded like `known`)
  let epoch = 0; // bumped by forgetAll: confirmations in flight across it are not kept
  const keyOf = (projectId: bigint | number, recipientId: string) => `${projectId}:${recipientId}`;
  const ensureBatch = coalesce<bigint, string>({
    lingerMs: opts.lingerMs ?? 2,
    maxBatch: opts.maxBatch ?? 200,
    run: async (projectId, ids) => {
      await opts.recipients.ensureRecipients({ projectId, ids });
    },
  });

  const confirm = async (key: string, ask: () => Promise<unknown>): Promise<void> => {
    const expiry = known.get(key);
    if (expiry !== undefined && expiry > now()) return;
    const before = forgets.get(key) ?? 0;
    const epochBefore = epoch;
    await ask();
    if (opts.ttlMs <= 0 || (forgets.get(key) ?? 0) !== before || epoch !== epochBefore) return;
    if (known.size >= maxEntries) known.delete(known.keys().next().value!);
    known.delete(key);
    known.set(key, now() + opts.ttlMs);
  };

  return {
    /** Creates the recipient when it does not exist (direct sends auto-create their recipient). */
    ensure: (projectId: bigint, recipientId: string) => confirm(keyOf(projectId, recipientId), () => ensureBatch(projectId, recipientId)),
    /** 404 `Recipient not found` for a recipient the recipient service does not know. */
    require: (projectId: bigint, recipientId: string) =>
      confirm(keyOf(projectId, recipientId), async () => {
        try {
          await opts.recipients.getRecipient({ projectId, id: recipientId });
        } catch (err) {
          if (err instanceof ConnectError && err.code === Code.NotFound) throw notFound('recipient_not_found', 'Recipient not found');
          throw err;
        }
      }),
    forget(projectId: bigint | number, recipientId: string): void {
      const key = keyOf(projectId, recipientId);
      known.delete(key);
      if (forgets.size >= maxEntries) forgets.delete(forgets.keys().next().value!);
      forgets.set(key, (forgets.get(key) ?? 0) + 1);
    },
    forgetAll(): void {
      epoch++;
      known.clear();
    },
  };
}

/**
 * Coalesces concurrent calls into one call per group: items arriving within `lingerMs` of the first
 * (or until `maxBatch` are waiting) go out together, once each; every caller learns its batch's fate.
 */
export function coalesce<G, T>(opts: { lingerMs: number; maxBatch: number; run: (group: G, items: T[]) => Promise<void> }) {
  interface Batch {
    items: Set<T>;
    start: () => void;
    done: Promise<void>;
    timer?: NodeJS.Timeout;
  }
  const open = new Map<G, Batch>();
  const fire = (group: G, batch: Batch) => {
    if (open.get(group) === batch) open.delete(group);
    clearTimeout(batch.timer);
    batch.start();
  };
  return (group: G, item: T): Promise<void> => {
    let batch = open.get(group);
    if (!batch) {
      let start!: () => void;
      const started = new Promise<void>((resolve) => (start = resolve));
      const items = new Set<T>();
      const fresh: Batch = { items, start, done: started.then(() => opts.run(group, [...items])) };
      fresh.timer = setTimeout(() => fire(group, fresh), opts.lingerMs);
      open.set(group, fresh);
      batch = fresh;
    }
    batch.items.add(item);
    const done = batch.done;
    if (batch.items.size >= opts.maxBatch) fire(group, batch);
    return done;
  };
}

/** Forgets deleted recipients as their RecipientDeleted events pass (every replica sees each one). */
export function listenForDeletions(nc: NatsConnection, presence: Pick<ReturnType<typeof createRecipientPresence>, 'forget' | 'forgetAll'>, logger: Logger) {
  // Deletions published while the connection is down are never seen here: forget everything then.
  void (async () => {
    for await (const s of nc.status()) if (s.type === 'disconnect' || s.type === 'reconnect') presence.forgetAll();
  })().catch((err: unknown) => logger.warn({ err }, 'NATS status watch ended'));
  const sub = nc.subscribe(RECIPIENT_DELETED_SUBJECT, {
    callback: (err, msg) => {
      if (err) return logger.warn({ err }, 'recipient deletion subscription failed');
      try {
        const ev = fromBinary(RecipientDeletedSchema, msg.data);
        presence.forget(ev.projectId, ev.recipientId);
      } catch (decodeErr) {
        logger.warn({ err: decodeErr }, 'undecodable RecipientDeleted event');
      }
    },
  });
  return { stop: () => sub.unsubscribe() };
}
