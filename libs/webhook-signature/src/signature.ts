import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const PREFIX = 'whsec_';
/** How far a `webhook-timestamp` may be from the verifier's clock (the specification's 5 minutes). */
const DEFAULT_TOLERANCE_SECONDS = 300;

/** A request's headers: a plain object (any case) or a Fetch `Headers`. */
export type WebhookHeaders = Record<string, string | string[] | undefined> | { get(name: string): string | null };

export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
  }
}

/** A new signing secret: `whsec_` + base64 of 32 random bytes. */
export const newWebhookSecret = (): string => PREFIX + randomBytes(32).toString('base64');

const keyOf = (secret: string): Buffer => {
  const b64 = secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret;
  const key = Buffer.from(b64, 'base64');
  if (key.length === 0) throw new WebhookVerificationError('The secret is empty or not base64');
  return key;
};

const hmac = (key: Buffer, id: string, timestamp: number, body: string | Uint8Array): Buffer =>
  createHmac('sha256', key).update(`${id}.${timestamp}.`).update(body).digest();

/**
 * The `webhook-signature` value for one message: `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`
 * per secret, space-separated (two while a rotated secret still signs).
 */
export function signWebhook(secrets: string | string[], id: string, timestamp: number, body: string | Uint8Array): string {
  return (Array.isArray(secrets) ? secrets : [secrets]).map((s) => `v1,${hmac(keyOf(s), id, timestamp, body).toString('base64')}`).join(' ');
}

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as { get?: unknown }).get === 'function') return (headers as { get(n: string): string | null }).get(name) ?? undefined;
  const rec = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(rec).find((k) => k.toLowerCase() === name);
  const v = key === undefined ? undefined : rec[key];
  return Array.isArray(v) ? v.join(' ') : v;
}

/**
 * Verifies a webhook request from Herald (or any Standard Webhooks sender) and returns its parsed
 * JSON body. `body` must be the raw body exactly as received (not re-serialized JSON). Throws
 * WebhookVerificationError when a header is missing, the timestamp is more than 5 minutes off,
 * or no `v1` signature matches.
 */
export function verifyWebhook(
  secret: string,
  headers: WebhookHeaders,
  body: string | Uint8Array,
  options: { now?: () => number; toleranceSeconds?: number } = {},
): unknown {
  const id = header(headers, 'webhook-id');
  const ts = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !ts || !signatures) throw new WebhookVerificationError('Missing webhook-id, webhook-timestamp or webhook-signature header');
  if (!/^\d{1,15}$/.test(ts)) throw new WebhookVerificationError('Invalid webhook-timestamp');
  const timestamp = Number(ts);
  const nowSeconds = Math.floor((options.now?.() ?? Date.now()) / 1000);
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (Math.abs(nowSeconds - timestamp) > tolerance) throw new WebhookVerificationError('webhook-timestamp is too old or too new');
  const expected = hmac(keyOf(secret), id, timestamp, body);
  const match = signatures.split(' ').some((entry) => {
    const [version, sig] = entry.split(',', 2);
    if (version !== 'v1' || !sig) return false;
    const given = Buffer.from(sig, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!match) throw new WebhookVerificationError('No matching signature');
  const text = typeof body === 'string' ? body : Buffer.from(body).toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new WebhookVerificationError('The body is not JSON');
  }
}
