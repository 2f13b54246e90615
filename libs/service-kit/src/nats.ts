import { connect } from '@nats-io/transport-node';
import type { NatsConnection } from '@nats-io/nats-core';
import { jetstreamManager, StorageType, type ConsumerConfig, type StreamConfig } from '@nats-io/jetstream';
import { EVENTS_STREAM, EVENTS_SUBJECT_PREFIX, natsInboxPrefix, OUTCOMES_DUPLICATE_WINDOW_MS, OUTCOMES_MAX_AGE_MS, OUTCOMES_STREAM, OUTCOMES_SUBJECT_PREFIX } from '@herald/contracts';

export type { NatsConnection } from '@nats-io/nats-core';

/** Credentials of a NATS user (the servers give each Herald app its own, see docs/deploy.md). */
export interface NatsAuth {
  user?: string;
  password?: string;
}

/**
 * Connection options: servers from a comma-separated URL list, and when a user is given its
 * password and its own inbox prefix (`_INBOX_<user>`: the servers let each user subscribe to its
 * own replies only, see docs/deploy.md).
 */
export function natsConnectOptions(url: string, name: string, auth: NatsAuth = {}) {
  if (!!auth.user !== !!auth.password) throw new Error('NATS_USER and NATS_PASSWORD go together: set both or neither');
  return {
    servers: url.split(','),
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    // No Error (with its stack trace) created ahead for every request and publish acknowledgement,
    // only to be thrown on a timeout: a measurable share of the send path's CPU. A timeout
    // or refusal still rejects with its error, without the caller's async stack.
    noAsyncTraces: true,
    ...(auth.user ? { user: auth.user, pass: auth.password, inboxPrefix: natsInboxPrefix(auth.user) } : {}),
  };
}

export async function connectNats(url: string, name: string, auth: NatsAuth = {}): Promise<NatsConnection> {
  return connect(natsConnectOptions(url, name, auth));
}

/** Tries of a JetStream API call that times out: on a cluster, a replicated stream answers nothing while its leader is being elected. */
const API_TIMEOUT_TRIES = 6;

/** `call`, again when it times out (each try waits the API timeout), up to API_TIMEOUT_TRIES. */
async function retryingTimeouts(call: () => Promise<void>): Promise<void> {
  for (let tried = 1; ; tried++) {
    try {
      return await call();
    } catch (err) {
      if ((err as Error).name !== 'TimeoutError' || tried === API_TIMEOUT_TRIES) throw err;
    }
  }
}

/**
 * Creates a stream, or updates it to the given config when it exists: safe to run at every start
 * of every replica. (nats-server 2.9 refuses `metadata` and `compression`: never set them.)
 */
export function ensureStream(nc: NatsConnection, config: Partial<StreamConfig> & { name: string }): Promise<void> {
  return retryingTimeouts(() => createOrUpdateStream(nc, config));
}

async function createOrUpdateStream(nc: NatsConnection, config: Partial<StreamConfig> & { name: string }): Promise<void> {
  const jsm = await jetstreamManager(nc);
  try {
    await jsm.streams.info(config.name);
    await jsm.streams.update(config.name, config);
  } catch (err) {
    if (!/stream not found/i.test(String((err as Error).message))) throw err;
    try {
      await jsm.streams.add(config);
    } catch (addErr) {
      // Another replica created it between our info and add.
      if (!/already in use|exists/i.test(String((addErr as Error).message))) throw addErr;
    }
  }
}

/**
 * Creates a durable consumer, or brings an existing one to the settings that may change on a live
 * consumer (ack wait, max deliveries, max ack pending, filter subject): safe at every start of every
 * replica, and again whenever a worker finds it deleted. Other settings (deliver and ack policy) are
 * fixed at creation. nats-server 2.9 takes one `filter_subject`, never `filter_subjects`.
 */
export function ensureConsumer(nc: NatsConnection, stream: string, config: Partial<ConsumerConfig> & { durable_name: string }): Promise<void> {
  return retryingTimeouts(() => createOrUpdateConsumer(nc, stream, config));
}

async function createOrUpdateConsumer(nc: NatsConnection, stream: string, config: Partial<ConsumerConfig> & { durable_name: string }): Promise<void> {
  const jsm = await jetstreamManager(nc);
  try {
    await jsm.consumers.info(stream, config.durable_name);
    const { ack_wait, max_deliver, max_ack_pending, filter_subject } = config;
    const changes = Object.fromEntries(Object.entries({ ack_wait, max_deliver, max_ack_pending, filter_subject }).filter(([, v]) => v !== undefined));
    await jsm.consumers.update(stream, config.durable_name, changes);
  } catch (err) {
    if (!/consumer not found/i.test(String((err as Error).message))) throw err;
    try {
      await jsm.consumers.add(stream, config);
    } catch (addErr) {
      // Another replica created it between our info and add.
      if (!/already (in use|exists)/i.test(String((addErr as Error).message))) throw addErr;
    }
  }
}

const DAY_NS = 24 * 60 * 60 * 1e9;

/**
 * The domain events stream (`herald.events.>`, on disk, kept 7 days, 2-minute msgID window). Its
 * publisher (the recipient service) and every consumer ensure it with this one configuration, so
 * any of them may start first and none undoes another's settings. `replicas`: NATS_STREAM_REPLICAS.
 */
export function ensureEventsStream(nc: NatsConnection, replicas = 1): Promise<void> {
  return ensureStream(nc, {
    name: EVENTS_STREAM,
    num_replicas: replicas,
    subjects: [`${EVENTS_SUBJECT_PREFIX}.>`],
    storage: StorageType.File,
    max_age: 7 * DAY_NS,
    duplicate_window: 2 * 60 * 1e9,
  });
}

/**
 * The outcome events stream (`herald.outcomes.>`, on disk, limits retention: every reader keeps its
 * own position; kept `maxAgeMs`, 10-minute msgID window). Its publisher (the delivery service) and
 * its readers (the gateway's live stream, webhooks) ensure it alike, with OUTCOMES_MAX_AGE_MS and
 * NATS_STREAM_REPLICAS.
 */
export function ensureOutcomesStream(nc: NatsConnection, maxAgeMs: number = OUTCOMES_MAX_AGE_MS, replicas = 1): Promise<void> {
  return ensureStream(nc, {
    name: OUTCOMES_STREAM,
    num_replicas: replicas,
    subjects: [`${OUTCOMES_SUBJECT_PREFIX}.>`],
    storage: StorageType.File,
    max_age: maxAgeMs * 1e6,
    duplicate_window: OUTCOMES_DUPLICATE_WINDOW_MS * 1e6,
  });
}
