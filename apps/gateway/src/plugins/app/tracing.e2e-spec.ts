import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eventually } from '@herald/testing';

import type { JsonBody } from '../../testing/rest-client';

// Test infrastructure (tools/infra) is plain CommonJS outside the Nx projects, shared with npm start.
// eslint-disable-next-line @typescript-eslint/no-require-imports, @nx/enforce-module-boundaries
const { startInfra, root } = require('../../../../../tools/infra/index.cjs') as {
  startInfra(opts: { dataDir: string; log?: (m: string) => void }): Promise<Infra>;
  root: string;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports, @nx/enforce-module-boundaries
const { startStack } = require('../../../../../tools/infra/stack.cjs') as { startStack(opts: Record<string, unknown>): Promise<Stack> };

interface Infra {
  mongoUrl: string;
  natsUrl: string;
  smtpUrl: string;
  stop(): Promise<void>;
}
interface Stack {
  baseUrl: string;
  metricsPorts: Record<string, number>;
  stop(): Promise<void>;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
}
interface CollectedSpan extends OtlpSpan {
  service: string;
}

const SPAN_KIND_CONSUMER = 5;

/** An OTLP/HTTP JSON collector: keeps every span posted to /v1/traces with its service.name. */
async function startCollector() {
  const spans: CollectedSpan[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          resourceSpans: { resource: { attributes: { key: string; value: { stringValue?: string } }[] }; scopeSpans: { spans: OtlpSpan[] }[] }[];
        };
        for (const rs of body.resourceSpans ?? []) {
          const service = rs.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue ?? 'unknown';
          for (const ss of rs.scopeSpans ?? []) for (const s of ss.spans ?? []) spans.push({ ...s, traceId: hex(s.traceId), service });
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
/** OTLP JSON ids are hex in the JS exporter; base64 in the protobuf-JSON mapping. Both compare as hex. */
const hex = (id: string) => (/^[0-9a-f]{32}$/i.test(id) ? id.toLowerCase() : Buffer.from(id, 'base64').toString('hex'));

const until = <T>(read: () => Promise<T | undefined> | T | undefined, what: string): Promise<T> => eventually(what, read) as Promise<T>;

jest.setTimeout(120_000);

/**
 * Its own stack with tracing on (the shared e2e stack has it off): its own nats-server and SMTP
 * sink (so no other suite's delivery service consumes its jobs), the run's store under its own
 * database prefix, and the bundles the e2e setup built.
 */
describe('tracing across the processes', () => {
  let collector: Awaited<ReturnType<typeof startCollector>>;
  let infra: Infra | undefined;
  let stack: Stack | undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-tracing-'));
  const adminToken = randomBytes(24).toString('hex');

  beforeAll(async () => {
    collector = await startCollector();
    const saved = { ...process.env };
    for (const k of ['NATS_URL', 'SMTP_URL', 'MAIL_API_URL']) delete process.env[k];
    process.env.HERALD_NO_DOCKER = '1';
    try {
      infra = await startInfra({ dataDir, log: () => undefined });
    } finally {
      for (const k of ['NATS_URL', 'SMTP_URL', 'MAIL_API_URL', 'HERALD_NO_DOCKER']) {
        if (saved[k] === undefined) delete process.env[k];
        else process.env[k] = saved[k];
      }
    }
    stack = await startStack({
      infra,
      distDir: path.join(root, 'dist', `.test-${path.basename(process.env.HERALD_INFRA_DIR!)}`),
      dbPrefix: `trace${Date.now()}`,
      adminToken,
      tokenSecret: randomBytes(32).toString('hex'),
      logDir: path.join(dataDir, 'logs'),
      logLevel: 'warn',
      extraEnv: { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url },
    });
  });
  afterAll(async () => {
    await stack?.stop();
    await infra?.stop();
    await collector?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const api = async (method: string, p: string, key: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${stack!.baseUrl}${p}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as JsonBody };
  };

  it('when a direct send is delivered, then its trace has spans from the gateway and the three services, the worker continuing it from the JetStream headers', async () => {
    const created = await api('POST', '/admin/projects', adminToken, { name: 'tracing' });
    expect(created.status).toBe(201);
    const key = (created.body.data.keys as { scope: string; key: string }[]).find((k) => k.scope === 'full')!.key;
    // The caller's own trace context: the gateway continues it, so the trace is known in advance.
    const traceId = randomBytes(16).toString('hex');
    const sent = await api(
      'POST',
      '/notifications/send',
      key,
      { recipient_id: 'traced', target: { channel: 'orders', topic: 'shipping', event: 'shipped' }, payload: { title: 'hi' } },
      { traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` },
    );
    expect(sent.status).toBe(201);
    const id = sent.body.data.notification.id as number;
    await until(async () => (await api('GET', `/notifications/${id}`, key)).body.data?.status === 'delivered' || undefined, 'delivered');

    const services = ['gateway', 'delivery-service', 'recipient-service', 'preference-service'];
    const ofTrace = await until(() => {
      const spans = collector.spans.filter((s) => s.traceId === traceId);
      const consumer = spans.some((s) => s.service === 'delivery-service' && s.kind === SPAN_KIND_CONSUMER);
      return consumer && services.every((svc) => spans.some((s) => s.service === svc)) ? spans : undefined;
    }, 'spans of every process exported');

    const byService = (svc: string) => ofTrace.filter((s) => s.service === svc).map((s) => s.name);
    expect(byService('gateway')).toEqual(expect.arrayContaining(['POST /notifications/send', 'herald.delivery.v1.DeliveryService/SendMany']));
    expect(byService('recipient-service')).toContain('herald.recipient.v1.RecipientService/EnsureRecipients');
    expect(byService('preference-service')).toContain('herald.preference.v1.PreferenceService/ResolveBatch');
    // The worker's span is a child of a span of the Send handling (its parent is in the trace).
    const worker = ofTrace.find((s) => s.service === 'delivery-service' && s.kind === SPAN_KIND_CONSUMER)!;
    expect(worker.name).toBe('delivery-sends process');
    expect(ofTrace.map((s) => s.spanId)).toContain(worker.parentSpanId);
    expect(new Set(ofTrace.map((s) => s.service)).size).toBeGreaterThanOrEqual(3);

    // And the delivery service counted the outcome.
    const metrics = await (await fetch(`http://127.0.0.1:${stack!.metricsPorts['delivery-service']}/metrics`)).text();
    expect(metrics).toMatch(/^herald_notifications_total\{[^}]*status="delivered"[^}]*\} [1-9]/m);
  });
});
