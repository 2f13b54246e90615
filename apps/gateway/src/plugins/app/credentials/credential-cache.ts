import { createCache, type Cache, type Invalidatable } from '@herald/service-kit';
import type { ApiKeyRecord, KeyRepository } from './key-repository';
import type { Project, ProjectRepository } from './project-repository';

export interface CredentialCacheOptions {
  /** How long a found key is trusted without asking the store (revocations evict at once). */
  keyTtlMs: number;
  /**
   * How long an unknown key is remembered as unknown. Keys are 256-bit random values, so a key
   * looked up before it exists is not a practical case; should it happen, the new key works on
   * this replica at once (creation evicts it) and on the others after at most this long.
   */
  unknownKeyTtlMs: number;
  /** How long project settings are reused (backstop: a change is announced to every replica). */
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
  projectTtlMs: 60_000,
  maxEntries: 50_000,
  maxUnknownEntries: 10_000,
  disconnectedTtlMs: 1_000,
};

/** Called before a lookup that has to ask the store; throws to refuse it (failed-auth limit). */
export type BeforeStoreLookup = () => void;

/**
 * One store lookup feeding two caches, what was found and what was not (each with its own bound
 * and lifetime), both with the cache's guarantee that a lookup in flight across an eviction is not
 * kept. Concurrent lookups of one key share one store read.
 */
async function readThrough<V extends NonNullable<unknown>>(found: Cache<V>, missing: Cache<true>, key: string, load: () => Promise<V | null>): Promise<V | null> {
  let lookup: Promise<V | null> | undefined;
  const once = () => (lookup ??= load());
  const [value] = await Promise.all([
    found.getOrLoad(key, async () => (await once()) ?? undefined),
    missing.getOrLoad(key, async () => ((await once()) === null ? true : undefined)),
  ]);
  return value ?? null;
}

/**
 * Key and project lookups for authentication, cached in memory (the service kit's cache) so a
 * request costs no store round trip. Known and unknown keys live in separate caches. A revoked
 * key's hash and id are remembered for twice the key lifetime, so a lookup that raced the
 * revocation can never bring the key back.
 *
 * Kept in step across replicas through `invalidatable` (driven by `invalidateOn`, see
 * plugins/app/credentials/index.ts), whose keys name credentials: `key:<hash>` and `key-id:<id>` (revoked),
 * `project:<id>` (settings changed). When the channel drops or returns everything is forgotten but
 * the revocations; while it is down, answers are kept `disconnectedTtlMs` at most.
 */
export function createCredentialCache(repos: { keys: Pick<KeyRepository, 'findByHash' | 'findById'>; projects: Pick<ProjectRepository, 'findById'> }, options: Partial<CredentialCacheOptions> = {}) {
  const opts = { ...DEFAULT_CACHE_OPTIONS, ...options };
  const cache = <V extends NonNullable<unknown>>(max: number, ttlMs: number) => createCache<V>({ max, ttlMs, offlineTtlMs: opts.disconnectedTtlMs, now: opts.now });
  const keys = cache<ApiKeyRecord>(opts.maxEntries, opts.keyTtlMs);
  const unknown = cache<true>(opts.maxUnknownEntries, opts.unknownKeyTtlMs);
  const keyIds = cache<ApiKeyRecord>(opts.maxEntries, opts.keyTtlMs);
  // Key ids are never reused: a missing one stays missing, so that answer can be kept long.
  const missingIds = cache<true>(opts.maxEntries, 2 * opts.keyTtlMs);
  const projects = cache<{ project: Project | null }>(opts.maxEntries, opts.projectTtlMs);
  const forgettable = [keys, unknown, keyIds, missingIds, projects];
  // Revocations outlive a cleared cache and an offline spell: never set offline, never cleared.
  const revoked = createCache<true>({ max: opts.maxEntries, ttlMs: 2 * opts.keyTtlMs, now: opts.now });
  const revokedIds = createCache<true>({ max: opts.maxEntries, ttlMs: 2 * opts.keyTtlMs, now: opts.now });

  const keyRevoked = (hash: string) => {
    const record = keys.get(hash);
    if (record) keyIdRevoked(record.id);
    keys.delete(hash);
    revoked.set(hash, true);
  };
  const keyIdRevoked = (id: number) => {
    keyIds.delete(String(id));
    revokedIds.set(String(id), true);
  };
  const projectChanged = (id: number) => projects.delete(String(id));
  const clear = () => forgettable.forEach((c) => c.clear());
  const setOnline = (online: boolean) => forgettable.forEach((c) => c.setOnline(online));

  return {
    async findKey(hash: string, beforeStoreLookup?: BeforeStoreLookup): Promise<ApiKeyRecord | null> {
      if (revoked.get(hash) || unknown.get(hash)) return null;
      const cached = keys.get(hash);
      if (cached !== undefined) return cached;
      beforeStoreLookup?.();
      const found = await readThrough(keys, unknown, hash, () => repos.keys.findByHash(hash));
      if (revoked.get(hash) || (found && revokedIds.get(String(found.id)))) return null;
      return found;
    },
    /** Whether the key with this id still exists (recipient tokens name the key that minted them). */
    async keyExists(id: number, beforeStoreLookup?: BeforeStoreLookup): Promise<boolean> {
      const k = String(id);
      if (revokedIds.get(k) || missingIds.get(k)) return false;
      if (keyIds.get(k)) return true;
      beforeStoreLookup?.();
      const found = await readThrough(keyIds, missingIds, k, () => repos.keys.findById(id));
      return found !== null && !revokedIds.get(k);
    },
    async findProject(id: number): Promise<Project | null> {
      return (await projects.getOrLoad(String(id), async () => ({ project: await repos.projects.findById(id) })))!.project;
    },
    keyRevoked,
    keyIdRevoked,
    /** A key was created here: it must work at once even if it had been looked up as unknown. */
    keyCreated(hash: string): void {
      unknown.delete(hash);
    },
    projectChanged,
    /** Forgets every cached answer (revocations stay remembered); in-flight lookups are not kept. */
    clear,
    /** While offline, cached answers live at most `disconnectedTtlMs`. */
    setOnline,
    /** What invalidateOn drives: `key:<hash>`, `key-id:<id>`, `project:<id>` evict that credential. */
    invalidatable: {
      delete: (name: string) => {
        const sep = name.indexOf(':');
        const [kind, value] = [name.slice(0, sep), name.slice(sep + 1)];
        if (kind === 'key') keyRevoked(value);
        else if (kind === 'key-id' && Number.isSafeInteger(Number(value))) keyIdRevoked(Number(value));
        else if (kind === 'project' && Number.isSafeInteger(Number(value))) projectChanged(Number(value));
      },
      clear,
      setOnline,
    } satisfies Invalidatable,
  };
}
export type CredentialCache = ReturnType<typeof createCredentialCache>;
