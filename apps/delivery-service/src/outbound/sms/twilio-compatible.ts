import http from 'node:http';
import https from 'node:https';
import { retryPolicy, sleep, systemClock, type Clock } from '@herald/service-kit';
import { DeliveryFailure, failureKind } from '../../kernel/outbound';
import { boundedRequest, BoundedRequestError } from '../push/bounded-request';
import type { SmsProvider } from './sms-provider';

export interface TwilioCompatibleOptions {
  /** Recorded on the outcome (`provider`). */
  name: string;
  /** The API's base URL: `https://api.twilio.com`, or another provider's Twilio-compatible endpoint. */
  baseUrl: string;
  accountSid: string;
  authToken: string;
  /** The sender: an E.164 number, or a messaging service id (`MG…`). */
  from: string;
  /** One HTTP exchange gives up after this long (a transient failure). */
  timeoutMs: number;
  /** Reads the time a Retry-After date is counted from (default: the system's). */
  clock?: Clock;
  /** Attempts within one send (429 and 5xx only), with exponential backoff; the job retries later beyond that. */
  attempts?: number;
  retryInitialDelayMs?: number;
  retryMaxDelayMs?: number;
  /** The HTTP exchange (default: boundedRequest over a kept-alive agent; tests rewrite the request). */
  request?: typeof boundedRequest;
}

/**
 * Provider error codes that mean the recipient's number itself is refused for good (the contact is
 * marked undeliverable): not a valid number (21211), unsubscribed by STOP (21610), cannot be routed
 * to (21612), not a mobile number (21614).
 */
const ADDRESS_CODES = new Set([21211, 21610, 21612, 21614]);

function retryAfterMs(header: string | string[] | undefined, nowMs: number): number | undefined {
  if (typeof header !== 'string' || !header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

/**
 * An SMS provider speaking the Messages API most SMS providers share (Twilio's, and the
 * Twilio-compatible APIs of others): `POST {base}/2010-04-01/Accounts/{sid}/Messages.json`, a form
 * body (`To`, `From` or `MessagingServiceSid`, `Body`, `StatusCallback`), HTTP basic auth with the
 * account id and token; the answer's `sid` is the message id. 429 and 5xx are retried within the
 * send (`attempts`, exponential backoff, at least the Retry-After when it is at most
 * `retryMaxDelayMs`; a longer one is left to the job), then reported transient (so failover and the job's retry
 * take over); 401/403 are transient too (the provider refuses these credentials: another provider
 * may not); other 4xx refuse the message for good, as `address_rejected` when the provider's code
 * says the number is invalid. Error texts carry the status, the provider's code and message, never
 * the account id or token. Requests go over one kept-alive agent (`http.request`, no fetch: a
 * fetch costs several times the CPU of the exchange itself).
 */
export function createTwilioCompatibleProvider(opts: TwilioCompatibleOptions): SmsProvider {
  const request = opts.request ?? boundedRequest;
  const clock = opts.clock ?? systemClock;
  const url = `${opts.baseUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(opts.accountSid)}/Messages.json`;
  const agent = url.startsWith('https:') ? new https.Agent({ keepAlive: true, maxSockets: 64 }) : new http.Agent({ keepAlive: true, maxSockets: 64 });
  const authorization = `Basic ${Buffer.from(`${opts.accountSid}:${opts.authToken}`).toString('base64')}`;
  const secrets = [opts.authToken, opts.accountSid].filter((s) => s.length >= 4);
  const redact = (s: string) => secrets.reduce((out, secret) => out.split(secret).join('***'), s);
  const maxDelay = opts.retryMaxDelayMs ?? 2_000;
  const policy = retryPolicy({
    initialDelayMs: opts.retryInitialDelayMs ?? 200,
    maxDelayMs: maxDelay,
    maxAttempts: opts.attempts ?? 3,
    // Within the send only what a short wait can fix; a long Retry-After is left to the job's backoff.
    retryIf: (err) => failureKind(err) === 'transient' && ((err as DeliveryFailure).retryAfterMs ?? 0) <= maxDelay && !(err as { auth?: boolean }).auth,
  });

  const attempt = async (body: string): Promise<{ messageId: string | null }> => {
    let res: Awaited<ReturnType<typeof boundedRequest>>;
    try {
      res = await request(url, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', 'content-length': Buffer.byteLength(body) },
        body: Buffer.from(body),
        agent,
        deadlineMs: opts.timeoutMs,
        who: opts.name,
      });
    } catch (err) {
      const why = err instanceof BoundedRequestError && err.reason === 'deadline' ? `no answer within ${opts.timeoutMs} ms` : ((err as { code?: string })?.code ?? (err as Error)?.message ?? 'request failed');
      throw new DeliveryFailure('transient', redact(`${opts.name}: ${why}`));
    }
    const text = res.body;
    const ok = res.status >= 200 && res.status < 300;
    let json: { sid?: unknown; code?: unknown; message?: unknown } = {};
    try {
      json = JSON.parse(text);
    } catch {
      // not JSON: the status says enough
    }
    if (ok) return { messageId: typeof json.sid === 'string' ? json.sid : null };
    const code = typeof json.code === 'number' ? json.code : Number(json.code) || null;
    const said = typeof json.message === 'string' ? json.message : text.slice(0, 200);
    const message = redact(`${opts.name} answered ${res.status}${code ? ` (code ${code})` : ''}${said ? `: ${said}` : ''}`).slice(0, 500);
    if (res.status === 429 || res.status >= 500) {
      const wait = retryAfterMs(res.headers['retry-after'], clock.now());
      // A wait the provider asked for that fits within the send is waited before the next try.
      if (wait !== undefined && wait <= maxDelay) await sleep(wait);
      throw new DeliveryFailure('transient', message, wait);
    }
    if (res.status === 401 || res.status === 403) throw Object.assign(new DeliveryFailure('transient', message), { auth: true });
    throw new DeliveryFailure(code !== null && ADDRESS_CODES.has(code) ? 'address_rejected' : 'rejected', message);
  };

  return {
    name: opts.name,
    close: () => agent.destroy(),
    async send(sms) {
      const form = new URLSearchParams({ To: sms.to, Body: sms.text });
      form.set(opts.from.startsWith('MG') ? 'MessagingServiceSid' : 'From', opts.from);
      if (sms.statusCallbackUrl) form.set('StatusCallback', sms.statusCallbackUrl);
      const body = form.toString();
      return policy.execute(() => attempt(body));
    },
  };
}
