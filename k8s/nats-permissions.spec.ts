// NATS users and per-subject permissions (docker/nats/herald.conf, also the dev overlay's nats-config
// ConfigMap): each app may publish its own subjects and what JetStream needs, nothing of the others;
// and compose and Kubernetes give each app the user and the password the server expects.
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import {
  DELIVERY_BROADCAST_SUBJECT,
  DELIVERY_CHUNK_SUBJECT,
  DELIVERY_EMAIL_SUBJECT,
  DELIVERY_NOTIFICATION_SUBJECT,
  DELIVERY_STREAM,
  EVENTS_STREAM,
  KEY_REVOKED_SUBJECT,
  OUTCOMES_STREAM,
  outcomeSubject,
  RECIPIENT_CHANGED_SUBJECT,
  RECIPIENT_DELETED_SUBJECT,
  WEBHOOK_DISPATCH_CONSUMER,
} from '../libs/contracts/src/index';
import { GATEWAY_HEARTBEAT_SUBJECT } from '../apps/gateway/src/rate-limit/heartbeat';
import { PROJECT_CHANGED_SUBJECT } from '../apps/gateway/src/auth/revocation';
import { CATALOG_CHANGED_SUBJECT } from '../apps/preference-service/src/store/catalog-cache';
import { RULES_CHANGED_SUBJECT } from '../apps/preference-service/src/store/rules-cache';
import { renderKustomization } from './testing/render-kustomization';
import { containerEnv, find, HERALD_APPS, repoRoot, workloads, type HeraldApp } from './testing/workloads';

interface Permissions {
  publish: { allow: string[] };
  subscribe: { allow: string[] };
}
interface NatsUser {
  user: string;
  password: string;
  permissions: Permissions;
}

const confFile = path.join(repoRoot, 'docker/nats/herald.conf');
const confText = fs.readFileSync(confFile, 'utf8');

/** herald.conf is JSON with `#` comments and unquoted `$VARIABLE` references (NATS config syntax). */
function readConf(text: string): { authorization: { users: NatsUser[] } } {
  const json = text
    .split('\n')
    .filter((l) => !/^\s*#/.test(l))
    .join('\n')
    .replace(/:\s*\$(\w+)/g, ': "$$$1"');
  return JSON.parse(json);
}

/** NATS subject matching: `*` one token, `>` one or more trailing tokens. */
function matches(pattern: string, subject: string): boolean {
  const p = pattern.split('.');
  const s = subject.split('.');
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '>') return s.length > i;
    if (i >= s.length || (p[i] !== '*' && p[i] !== s[i])) return false;
  }
  return p.length === s.length;
}
const allowed = (list: string[], subject: string) => list.some((p) => matches(p, subject));

/** What each app publishes on its own (its subjects), and what only it may publish. */
const OWN_SUBJECTS: Record<HeraldApp, string[]> = {
  gateway: [KEY_REVOKED_SUBJECT, GATEWAY_HEARTBEAT_SUBJECT, PROJECT_CHANGED_SUBJECT],
  'recipient-service': [RECIPIENT_DELETED_SUBJECT, RECIPIENT_CHANGED_SUBJECT],
  'preference-service': [CATALOG_CHANGED_SUBJECT, RULES_CHANGED_SUBJECT],
  'delivery-service': [DELIVERY_NOTIFICATION_SUBJECT, DELIVERY_BROADCAST_SUBJECT, DELIVERY_CHUNK_SUBJECT, DELIVERY_EMAIL_SUBJECT, outcomeSubject(1, 'r', 'notification.delivered')],
};
/** Core subscriptions of each app (JetStream consumers pull through the API into their inbox). */
const SUBSCRIBES: Record<HeraldApp, string[]> = {
  gateway: [
    KEY_REVOKED_SUBJECT,
    GATEWAY_HEARTBEAT_SUBJECT,
    PROJECT_CHANGED_SUBJECT,
    RECIPIENT_DELETED_SUBJECT,
    RECIPIENT_CHANGED_SUBJECT,
    CATALOG_CHANGED_SUBJECT,
    RULES_CHANGED_SUBJECT,
    '_INBOX.abc.1',
  ],
  'recipient-service': ['_INBOX.abc.1'],
  'preference-service': [CATALOG_CHANGED_SUBJECT, RULES_CHANGED_SUBJECT, '_INBOX.abc.1'],
  'delivery-service': ['_INBOX.abc.1'],
};
/** JetStream API calls and acknowledgements each app makes (streams it ensures, consumers it reads). */
const JETSTREAM: Record<HeraldApp, string[]> = {
  // The live stream reads HERALD_OUTCOMES: its position, one ordered consumer per replica, an ephemeral consumer per replay.
  gateway: [
    '$JS.API.INFO',
    `$JS.API.STREAM.INFO.${OUTCOMES_STREAM}`,
    `$JS.API.CONSUMER.CREATE.${OUTCOMES_STREAM}`,
    `$JS.API.CONSUMER.CREATE.${OUTCOMES_STREAM}.abc_1.herald.outcomes.1.cg.notification.>`,
    `$JS.API.CONSUMER.INFO.${OUTCOMES_STREAM}.abc_1`,
    `$JS.API.CONSUMER.DELETE.${OUTCOMES_STREAM}.abc_1`,
    `$JS.API.CONSUMER.MSG.NEXT.${OUTCOMES_STREAM}.abc_1`,
  ],
  'recipient-service': ['$JS.API.INFO', `$JS.API.STREAM.INFO.${EVENTS_STREAM}`, `$JS.API.STREAM.CREATE.${EVENTS_STREAM}`, `$JS.API.STREAM.UPDATE.${EVENTS_STREAM}`],
  'preference-service': [
    `$JS.API.STREAM.INFO.${EVENTS_STREAM}`,
    `$JS.API.CONSUMER.DURABLE.CREATE.${EVENTS_STREAM}.preference-service-recipient-deleted`,
    `$JS.API.CONSUMER.MSG.NEXT.${EVENTS_STREAM}.preference-service-recipient-deleted`,
    `$JS.ACK.${EVENTS_STREAM}.preference-service-recipient-deleted.1.2.3.4.5`,
  ],
  'delivery-service': [
    `$JS.API.STREAM.CREATE.${DELIVERY_STREAM}`,
    `$JS.API.CONSUMER.INFO.${DELIVERY_STREAM}.delivery-emails`,
    `$JS.API.CONSUMER.MSG.NEXT.${DELIVERY_STREAM}.delivery-emails`,
    `$JS.ACK.${DELIVERY_STREAM}.delivery-emails.1.2.3.4.5`,
    `$JS.ACK.${EVENTS_STREAM}.delivery-recipient-deleted.1.2.3.4.5`,
    // The webhook fan-out's consumer on the outcomes stream.
    `$JS.API.CONSUMER.DURABLE.CREATE.${OUTCOMES_STREAM}.${WEBHOOK_DISPATCH_CONSUMER}`,
    `$JS.API.CONSUMER.MSG.NEXT.${OUTCOMES_STREAM}.${WEBHOOK_DISPATCH_CONSUMER}`,
    `$JS.ACK.${OUTCOMES_STREAM}.${WEBHOOK_DISPATCH_CONSUMER}.1.2.3.4.5`,
  ],
};

describe('NATS users and permissions', () => {
  const users = readConf(confText).authorization.users;
  const userOf = (app: HeraldApp) => users.find((u) => u.user === app)!;

  it('when the server starts, then it knows one user per Herald app, each with a password from the environment', () => {
    expect(users.map((u) => u.user).sort()).toEqual([...HERALD_APPS].sort());
    for (const u of users) expect([u.user, u.password]).toEqual([u.user, expect.stringMatching(/^\$HERALD_NATS_[A-Z]+_PASSWORD$/)]);
    expect(new Set(users.map((u) => u.password)).size).toBe(users.length);
  });

  it.each(HERALD_APPS)('when %s publishes and subscribes as it does, then the server allows it', (app) => {
    const { publish, subscribe } = userOf(app).permissions;
    for (const subject of [...OWN_SUBJECTS[app], ...JETSTREAM[app]]) expect([app, subject, allowed(publish.allow, subject)]).toEqual([app, subject, true]);
    for (const subject of SUBSCRIBES[app]) expect([app, subject, allowed(subscribe.allow, subject)]).toEqual([app, subject, true]);
  });

  it.each(HERALD_APPS)("when %s publishes another app's subject, then the server refuses it", (app) => {
    const { publish } = userOf(app).permissions;
    const others = HERALD_APPS.filter((a) => a !== app).flatMap((a) => OWN_SUBJECTS[a]);
    for (const subject of [...others, 'herald.anything', '$SYS.REQ.SERVER.PING']) {
      expect([app, subject, allowed(publish.allow, subject)]).toEqual([app, subject, false]);
    }
  });

  it('when the gateway reaches for JetStream beyond reading the outcome events, then it is refused', () => {
    const { publish } = userOf('gateway').permissions;
    expect(allowed(publish.allow, `$JS.API.STREAM.DELETE.${EVENTS_STREAM}`)).toBe(false);
    expect(allowed(publish.allow, `$JS.API.STREAM.DELETE.${OUTCOMES_STREAM}`)).toBe(false);
    expect(allowed(publish.allow, `$JS.API.STREAM.CREATE.${OUTCOMES_STREAM}`)).toBe(false);
    expect(allowed(publish.allow, `$JS.API.STREAM.PURGE.${OUTCOMES_STREAM}`)).toBe(false);
    expect(allowed(publish.allow, `$JS.API.CONSUMER.CREATE.${DELIVERY_STREAM}`)).toBe(false);
    expect(allowed(publish.allow, `$JS.API.CONSUMER.MSG.NEXT.${DELIVERY_STREAM}.delivery-emails`)).toBe(false);
    expect(allowed(publish.allow, outcomeSubject(1, 'r', 'notification.delivered'))).toBe(false);
    expect(allowed(userOf('recipient-service').permissions.publish.allow, `$JS.ACK.${DELIVERY_STREAM}.delivery-emails.1.2.3.4.5`)).toBe(false);
  });

  it('when subjects are matched, then wildcards behave as in NATS (the matcher is live)', () => {
    expect(matches('herald.delivery.>', 'herald.delivery.email')).toBe(true);
    expect(matches('herald.delivery.>', 'herald.delivery')).toBe(false);
    expect(matches('herald.*.x', 'herald.a.x')).toBe(true);
    expect(matches('herald.*.x', 'herald.a.b.x')).toBe(false);
    expect(matches('herald.gateway.heartbeat', 'herald.gateway.heartbeat.x')).toBe(false);
  });

  it('when compose runs, then each app connects as its user with the password the server reads', () => {
    const compose = parse(fs.readFileSync(path.join(repoRoot, 'docker/compose.yaml'), 'utf8')) as {
      services: Record<string, { environment?: Record<string, string>; command?: string[]; volumes?: string[] }>;
    };
    const nats = compose.services.nats;
    expect(nats.command?.slice(0, 2)).toEqual(['-c', '/etc/nats/herald.conf']);
    expect(nats.volumes).toContain('./nats/herald.conf:/etc/nats/herald.conf:ro');
    for (const app of HERALD_APPS) {
      const env = compose.services[app].environment ?? {};
      const variable = userOf(app).password.slice(1);
      expect([app, env.NATS_USER]).toEqual([app, app]);
      expect([app, env.NATS_PASSWORD]).toEqual([app, expect.stringMatching(new RegExp(`^\\$\\{${variable}:\\?`))]);
      expect([app, nats.environment?.[variable]]).toEqual([app, expect.stringMatching(new RegExp(`^\\$\\{${variable}:\\?`))]);
    }
  });

  it('when the dev overlay runs NATS, then it loads the same file and each app shares its password Secret with the server', () => {
    const objects = renderKustomization(path.join(repoRoot, 'k8s/overlays/dev'));
    expect((find(objects, 'ConfigMap', 'nats-config')!.data as Record<string, string>)['herald.conf']).toBe(confText);
    const server = workloads(objects).find((w) => w.object.metadata.name === 'nats')!;
    const [container] = server.pod.containers;
    expect(container.args?.slice(0, 2)).toEqual(['-c', '/etc/nats/herald.conf']);
    const serverSecrets = Object.fromEntries((container.env ?? []).map((e) => [e.name, e.valueFrom?.secretKeyRef]));
    for (const app of HERALD_APPS) {
      const w = workloads(objects).find((x) => x.object.kind === 'Deployment' && x.object.metadata.name === app)!;
      const [c] = w.pod.containers;
      const { env } = containerEnv(c, objects, () => 'x');
      expect([app, env.NATS_USER]).toEqual([app, app]);
      const appSecret = c.env?.find((e) => e.name === 'NATS_PASSWORD')?.valueFrom?.secretKeyRef;
      expect([app, appSecret]).toEqual([app, { name: `${app}-nats`, key: 'password' }]);
      expect([app, serverSecrets[userOf(app).password.slice(1)]]).toEqual([app, appSecret]);
    }
  });

  it('when prod runs, then each app still connects as its user, with the password from its Secret', () => {
    const objects = renderKustomization(path.join(repoRoot, 'k8s/overlays/prod'));
    for (const app of HERALD_APPS) {
      const w = workloads(objects).find((x) => x.object.kind === 'Deployment' && x.object.metadata.name === app)!;
      const { env, missingSecrets } = containerEnv(w.pod.containers[0], objects, () => 'x');
      expect([app, env.NATS_USER, missingSecrets]).toEqual([app, app, expect.arrayContaining([`${app}-nats/password`])]);
    }
  });
});
