import cors from '@fastify/cors';
import fp from 'fastify-plugin';

/** Request headers a browser may send (preflight `Access-Control-Allow-Headers`). */
export const CORS_ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'Idempotency-Key', 'Last-Event-ID', 'X-Request-Id'];
/** Response headers a browser's script may read. */
export const CORS_EXPOSED_HEADERS = ['X-API-Version', 'X-Request-Id', 'Retry-After'];

/** `CORS_ORIGINS`: empty → no browser access; `*` → any origin; else the listed origins (exact match). */
export function corsOrigins(setting: string): false | '*' | string[] {
  const list = setting
    .split(',')
    .map((s) => s.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  if (list.length === 0) return false;
  return list.includes('*') ? '*' : list;
}

/**
 * CORS (@fastify/cors), registered before authentication: a preflight (`OPTIONS` with
 * `Access-Control-Request-Method`) is answered 204 at once, without credentials; actual requests
 * get `Access-Control-Allow-Origin` for an allowed origin. Credentials travel in `Authorization`
 * (no cookies), so no `Access-Control-Allow-Credentials`. (`?token=`, the credential of routes
 * marked `tokenInQuery`, is read by the auth plugin.)
 */
export default fp<{ origins: string }>(
  async (app, opts) => {
    const origin = corsOrigins(opts.origins);
    await app.register(cors, {
      origin: origin === false ? false : origin,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: CORS_ALLOWED_HEADERS,
      exposedHeaders: CORS_EXPOSED_HEADERS,
      maxAge: 600,
      strictPreflight: false,
    });
  },
  { name: 'cors' },
);
