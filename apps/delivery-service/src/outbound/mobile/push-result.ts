/** What one push to one device came to. */
export type MobilePushResult =
  | { kind: 'sent'; id: string | null }
  /** The provider says the device is gone (FCM UNREGISTERED, APNs 410): remove it. */
  | { kind: 'gone'; reason: string }
  /** Worth another attempt (429, 5xx, no answer), after at least `retryAfterMs` when the provider said so. */
  | { kind: 'retry'; status: number; reason: string; retryAfterMs: number | null }
  | { kind: 'failed'; status: number; reason: string };

/** Retry-After in seconds (or an HTTP date) as milliseconds; null when absent or unreadable. */
export function retryAfterMs(header: string | string[] | undefined, now: number): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** The result of an answer that is not a success nor a gone device. */
export function failureOf(status: number, reason: string, retryAfter: number | null): MobilePushResult {
  return status === 429 || status >= 500 ? { kind: 'retry', status, reason, retryAfterMs: retryAfter } : { kind: 'failed', status, reason };
}
