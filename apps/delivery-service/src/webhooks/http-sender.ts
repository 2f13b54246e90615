import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { guardedLookup, isForbiddenAddress, systemClock, type Clock } from '@herald/service-kit';
import { addressNotAllowed, describeRequestError } from './request-error';
import { parseRetryAfter } from './retry-schedule';

/** What one POST to an endpoint came to. `status` is null when no response arrived. */
export interface AttemptResult {
  status: number | null;
  latencyMs: number;
  /** The first 1 KiB of the response body (UTF-8). */
  body: string | null;
  error: string | null;
  retryAfterMs: number | null;
}

export const RESPONSE_BODY_KEPT_BYTES = 1024;
/** Bytes of a response read at most before the connection is dropped. */
const RESPONSE_READ_LIMIT = 64 * 1024;

export type WebhookSender = (req: { url: string; headers: Record<string, string>; body: string }) => Promise<AttemptResult>;

/**
 * POSTs webhook requests: keep-alive agents, a hard timeout over the whole exchange, redirects
 * never followed (a 3xx is a failed attempt), and (unless `allowPrivate`) connections only to
 * public addresses.
 */
/** `clock` (default: the system's) reads the time a Retry-After date is counted from. */
export function createWebhookSender(opts: { timeoutMs: number; allowPrivate: boolean; userAgent: string; clock?: Clock }): WebhookSender & { close(): void } {
  const clock = opts.clock ?? systemClock;
  const agentOptions = { keepAlive: true, maxSockets: 64, ...(opts.allowPrivate ? {} : { lookup: guardedLookup }) };
  const agents = { http: new http.Agent(agentOptions), https: new https.Agent(agentOptions) };
  const send: WebhookSender = (req) =>
    new Promise<AttemptResult>((resolve) => {
      // Latency is a measurement (for the metrics and the delivery log), not a time rule: the monotonic timer.
      const started = performance.now();
      const finish = (r: Omit<AttemptResult, 'latencyMs'>) => resolve({ ...r, latencyMs: Math.round(performance.now() - started) });
      let url: URL;
      try {
        url = new URL(req.url);
      } catch {
        return finish({ status: null, body: null, error: 'invalid URL', retryAfterMs: null });
      }
      const literal = url.hostname.replace(/^\[|\]$/g, '');
      if (!opts.allowPrivate && isIP(literal) && isForbiddenAddress(literal)) {
        return finish({ status: null, body: null, error: addressNotAllowed(literal, true), retryAfterMs: null });
      }
      const isHttps = url.protocol === 'https:';
      const request = (isHttps ? https : http).request(url, {
        method: 'POST',
        agent: isHttps ? agents.https : agents.http,
        headers: { 'content-type': 'application/json', 'user-agent': opts.userAgent, 'content-length': Buffer.byteLength(req.body), ...req.headers },
      });
      let settled = false;
      const timer = setTimeout(() => request.destroy(new Error(`no complete response within ${opts.timeoutMs} ms`)), opts.timeoutMs);
      const done = (r: Omit<AttemptResult, 'latencyMs'>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        finish(r);
      };
      request.on('error', (err) => done({ status: null, body: null, error: describeRequestError(err, url), retryAfterMs: null }));
      request.on('response', (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          if (size < RESPONSE_READ_LIMIT) chunks.push(c);
          size += c.length;
          if (size >= RESPONSE_READ_LIMIT) res.destroy();
        });
        const end = () => {
          const body = Buffer.concat(chunks).subarray(0, RESPONSE_BODY_KEPT_BYTES).toString('utf8');
          const retryAfter = res.headers['retry-after'];
          done({ status: res.statusCode ?? null, body, error: null, retryAfterMs: parseRetryAfter(Array.isArray(retryAfter) ? retryAfter[0] : retryAfter, clock.now()) });
        };
        res.on('end', end);
        res.on('close', end);
        res.on('error', end);
      });
      request.end(req.body);
    });
  return Object.assign(send, {
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  });
}
