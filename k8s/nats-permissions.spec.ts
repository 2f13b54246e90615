// NATS users and per-subject permissions (docker/nats/herald.conf, generated from
// libs/contracts/src/nats-permissions.ts; also the dev overlay's nats-config ConfigMap and the local
// stack's server): each app may publish its own subjects, use the JetStream API by name for the streams
// and consumers it owns or reads, subscribe to its own inbox, and nothing of the others; compose and
// Kubernetes give each app the user and the password the server expects. The same refusals against a
// real nats-server: libs/service-kit/src/nats-auth.int-spec.ts.
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import * as contracts from '../libs/contracts/src/index';
import {
  DELIVERY_BROADCAST_SUBJECT,
  DELIVERY_CHUNK_SUBJECT,
  DELIVERY_EMAIL_CONSUMER,
  DELIVERY_EMAIL_SUBJECT,
  DELIVERY_SEND_SUBJECT_PREFIX,
  DELIVERY_RECIPIENT_DELETED_CONSUMER,
  DELIVERY_STREAM,
  EVENTS_STREAM,
  KEY_REVOKED_SUBJECT,
  NATS_GRANTS,
  natsInboxPrefix,
  OUTCOMES_STREAM,
  outcomeSubject,
  PREFERENCE_RECIPIENT_DELETED_CONSUMER,
  RECIPIENT_CHANGED_SUBJECT,
  RECIPIENT_DELETED_SUBJECT,
  WEBHOOK_DISPATCH_CONSUMER,
} from '../libs/contracts/src/index';
import { GATEWAY_HEARTBEAT_SUBJECT } from '../apps/gateway/src/plugins/app/rate-limit/heartbeat';
import { PROJECT_CHANGED_SUBJECT } from '../apps/gateway/src/plugins/app/credentials/revocation';
import { CATALOG_CHANGED_SUBJECT } from '../apps/preference-service/src/store/catalog-cache';
import { ConfigSchema as PreferenceConfig } from '../apps/preference-service/src/config';
import { RULES_CHANGED_SUBJECT } from '../apps/preference-service/src/store/rules-cache';
import { renderHeraldConf } from '../docker/nats/herald-conf';
import { renderKustomization } from './testing/render-kustomization';
import { containerEnv, find, HERALD_APPS, repoRoot, workloads, type HeraldApp } from './testing/workloads';

interface Permissions {
  publish: { allow: string[]; deny?: string[] };
  subscribe: { allow: string[]; deny?: string[] };
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
/** As the server decides: allowed by some allow entry and by no deny entry. */
const allowed = (rules: { allow: string[]; deny?: string[] }, subject: string) =>
  rules.allow.some((p) => matches(p, subject)) && !(rules.deny ?? []).some((p) => matches(p, subject));

/** What each app publishes on its own (its subjects), and what only it may publish. */
const OWN_SUBJECTS: Record<HeraldApp, string[]> = {
  gateway: [KEY_REVOKED_SUBJECT, GATEWAY_HEARTBEAT_SUBJECT, PROJECT_CHANGED_SUBJECT],
  'recipient-service': [RECIPIENT_DELETED_SUBJECT, RECIPIENT_CHANGED_SUBJECT],
  'preference-service': [CATALOG_CHANGED_SUBJECT, RULES_CHANGED_SUBJECT],
  'delivery-service': [`${DELIVERY_SEND_SUBJECT_PREFIX}.1`, DELIVERY_BROADCAST_SUBJECT, DELIVERY_CHUNK_SUBJECT, DELIVERY_EMAIL_SUBJECT, outcomeSubject(1, 'r', 'notification.delivered')],
};
const inbox = (app: HeraldApp) => `${natsInboxPrefix(app)}.abc.1`;
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
    inbox('gateway'),
  ],
  'recipient-service': [inbox('recipient-service')],
  'preference-service': [CATALOG_CHANGED_SUBJECT, RULES_CHANGED_SUBJECT, inbox('preference-service')],
  // recipient-presence.ts: a core subscription to erasures, beside the durable consumer.
  'delivery-service': [RECIPIENT_DELETED_SUBJECT, inbox('delivery-service')],
};
/** JetStream API calls and acknowledgements each app makes (streams it ensures, consumers it reads). */
const JETSTREAM: Record<HeraldApp, string[]> = {
  // The live stream reads HERALD_OUTCOMES: its position, one ordered consumer per replica, a named consumer per replay.
  gateway: [
    '$JS.API.INFO',
    `$JS.API.STREAM.INFO.${OUTCOMES_STREAM}`,
    `$JS.API.CONSUMER.CREATE.${OUTCOMES_STREAM}.replay_abc`,
    `$JS.API.CONSUMER.CREATE.${OUTCOMES_STREAM}.abc_1.herald.outcomes.1.cg.notification.>`,
    `$JS.API.CONSUMER.INFO.${OUTCOMES_STREAM}.abc_1`,
    `$JS.API.CONSUMER.DELETE.${OUTCOMES_STREAM}.abc_1`,
    `$JS.API.CONSUMER.MSG.NEXT.${OUTCOMES_STREAM}.abc_1`,
  ],
  'recipient-service': ['$JS.API.INFO', `$JS.API.STREAM.INFO.${EVENTS_STREAM}`, `$JS.API.STREAM.CREATE.${EVENTS_STREAM}`, `$JS.API.STREAM.UPDATE.${EVENTS_STREAM}`],
  'preference-service': [
    `$JS.API.STREAM.INFO.${EVENTS_STREAM}`,
    `$JS.API.CONSUMER.CREATE.${EVENTS_STREAM}.${PREFERENCE_RECIPIENT_DELETED_CONSUMER}.${RECIPIENT_DELETED_SUBJECT}`,
    `$JS.API.CONSUMER.INFO.${EVENTS_STREAM}.${PREFERENCE_RECIPIENT_DELETED_CONSUMER}`,
    `$JS.API.CONSUMER.MSG.NEXT.${EVENTS_STREAM}.${PREFERENCE_RECIPIENT_DELETED_CONSUMER}`,
    `$JS.ACK.${EVENTS_STREAM}.${PREFERENCE_RECIPIENT_DELETED_CONSUMER}.1.2.3.4.5`,
  ],
  'delivery-service': [
    `$JS.API.STREAM.CREATE.${DELIVERY_STREAM}`,
    `$JS.API.CONSUMER.CREATE.${DELIVERY_STREAM}.${DELIVERY_EMAIL_CONSUMER}.${DELIVERY_EMAIL_SUBJECT}`,
    `$JS.API.CONSUMER.INFO.${DELIVERY_STREAM}.${DELIVERY_EMAIL_CONSUMER}`,
    `$JS.API.CONSUMER.MSG.NEXT.${DELIVERY_STREAM}.${DELIVERY_EMAIL_CONSUMER}`,
    `$JS.ACK.${DELIVERY_STREAM}.${DELIVERY_EMAIL_CONSUMER}.1.2.3.4.5`,
    `$JS.ACK.${EVENTS_STREAM}.${DELIVERY_RECIPIENT_DELETED_CONSUMER}.1.2.3.4.5`,
    // The webhook fan-out's consumer on the outcomes stream.
    `$JS.API.CONSUMER.CREATE.${OUTCOMES_STREAM}.${WEBHOOK_DISPATCH_CONSUMER}`,
    `$JS.API.CONSUMER.MSG.NEXT.${OUTCOMES_STREAM}.${WEBHOOK_DISPATCH_CONSUMER}`,
    `$JS.ACK.${OUTCOMES_STREAM}.${WEBHOOK_DISPATCH_CONSUMER}.1.2.3.4.5`,
  ],
};

describe('NATS users and permissions', () => {
  const users = readConf(confText).authorization.users;
  const userOf = (app: HeraldApp) => users.find((u) => u.user === app)!;

  it('when the grants in libs/contracts change, then herald.conf and the dev overlay copy are regenerated (node scripts/nats-conf.mjs --write)', () => {
    expect(confText).toBe(renderHeraldConf());
    const objects = renderKustomization(path.join(repoRoot, 'k8s/overlays/dev'));
    expect((find(objects, 'ConfigMap', 'nats-config')!.data as Record<string, string>)['herald.conf']).toBe(confText);
  });

  it('when the server starts, then it knows one user per Herald app, each with a password from the environment', () => {
    expect(users.map((u) => u.user).sort()).toEqual([...HERALD_APPS].sort());
    for (const u of users) expect([u.user, u.password]).toEqual([u.user, expect.stringMatching(/^\$HERALD_NATS_[A-Z]+_PASSWORD$/)]);
    expect(new Set(users.map((u) => u.password)).size).toBe(users.length);
  });

  it.each(HERALD_APPS)('when %s publishes and subscribes as it does, then the server allows it', (app) => {
    const { publish, subscribe } = userOf(app).permissions;
    for (const subject of [...OWN_SUBJECTS[app], ...JETSTREAM[app]]) expect([app, subject, allowed(publish, subject)]).toEqual([app, subject, true]);
    for (const subject of SUBSCRIBES[app]) expect([app, subject, allowed(subscribe, subject)]).toEqual([app, subject, true]);
  });

  it.each(HERALD_APPS)("when %s publishes another app's subject or uses another app's stream, consumer or inbox, then the server refuses it", (app) => {
    const { publish, subscribe } = userOf(app).permissions;
    const others = HERALD_APPS.filter((a) => a !== app);
    // Streams several apps ensure (HERALD_EVENTS: its publisher and its consumers) are shared.
    const shared = (s: string) => s === '$JS.API.INFO' || s.startsWith('$JS.API.STREAM.INFO.') || NATS_GRANTS[app].ensures.some((stream) => s.endsWith(`.${stream}`) && s.startsWith('$JS.API.STREAM.'));
    const foreignJetStream = others.flatMap((a) => JETSTREAM[a]).filter((s) => !JETSTREAM[app].includes(s) && !shared(s));
    for (const subject of [...others.flatMap((a) => OWN_SUBJECTS[a]), ...foreignJetStream, 'herald.anything', '$SYS.REQ.SERVER.PING', '$JS.API.STREAM.LIST', '$JS.API.CONSUMER.CREATE.HERALD_OTHER']) {
      expect([app, subject, allowed(publish, subject)]).toEqual([app, subject, false]);
    }
    for (const subject of [...others.map(inbox), '_INBOX.abc.1']) expect([app, 'subscribe', subject, allowed(subscribe, subject)]).toEqual([app, 'subscribe', subject, false]);
  });

  it('when any user is listed, then it has no $JS.API.> or _INBOX.> wildcard, and may neither delete nor purge a stream', () => {
    for (const u of users) {
      const all = [...u.permissions.publish.allow, ...u.permissions.subscribe.allow];
      expect([u.user, all.filter((s) => ['>', '$JS.>', '$JS.API.>', '_INBOX.>', '$JS.API.STREAM.>', '$JS.API.CONSUMER.>'].includes(s))]).toEqual([u.user, []]);
      for (const verb of ['DELETE', 'PURGE', 'MSG.DELETE']) {
        for (const stream of [EVENTS_STREAM, DELIVERY_STREAM, OUTCOMES_STREAM]) expect([u.user, verb, stream, allowed(u.permissions.publish, `$JS.API.STREAM.${verb}.${stream}`)]).toEqual([u.user, verb, stream, false]);
      }
    }
  });

  it("when the internet-facing gateway reaches for another service's consumer or any stream write, then it is refused", () => {
    const { publish } = userOf('gateway').permissions;
    const refused = [
      `$JS.API.STREAM.DELETE.${EVENTS_STREAM}`,
      `$JS.API.STREAM.DELETE.${OUTCOMES_STREAM}`,
      `$JS.API.STREAM.CREATE.${OUTCOMES_STREAM}`,
      `$JS.API.STREAM.UPDATE.${OUTCOMES_STREAM}`,
      `$JS.API.STREAM.PURGE.${OUTCOMES_STREAM}`,
      // The legacy ephemeral create takes the name from the body: it could re-filter webhook-dispatch.
      `$JS.API.CONSUMER.CREATE.${OUTCOMES_STREAM}`,
      `$JS.API.CONSUMER.CREATE.${OUTCOMES_STREAM}.${WEBHOOK_DISPATCH_CONSUMER}`,
      `$JS.API.CONSUMER.CREATE.${OUTCOMES_STREAM}.${WEBHOOK_DISPATCH_CONSUMER}.herald.outcomes.>`,
      `$JS.API.CONSUMER.DURABLE.CREATE.${OUTCOMES_STREAM}.${WEBHOOK_DISPATCH_CONSUMER}`,
      `$JS.API.CONSUMER.DELETE.${OUTCOMES_STREAM}.${WEBHOOK_DISPATCH_CONSUMER}`,
      `$JS.API.CONSUMER.MSG.NEXT.${OUTCOMES_STREAM}.${WEBHOOK_DISPATCH_CONSUMER}`,
      `$JS.API.CONSUMER.INFO.${OUTCOMES_STREAM}.${WEBHOOK_DISPATCH_CONSUMER}`,
      `$JS.ACK.${OUTCOMES_STREAM}.${WEBHOOK_DISPATCH_CONSUMER}.1.2.3.4.5`,
      `$JS.API.CONSUMER.CREATE.${DELIVERY_STREAM}.x`,
      `$JS.API.CONSUMER.MSG.NEXT.${DELIVERY_STREAM}.${DELIVERY_EMAIL_CONSUMER}`,
      `$JS.API.CONSUMER.DELETE.${EVENTS_STREAM}.${PREFERENCE_RECIPIENT_DELETED_CONSUMER}`,
      outcomeSubject(1, 'r', 'notification.delivered'),
    ];
    for (const subject of refused) expect([subject, allowed(publish, subject)]).toEqual([subject, false]);
    expect(allowed(userOf('recipient-service').permissions.publish, `$JS.ACK.${DELIVERY_STREAM}.${DELIVERY_EMAIL_CONSUMER}.1.2.3.4.5`)).toBe(false);
  });

  it('when libs/contracts names a durable consumer, then exactly one app is granted it (a new consumer needs its grant)', () => {
    const named = Object.entries(contracts)
      .filter(([k, v]) => /_CONSUMER$/.test(k) && typeof v === 'string')
      .map(([, v]) => v as string)
      .sort();
    const granted = HERALD_APPS.flatMap((a) => NATS_GRANTS[a].durables.map(([, c]) => c)).sort();
    expect(granted).toEqual(named);
    // The preference service's durable is configurable; its default is the granted one.
    expect(PreferenceConfig.properties.RECIPIENT_DELETED_DURABLE.allOf?.[1]?.default ?? PreferenceConfig.properties.RECIPIENT_DELETED_DURABLE.default).toBe(PREFERENCE_RECIPIENT_DELETED_CONSUMER);
  });

  it('when subjects are matched, then wildcards and deny entries behave as in NATS (the matcher is live)', () => {
    expect(matches('herald.delivery.>', 'herald.delivery.email')).toBe(true);
    expect(matches('herald.delivery.>', 'herald.delivery')).toBe(false);
    expect(matches('herald.*.x', 'herald.a.x')).toBe(true);
    expect(matches('herald.*.x', 'herald.a.b.x')).toBe(false);
    expect(matches('herald.gateway.heartbeat', 'herald.gateway.heartbeat.x')).toBe(false);
    expect(allowed({ allow: ['a.*'], deny: ['a.b'] }, 'a.b')).toBe(false);
    expect(allowed({ allow: ['a.*'], deny: ['a.b'] }, 'a.c')).toBe(true);
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
