/**
 * When the next attempt of a failed webhook delivery is due (docs/webhooks.md): the schedule's
 * delay after attempt n (immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h: eight attempts
 * over about a day and a half), with ±10 % jitter so endpoints that failed together do not come
 * back together. A `Retry-After` on 429, 502, 503 or 504 replaces the schedule's delay (capped
 * at 10 h). null: no attempt is left.
 */
export const DEFAULT_RETRY_SCHEDULE_MS = [0, 5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];

const RETRY_AFTER_STATUSES = new Set([429, 502, 503, 504]);
/** The longest `Retry-After` honoured. */
export const RETRY_AFTER_CAP_MS = 36_000_000;

export function nextAttemptDelayMs(opts: {
  schedule: readonly number[];
  /** Attempts made so far, the failed one included. */
  attempts: number;
  status: number | null;
  retryAfterMs: number | null;
  random?: () => number;
}): number | null {
  const { schedule, attempts, status } = opts;
  if (attempts >= schedule.length) return null;
  if (status !== null && RETRY_AFTER_STATUSES.has(status) && opts.retryAfterMs !== null) {
    return Math.min(Math.max(0, opts.retryAfterMs), RETRY_AFTER_CAP_MS);
  }
  const base = schedule[attempts];
  const jitter = 1 + ((opts.random ?? Math.random)() * 0.2 - 0.1);
  return Math.round(base * jitter);
}

/** A `Retry-After` value (delay-seconds or an HTTP date) in milliseconds from `now`; null when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now: number): number | null {
  if (!value) return null;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** Parses WEBHOOK_RETRY_SCHEDULE_MS (comma-separated delays, the first usually 0). */
export function parseSchedule(text: string): number[] {
  const parts = text.split(',').map((s) => Number(s.trim()));
  if (parts.length === 0 || parts.some((n) => !Number.isInteger(n) || n < 0)) throw new Error(`invalid retry schedule: ${text}`);
  return parts;
}
