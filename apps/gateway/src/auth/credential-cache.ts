import type { ApiKeyRecord, KeyRepository } from '../projects/key-repository';
import type { Project, ProjectRepository } from '../projects/project-repository';
import { TtlCache } from '../support/ttl-cache';

export interface CredentialCacheOptions {
  /** How long a found key is trusted without asking the store (revocations evict at once). */
  keyTtlMs: number;
  /**
   * How long an unknown key is remembered as unknown. Keys are 256-bit random values, so a key
   * looked up before it exists is not a practical case; should it happen, the new key works on
   * this replica at once (creation evicts it) and on the others after at most this long.
   */
  unknownKeyTtlMs: number;
  /** How long project settings are reused; a change on another replica shows after at most this. */
  projectTtlMs: number;
  /** Bound of each cache of known things (keys, key ids, projects). */
  maxEntries: number;
  /** Bound of the cache of unknown keys: a flood of random keys can never evict a known one. */
  maxUnknownEntries: number;
  /** While the revocation channel (NATS) is down, what is found is trusted at most this long. */
  disconnectedTtlMs: number;
  now?: () => number;
}

export const DEFAULT_CACHE_OPTIONS: CredentialCacheOptions = {
  keyTtlMs: 60_000,
  unknownKeyTtlMs: 5_000,
  projectTtlMs: 2_000,
  maxEntries: 50_000,
  maxUnknownEntries: 10_000,
  disconnectedTtlMs: 1_000,
};

/** Called before a lookup that has to ask the store; throws to refuse it (failed-auth limit). */
export type BeforeStoreLookup = () => void;

/**
 * Key and project lookups for authentication, cached in memory so a request costs no store round
 * trip. Known and unknown keys live in separate caches. A revoked key's hash and id are remembered
 * for twice the key lifetime, so a lookup that raced the revocation can never put the key back.
 * `clear()` (the revocation channel dropped or came back: messages may have been missed) forgets
 * everything, and lookups that were in flight across it are not kept.
 */
export function createCredentialCache(repos: { keys: Pick<KeyRepository, 'findByHash' | 'findById'>; projects: Pick<ProjectRepository, 'findById'> }, options: Partial<CredentialCacheOptions> = {}) {
  const opts = { ...DEFAULT_CACHE_OPTIONS, ...options };
  const now = opts.now ?? Date.now;
  const keys = new TtlCache<string, ApiKeyRecord>(opts.maxEntries, now);
  const unknown = new TtlCache<string, true>(opts.maxUnknownEntries, now);
  const revoked = new TtlCache<string, true>(opts.maxEntries, now);
  const keyIds = new TtlCache<number, boolean>(opts.maxEntries, now);
  const revokedIds = new TtlCache<number, true>(opts.maxEntries, now);
  const projects = new TtlCache<number, Project | null>(opts.maxEntries, now);
  let generation = 0;
  let connected = true;
  const ttl = (ms: number) => (connected ? ms : Math.min(ms, opts.disconnectedTtlMs));

  const markRevokedId = (id: number) => {
    keyIds.set(id, false, 2 * opts.keyTtlMs);
    revokedIds.set(id, true, 2 * opts.keyTtlMs);
  };

  return {
    async findKey(hash: string, beforeStoreLookup?: BeforeStoreLookup): Promise<ApiKeyRecord | null> {
      if (revoked.has(hash) || unknown.has(hash)) return null;
      const cached = keys.get(hash);
      if (cached !== undefined) return cached;
      beforeStoreLookup?.();
      const started = generation;
      const found = await repos.keys.findByHash(hash);
      if (revoked.has(hash) || (found && revokedIds.has(found.id))) return null;
      if (started === generation) {
        if (found) keys.set(hash, found, ttl(opts.keyTtlMs));
        else unknown.set(hash, true, opts.unknownKeyTtlMs);
      }
      return found;
    },
    /** Whether the key with this id still exists (recipient tokens name the key that minted them). */
    async keyExists(id: number, beforeStoreLookup?: BeforeStoreLookup): Promise<boolean> {
      if (revokedIds.has(id)) return false;
      const cached = keyIds.get(id);
      if (cached !== undefined) return cached;
      beforeStoreLookup?.();
      const started = generation;
      const exists = (await repos.keys.findById(id)) !== null;
      if (revokedIds.has(id)) return false;
      // Key ids are never reused: a missing one stays missing, so that answer can be kept long.
      if (started === generation) keyIds.set(id, exists, exists ? ttl(opts.keyTtlMs) : 2 * opts.keyTtlMs);
      return exists;
    },
    async findProject(id: number): Promise<Project | null> {
      const cached = projects.get(id);
      if (cached !== undefined) return cached;
      const started = generation;
      const found = await repos.projects.findById(id);
      if (started === generation) projects.set(id, found, ttl(opts.projectTtlMs));
      return found;
    },
    keyRevoked(hash: string): void {
      const record = keys.get(hash);
      if (record) markRevokedId(record.id);
      keys.delete(hash);
      revoked.set(hash, true, 2 * opts.keyTtlMs);
    },
    keyIdRevoked(id: number): void {
      markRevokedId(id);
    },
    /** A key was created here: it must work at once even if it had been looked up as unknown. */
    keyCreated(hash: string): void {
      unknown.delete(hash);
    },
    projectChanged(id: number): void {
      projects.delete(id);
    },
    /** Forgets every cached answer (revocations stay remembered); in-flight lookups are not kept. */
    clear(): void {
      generation++;
      keys.clear();
      unknown.clear();
      keyIds.clear();
      projects.clear();
    },
    /** While disconnected, cached answers live at most `disconnectedTtlMs`. */
    setConnected(value: boolean): void {
      connected = value;
    },
  };
}
export type CredentialCache = ReturnType<typeof createCredentialCache>;
