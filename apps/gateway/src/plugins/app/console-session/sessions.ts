import { createHash, randomBytes } from 'node:crypto';
import type { Principal } from '../auth/principal';
import type { CredentialCache } from '../credentials/credential-cache';
import type { Project } from '../credentials/project-repository';
import type { SessionRepository } from './session-repository';

/** A session ends this long after its last use (each use renews it, at most once a minute)… */
export const SESSION_IDLE_MS = 15 * 60_000;
const RENEW_AFTER_MS = 60_000;
/** …and this long after sign-in, whatever its use. */
export const SESSION_MAX_MS = 12 * 3600_000;

/** The key id of a session opened with the admin token (no key backs it: no recipient token it mints verifies). */
export const ADMIN_SESSION_KEY_ID = 0;

export interface ResolvedSession {
  /** The session's id: the hash of its cookie's value (never the value). */
  id: string;
  /** When it ends unless used again. */
  expiresAt: Date;
  principal: Principal;
  project: Project;
  /** The session's new expiry when this use renewed it (the cookie is written again). */
  renewedUntil: Date | null;
}

const hashOf = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

/**
 * The console's sessions: a random value in the cookie, its hash in the store with the project and
 * the key it stands for. Every use re-checks that key (a revoked key ends the session at once) and
 * the project; the cookie's value is the only secret the browser holds, never the key.
 */
export function createConsoleSessions(deps: { sessions: SessionRepository; credentials: Pick<CredentialCache, 'keyExists' | 'findProject'>; now: () => Date }) {
  return {
    /** Opens a session for a project and the key that proved access to it (null: the admin token). */
    async open(projectId: number, keyId: number | null): Promise<{ value: string; expiresAt: Date }> {
      const value = randomBytes(32).toString('base64url');
      const now = deps.now();
      const expiresAt = new Date(now.getTime() + SESSION_IDLE_MS);
      await deps.sessions.removeExpired(now);
      await deps.sessions.insert({ _id: hashOf(value), project_id: projectId, key_id: keyId, expires_at: expiresAt, created_at: now });
      return { value, expiresAt };
    },

    /** The principal a cookie value stands for, or null (unknown, expired, revoked key, project gone: the session is removed). */
    async resolve(value: string): Promise<ResolvedSession | null> {
      const hash = hashOf(value);
      const now = deps.now();
      const doc = await deps.sessions.find(hash, now);
      if (!doc) return null;
      const keyAlive = doc.key_id === null || (await deps.credentials.keyExists(doc.key_id));
      const project = keyAlive ? await deps.credentials.findProject(doc.project_id) : null;
      if (!project) {
        await deps.sessions.remove(hash);
        return null;
      }
      const principal: Principal = { kind: 'key', projectId: doc.project_id, keyId: doc.key_id ?? ADMIN_SESSION_KEY_ID, scope: 'full' };
      const renewed = Math.min(now.getTime() + SESSION_IDLE_MS, doc.created_at.getTime() + SESSION_MAX_MS);
      if (renewed - doc.expires_at.getTime() < RENEW_AFTER_MS) return { id: hash, expiresAt: doc.expires_at, principal, project, renewedUntil: null };
      const renewedUntil = new Date(renewed);
      await deps.sessions.extend(hash, renewedUntil);
      return { id: hash, expiresAt: renewedUntil, principal, project, renewedUntil };
    },

    /** Ends a session; answers its id (the streams opened with it end too). */
    async end(value: string): Promise<string> {
      const id = hashOf(value);
      await deps.sessions.remove(id);
      return id;
    },
  };
}

export type ConsoleSessions = ReturnType<typeof createConsoleSessions>;
