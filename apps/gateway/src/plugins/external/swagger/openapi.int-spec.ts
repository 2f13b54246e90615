import fs from 'node:fs';
import path from 'node:path';
import { connectMongo, connectNats, createLogger, type MongoHandle, type NatsConnection } from '@herald/service-kit';
import Ajv from 'ajv';
import type { FastifyInstance } from 'fastify';
import { build } from '../../../app';
import { createServiceClients, type ServiceClients } from '../services/service-clients';
import { readConfig } from '../../../config';
import { errorFamilyOf } from '../../app/errors/error-family';

type Json = Record<string, unknown>;
const METHODS = ['get', 'put', 'post', 'patch', 'delete', 'head', 'options', 'trace'];
const CHECKED_IN = path.join(__dirname, '..', '..', '..', '..', '..', '..', 'libs', 'client', 'openapi.json');

/** Every `$ref` string anywhere under `node`. */
function refsIn(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => refsIn(n, out));
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') out.push(v);
      else refsIn(v, out);
    }
  }
  return out;
}

/**
 * The published OpenAPI document, built from the gateway itself (over the real store and broker;
 * the services are not needed to describe them): named components, nothing dangling, every
 * operation fully described, and the copy the client SDK is generated from is current.
 */
describe('the OpenAPI document', () => {
  const dbName = `test_gateway_openapi_${Math.random().toString(36).slice(2, 8)}`;
  let mongo: MongoHandle;
  let nats: NatsConnection;
  let services: ServiceClients;
  let app: FastifyInstance;
  let doc: Json & { paths: Record<string, Record<string, Json>>; components: { schemas: Record<string, Json> } };

  beforeAll(async () => {
    const config = readConfig({
      MONGO_URL: process.env.MONGO_URL,
      MONGO_DB: dbName,
      NATS_URL: process.env.NATS_URL,
      ADMIN_TOKEN: 'admin-token-for-openapi-tests',
      TOKEN_SECRET: 'x'.repeat(32),
      SERVICE_TOKEN: 's'.repeat(32),
      RECIPIENT_SERVICE_URL: 'http://127.0.0.1:9',
      PREFERENCE_SERVICE_URL: 'http://127.0.0.1:9',
      DELIVERY_SERVICE_URL: 'http://127.0.0.1:9',
      LOG_LEVEL: 'silent',
    });
    mongo = await connectMongo(process.env.MONGO_URL!, dbName, 'gateway-test');
    nats = await connectNats(config.NATS_URL, 'gateway-openapi-test');
    services = createServiceClients(config);
    app = await build({ config, logger: createLogger('gateway-test', 'silent'), db: mongo.db, nats, services, pingStore: mongo.ping });
    await app.ready();
    doc = app.swagger() as unknown as typeof doc;
  });

  afterAll(async () => {
    await app?.close();
    services?.close();
    await nats?.drain();
    await mongo?.db.dropDatabase();
    await mongo?.close();
  });

  const operations = () =>
    Object.entries(doc.paths).flatMap(([p, ops]) => Object.entries(ops).filter(([m]) => METHODS.includes(m)).map(([m, op]) => ({ path: p, method: m, op })));

  it('when built, then the resources and both error families are named components', () => {
    for (const name of ['Recipient', 'Contact', 'CatalogEntry', 'Notification', 'Broadcast', 'Project', 'RecipientToken', 'MessageError', 'ErrorFamilyError', 'SendInput']) {
      expect(doc.components.schemas[name]).toEqual(expect.objectContaining({ type: 'object' }));
    }
  });

  it('when built, then every $ref resolves and every named component is used', () => {
    const refs = refsIn(doc.paths).concat(refsIn(doc.components.schemas));
    const names = Object.keys(doc.components.schemas);
    for (const ref of refs) expect(names).toContain(ref.replace('#/components/schemas/', ''));
    for (const name of names) expect(refs).toContain(`#/components/schemas/${name}`);
    // No schema keeps a rule or marker meant only for the document builder.
    expect(JSON.stringify(doc)).not.toMatch(/x-service-rules|x-hidden|x-invalid/);
  });

  it('when built, then every operation declares its parameters, body and every response, errors in its path family', () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThanOrEqual(36);
    for (const { path: p, method, op } of ops) {
      const where = `${method.toUpperCase()} ${p}`;
      const responses = op.responses as Record<string, { content?: Record<string, { schema?: Json }> }>;
      const success = Object.keys(responses).filter((s) => /^2\d\d$/.test(s));
      expect([where, success.length]).toEqual([where, 1]);
      // JSON, or the live stream's text/event-stream.
      expect([where, Object.values(responses[success[0]].content ?? {})[0]?.schema]).toEqual([where, expect.any(Object)]);
      const pathParams = [...p.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const declared = ((op.parameters ?? []) as Array<{ in: string; name: string; schema?: Json }>).filter((x) => x.in === 'path');
      expect([where, declared.map((x) => x.name).sort()]).toEqual([where, pathParams.sort()]);
      if (p.startsWith('/healthz') || p.startsWith('/readyz') || p.startsWith('/docs') || p === '/openapi.json') continue;
      const family = errorFamilyOf(method, p.replace(/\{[^}]+\}/g, 'x'));
      const errorRef = `#/components/schemas/${family === 'message' ? 'MessageError' : 'ErrorFamilyError'}`;
      for (const status of ['4XX', '5XX']) expect([where, status, responses[status]?.content?.['application/json']?.schema]).toEqual([where, status, { $ref: errorRef }]);
      if (['post', 'put', 'patch'].includes(method) && op.requestBody) {
        expect([where, (op.requestBody as { content?: Json }).content?.['application/json']]).toEqual([where, expect.objectContaining({ schema: expect.any(Object) })]);
      }
    }
  });

  it('when built, then every operation has a summary and named responses, and every example is valid against its schema', () => {
    const ajv = new Ajv({ allErrors: true });
    const checked: string[] = [];
    for (const { path: p, method, op } of operations()) {
      const where = `${method.toUpperCase()} ${p}`;
      expect([where, op.summary]).toEqual([where, expect.any(String)]);
      const responses = op.responses as Record<string, { description: string; content?: Record<string, { schema?: Json; example?: unknown }> }>;
      for (const [status, response] of Object.entries(responses)) expect([where, status, response.description]).not.toEqual([where, status, 'Default Response']);
      const body = (op.requestBody as { content?: Record<string, { schema?: Json; example?: unknown }> } | undefined)?.content?.['application/json'];
      const media = [['request', body], ...Object.entries(responses).map(([status, r]) => [status, r.content?.['application/json']] as const)] as const;
      for (const [which, m] of media) {
        if (!m || m.example === undefined) continue;
        const validate = ajv.compile({ ...m.schema, components: doc.components });
        expect([where, which, validate(m.example) ? [] : validate.errors]).toEqual([where, which, []]);
        checked.push(`${where} ${which}`);
      }
      if (body?.schema) expect([where, 'request example', body.example]).toEqual([where, 'request example', expect.anything()]);
    }
    expect(checked.length).toBeGreaterThanOrEqual(70);
  });

  it('when built, then it equals libs/client/openapi.json, the copy the SDK types are generated from (else: npm run gen:client)', () => {
    const checkedIn = JSON.parse(fs.readFileSync(CHECKED_IN, 'utf8'));
    expect(checkedIn).toEqual(JSON.parse(JSON.stringify(doc)));
  });
});
