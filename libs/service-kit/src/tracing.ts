import {
  context,
  propagation,
  trace,
  SpanKind,
  SpanStatusCode,
  type Context,
  type Span,
} from '@opentelemetry/api';
import type { Interceptor } from '@connectrpc/connect';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { BatchSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { headers as natsHeaders, type MsgHdrs } from '@nats-io/nats-core';

export { SpanKind, context, trace, type Context, type Span } from '@opentelemetry/api';

const TRACER = 'herald';

export interface Tracing {
  /** Exports every finished span now (the batch processor otherwise waits for its timer). */
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

/**
 * Turns tracing on for this process when an OTLP endpoint (or, in tests, an exporter) is given;
 * otherwise the OpenTelemetry API stays a no-op and costs nothing. W3C trace context travels in
 * gRPC metadata and in NATS message headers.
 */
export function initTracing(service: string, opts: { otlpEndpoint?: string; exporter?: SpanExporter }): Tracing | null {
  const exporter = opts.exporter ?? (opts.otlpEndpoint ? new OTLPTraceExporter({ url: `${opts.otlpEndpoint.replace(/\/$/, '')}/v1/traces` }) : null);
  if (!exporter) return null;
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': service }),
    spanProcessors: [new BatchSpanProcessor(exporter, { scheduledDelayMillis: 200 })],
  });
  provider.register({ propagator: new W3CTraceContextPropagator() });
  return { flush: () => provider.forceFlush(), shutdown: () => provider.shutdown() };
}

/** Runs `fn` in a new active span; records an exception and error status when it throws. */
export async function inSpan<T>(
  name: string,
  opts: { kind?: SpanKind; parent?: Context; attributes?: Record<string, string | number | boolean> },
  fn: (span: Span) => Promise<T>,
): Promise<T> {
  const tracer = trace.getTracer(TRACER);
  return tracer.startActiveSpan(name, { kind: opts.kind ?? SpanKind.INTERNAL, attributes: opts.attributes }, opts.parent ?? context.active(), async (span) => {
    try {
      return await fn(span);
    } catch (err) {
      span.recordException(err as Error);
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw err;
    } finally {
      span.end();
    }
  });
}

/** NATS headers carrying the active trace context (pass as `headers` when publishing). */
export function traceHeaders(): MsgHdrs | undefined {
  let h: MsgHdrs | undefined;
  // No header block at all when there is no trace to carry (tracing off): a publish without headers is cheaper.
  propagation.inject(context.active(), null, { set: (_carrier, key, value) => (h ??= natsHeaders()).set(key, value) });
  return h;
}

/** The trace context a NATS message carries (the active one when it has none). */
export function contextFromHeaders(h: MsgHdrs | undefined): Context {
  if (!h) return context.active();
  return propagation.extract(context.active(), h, {
    get: (carrier, key) => carrier.get(key) || undefined,
    keys: (carrier) => carrier.keys(),
  });
}

/** Client side of a Connect call: a CLIENT span, its context injected into the request metadata. */
export const tracingClientInterceptor: Interceptor = (next) => (req) =>
  inSpan(`${req.service.typeName}/${req.method.name}`, { kind: SpanKind.CLIENT, attributes: { 'rpc.system': 'grpc' } }, async () => {
    propagation.inject(context.active(), req.header, { set: (carrier, key, value) => carrier.set(key, value) });
    return next(req);
  });

/** Server side of a Connect call: continues the caller's trace in a SERVER span. */
export const tracingServerInterceptor: Interceptor = (next) => (req) => {
  const parent = propagation.extract(context.active(), req.header, {
    get: (carrier, key) => carrier.get(key) ?? undefined,
    keys: (carrier) => [...carrier.keys()],
  });
  return inSpan(`${req.service.typeName}/${req.method.name}`, { kind: SpanKind.SERVER, parent, attributes: { 'rpc.system': 'grpc' } }, () => next(req));
};
