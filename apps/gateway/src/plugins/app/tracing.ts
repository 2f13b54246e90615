import fp from 'fastify-plugin';
import { context, propagation, trace, SpanKind, SpanStatusCode, type Span } from '@opentelemetry/api';

declare module 'fastify' {
  interface FastifyRequest {
    traceSpan?: Span;
  }
}

/**
 * One SERVER span per request, continuing a caller's W3C `traceparent` when given. The span's
 * context is made active for the handler (preHandler runs after the body is parsed), so Connect
 * calls and NATS publishes made by the handler join the trace. A no-op when tracing is off.
 */
export default fp(
  async (app) => {
    const tracer = trace.getTracer('herald-gateway');
    app.addHook('onRequest', async (request) => {
      const parent = propagation.extract(context.active(), request.headers);
      request.traceSpan = tracer.startSpan(`${request.method} ${request.routeOptions.url ?? 'unmatched'}`, { kind: SpanKind.SERVER }, parent);
    });
    app.addHook('preHandler', (request, _reply, done) => {
      if (!request.traceSpan) return done();
      context.with(trace.setSpan(context.active(), request.traceSpan), done);
    });
    app.addHook('onResponse', async (request, reply) => {
      const span = request.traceSpan;
      if (!span) return;
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
  },
  { name: 'tracing' },
);
