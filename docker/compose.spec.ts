// Validates docker/compose.yaml offline: against the Compose Specification JSON schema (vendored in
// docker/compose-spec.schema.json from the npm package dclint@3.1.0, file schemas/compose.schema.json),
// then the wiring Herald needs (healthchecks, start order, URLs that point at services, app config).
import fs from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { parse } from 'yaml';
import { readConfig as readDeliveryConfig } from '../apps/delivery-service/src/config';
import { KNOWN_EXAMPLE_SECRETS, readConfig as readGatewayConfig } from '../apps/gateway/src/config';
import { clientAddressSeen } from '../apps/gateway/src/testing/client-address';
import { readConfig as readPreferenceConfig } from '../apps/preference-service/src/config';
import { readConfig as readRecipientConfig } from '../apps/recipient-service/src/config';

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string };
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  volumes?: string[];
  stop_grace_period?: string;
  read_only?: boolean;
  restart?: string;
}
interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

const readConfig: Record<string, (env: Record<string, string>) => { PORT: number }> = {
  gateway: readGatewayConfig,
  'recipient-service': readRecipientConfig,
  'preference-service': readPreferenceConfig,
  'delivery-service': readDeliveryConfig,
};
const HERALD = Object.keys(readConfig);
const root = path.resolve(__dirname, '..');
const composeFile = path.join(__dirname, 'compose.yaml');

function validator() {
  const ajv = new Ajv({ allErrors: true, unknownFormats: 'ignore' });
  // The schema names draft-07 by its https URL; ajv 6 knows it under the http one.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  ajv.addMetaSchema(require('ajv/lib/refs/json-schema-draft-07.json'), 'https://json-schema.org/draft-07/schema');
  return ajv.compile(JSON.parse(fs.readFileSync(path.join(__dirname, 'compose-spec.schema.json'), 'utf8')));
}

/** Values an operator sets for the required variables (`${VAR:?message}`) in these tests. */
const OPERATOR_ENV: Record<string, string> = {
  HERALD_ADMIN_TOKEN: 'b7'.repeat(12),
  HERALD_TOKEN_SECRET: 'e3'.repeat(16),
  HERALD_NATS_GATEWAY_PASSWORD: 'nats-gateway-pw',
  HERALD_NATS_RECIPIENT_PASSWORD: 'nats-recipient-pw',
  HERALD_NATS_PREFERENCE_PASSWORD: 'nats-preference-pw',
  HERALD_NATS_DELIVERY_PASSWORD: 'nats-delivery-pw',
  HERALD_SERVICE_TOKEN: 's7'.repeat(20),
};
/** Resolves `${VAR:-default}` as Compose does when VAR is unset, and `${VAR:?message}` from OPERATOR_ENV. */
const interpolate = (value: string) =>
  value.replace(/\$\{(\w+)(?:(:?-|:?\?)([^}]*))?\}/g, (_m, name: string, op?: string, arg?: string) => {
    if (op?.includes('?')) {
      if (!(name in OPERATOR_ENV)) throw new Error(`${name} is required by compose.yaml: add it to OPERATOR_ENV`);
      return OPERATOR_ENV[name];
    }
    return arg ?? '';
  });
const seconds = (duration: string) => Number(/^(\d+)s$/.exec(duration)?.[1] ?? NaN);

describe('docker/compose.yaml', () => {
  const text = fs.readFileSync(composeFile, 'utf8');
  const compose = parse(text) as ComposeFile;
  const services = compose.services;

  it('when checked against the Compose Specification schema, then it is valid', () => {
    const validate = validator();
    expect(validate(compose)).toBe(true);
    expect(validate.errors ?? []).toEqual([]);
  });

  it('when the schema meets a misspelt key, then it fails (the validator is live)', () => {
    const validate = validator();
    const broken = structuredClone(compose);
    (broken.services.gateway as Record<string, unknown>).healthckeck = {};
    expect(validate(broken)).toBe(false);
  });

  it('when started, then it runs the real components: mongo:7, NATS 2.10 with JetStream on a volume, Mailpit', () => {
    expect(services.mongo.image).toBe('mongo:7');
    expect(services.nats.image).toMatch(/^nats:2\.10/);
    expect(services.nats.command).toEqual(expect.arrayContaining(['-js', '-sd', '/data']));
    expect(services.nats.volumes).toEqual(expect.arrayContaining([expect.stringMatching(/^nats-data:\/data$/)]));
    expect(services.mailpit.image).toMatch(/^axllent\/mailpit:v\d+\.\d+/);
    for (const s of Object.values(services)) expect(s.image).not.toMatch(/:latest$/);
  });

  it('when services wait on each other, then every condition names a service that can satisfy it', () => {
    for (const [name, s] of Object.entries(services)) {
      expect([name, !!(s.image || s.build)]).toEqual([name, true]);
      for (const [dep, { condition }] of Object.entries(s.depends_on ?? {})) {
        expect([name, dep, dep in services]).toEqual([name, dep, true]);
        if (condition === 'service_healthy') expect([dep, !!services[dep].healthcheck]).toEqual([dep, true]);
      }
    }
    for (const name of Object.keys(services).filter((n) => n !== 'init')) {
      expect([name, !!services[name].healthcheck]).toEqual([name, true]);
    }
    expect(Object.keys(services.gateway.depends_on ?? {})).toEqual(expect.arrayContaining(['recipient-service', 'preference-service', 'delivery-service']));
    expect(services.init.depends_on?.gateway.condition).toBe('service_healthy');
  });

  it.each(HERALD)('when %s starts, then its image builds from its Dockerfile and its environment satisfies its config', (app) => {
    const s = services[app];
    expect(s.build).toEqual({ context: '..', dockerfile: `docker/${app}.Dockerfile` });
    expect(fs.existsSync(path.join(root, s.build!.dockerfile))).toBe(true);
    const env = Object.fromEntries(Object.entries(s.environment ?? {}).map(([k, v]) => [k, interpolate(String(v))]));
    const config = readConfig[app](env);
    expect(s.healthcheck?.test.join(' ')).toContain(app === 'gateway' ? 'http-health.cjs' : 'grpc-health.cjs');
    expect(s.read_only).toBe(true);
    expect(seconds(s.stop_grace_period ?? '')).toBeGreaterThan(20);
    if (app === 'gateway') expect((s as { ports?: string[] }).ports).toEqual([`127.0.0.1:${config.PORT}:${config.PORT}`]);
    // Every URL points at a service of this file, on the port that service listens on.
    // PUBLIC_BASE_URL is the address people reach the gateway at (unsubscribe links), not a service of the file.
    for (const [key, value] of Object.entries(env).filter(([k]) => k.endsWith('_URL') && k !== 'PUBLIC_BASE_URL')) {
      const url = new URL(value);
      expect([key, url.hostname in services]).toEqual([key, true]);
      const target = services[url.hostname];
      if (target.environment?.PORT) expect([key, url.port]).toEqual([key, target.environment.PORT]);
    }
  });

  it('when the apps call each other, then all four get one required service token', () => {
    const tokens = HERALD.map((app) => services[app].environment?.SERVICE_TOKEN);
    expect(new Set(tokens).size).toBe(1);
    expect(tokens[0]).toMatch(/^\$\{HERALD_SERVICE_TOKEN:\?[^}]+\}$/);
  });

  it('when every service has its database, then the names differ', () => {
    const dbs = HERALD.map((app) => services[app].environment?.MONGO_DB);
    expect(new Set(dbs).size).toBe(HERALD.length);
  });

  it('when init runs, then it mounts the dev-project script and keeps its state on a volume', () => {
    const mounts = services.init.volumes ?? [];
    const script = mounts.find((m) => m.startsWith('./'))!.split(':')[0];
    expect(fs.existsSync(path.join(__dirname, script))).toBe(true);
    expect(services.init.restart).toBe('no');
    expect(services.init.environment?.ADMIN_TOKEN).toBe(services.gateway.environment?.ADMIN_TOKEN);
    for (const m of mounts.filter((v) => !v.startsWith('./'))) expect(Object.keys(compose.volumes ?? {})).toContain(m.split(':')[0]);
  });

  it('when ports are published, then they bind to the loopback interface only', () => {
    const published = Object.entries(services).flatMap(([name, sv]) => ((sv as { ports?: (string | { host_ip?: string })[] }).ports ?? []).map((p) => [name, p] as const));
    expect(published.map(([name]) => name).sort()).toEqual(['gateway', 'mailpit']);
    for (const [name, p] of published) {
      if (typeof p === 'string') expect([name, p]).toEqual([name, expect.stringMatching(/^127\.0\.0\.1:\d+:\d+$/)]);
      else expect([name, p.host_ip]).toEqual([name, '127.0.0.1']);
    }
  });

  it('when clients come through the reverse proxy in front, then the gateway counts failed authentications per real client', () => {
    const trust = readGatewayConfig(Object.fromEntries(Object.entries(services.gateway.environment ?? {}).map(([k, v]) => [k, interpolate(v)]))).TRUST_PROXY;
    // Docker forwards the loopback-published port from the bridge network's gateway address.
    expect(clientAddressSeen(trust, '172.18.0.1', '203.0.113.9')).toBe('203.0.113.9');
    expect(clientAddressSeen(trust, '127.0.0.1', '203.0.113.9')).toBe('203.0.113.9');
    expect(clientAddressSeen(trust, '203.0.113.50', '198.51.100.1')).toBe('203.0.113.50');
  });

  it('when secrets are not set, then compose refuses to start instead of using a default', () => {
    const required = /^\$\{(\w+):\?[^}]+\}$/;
    expect(services.gateway.environment?.ADMIN_TOKEN).toMatch(required);
    expect(services.gateway.environment?.TOKEN_SECRET).toMatch(required);
    expect(services.init.environment?.ADMIN_TOKEN).toMatch(required);
    for (const value of KNOWN_EXAMPLE_SECRETS) expect(text).not.toContain(value);
    expect(text).not.toMatch(/change-?me/i);
    // The gateway keeps refusing published example secrets here (no development switch).
    expect(services.gateway.environment?.NODE_ENV).toBeUndefined();
    expect(services.gateway.environment?.ALLOW_DEV_SECRETS).toBeUndefined();
  });
});
