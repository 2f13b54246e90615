import http2 from 'node:http2';
import { MAX_RESPONSE_BYTES } from '../push/bounded-request';
import { apnsPayload, type MobilePushBlock } from './mobile-payload';
import { createAgedCache, signJwt } from './provider-jwt';
import { failureOf, retryAfterMs, type MobilePushResult } from './push-result';

/** A project's APNs settings as stored (docs/mobile-push.md). */
export interface ApnsSettings {
  key_p8: string;
  key_id: string;
  team_id: string;
  bundle_id: string;
  environment: string;
}

export interface ApnsClientOptions {
  /** The service per environment; the local fake in development and tests. */
  origins: { production: string; sandbox: string };
  /** Extra certificate authority to trust (the local fake's self-signed certificate). */
  ca?: string;
  timeoutMs: number;
  now: () => number;
}

export const APNS_ORIGINS = { production: 'https://api.push.apple.com', sandbox: 'https://api.sandbox.push.apple.com' };
/** Apple refuses provider tokens older than an hour and throttles fresher ones: a token serves 50 minutes. */
const PROVIDER_TOKEN_AGE_MS = 50 * 60_000;

interface Answer {
  status: number;
  headers: http2.IncomingHttpHeaders;
  body: string;
}

/** APNs over HTTP/2 with token authentication: one session per origin, one ES256 provider token per key for 50 minutes. */
export function createApnsClient(opts: ApnsClientOptions) {
  const sessions = new Map<string, http2.ClientHttp2Session>();
  const providerToken = createAgedCache<string>(PROVIDER_TOKEN_AGE_MS, opts.now);

  function session(origin: string): http2.ClientHttp2Session {
    const open = sessions.get(origin);
    if (open && !open.closed && !open.destroyed) return open;
    const created = http2.connect(origin, opts.ca ? { ca: opts.ca } : {});
    created.on('error', () => sessions.delete(origin));
    created.on('close', () => sessions.delete(origin));
    created.unref();
    sessions.set(origin, created);
    return created;
  }

  function request(origin: string, headers: http2.OutgoingHttpHeaders, payload: string): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const stream = session(origin).request(headers);
      const chunks: Buffer[] = [];
      let size = 0;
      let answer: http2.IncomingHttpHeaders = {};
      const fail = (err: Error) => {
        clearTimeout(timer);
        reject(err);
      };
      const timer = setTimeout(() => {
        stream.close(http2.constants.NGHTTP2_CANCEL);
        fail(new Error(`no answer within ${opts.timeoutMs} ms`));
      }, opts.timeoutMs);
      stream.on('response', (h) => (answer = h));
      stream.on('data', (c: Buffer) => {
        size += c.length;
        if (size > MAX_RESPONSE_BYTES) {
          stream.close(http2.constants.NGHTTP2_CANCEL);
          fail(new Error(`the answer is larger than ${MAX_RESPONSE_BYTES} bytes`));
        } else chunks.push(c);
      });
      stream.on('end', () => {
        clearTimeout(timer);
        resolve({ status: Number(answer[':status']), headers: answer, body: Buffer.concat(chunks).toString('utf8') });
      });
      stream.on('error', fail);
      stream.end(payload);
    });
  }

  return {
    async send(s: ApnsSettings, deviceToken: string, block: MobilePushBlock): Promise<MobilePushResult> {
      const payload = apnsPayload(block);
      const jwt = await providerToken(`${s.team_id}:${s.key_id}`, () => signJwt('ES256', { kid: s.key_id }, { iss: s.team_id, iat: Math.floor(opts.now() / 1000) }, s.key_p8));
      const headers: http2.OutgoingHttpHeaders = {
        ':method': 'POST',
        ':path': `/3/device/${deviceToken}`,
        authorization: `bearer ${jwt}`,
        'apns-topic': s.bundle_id,
        'apns-push-type': 'alert',
        'apns-priority': '10',
        'apns-expiration': block.ttlSeconds === undefined ? '0' : String(Math.floor(opts.now() / 1000) + block.ttlSeconds),
        ...(block.collapseKey ? { 'apns-collapse-id': block.collapseKey } : {}),
      };
      let res: Answer;
      try {
        res = await request(s.environment === 'production' ? opts.origins.production : opts.origins.sandbox, headers, payload);
      } catch (err) {
        return { kind: 'retry', status: 0, reason: (err as Error).message, retryAfterMs: null };
      }
      if (res.status === 200) return { kind: 'sent', id: (res.headers['apns-id'] as string | undefined) ?? null };
      let reason = String(res.status);
      try {
        reason = (JSON.parse(res.body) as { reason?: string }).reason ?? reason;
      } catch {
        // an answer without a JSON body: the status says it
      }
      if (res.status === 410) return { kind: 'gone', reason };
      return failureOf(res.status, reason, retryAfterMs(res.headers['retry-after'], opts.now()));
    },
    close(): void {
      for (const s of sessions.values()) s.close();
      sessions.clear();
    },
  };
}

export type ApnsClient = ReturnType<typeof createApnsClient>;
