import type { NatsConnection } from '@nats-io/nats-core';
import fp from 'fastify-plugin';
import { GatewayError } from '../errors/http-error';
import { startHeartbeat } from './heartbeat';
import { PeerTracker } from './peer-tracker';
import { createRateLimiter } from './rate-limiter';
import { TokenBuckets } from './token-bucket';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Throws 429 `rate_limited` (with `Retry-After`) when the bucket `key` has no token left at
     * `perSecond` (burst 2×) across the gateway replicas; a route's own limit on top of the key's.
     */
    limitRate(key: string, perSecond: number, message: string): void;
  }
}

/**
 * Per key, the project's `rate_limit_per_second` (burst 2×, null = off) across all
 * replicas. Each replica enforces `limit / live replicas` in a local token bucket; replicas count
 * each other from heartbeats on core NATS (see docs/api-gateway.md). Recipient-scoped credentials
 * (recipient tokens, the Recipient key on a recipient's path) draw from a bucket per (project,
 * recipient) and from one project-wide bucket (see rate-limiter.ts `bucketsFor`), so minting tokens
 * cannot multiply the limit and one recipient cannot exhaust it for the others.
 */
export default fp<{ nats: NatsConnection; instanceId: string }>(
  async (app, opts) => {
    const buckets = new TokenBuckets(app.clock.now);
    const peers = new PeerTracker(opts.instanceId, 3_000, app.clock.now);
    const limiter = createRateLimiter(buckets, peers);
    const heartbeat = startHeartbeat(opts.nats, peers, 1_000, () => buckets.sweep(60_000));
    app.addHook('onClose', async () => heartbeat.stop());

    app.decorate('limitRate', (key: string, perSecond: number, message: string) => {
      const result = limiter.take(key, perSecond);
      if (!result.allowed) throw new GatewayError('exhausted', 'rate_limited', message, { 'Retry-After': String(result.retryAfterSeconds) });
    });

    app.addHook('onRequest', async (request) => {
      const principal = request.principal;
      if (!principal) return;
      const result = limiter.takeFor(principal, request.params, request.project.settings.rate_limit_per_second);
      if (!result.allowed) {
        throw new GatewayError('exhausted', 'rate_limited', 'Rate limit exceeded, retry later', {
          'Retry-After': String(result.retryAfterSeconds),
        });
      }
    });
  },
  { name: 'rate-limit', dependencies: ['auth'] },
);
