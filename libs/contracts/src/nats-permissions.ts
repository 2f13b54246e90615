/**
 * What each Herald app may do on NATS, derived from the subject, stream and consumer names above,
 * so a renamed subject, stream or consumer moves its permission with it. docker/nats/herald.conf
 * (and the dev overlay's copy) is generated from this (`node scripts/nats-conf.mjs --write`); a
 * unit test fails when it is out of date. docs/deploy.md, "NATS users and permissions", says how
 * to add a subject, stream or consumer.
 */
import {
  DELIVERY_BROADCAST_CONSUMER,
  DELIVERY_CHUNK_CONSUMER,
  DELIVERY_DIGEST_CONSUMER,
  DELIVERY_EMAIL_CONSUMER,
  DELIVERY_PUSH_CONSUMER,
  DELIVERY_CHAT_CONSUMER,
  DELIVERY_MOBILE_PUSH_CONSUMER,
  DELIVERY_RECIPIENT_DELETED_CONSUMER,
  DELIVERY_STATS_CONSUMER,
  DELIVERY_SEND_CONSUMER,
  DELIVERY_SMS_CONSUMER,
  DELIVERY_STREAM,
  DELIVERY_SUBJECT_PREFIX,
  OUTCOMES_STREAM,
  OUTCOMES_SUBJECT_PREFIX,
} from './delivery-subjects.js';
import {
  EVENTS_STREAM,
  EVENTS_SUBJECT_PREFIX,
  GATEWAY_SUBJECT_PREFIX,
  PREFERENCE_CATALOG_CHANGED_SUBJECT,
  PREFERENCE_RECIPIENT_DELETED_CONSUMER,
  PREFERENCE_RULES_CHANGED_SUBJECT,
  PREFERENCE_SUBJECT_PREFIX,
  RECIPIENT_CHANGED_SUBJECT,
  RECIPIENT_DELETED_SUBJECT,
} from './subjects.js';
import { WEBHOOK_DISPATCH_CONSUMER, WEBHOOK_LIST_EVENTS_CONSUMER, WEBHOOKS_CHANGED_SUBJECT } from './webhook-subjects.js';

/** Herald's apps; each connects to NATS as the user of its name (NATS_USER). */
export const NATS_APPS = ['gateway', 'recipient-service', 'preference-service', 'delivery-service'] as const;
export type NatsApp = (typeof NATS_APPS)[number];

/**
 * The inbox prefix of a NATS user: its replies (publish acknowledgements, JetStream API answers,
 * pulled messages) arrive on `<prefix>.<id>`, and only that user may subscribe there.
 */
export const natsInboxPrefix = (user: string): string => `_INBOX_${user}`;

/** The environment variable holding an app's NATS password, as the server's configuration reads it. */
export const natsPasswordVariable = (app: NatsApp): string => `HERALD_NATS_${app.replace(/-service$/, '').toUpperCase()}_PASSWORD`;

/** What one app does on NATS, by name. */
export interface NatsGrants {
  /** Subjects it publishes (core NATS, and JetStream publishes into its streams): its own. */
  publish: string[];
  /** Core NATS subscriptions (its inbox is added). */
  subscribe: string[];
  /** Streams it creates or updates at start (ensureStream: any publisher or consumer may start first). */
  ensures: string[];
  /** Streams whose state it reads without ensuring them. */
  reads: string[];
  /** Streams whose stored messages it reads by subject or sequence (`STREAM.MSG.GET`). */
  messageReads?: string[];
  /** Its durable pull consumers, `[stream, name]`: created or updated, read, pulled, acknowledged. */
  durables: [string, string][];
  /**
   * Streams it reads through consumers it creates and deletes itself (ordered consumers, a replay):
   * any consumer name but another app's durable, which it can neither create, read, pull nor delete.
   */
  ephemeral: string[];
}

/** The durable consumers on HERALD_DELIVERY: one per work subject (digest closings among them). */
const DELIVERY_WORK_CONSUMERS = [
  DELIVERY_SEND_CONSUMER,
  DELIVERY_BROADCAST_CONSUMER,
  DELIVERY_CHUNK_CONSUMER,
  DELIVERY_EMAIL_CONSUMER,
  DELIVERY_SMS_CONSUMER,
  DELIVERY_PUSH_CONSUMER,
  DELIVERY_CHAT_CONSUMER,
  DELIVERY_MOBILE_PUSH_CONSUMER,
  DELIVERY_DIGEST_CONSUMER,
];

export const NATS_GRANTS: Record<NatsApp, NatsGrants> = {
  // Internet-facing: key revocations, project changes and heartbeats among its replicas; erasures,
  // recipient changes and preference rules/catalog changes heard on core subscriptions (its read
  // caches); the outcome events read for live streams. No durable consumer, no stream write.
  gateway: {
    publish: [`${GATEWAY_SUBJECT_PREFIX}.>`],
    subscribe: [
      `${GATEWAY_SUBJECT_PREFIX}.>`,
      RECIPIENT_DELETED_SUBJECT,
      RECIPIENT_CHANGED_SUBJECT,
      PREFERENCE_RULES_CHANGED_SUBJECT,
      PREFERENCE_CATALOG_CHANGED_SUBJECT,
    ],
    ensures: [],
    reads: [OUTCOMES_STREAM],
    durables: [],
    ephemeral: [OUTCOMES_STREAM],
  },
  'recipient-service': {
    publish: [`${EVENTS_SUBJECT_PREFIX}.recipient.>`, `${EVENTS_SUBJECT_PREFIX}.list.>`],
    subscribe: [],
    ensures: [EVENTS_STREAM],
    reads: [],
    durables: [],
    ephemeral: [],
  },
  'preference-service': {
    publish: [`${PREFERENCE_SUBJECT_PREFIX}.>`],
    subscribe: [`${PREFERENCE_SUBJECT_PREFIX}.>`],
    ensures: [EVENTS_STREAM],
    reads: [],
    durables: [[EVENTS_STREAM, PREFERENCE_RECIPIENT_DELETED_CONSUMER]],
    ephemeral: [],
  },
  // Its replicas tell each other of webhook endpoint changes; an accepted send is read back from
  // HERALD_DELIVERY (STREAM.MSG.GET) until its notification is written.
  'delivery-service': {
    publish: [`${DELIVERY_SUBJECT_PREFIX}.>`, `${OUTCOMES_SUBJECT_PREFIX}.>`, WEBHOOKS_CHANGED_SUBJECT],
    subscribe: [RECIPIENT_DELETED_SUBJECT, WEBHOOKS_CHANGED_SUBJECT],
    ensures: [DELIVERY_STREAM, EVENTS_STREAM, OUTCOMES_STREAM],
    reads: [],
    messageReads: [DELIVERY_STREAM],
    durables: [
      ...DELIVERY_WORK_CONSUMERS.map((c): [string, string] => [DELIVERY_STREAM, c]),
      [EVENTS_STREAM, DELIVERY_RECIPIENT_DELETED_CONSUMER],
      [OUTCOMES_STREAM, WEBHOOK_DISPATCH_CONSUMER],
      [OUTCOMES_STREAM, DELIVERY_STATS_CONSUMER],
      [EVENTS_STREAM, WEBHOOK_LIST_EVENTS_CONSUMER],
    ],
    ephemeral: [],
  },
};

export interface NatsPermissions {
  publish: { allow: string[]; deny?: string[] };
  subscribe: { allow: string[] };
}

const API = '$JS.API';

/**
 * The server-side permissions of one app's user: its own subjects, `$JS.API` grants by stream and
 * consumer name (never `$JS.API.>`), acknowledgements of its own consumers, and its own inbox.
 * The legacy ephemeral create (`$JS.API.CONSUMER.CREATE.<stream>`, name in the body) is never
 * granted: through it a name in the body reaches any consumer of the stream, another app's durable
 * included (nats-server 2.9 updates that durable's filter).
 */
export function natsPermissions(app: NatsApp, grants: Record<NatsApp, NatsGrants> = NATS_GRANTS): NatsPermissions {
  const g = grants[app];
  const allow = new Set<string>([...g.publish, `${API}.INFO`]);
  for (const s of g.ensures) for (const verb of ['INFO', 'CREATE', 'UPDATE']) allow.add(`${API}.STREAM.${verb}.${s}`);
  for (const s of g.reads) allow.add(`${API}.STREAM.INFO.${s}`);
  for (const s of g.messageReads ?? []) allow.add(`${API}.STREAM.MSG.GET.${s}`);
  for (const [s, c] of g.durables) {
    for (const subject of [`CREATE.${s}.${c}`, `CREATE.${s}.${c}.>`, `DURABLE.CREATE.${s}.${c}`, `INFO.${s}.${c}`, `MSG.NEXT.${s}.${c}`]) allow.add(`${API}.CONSUMER.${subject}`);
    allow.add(`$JS.ACK.${s}.${c}.>`);
  }
  const deny = new Set<string>();
  for (const s of g.ephemeral) {
    allow.add(`${API}.STREAM.INFO.${s}`);
    for (const subject of [`CREATE.${s}.*`, `CREATE.${s}.*.>`, `INFO.${s}.*`, `DELETE.${s}.*`, `MSG.NEXT.${s}.*`]) allow.add(`${API}.CONSUMER.${subject}`);
    const others = NATS_APPS.filter((a) => a !== app).flatMap((a) => grants[a].durables.filter(([stream]) => stream === s).map(([, c]) => c));
    for (const c of others) {
      for (const subject of [`CREATE.${s}.${c}`, `CREATE.${s}.${c}.>`, `INFO.${s}.${c}`, `DELETE.${s}.${c}`, `MSG.NEXT.${s}.${c}`]) deny.add(`${API}.CONSUMER.${subject}`);
    }
  }
  return {
    publish: { allow: [...allow], ...(deny.size ? { deny: [...deny] } : {}) },
    subscribe: { allow: [...g.subscribe, `${natsInboxPrefix(app)}.>`] },
  };
}
