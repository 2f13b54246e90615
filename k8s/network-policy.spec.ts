// Who may talk to whom once an overlay's NetworkPolicies apply: the gateway reaches the services,
// the delivery service reaches the recipient and preference services, nothing else does; each app reaches only the database server and NATS (and mail, for delivery); DNS works.
import path from 'node:path';
import { canConnect, type Peer, type Pod } from './testing/network-policy';
import { renderKustomization } from './testing/render-kustomization';

const SERVICES = { 'recipient-service': 50051, 'preference-service': 50052, 'delivery-service': 50053 } as const;
type Service = keyof typeof SERVICES;
/** Herald apps that call each service besides the gateway (apps/delivery-service calls both lookups). */
const OTHER_CALLERS: Record<Service, Service[]> = {
  'recipient-service': ['delivery-service'],
  'preference-service': ['delivery-service'],
  'delivery-service': [],
};

const overlays = {
  dev: {
    namespace: 'herald-dev',
    mongo: { namespace: 'herald-dev', labels: { 'app.kubernetes.io/name': 'mongodb' } },
    nats: { namespace: 'herald-dev', labels: { 'app.kubernetes.io/name': 'nats' } },
  },
  prod: {
    namespace: 'herald',
    mongo: { namespace: 'mongodb', labels: { app: 'herald-mongodb-svc' } },
    nats: { namespace: 'nats', labels: { 'app.kubernetes.io/name': 'nats' } },
  },
};

describe.each(Object.entries(overlays))('k8s overlay %s network policies', (overlay, infra) => {
  const policies = renderKustomization(path.join(__dirname, 'overlays', overlay));
  const app = (name: string): Pod => ({ namespace: infra.namespace, labels: { 'app.kubernetes.io/name': name, 'app.kubernetes.io/part-of': 'herald' } });
  const gateway = app('gateway');
  const dns: Pod = { namespace: 'kube-system', labels: { 'k8s-app': 'kube-dns' } };
  const stranger: Pod = { namespace: infra.namespace, labels: { 'app.kubernetes.io/name': 'debug-shell' } };
  const otherNamespace: Pod = { namespace: 'elsewhere', labels: { 'app.kubernetes.io/name': 'gateway' } };
  const internet: Peer = { external: true };
  const services = Object.keys(SERVICES) as Service[];

  it('when the gateway (or a service that needs it) calls a service, then it is allowed; when anything else does, then it is not', () => {
    for (const s of services) {
      expect([s, canConnect(policies, gateway, app(s), SERVICES[s])]).toEqual([s, true]);
      expect([s, canConnect(policies, stranger, app(s), SERVICES[s])]).toEqual([s, false]);
      expect([s, canConnect(policies, otherNamespace, app(s), SERVICES[s])]).toEqual([s, false]);
      expect([s, canConnect(policies, internet, app(s), SERVICES[s])]).toEqual([s, false]);
      for (const other of services.filter((o) => o !== s)) {
        expect([other, s, canConnect(policies, app(other), app(s), SERVICES[s])]).toEqual([other, s, OTHER_CALLERS[s].includes(other)]);
        expect([other, s, 'metrics', canConnect(policies, app(other), app(s), 9100)]).toEqual([other, s, 'metrics', false]);
      }
    }
  });

  it('when metrics are scraped, then only the monitoring namespace reaches the metrics port of each app', () => {
    const monitoring: Pod = { namespace: 'monitoring', labels: { 'app.kubernetes.io/name': 'prometheus' } };
    const metricsPorts: Record<string, number> = { gateway: 9100, 'recipient-service': 9101, 'preference-service': 9102, 'delivery-service': 9103 };
    for (const [name, port] of Object.entries(metricsPorts)) {
      expect([name, canConnect(policies, monitoring, app(name), port)]).toEqual([name, true]);
      expect([name, canConnect(policies, internet, app(name), port)]).toEqual([name, false]);
      expect([name, canConnect(policies, otherNamespace, app(name), port)]).toEqual([name, false]);
    }
  });

  it('when clients call the gateway, then port 8080 is open and the services cannot call it', () => {
    expect(canConnect(policies, internet, gateway, 8080)).toBe(true);
    expect(canConnect(policies, otherNamespace, gateway, 8080)).toBe(true);
    for (const s of services) expect([s, canConnect(policies, app(s), gateway, 8080)]).toEqual([s, false]);
  });

  it('when an app reaches for its datastores, then MongoDB and NATS answer and nothing else does', () => {
    for (const name of ['gateway', ...services]) {
      const pod = app(name);
      expect([name, canConnect(policies, pod, infra.mongo, 27017)]).toEqual([name, true]);
      expect([name, canConnect(policies, pod, infra.nats, 4222)]).toEqual([name, true]);
      expect([name, canConnect(policies, pod, infra.mongo, 4222)]).toEqual([name, false]);
      // Only the delivery service goes out on HTTPS: webhooks (see the next test).
      if (name !== 'delivery-service') expect([name, canConnect(policies, pod, internet, 443)]).toEqual([name, false]);
      expect([name, canConnect(policies, pod, dns, 53, 'UDP')]).toEqual([name, true]);
    }
  });

  it('when mail goes out, then only the delivery service reaches SMTP', () => {
    expect(canConnect(policies, app('delivery-service'), internet, 587)).toBe(true);
    for (const name of ['gateway', 'recipient-service', 'preference-service']) {
      expect([name, canConnect(policies, app(name), internet, 587)]).toEqual([name, false]);
    }
  });

  it('when webhooks go out, then only the delivery service reaches the internet on 443 and 80, and not the cluster through it', () => {
    for (const port of [443, 80]) {
      expect([port, canConnect(policies, app('delivery-service'), internet, port)]).toEqual([port, true]);
      for (const name of ['gateway', 'recipient-service', 'preference-service']) expect([name, port, canConnect(policies, app(name), internet, port)]).toEqual([name, port, false]);
      expect([port, canConnect(policies, app('delivery-service'), stranger, port)]).toEqual([port, false]);
    }
    expect(canConnect(policies, app('delivery-service'), internet, 8080)).toBe(false);
  });

  if (overlay === 'dev') {
    it('when something other than Herald reaches the dev datastores, then it is refused', () => {
      expect(canConnect(policies, stranger, infra.mongo, 27017)).toBe(false);
      expect(canConnect(policies, stranger, infra.nats, 4222)).toBe(false);
      const mailpit: Pod = { namespace: infra.namespace, labels: { 'app.kubernetes.io/name': 'mailpit' } };
      expect(canConnect(policies, app('delivery-service'), mailpit, 1025)).toBe(true);
      expect(canConnect(policies, app('recipient-service'), mailpit, 1025)).toBe(false);
    });
  }
});
