import http from 'node:http';
import https from 'node:https';
import { boundedRequest } from '../push/bounded-request';
import { fcmMessage, type MobilePushBlock } from './mobile-payload';
import { signJwt } from './provider-jwt';
import { failureOf, retryAfterMs, type MobilePushResult } from './push-result';

/**
 * Connections kept open between requests (one origin's requests reuse them): no handshake per push.
 * An idle one is closed after 4 s, before a server with Node's default keep-alive (5 s) closes it
 * under a request just written to it.
 */
const KEEP_ALIVE = { keepAlive: true, timeout: 4_000 };
const AGENTS = { http: new http.Agent(KEEP_ALIVE), https: new https.Agent(KEEP_ALIVE) };

/** One POST to FCM (its token endpoint or messages:send) with the deadline and the capped answer of every provider request. */
const post = (url: string, headers: Record<string, string>, body: string, deadlineMs: number) =>
  boundedRequest(url, { method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(body) }, body: Buffer.from(body), agent: url.startsWith('http:') ? AGENTS.http : AGENTS.https, deadlineMs, who: 'FCM' });

/** A project's FCM settings as stored (docs/mobile-push.md). */
export interface FcmSettings {
  project_id: string;
  client_email: string;
  private_key: string;
  token_uri: string;
}

export interface FcmClientOptions {
  /** Where messages:send lives; the local fake in development and tests. */
  baseUrl: string;
  timeoutMs: number;
  now: () => number;
}

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
/** An access token is used until this long before it expires. */
const TOKEN_MARGIN_MS = 5 * 60_000;

const errorCodeOf = (body: string): string | null => {
  try {
    const details = (JSON.parse(body) as { error?: { details?: { errorCode?: string }[] } }).error?.details ?? [];
    return details.find((d) => d.errorCode)?.errorCode ?? null;
  } catch {
    return null;
  }
};

/**
 * FCM HTTP v1: the service account's signed assertion buys an OAuth2 access token (kept until five
 * minutes before it expires), which sends one message per device.
 */
export function createFcmClient(opts: FcmClientOptions) {
  const tokens = new Map<string, { token: string; until: number }>();

  async function accessToken(s: FcmSettings): Promise<string> {
    const key = `${s.client_email} ${s.token_uri}`;
    const held = tokens.get(key);
    if (held && held.until > opts.now()) return held.token;
    const iat = Math.floor(opts.now() / 1000);
    const assertion = signJwt('RS256', {}, { iss: s.client_email, scope: SCOPE, aud: s.token_uri, iat, exp: iat + 3600 }, s.private_key);
    const form = new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion });
    const res = await post(s.token_uri, { 'content-type': 'application/x-www-form-urlencoded' }, form.toString(), opts.timeoutMs);
    const answer = JSON.parse(res.body || '{}') as { access_token?: string; expires_in?: number; error?: string };
    if (res.status !== 200 || !answer.access_token) throw new Error(`the token endpoint answered ${res.status} ${answer.error ?? ''}`.trim());
    tokens.set(key, { token: answer.access_token, until: opts.now() + (answer.expires_in ?? 3600) * 1000 - TOKEN_MARGIN_MS });
    return answer.access_token;
  }

  return {
    async send(s: FcmSettings, deviceToken: string, block: MobilePushBlock): Promise<MobilePushResult> {
      const body = JSON.stringify(fcmMessage(block, deviceToken));
      let res;
      try {
        const token = await accessToken(s);
        res = await post(`${opts.baseUrl}/v1/projects/${encodeURIComponent(s.project_id)}/messages:send`, { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body, opts.timeoutMs);
      } catch (err) {
        return { kind: 'retry', status: 0, reason: (err as Error).message, retryAfterMs: null };
      }
      if (res.status === 200) return { kind: 'sent', id: (JSON.parse(res.body) as { name?: string }).name ?? null };
      const code = errorCodeOf(res.body);
      if (code === 'UNREGISTERED') return { kind: 'gone', reason: 'UNREGISTERED' };
      // A refused access token is forgotten: the next attempt asks for a new one.
      if (res.status === 401) tokens.delete(`${s.client_email} ${s.token_uri}`);
      const reason = `${res.status} ${code ?? ''}`.trim();
      return res.status === 401 ? { kind: 'retry', status: 401, reason, retryAfterMs: null } : failureOf(res.status, reason, retryAfterMs(res.headers['retry-after'], opts.now()));
    },
  };
}

export type FcmClient = ReturnType<typeof createFcmClient>;
