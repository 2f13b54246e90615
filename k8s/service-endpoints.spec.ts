// Every endpoint a Herald process needs is configured in every overlay, and the NetworkPolicies let
// that traffic through. The variables are read from the apps' own config schemas (any
// `*_SERVICE_URL`, `MONGO_URL`, `NATS_URL`, `SMTP_URL`), so a new dependency shows up here: it must
// be set explicitly (a schema default points at 127.0.0.1, which is the pod itself in Kubernetes),
// its host must resolve to a rendered Service (or a documented external one), and the caller's
// egress and the callee's ingress must both allow the port.
import path from 'node:path';
import type { TObject } from '@sinclair/typebox';
import { ConfigSchema as deliverySchema } from '../apps/delivery-service/src/config';
import { ConfigSchema as gatewaySchema } from '../apps/gateway/src/config';
import { ConfigSchema as preferenceSchema } from '../apps/preference-service/src/config';
import { ConfigSchema as recipientSchema } from '../apps/recipient-service/src/config';
import { canConnect, type Peer, type Pod } from './testing/network-policy';
import { renderKustomization, type K8sObject } from './testing/render-kustomization';
import { containerEnv, find, HERALD_APPS, workloads, type HeraldApp } from './testing/workloads';

const SCHEMAS: Record<HeraldApp, TObject> = {
  gateway: gatewaySchema,
  'recipient-service': recipientSchema,
  'preference-service': preferenceSchema,
  'delivery-service': deliverySchema,
};

/** Names of configuration variables that point a process at another one. */
const ENDPOINT_VARIABLE = /(_SERVICE_URL|^MONGO_URL|^NATS_URL|^SMTP_URL)$/;

/** Default port per URL scheme, when a URL names none. */
const DEFAULT_PORTS: Record<string, number> = {
  http: 80,
  https: 443,
  mongodb: 27017,
  'mongodb+srv': 27017,
  nats: 4222,
  tls: 4222,
  smtp: 25,
  smtps: 465,
};

/**
 * What the Secrets created outside git (prod) hold, in the shape docs/deploy.md describes: the
 * MongoDB Community Operator's connection string (Service `herald-mongodb-svc` in namespace
 * `mongodb`) and an SMTP relay outside the cluster.
 */
const EXTERNAL_SECRET_EXAMPLES: Record<string, string> = {
  'gateway-mongo/url': 'mongodb://gateway:pw@herald-mongodb-svc.mongodb.svc.cluster.local:27017/herald_gateway?replicaSet=herald-mongodb',
  'recipient-service-mongo/url': 'mongodb://recipient:pw@herald-mongodb-svc.mongodb.svc.cluster.local:27017/herald_recipient?replicaSet=herald-mongodb',
  'preference-service-mongo/url': 'mongodb://preference:pw@herald-mongodb-svc.mongodb.svc.cluster.local:27017/herald_preference?replicaSet=herald-mongodb',
  'delivery-service-mongo/url': 'mongodb://delivery:pw@herald-mongodb-svc.mongodb.svc.cluster.local:27017/herald_delivery?replicaSet=herald-mongodb',
  'delivery-service-smtp/url': 'smtp://herald:pw@relay.example.com:587',
};

/** Services outside the overlay that docs/deploy.md tells operators to run, by `name.namespace`. */
const EXTERNAL_SERVICES: Record<string, Record<string, string>> = {
  'herald-mongodb-svc.mongodb': { app: 'herald-mongodb-svc' },
  'nats.nats': { 'app.kubernetes.io/name': 'nats' },
  'nats-headless.nats': { 'app.kubernetes.io/name': 'nats' },
};

interface Endpoint {
  scheme: string;
  host: string;
  port: number;
}

/** Hosts and ports of a URL, including multi-host MongoDB strings and comma-separated NATS lists. */
function endpointsOf(value: string): Endpoint[] {
  return value.split(/,(?=[a-z+]+:\/\/)/).flatMap((url) => {
    const m = /^([a-z][a-z0-9+.-]*):\/\/(?:[^@/]*@)?([^/?#]*)/i.exec(url.trim());
    if (!m) throw new Error(`not a URL: ${url}`);
    const scheme = m[1].toLowerCase();
    return m[2].split(',').map((hostPort) => {
      const hp = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(hostPort);
      if (!hp) throw new Error(`bad host in ${url}`);
      const port = hp[2] ? Number(hp[2]) : DEFAULT_PORTS[scheme];
      if (!port) throw new Error(`no port for scheme ${scheme} in ${url}`);
      return { scheme, host: hp[1].toLowerCase(), port };
    });
  });
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\]|::1|0\.0\.0\.0)$/;

/**
 * The peer and port a connection to `host:port` reaches from `namespace`: a rendered Service's
 * pods (target port resolved through the selected container's named ports), a documented
 * external in-cluster Service, or (any other name) an address outside the cluster.
 */
function resolve(objects: K8sObject[], namespace: string, { host, port }: Endpoint): { peer: Peer; port: number } | { error: string } {
  const labels = host.split('.');
  // A pod of a StatefulSet behind a headless Service (`nats-0.nats-headless.nats.svc.cluster.local`): its Service's peers.
  const parts = labels.length === 6 && labels[3] === 'svc' ? labels.slice(1) : labels;
  const inCluster = parts.length === 1 || parts.length === 2 || (parts[2] === 'svc' && (parts.length === 3 || parts.slice(3).join('.') === 'cluster.local'));
  if (!inCluster) return { peer: { external: true }, port };
  const [name, ns = namespace] = parts;
  const service = objects.find((o) => o.kind === 'Service' && o.metadata.name === name && o.metadata.namespace === ns);
  if (!service) {
    const labels = EXTERNAL_SERVICES[`${name}.${ns}`];
    return labels ? { peer: { namespace: ns, labels }, port } : { error: `no Service ${name} in namespace ${ns}` };
  }
  const spec = service.spec as { selector: Record<string, string>; ports: { port: number; targetPort?: number | string }[] };
  const servicePort = spec.ports.find((p) => p.port === port);
  if (!servicePort) return { error: `Service ${name} has no port ${port}` };
  const target = servicePort.targetPort ?? port;
  let targetPort = typeof target === 'number' ? target : NaN;
  if (typeof target === 'string') {
    const selected = workloads(objects).filter((w) => Object.entries(spec.selector).every(([k, v]) => w.template.metadata.labels[k] === v));
    const named = selected.flatMap((w) => w.pod.containers.flatMap((c) => c.ports ?? [])).find((p) => p.name === target);
    if (!named) return { error: `Service ${name}: no container port named ${target}` };
    targetPort = named.containerPort;
  }
  return { peer: { namespace: ns, labels: spec.selector }, port: targetPort };
}

const overlays = { dev: 'herald-dev', prod: 'herald' };

describe.each(Object.entries(overlays))('k8s overlay %s service endpoints', (overlay, namespace) => {
  const objects = renderKustomization(path.join(__dirname, 'overlays', overlay));

  it.each(HERALD_APPS)('when %s starts, then every endpoint it needs is configured and reachable through the NetworkPolicies', (app) => {
    const deployment = find(objects, 'Deployment', app)!;
    const [w] = workloads([deployment]);
    const { env } = containerEnv(w.pod.containers[0], objects, (secret, key) => EXTERNAL_SECRET_EXAMPLES[`${secret}/${key}`] ?? 'x'.repeat(40));
    const variables = Object.keys(SCHEMAS[app].properties).filter((k) => ENDPOINT_VARIABLE.test(k));
    expect(variables).toEqual(expect.arrayContaining(['MONGO_URL', 'NATS_URL']));
    const self: Pod = { namespace, labels: w.template.metadata.labels };

    const problems: string[] = [];
    for (const variable of variables) {
      const value = env[variable];
      if (value === undefined || value === '') {
        problems.push(`${variable}: not configured (the app would use its default ${JSON.stringify(SCHEMAS[app].properties[variable].default)})`);
        continue;
      }
      for (const endpoint of endpointsOf(value)) {
        if (LOOPBACK.test(endpoint.host)) {
          problems.push(`${variable}: ${endpoint.host} is the pod itself`);
          continue;
        }
        const target = resolve(objects, namespace, endpoint);
        if ('error' in target) problems.push(`${variable}: ${target.error}`);
        else if (!canConnect(objects, self, target.peer, target.port)) {
          problems.push(`${variable}: NetworkPolicies block ${app} -> ${endpoint.host}:${target.port}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('endpoint checks', () => {
  const objects = renderKustomization(path.join(__dirname, 'overlays', 'dev'));

  it('when URLs list several hosts or none of their ports, then each host is checked on the right port', () => {
    expect(endpointsOf('mongodb://u:p@a:27018,b/db?replicaSet=rs')).toEqual([
      { scheme: 'mongodb', host: 'a', port: 27018 },
      { scheme: 'mongodb', host: 'b', port: 27017 },
    ]);
    expect(endpointsOf('nats://n1:4222,nats://n2')).toEqual([
      { scheme: 'nats', host: 'n1', port: 4222 },
      { scheme: 'nats', host: 'n2', port: 4222 },
    ]);
    expect(endpointsOf('http://recipient-service:50051')).toEqual([{ scheme: 'http', host: 'recipient-service', port: 50051 }]);
  });

  it('when a host names a Service, then the check targets its pods on the container port', () => {
    expect(resolve(objects, 'herald-dev', { scheme: 'mongodb', host: 'mongodb', port: 27017 })).toEqual({
      peer: { namespace: 'herald-dev', labels: { 'app.kubernetes.io/name': 'mongodb' } },
      port: 27017,
    });
    expect(resolve(objects, 'herald-dev', { scheme: 'http', host: 'nowhere', port: 1 })).toEqual({ error: 'no Service nowhere in namespace herald-dev' });
    expect(resolve(objects, 'herald-dev', { scheme: 'smtp', host: 'relay.example.com', port: 587 })).toEqual({ peer: { external: true }, port: 587 });
    expect(resolve(objects, 'herald', { scheme: 'nats', host: 'nats-1.nats-headless.nats.svc.cluster.local', port: 4222 })).toEqual({
      peer: { namespace: 'nats', labels: { 'app.kubernetes.io/name': 'nats' } },
      port: 4222,
    });
  });
});
