import { KEY_REVOKED_SUBJECT } from '@herald/contracts';
import type { NatsConnection } from '@nats-io/nats-core';

/**
 * Revocations travel on core NATS to every gateway replica. The payload is the revoked key's
 * hash (hex): an opaque cache key, not a secret and not a domain event.
 */
export async function announceKeyRevoked(nc: NatsConnection, hash: string): Promise<void> {
  nc.publish(KEY_REVOKED_SUBJECT, hash);
  // Wait until the server has it, so every replica hears of it before the admin call answers.
  await nc.flush();
}

export function onKeyRevoked(nc: NatsConnection, evict: (hash: string) => void): { stop(): void } {
  const sub = nc.subscribe(KEY_REVOKED_SUBJECT, {
    callback: (err, msg) => {
      if (!err) evict(msg.string());
    },
  });
  return { stop: () => sub.unsubscribe() };
}
