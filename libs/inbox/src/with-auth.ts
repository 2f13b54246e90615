import { HeraldAuthenticationError } from '@herald/client';

/**
 * Runs `fn`; on a 401 asks `refresh` for a fresh token (false: none) and runs it once more; a
 * failure goes to `fail` and gives undefined.
 */
export async function withAuth<T>(fn: () => Promise<T>, refresh: () => Promise<boolean>, fail: (err: unknown) => void): Promise<T | undefined> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof HeraldAuthenticationError && (await refresh())) {
      try {
        return await fn();
      } catch (again) {
        fail(again);
        return undefined;
      }
    }
    fail(err);
    return undefined;
  }
}
