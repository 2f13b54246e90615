import { HeraldAuthenticationError } from '../errors.js';
import type { InboxApi } from './inbox-api.js';

/** Runs `request`; after a 401, once more when `refresh` gave a fresh token (true). */
export async function withFreshToken<T>(request: () => Promise<T>, refresh: () => Promise<boolean>): Promise<T> {
  try {
    return await request();
  } catch (e) {
    if (e instanceof HeraldAuthenticationError && (await refresh())) return request();
    throw e;
  }
}

/**
 * The same inbox API asking `refresh` for a fresh token when the gateway answers 401: a request is
 * then made once more (when `refresh` gave one: true), and a stream refused with 401 gets a fresh
 * token before it reconnects by itself.
 */
export function withTokenRefresh(api: InboxApi, refresh: () => Promise<boolean>): InboxApi {
  const retried =
    <A extends unknown[], R>(request: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> =>
      withFreshToken(() => request(...args), refresh);
  return {
    page: retried(api.page),
    counts: retried(api.counts),
    update: retried(api.update),
    updateMany: api.updateMany && retried(api.updateMany),
    markAllRead: retried(api.markAllRead),
    markAllSeen: retried(api.markAllSeen),
    subscribe: (handlers) =>
      api.subscribe({
        ...handlers,
        error: (e) => {
          if (e instanceof HeraldAuthenticationError) void refresh().catch(() => undefined);
          handlers.error?.(e);
        },
      }),
  };
}
