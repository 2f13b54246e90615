import { backoff } from '@herald/service-kit';

/** Longest wait before a retry, also when a provider asks for more (Retry-After). */
export const MAX_RETRY_DELAY_MS = 3_600_000;

/**
 * The wait before the next attempt of a message whose `attempts`-th attempt failed transiently:
 * `baseMs` after the first, doubling after each further one, at least what the provider asked for
 * (`retryAfterMs`), at most an hour.
 */
export function retryDelayMs(attempts: number, baseMs: number, retryAfterMs = 0): number {
  const delay = backoff({ attempt: attempts, baseMs, maxMs: MAX_RETRY_DELAY_MS });
  return Math.min(MAX_RETRY_DELAY_MS, Math.max(delay, retryAfterMs));
}
