import { KEY_REVOKED_SUBJECT } from '@herald/contracts';
import type { NatsConnection } from '@nats-io/nats-core';

const ID_PREFIX = 'id:';

/**
 * Revocations travel on core NATS to every gateway replica, as two messages: the revoked key's
 * hash (hex; an opaque cache key, not a secret and not a domain event), then `id:<key id>@<scope>`
 * (for the recipient tokens the key minted). Key ids are only unique within one gateway database,
 * so the id message names it (`scope`, the database name): a deployment (or test stack) sharing
 * the NATS server with another never takes the other's key 7 for its own. A replica that only
 * knows the first form ignores the second: no hash looks like it.
 */
export async function announceKeyRevoked(nc: NatsConnection, scope: string, hash: string, id?: number): Promise<void> {
  nc.publish(KEY_REVOKED_SUBJECT, hash);
  if (id !== undefined) nc.publish(KEY_REVOKED_SUBJECT, `${ID_PREFIX}${id}@${scope}`);
  // Wait until the server has it, so every replica hears of it before the admin call answers.
  await nc.flush();
}

export function onKeyRevoked(nc: NatsConnection, scope: string, evict: { hash(hash: string): void; id(id: number): void }): { stop(): void } {
  const sub = nc.subscribe(KEY_REVOKED_SUBJECT, {
    callback: (err, msg) => {
      if (err) return;
      const text = msg.string();
      if (!text.startsWith(ID_PREFIX)) return evict.hash(text);
      const [idText, from] = text.slice(ID_PREFIX.length).split('@');
      const id = Number(idText);
      if (from === scope && Number.isSafeInteger(id)) evict.id(id);
    },
  });
  return { stop: () => sub.unsubscribe() };
}

/**
 * Watches the NATS connection: while it is down, revocation and deletion messages can be missed,
 * so `lost` runs when it drops and `back` when it is re-established (both should forget cached
 * credentials; compare the preference service's catalog cache).
 */
export function onConnectionChange(nc: Pick<NatsConnection, 'status'>, handlers: { lost(): void; back(): void }, onEnd: (err: unknown) => void = () => {}): void {
  void (async () => {
    for await (const s of nc.status()) {
      if (s.type === 'disconnect') handlers.lost();
      else if (s.type === 'reconnect') handlers.back();
    }
  })().catch(onEnd);
}
