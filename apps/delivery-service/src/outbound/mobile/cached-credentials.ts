import { createCache, type Clock } from '@herald/service-kit';

/** How long a project's provider settings are used before they are read again (a replaced key takes effect within it). */
export const CREDENTIALS_TTL_MS = 5_000;
const MAX_KEPT = 10_000;

type Read = (projectId: number, platform: 'fcm' | 'apns') => Promise<Record<string, string> | null>;

/**
 * A project's provider settings for the mobile push sender, read (a store read and an AES-GCM open)
 * once per project and provider every few seconds instead of once per device push. An unconfigured
 * provider is remembered as well. Concurrent reads of one key share one load.
 */
export function cachedCredentials(read: Read, clock?: Clock): Read {
  const cache = createCache<{ settings: Record<string, string> | null }>({ max: MAX_KEPT, ttlMs: CREDENTIALS_TTL_MS, ...(clock ? { clock } : {}) });
  return async (projectId, platform) => {
    const hit = await cache.getOrLoad(`${projectId}:${platform}`, async () => ({ settings: await read(projectId, platform) }));
    return hit!.settings;
  };
}
