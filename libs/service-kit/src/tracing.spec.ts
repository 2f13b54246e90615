import { createClient, createRouterTransport } from '@connectrpc/connect';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { trace, context, propagation } from '@opentelemetry/api';
import { Health, HealthCheckResponse_ServingStatus as Status } from '@herald/contracts';
import {
  initTracing,
  inSpan,
  traceHeaders,
  contextFromHeaders,
  tracingClientInterceptor,
  tracingServerInterceptor,
  type Tracing,
} from './tracing';

describe('tracing', () => {
  const exporter = new InMemorySpanExporter();
  let tracing: Tracing | null;

  beforeAll(() => {
    tracing = initTracing('test', { exporter });
  });
  afterAll(async () => {
    await tracing?.shutdown();
    trace.disable();
    context.disable();
    propagation.disable();
  });
  beforeEach(() => exporter.reset());

  const flush = async () => {
    // The BatchSpanProcessor exports on a timer: force it instead of waiting for it.
    await tracing!.flush();
    return exporter.getFinishedSpans();
  };

  it('when tracing is not configured, then initTracing turns nothing on', () => {
    expect(initTracing('off', {})).toBeNull();
  });

  it('when a Connect call is made inside a span, then the server span continues the same trace', async () => {
    const transport = createRouterTransport(
      (router) => router.service(Health, { check: async () => ({ status: Status.SERVING }), async *watch() {} }),
      { router: { interceptors: [tracingServerInterceptor] }, transport: { interceptors: [tracingClientInterceptor] } },
    );
    const client = createClient(Health, transport);
    await inSpan('request', {}, () => client.check({}));
    const spans = await flush();
    const names = spans.map((s) => s.name).sort();
    expect(names).toEqual(['grpc.health.v1.Health/Check', 'grpc.health.v1.Health/Check', 'request']);
    expect(new Set(spans.map((s) => s.spanContext().traceId)).size).toBe(1);
  });

  it('when context travels in NATS headers, then the consumer span joins the publisher trace', async () => {
    let headers: ReturnType<typeof traceHeaders> | undefined;
    let publisherTrace = '';
    await inSpan('publish', {}, async (span) => {
      publisherTrace = span.spanContext().traceId;
      headers = traceHeaders();
    });
    await inSpan('consume', { parent: contextFromHeaders(headers) }, async () => undefined);
    const spans = await flush();
    const consume = spans.find((s) => s.name === 'consume');
    expect(consume?.spanContext().traceId).toBe(publisherTrace);
  });

  it('when the wrapped work throws, then the span records the error and the error propagates', async () => {
    await expect(inSpan('failing', {}, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    const [span] = await flush();
    expect(span.status.code).toBe(2);
    expect(span.events.some((e) => e.name === 'exception')).toBe(true);
  });
});
