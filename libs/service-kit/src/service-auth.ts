import { createHash, timingSafeEqual } from 'node:crypto';
import { Code, ConnectError, createContextKey, type Interceptor } from '@connectrpc/connect';
import { ErrorInfoSchema } from '@herald/contracts';
import { systemClock, type Clock } from '@herald/timing';
import { Type, type Static } from '@sinclair/typebox';
import type { Logger } from 'pino';
import { tracingClientInterceptor } from './tracing';

/**
 * Settings of service-to-service authentication, shared by the gateway and every service (the
 * services' ServiceConfigSchema includes them). The descriptions feed the config tables of docs/configuration.md.
 */
export const ServiceAuthConfigSchema = Type.Object({
  SERVICE_AUTH: Type.Union([Type.Literal('token'), Type.Literal('none')], {
    default: 'token',
    description:
      'Service-to-service authentication: `token` (default) makes every service refuse Connect/gRPC calls without `SERVICE_TOKEN` (grpc.health.v1 stays open); `none` turns the check off (a trusted local machine only). Clients send the token whenever one is set.',
  }),
  SERVICE_TOKEN: Type.Optional(
    Type.String({
      minLength: 32,
      description:
        'Shared secret (at least 32 characters) every internal caller sends as `authorization: Bearer <token>`; the same value in all four processes. Required when `SERVICE_AUTH` is `token`.',
    }),
  ),
  SERVICE_TOKEN_SECONDARY: Type.Optional(
    Type.String({
      minLength: 32,
      description:
        'A second token services accept besides `SERVICE_TOKEN` (never sent), for rotating the token without failed calls: first the new token, then the old one (see docs/security.md). Unset outside a rotation.',
    }),
  ),
});
export type ServiceAuthConfig = Static<typeof ServiceAuthConfigSchema>;

/** Cross-field checks of the settings above (run by loadConfig for every schema that has them). */
export function serviceAuthProblems(config: Partial<ServiceAuthConfig>): string[] {
  if ((config.SERVICE_AUTH ?? 'token') === 'token' && !config.SERVICE_TOKEN) {
    return [
      'SERVICE_TOKEN: required when SERVICE_AUTH is `token` (the default): set the shared service token (at least 32 characters, e.g. `openssl rand -hex 32`), the same in every Herald process',
    ];
  }
  return [];
}

/** The token this process sends to the services it calls (undefined: send none). */
export function outgoingServiceToken(config: Partial<ServiceAuthConfig>): string | undefined {
  return config.SERVICE_TOKEN || undefined;
}

/** The tokens a service accepts; null when the check is off (`SERVICE_AUTH=none`). */
export function acceptedServiceTokens(config: Partial<ServiceAuthConfig>): string[] | null {
  if (config.SERVICE_AUTH === 'none') return null;
  const problems = serviceAuthProblems(config);
  if (problems.length > 0) throw new Error(`invalid configuration:\n  ${problems.join('\n  ')}`);
  return [config.SERVICE_TOKEN!, config.SERVICE_TOKEN_SECONDARY].filter((t): t is string => !!t);
}

/** Client side: every call carries `authorization: Bearer <token>`. */
export function serviceAuthClientInterceptor(token: string): Interceptor {
  const value = `Bearer ${token}`;
  return (next) => (req) => {
    req.header.set('authorization', value);
    return next(req);
  };
}

/** Where a call came from (remote address), set by the RPC server for the rejection log. */
export const callerAddressKey = createContextKey<string>('unknown', { description: 'remote address of the caller' });

/**
 * Machine code (ErrorInfo detail) of a call refused for its service token: the caller's own
 * misconfiguration, which the gateway answers as a server error, not as the client's 401.
 */
export const SERVICE_TOKEN_REFUSED = 'service_token_refused';

/** Services answered without a token: Kubernetes and Docker probes speak grpc.health.v1 without credentials. */
const OPEN_SERVICES = new Set(['grpc.health.v1.Health']);

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

export interface ServiceAuthServerOptions {
  /** Accepted tokens (SERVICE_TOKEN, then SERVICE_TOKEN_SECONDARY during a rotation). */
  tokens: string[];
  logger: Logger;
  /** A caller's rejections are logged at most once per this interval (the first one at once). */
  warnEveryMs?: number;
  /** Distinct callers tracked for the log limit; others share one entry. */
  maxCallers?: number;
  /** The process's clock (default: the system's): the log interval is measured on it. */
  clock?: Clock;
}

type Reason = 'missing' | 'malformed' | 'wrong';

/**
 * Server side: a call to anything but the open services needs `authorization: Bearer <token>` with
 * one of the accepted tokens, else it fails `unauthenticated`. Tokens are compared as SHA-256
 * digests with timingSafeEqual (constant time, and no length leak); every accepted token is compared
 * on every call. Rejections are logged at warn once per caller address and then at most once per
 * `warnEveryMs` with the count suppressed meanwhile; the presented token is never logged.
 */
export function serviceAuthServerInterceptor(opts: ServiceAuthServerOptions): Interceptor {
  if (opts.tokens.length === 0 || opts.tokens.some((t) => t.length === 0)) throw new Error('service auth needs at least one non-empty token');
  const accepted = opts.tokens.map(digest);
  const warnEveryMs = opts.warnEveryMs ?? 60_000;
  const maxCallers = opts.maxCallers ?? 1024;
  const clock = opts.clock ?? systemClock;
  const callers = new Map<string, { lastWarn: number; suppressed: number }>();

  const check = (header: string | null): Reason | null => {
    if (!header) return 'missing';
    const m = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
    if (!m) return 'malformed';
    const presented = digest(m[1]);
    let ok = false;
    for (const a of accepted) ok = timingSafeEqual(a, presented) || ok;
    return ok ? null : 'wrong';
  };

  const report = (caller: string, reason: Reason, method: string, userAgent: string | null) => {
    const t = clock.now();
    let key = caller;
    if (!callers.has(key) && callers.size >= maxCallers) {
      for (const [k, v] of callers) if (t - v.lastWarn >= warnEveryMs) callers.delete(k);
      if (callers.size >= maxCallers) key = '*';
    }
    const entry = callers.get(key);
    if (entry && t - entry.lastWarn < warnEveryMs) {
      entry.suppressed++;
      return;
    }
    opts.logger.warn(
      { caller: key === '*' ? 'other callers' : caller, reason, method, userAgent: userAgent ?? undefined, suppressed: entry?.suppressed ?? 0 },
      reason === 'missing' ? 'rpc refused: no service token' : reason === 'malformed' ? 'rpc refused: malformed authorization header' : 'rpc refused: wrong service token',
    );
    callers.set(key, { lastWarn: t, suppressed: 0 });
  };

  return (next) => async (req) => {
    if (OPEN_SERVICES.has(req.service.typeName)) return next(req);
    const reason = check(req.header.get('authorization'));
    if (reason) {
      report(req.contextValues.get(callerAddressKey), reason, `${req.service.typeName}/${req.method.name}`, req.header.get('user-agent'));
      throw new ConnectError('service token missing or invalid', Code.Unauthenticated, undefined, [
        { desc: ErrorInfoSchema, value: { code: SERVICE_TOKEN_REFUSED, violations: [] } },
      ]);
    }
    return next(req);
  };
}

/**
 * The interceptors of a client of Herald's services: tracing, and the service token when this
 * process has one.
 */
export function serviceClientInterceptors(config: Partial<ServiceAuthConfig>): Interceptor[] {
  const token = outgoingServiceToken(config);
  return token ? [tracingClientInterceptor, serviceAuthClientInterceptor(token)] : [tracingClientInterceptor];
}
