// Renders every overlay offline and checks it: each object against the Kubernetes schemas
// (kubernetes-models), then the invariants Herald's deployment relies on.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readConfig as readDeliveryConfig } from '../apps/delivery-service/src/config';
import { KNOWN_EXAMPLE_SECRETS, readConfig as readGatewayConfig } from '../apps/gateway/src/config';
import { readConfig as readPreferenceConfig } from '../apps/preference-service/src/config';
import { readConfig as readRecipientConfig } from '../apps/recipient-service/src/config';
import { idOf, renderKustomization, type K8sObject } from './testing/render-kustomization';
import { clientAddressSeen } from '../apps/gateway/src/testing/client-address';
import { matchesSelector } from './testing/network-policy';
import { containerEnv, find, HERALD_APPS, preStopSeconds, repoRoot, shutdownTimeoutSeconds, workloads, type HeraldApp } from './testing/workloads';

const readConfig: Record<HeraldApp, (env: Record<string, string>) => { PORT: number; METRICS_PORT: number }> = {
  gateway: readGatewayConfig,
  'recipient-service': readRecipientConfig,
  'preference-service': readPreferenceConfig,
  'delivery-service': readDeliveryConfig,
};

/** Secrets the prod overlay expects to exist (created outside git), as docs/deploy.md lists them. */
const PROD_EXTERNAL_SECRETS = [
  'delivery-service-mongo/url',
  'delivery-service-nats/password',
  'delivery-service-smtp/url',
  'gateway-mongo/url',
  'gateway-nats/password',
  'gateway-secrets/admin-token',
  'gateway-secrets/token-secret',
  'herald-service-token/token',
  'preference-service-mongo/url',
  'preference-service-nats/password',
  'recipient-service-mongo/url',
  'recipient-service-nats/password',
];

/** Secrets the dev overlay expects (never committed; created with kubectl as docs/deploy.md shows). */
const DEV_EXTERNAL_SECRETS = [
  'delivery-service-nats/password',
  'gateway-nats/password',
  'gateway-secrets/admin-token',
  'gateway-secrets/token-secret',
  'herald-service-token/token',
  'preference-service-nats/password',
  'recipient-service-nats/password',
];

const overlays = {
  dev: { namespace: 'herald-dev', externalSecrets: DEV_EXTERNAL_SECRETS },
  prod: { namespace: 'herald', externalSecrets: PROD_EXTERNAL_SECRETS },
};

/** kubernetes-models class for an apiVersion + kind, e.g. apps/v1 Deployment. */
function modelOf(o: K8sObject): { validate(): void } {
  const group = o.apiVersion.includes('/') ? o.apiVersion : `v1`;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const mod = require(`kubernetes-models/${group}/${o.kind}`) as Record<string, new (data: unknown) => { validate(): void }>;
  return new mod[o.kind](o);
}

const appOf = (o: K8sObject) => o.metadata.labels?.['app.kubernetes.io/name'] as HeraldApp;

describe.each(Object.entries(overlays))('k8s overlay %s', (overlay, expected) => {
  const objects = renderKustomization(path.join(__dirname, 'overlays', overlay));
  const herald = workloads(objects).filter((w) => (HERALD_APPS as readonly string[]).includes(appOf(w.object)));

  it('when rendered, then it holds every app and each object passes the Kubernetes schema', () => {
    expect(herald.map((w) => appOf(w.object)).sort()).toEqual([...HERALD_APPS].sort());
    for (const o of objects) {
      expect(() => modelOf(o).validate()).not.toThrow();
    }
    expect(new Set(objects.map(idOf)).size).toBe(objects.length);
  });

  it('when schema validation meets a wrong type, then it fails (the validator is live)', () => {
    const broken = structuredClone(find(objects, 'Deployment', 'gateway')!);
    const [port] = workloads([broken])[0].pod.containers[0].ports!;
    (port as { containerPort: unknown }).containerPort = 'http';
    expect(() => modelOf(broken).validate()).toThrow(/containerPort/);
  });

  it('when applied, then every namespaced object lands in the overlay namespace', () => {
    for (const o of objects) {
      if (o.kind === 'Namespace') expect(o.metadata.name).toBe(expected.namespace);
      else expect(o.metadata.namespace).toBe(expected.namespace);
    }
  });

  it('when any workload runs, then it has probes, resources, a non-root read-only container and /tmp', () => {
    for (const { object, pod } of workloads(objects)) {
      const where = idOf(object);
      expect([where, pod.securityContext?.runAsNonRoot]).toEqual([where, true]);
      expect([where, pod.automountServiceAccountToken]).toEqual([where, false]);
      for (const c of pod.containers) {
        expect([where, c.image]).not.toEqual([where, expect.stringMatching(/:latest$|^[^:]+$/)]);
        expect([where, !!c.readinessProbe, !!c.livenessProbe]).toEqual([where, true, true]);
        expect([where, c.resources?.requests?.cpu, c.resources?.requests?.memory, c.resources?.limits?.memory]).toEqual([
          where,
          expect.anything(),
          expect.anything(),
          expect.anything(),
        ]);
        expect([where, c.securityContext?.readOnlyRootFilesystem, c.securityContext?.allowPrivilegeEscalation]).toEqual([where, true, false]);
        expect([where, c.securityContext?.capabilities?.drop]).toEqual([where, ['ALL']]);
        const tmp = c.volumeMounts?.find((m) => m.mountPath === '/tmp');
        expect([where, pod.volumes?.find((v) => v.name === tmp?.name)?.emptyDir]).toEqual([where, expect.any(Object)]);
      }
    }
  });

  it('when a Herald app runs, then its probes match its kind and its ports match its config and Service', () => {
    for (const { object, template, pod } of herald) {
      const app = appOf(object);
      const [c] = pod.containers;
      const { env } = containerEnv(c, objects, () => 'x'.repeat(40));
      const config = readConfig[app](env); // throws if the rendered env does not satisfy the app's schema
      const main = c.ports!.find((p) => p.containerPort === config.PORT);
      expect([app, main?.name]).toEqual([app, app === 'gateway' ? 'http' : 'grpc']);

      if (app === 'gateway') {
        expect(c.readinessProbe?.httpGet).toMatchObject({ path: '/readyz', port: 'http' });
        expect(c.livenessProbe?.httpGet).toMatchObject({ path: '/healthz', port: 'http' });
      } else {
        expect([app, c.readinessProbe?.grpc?.port, c.livenessProbe?.grpc?.port]).toEqual([app, config.PORT, config.PORT]);
      }
      // Metrics on their own port (the gateway's public port never serves them), as scraped.
      const metricsPort = config.METRICS_PORT;
      expect([app, metricsPort]).toEqual([app, expect.any(Number)]);
      expect([app, metricsPort === config.PORT]).toEqual([app, false]);
      expect([app, c.ports!.find((p) => p.name === 'metrics')?.containerPort]).toEqual([app, metricsPort]);
      expect([app, template.metadata.annotations?.['prometheus.io/port']]).toEqual([app, String(metricsPort)]);

      const service = find(objects, 'Service', app)!;
      const spec = service.spec as { selector: Record<string, string>; ports: { name: string; port: number; targetPort: string | number }[] };
      expect(matchesSelector({ matchLabels: spec.selector }, template.metadata.labels)).toBe(true);
      for (const port of spec.ports) {
        const target = c.ports!.find((p) => p.name === port.targetPort || p.containerPort === port.targetPort);
        expect([app, port.name, target?.containerPort]).toEqual([app, port.name, expect.any(Number)]);
      }
      const mainServicePort = spec.ports.find((p) => p.targetPort === main!.name || p.targetPort === main!.containerPort);
      expect([app, mainServicePort?.port]).toEqual([app, config.PORT]);
    }
  });

  it('when clients come through the ingress controller, then the gateway counts failed authentications per real client', () => {
    const gateway = herald.find((w) => appOf(w.object) === 'gateway')!;
    const { env } = containerEnv(gateway.pod.containers[0], objects, () => 'x'.repeat(40));
    const trust = readGatewayConfig(env).TRUST_PROXY;
    // The ingress controller is a pod (a cluster-private address) that appends the client's address.
    expect(clientAddressSeen(trust, '10.244.3.17', '203.0.113.9')).toBe('203.0.113.9');
    expect(clientAddressSeen(trust, '172.20.1.4', '198.51.100.1, 203.0.113.9')).toBe('203.0.113.9');
    // A client reaching the pod directly from outside cannot choose its address.
    expect(clientAddressSeen(trust, '203.0.113.50', '198.51.100.1')).toBe('203.0.113.50');
  });

  it('when a Herald pod is stopped, then the grace period covers preStop plus the graceful shutdown', () => {
    const shutdown = shutdownTimeoutSeconds();
    for (const { object, pod } of herald) {
      const [c] = pod.containers;
      expect(preStopSeconds(c)).toBeGreaterThan(0);
      expect([appOf(object), pod.terminationGracePeriodSeconds! >= shutdown + preStopSeconds(c)]).toEqual([appOf(object), true]);
    }
  });

  it('when nodes drain, then a PodDisruptionBudget guards each Herald app', () => {
    for (const { object, template } of herald) {
      const pdbs = objects.filter(
        (o) => o.kind === 'PodDisruptionBudget' && matchesSelector((o.spec as { selector: object }).selector, template.metadata.labels),
      );
      expect([appOf(object), pdbs.length]).toEqual([appOf(object), 1]);
    }
  });

  it('when load grows, then the gateway and the delivery service autoscale and only they', () => {
    const hpas = objects.filter((o) => o.kind === 'HorizontalPodAutoscaler');
    expect(hpas.map((h) => (h.spec as { scaleTargetRef: { name: string } }).scaleTargetRef.name).sort()).toEqual(['delivery-service', 'gateway']);
    for (const h of hpas) {
      const spec = h.spec as { scaleTargetRef: { kind: string; name: string }; minReplicas: number; maxReplicas: number };
      const target = find(objects, spec.scaleTargetRef.kind, spec.scaleTargetRef.name)!;
      expect((target.spec as { replicas?: number }).replicas).toBeUndefined(); // the HPA owns the count
      expect(spec.minReplicas).toBeLessThanOrEqual(spec.maxReplicas);
    }
  });

  it('when pods reference configuration, then it exists, or is one of the documented external Secrets', () => {
    const missing = new Set<string>();
    for (const { pod } of workloads(objects)) {
      for (const c of pod.containers) containerEnv(c, objects, () => 'x').missingSecrets.forEach((s) => missing.add(s));
      if (pod.serviceAccountName) expect(find(objects, 'ServiceAccount', pod.serviceAccountName)).toBeDefined();
    }
    expect([...missing].sort()).toEqual(expected.externalSecrets);
    const docs = fs.readFileSync(path.join(repoRoot, 'docs/deploy.md'), 'utf8');
    for (const secret of expected.externalSecrets) expect(docs).toContain(secret.split('/')[0]);
  });

  it('when committed, then it carries no credentials: Secrets hold password-less URLs only, and no published example secret', () => {
    for (const secret of objects.filter((o) => o.kind === 'Secret')) {
      const data = { ...((secret.stringData as Record<string, string>) ?? {}) };
      for (const [k, v] of Object.entries((secret.data as Record<string, string>) ?? {})) data[k] = Buffer.from(v, 'base64').toString();
      for (const [key, value] of Object.entries(data)) {
        const where = `${secret.metadata.name}/${key}`;
        expect([where, key]).toEqual([where, 'url']);
        expect([where, /^[a-z+]+:\/\/[^/@]*:[^/@]*@/i.test(value)]).toEqual([where, false]);
      }
    }
    const text = JSON.stringify(objects);
    for (const value of KNOWN_EXAMPLE_SECRETS) expect(text).not.toContain(value);
    expect(text).not.toMatch(/change-?me/i);
  });

  it('when images are resolved, then each Herald app has its own tagged image', () => {
    for (const { object, pod } of herald) {
      const image = pod.containers[0].image!;
      const app = appOf(object);
      if (overlay === 'dev') expect(image).toBe(`herald/${app}:dev`);
      else expect(image).toMatch(new RegExp(`^registry\\.example\\.com/herald/${app}:\\d+\\.\\d+\\.\\d+$`));
    }
  });
});

describe('k8s components', () => {
  it.each(HERALD_APPS)('when %s is deployed alone, then its component brings everything it needs and nothing of the others', (app) => {
    const dir = path.join(__dirname, 'components', app);
    const objects = renderComponentAlone(dir);
    const kinds = objects.map((o) => o.kind).sort();
    expect(kinds).toEqual(
      expect.arrayContaining(['ConfigMap', 'Deployment', 'NetworkPolicy', 'PodDisruptionBudget', 'Service', 'ServiceAccount']),
    );
    for (const o of objects) expect([idOf(o), appOf(o)]).toEqual([idOf(o), app]);
    const [w] = workloads(objects);
    expect(w.pod.containers[0].image).toMatch(new RegExp(`^herald/${app}:\\d+\\.\\d+\\.\\d+$`));
  });
});

/** Renders one component on its own, as an overlay listing only it would. */
function renderComponentAlone(componentDir: string): K8sObject[] {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-k8s-'));
  try {
    fs.writeFileSync(
      path.join(tmp, 'kustomization.yaml'),
      `apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\ncomponents:\n  - ${path.relative(tmp, componentDir)}\n`,
    );
    return renderKustomization(tmp);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
