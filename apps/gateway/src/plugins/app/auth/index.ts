import { DomainError } from '@herald/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { secretsEqual } from './api-key';
import { authenticate } from './authenticate';
import { isRecipientToken } from './recipient-token';
import { isAllowed } from './authorize';
import type { Access, Principal } from './principal';
import { GatewayError } from '../errors/http-error';
import type { Project } from '../credentials/project-repository';
import { createFailureLimiter } from '../rate-limit/failure-limiter';
import { fromOwnOrigin, overHttps } from '../console-session';
import { sessionCookie, sessionCookieOf } from '../console-session/cookie';
import { SESSION_IDLE_MS } from '../console-session/sessions';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; absent means `full` (see principal.ts). */
    access?: Access;
  }
  interface FastifyRequest {
    /** The caller; set on every route whose access is `full` or `recipient`. */
    principal: Principal;
    /** The caller's project (with its settings); set with `principal`. */
    project: Project;
    /** The console session the call came with (its id and expiry), or null (a key or token). */
    consoleSession: { id: string; expiresAt: Date } | null;
  }
}

const unauthorized = (message: string) => new DomainError('unauthenticated', 'unauthorized', message);

/** `?token=` of a route that takes it, as an Authorization value; anything but a recipient token there is refused. */
function queryToken(request: FastifyRequest): string | undefined {
  if (!request.routeOptions.config.tokenInQuery) return undefined;
  const token = (request.query as Record<string, unknown> | undefined)?.token;
  if (typeof token !== 'string' || token.length === 0) return undefined;
  if (!isRecipientToken(token)) throw unauthorized('?token= takes a recipient token only; send an API key in the Authorization header');
  return `Bearer ${token}`;
}
const tooManyFailures = (retryAfterSeconds: number) =>
  new GatewayError('exhausted', 'rate_limited', 'Too many failed authentications from this address, retry later', {
    'Retry-After': String(retryAfterSeconds),
  });

/**
 * Checks credentials at the edge, before the body is read, on every request:
 * 401 `unauthorized` (with `WWW-Authenticate: Bearer`) for a missing, malformed, unknown, revoked
 * or expired credential; 403 `forbidden` when the credential's scope does not cover the route.
 *
 * Failed authentications (every 401, admin included) are limited per client address
 * (`failuresPerSecond`, burst 2×, per replica); past it, 429 `rate_limited` with Retry-After.
 * While an address is over its limit, only a project key or recipient token that is verified from
 * memory still gets through: nothing from it reaches the store, and the admin token is not checked.
 *
 * Routes marked `tokenInQuery` (the live stream: EventSource cannot set headers) also take a
 * recipient token as `?token=` (the Authorization header wins when both are sent). Only a recipient token: a URL
 * ends up in browser history, proxy and server logs, so an API key there is refused (401), never
 * used. Request logs never include the URL's query.
 *
 * Without an Authorization header, the console's session cookie stands for the key it was opened
 * with (plugins/app/console-session); a mutating call with it must come from this gateway's Origin.
 */
export default fp<{ adminToken: string; tokenSecret: string; failuresPerSecond: number }>(
  async (app, opts) => {
    app.decorateRequest('principal', null as never);
    app.decorateRequest('project', null as never);
    app.decorateRequest('consoleSession', null);
    const failures = createFailureLimiter(opts.failuresPerSecond, app.clock.now);
    const sweeper = setInterval(() => failures.sweep(), 10_000);
    sweeper.unref();
    app.addHook('onClose', async () => clearInterval(sweeper));

    const failed = (address: string, err: unknown): unknown => {
      if (!(err instanceof DomainError) || err.kind !== 'unauthenticated') return err;
      const counted = failures.failed(address);
      return counted.allowed ? err : tooManyFailures(counted.retryAfterSeconds);
    };

    const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
    /** A console session's cookie (no Authorization header): the principal of its key; a mutating call must come from the console's own origin. */
    const fromSession = async (request: FastifyRequest, reply: FastifyReply, value: string) => {
      const session = await app.consoleSessions.resolve(value);
      if (!session) throw unauthorized('The console session has ended; sign in again');
      if (!SAFE_METHODS.has(request.method) && !fromOwnOrigin(request)) throw new DomainError('forbidden', 'forbidden', 'A console call that changes something must come from the console (Origin)');
      if (session.renewedUntil) reply.header('set-cookie', sessionCookie(value, SESSION_IDLE_MS / 1000, overHttps(request)));
      request.consoleSession = { id: session.id, expiresAt: session.expiresAt };
      return session;
    };

    app.addHook('onRequest', async (request, reply) => {
      if (request.is404) return;
      const access = request.routeOptions.config.access ?? 'full';
      if (access === 'public') return;
      const address = request.ip;
      const standing = failures.check(address);
      const refuse = () => {
        if (!standing.allowed) throw tooManyFailures(standing.retryAfterSeconds);
      };
      if (access === 'admin') {
        refuse();
        const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
        if (!match || !secretsEqual(match[1], opts.adminToken)) throw failed(address, unauthorized('A valid admin token is required'));
        return;
      }
      let authenticated;
      try {
        // A key in ?token= is refused even beside an Authorization header: it must not be in URLs at all.
        const fromQuery = queryToken(request);
        const authorization = request.headers.authorization ?? fromQuery;
        const cookie = authorization === undefined ? sessionCookieOf(request.headers.cookie) : undefined;
        authenticated = cookie !== undefined ? await fromSession(request, reply, cookie) : await authenticate(
          {
            credentials: app.credentials,
            recipients: app.recipientPresence,
            tokenSecret: opts.tokenSecret,
            now: () => app.clock.date(),
            beforeStoreLookup: standing.allowed ? undefined : refuse,
          },
          authorization,
        );
      } catch (err) {
        throw failed(address, err);
      }
      request.principal = authenticated.principal;
      request.project = authenticated.project;
      if (!isAllowed(access, authenticated.principal, request.params)) {
        throw new DomainError('forbidden', 'forbidden', 'This credential does not allow this operation');
      }
    });
  },
  { name: 'auth', dependencies: ['credentials', 'recipient-presence', 'console-session'] },
);
