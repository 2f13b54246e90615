import type { ApiKeyRecord, KeyRepository } from '../projects/key-repository';
import type { Project, ProjectRepository } from '../projects/project-repository';
import { TtlCache } from '../support/ttl-cache';

export interface CredentialCacheOptions {
  /** How long a found key is trusted without asking the store (revocations evict at once). */
  keyTtlMs: number;
  /** How long an unknown key is remembered as unknown (keys are random: none can appear later). */
  unknownKeyTtlMs: number;
  /** How long project settings are reused; a change on another replica shows after at most this. */
  projectTtlMs: number;
  maxEntries: number;
  now?: () => number;
}

export const DEFAULT_CACHE_OPTIONS: CredentialCacheOptions = { keyTtlMs: 60_000, unknownKeyTtlMs: 5_000, projectTtlMs: 2_000, maxEntries: 50_000 };

/**
 * Key and project lookups for authentication, cached in memory so a request costs no store round
 * trip. A revoked key's hash is remembered for twice the key lifetime, so a lookup that raced the
 * revocation can never put the key back in the cache.
 */
export function createCredentialCache(repos: { keys: KeyRepository; projects: ProjectRepository }, opts = DEFAULT_CACHE_OPTIONS) {
  const now = opts.now ?? Date.now;
  const keys = new TtlCache<string, ApiKeyRecord | null>(opts.maxEntries, now);
  const revoked = new TtlCache<string, true>(opts.maxEntries, now);
  const projects = new TtlCache<number, Project | null>(opts.maxEntries, now);

  return {
    async findKey(hash: string): Promise<ApiKeyRecord | null> {
      if (revoked.has(hash)) return null;
      const cached = keys.get(hash);
      if (cached !== undefined) return cached;
      const found = await repos.keys.findByHash(hash);
      if (revoked.has(hash)) return null;
      keys.set(hash, found, found ? opts.keyTtlMs : opts.unknownKeyTtlMs);
      return found;
    },
    async findProject(id: number): Promise<Project | null> {
      const cached = projects.get(id);
      if (cached !== undefined) return cached;
      const found = await repos.projects.findById(id);
      projects.set(id, found, opts.projectTtlMs);
      return found;
    },
    keyRevoked(hash: string): void {
      keys.delete(hash);
      revoked.set(hash, true, 2 * opts.keyTtlMs);
    },
    projectChanged(id: number): void {
      projects.delete(id);
    },
  };
}
export type CredentialCache = ReturnType<typeof createCredentialCache>;
