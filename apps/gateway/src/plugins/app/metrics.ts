import fp from 'fastify-plugin';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    metricsRegistry: Registry;
  }
}

/** Prometheus metrics: Node defaults plus request duration by method, route pattern and status. */
export default fp(
  async (app) => {
    const registry = new Registry();
    registry.setDefaultLabels({ service: 'gateway' });
    collectDefaultMetrics({ register: registry });
    const duration = new Histogram({
      name: 'herald_http_request_duration_seconds',
      help: 'Duration of HTTP requests, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    });
    app.decorate('metricsRegistry', registry);
    app.addHook('onResponse', async (request, reply) => {
      // Route patterns, never raw URLs: bounded label values.
      const route = request.is404 ? 'unmatched' : (request.routeOptions.url ?? 'unmatched');
      duration.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
    });
  },
  { name: 'metrics' },
);
