import { HealthCheckResponse_ServingStatus as ServingStatus } from '@herald/contracts';
import { Type } from '@sinclair/typebox';
import type { RoutePlugin } from '../shared/type-provider';
import { documented } from '../../plugins/external/swagger/openapi-document';

const ReadinessSchema = Type.Object({
  status: Type.Union([Type.Literal('ready'), Type.Literal('unavailable')]),
  checks: Type.Record(Type.String(), Type.Union([Type.Literal('ok'), Type.Literal('unavailable')])),
});

/** Operations endpoints: no key needed. Metrics are served on METRICS_PORT by main.ts, not here. */
const opsRoutes: RoutePlugin<{ pingStore: () => Promise<boolean>; isBrokerUp: () => boolean }> = async (app, opts) => {
  const publicRoute = { access: 'public' as const };

  app.get('/healthz', { config: publicRoute, schema: { ...documented({ summary: 'Is the gateway alive?', success: 'Alive', response: { status: 'ok' } }), tags: ['operations'], response: { 200: Type.Object({ status: Type.Literal('ok') }) } } }, async () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/readyz',
    { config: publicRoute, schema: { ...documented({ summary: 'Is the gateway ready (its store, broker and services)?', success: 'Ready', response: { status: 'ready', checks: { 'recipient-service': 'ok', 'preference-service': 'ok', 'delivery-service': 'ok', store: 'ok', broker: 'ok' } } }), tags: ['operations'], response: { 200: ReadinessSchema, 503: ReadinessSchema } } },
    async (_request, reply) => {
      const services = Object.entries(app.services.health).map(async ([name, client]) => {
        try {
          const res = await client.check({ service: '' }, { timeoutMs: 2_000 });
          return [name, res.status === ServingStatus.SERVING] as const;
        } catch {
          return [name, false] as const;
        }
      });
      const results = await Promise.all([...services, opts.pingStore().then((ok) => ['store', ok] as const), ['broker', opts.isBrokerUp()] as const]);
      const checks = Object.fromEntries(results.map(([name, ok]) => [name, ok ? ('ok' as const) : ('unavailable' as const)]));
      const ready = results.every(([, ok]) => ok);
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', checks });
    },
  );

  app.get('/openapi.json', { config: publicRoute, schema: { hide: true } }, async () => app.swagger());
};

export default opsRoutes;
