import { KEY_REVOKED_SUBJECT } from '@herald/contracts';
import type { NatsConnection } from '@nats-io/nats-core';

const ID_PREFIX = 'id:';
/** Core NATS subject on which gateway replicas tell each other a project's settings changed (`<project id>@<scope>`). */
export const PROJECT_CHANGED_SUBJECT = 'herald.gateway.project_changed';

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

/** A project's settings changed: every replica forgets its cached copy (ids are scoped like key ids). */
export async function announceProjectChanged(nc: NatsConnection, scope: string, id: number): Promise<void> {
  nc.publish(PROJECT_CHANGED_SUBJECT, `${id}@${scope}`);
  await nc.flush();
}

const scopedId = (text: string, scope: string): number | null => {
  const [idText, from] = text.split('@');
  const id = Number(idText);
  return from === scope && idText !== '' && Number.isSafeInteger(id) ? id : null;
};
const textOf = (data: Uint8Array) => new TextDecoder().decode(data);

/** The credentials (credential-cache.ts names) a revocation message names: `key:<hash>` or `key-id:<id>`. */
export const revokedKeysOf = (scope: string) => (data: Uint8Array): string[] => {
  const text = textOf(data);
  if (!text.startsWith(ID_PREFIX)) return [`key:${text}`];
  const id = scopedId(text.slice(ID_PREFIX.length), scope);
  return id === null ? [] : [`key-id:${id}`];
};

/** The credential a project-changed message names: `project:<id>` (none for another deployment's). */
export const changedProjectsOf = (scope: string) => (data: Uint8Array): string[] => {
  const id = scopedId(textOf(data), scope);
  return id === null ? [] : [`project:${id}`];
};
