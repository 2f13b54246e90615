import { fromBinary } from '@bufbuild/protobuf';
import { Code, ConnectError } from '@connectrpc/connect';
import { RECIPIENT_DELETED_SUBJECT, RecipientDeletedSchema } from '@herald/contracts';
import { notFound, type Logger, type NatsConnection } from '@herald/service-kit';
import type { RecipientClient } from './rpc/peer-clients';
import type { RecipientPresence } from './usecases/ports';

/**
 * "This recipient exists" for the send path (`EnsureRecipient`, which creates it when missing) and
 * the feed routes (`GetRecipient`, 404 when missing), kept in memory for `ttlMs` after the
 * recipient service confirmed it, so a burst of sends to the same recipients costs one internal
 * call per recipient instead of one per send. Only positive answers are kept. Every replica
 * listens to the RecipientDeleted events (a core NATS subscription on the JetStream subject) and
 * forgets the recipient at once; a confirmation in flight while it was forgotten is not kept.
 */
export function createRecipientPresence(opts: { recipients: RecipientClient; ttlMs: number; maxEntries?: number; now?: () => number }): RecipientPresence & {
  forget(projectId: bigint | number, recipientId: string): void;
} {
  const now = opts.now ?? Date.now;
  const maxEntries = opts.maxEntries ?? 100_000;
  const known = new Map<string, number>(); // key -> expiry
  const forgets = new Map<string, number>(); // key -> forget count (bounded like `known`)
  const keyOf = (projectId: bigint | number, recipientId: string) => `${projectId}:${recipientId}`;

  const confirm = async (key: string, ask: () => Promise<unknown>): Promise<void> => {
    const expiry = known.get(key);
    if (expiry !== undefined && expiry > now()) return;
    const before = forgets.get(key) ?? 0;
    await ask();
    if (opts.ttlMs <= 0 || (forgets.get(key) ?? 0) !== before) return;
    if (known.size >= maxEntries) known.delete(known.keys().next().value!);
    known.delete(key);
    known.set(key, now() + opts.ttlMs);
  };

  return {
    /** Creates the recipient when it does not exist (direct sends auto-create their recipient). */
    ensure: (projectId: bigint, recipientId: string) =>
      confirm(keyOf(projectId, recipientId), () => opts.recipients.ensureRecipient({ projectId, id: recipientId })),
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
  };
}

/** Forgets deleted recipients as their RecipientDeleted events pass (every replica sees each one). */
export function listenForDeletions(nc: NatsConnection, presence: Pick<ReturnType<typeof createRecipientPresence>, 'forget'>, logger: Logger) {
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
