import type { NatsConnection } from '@nats-io/nats-core';
import fp from 'fastify-plugin';
import { Counter, Gauge } from 'prom-client';
import { KEY_REVOKED_SUBJECT, RECIPIENT_DELETED_SUBJECT } from '@herald/contracts';
import { invalidateOn, type Invalidatable } from '@herald/service-kit';
import { revokedKeysOf } from '../credentials/revocation';
import { deletedKeysOf } from '../recipient-presence';
import type { CloseReason } from './live-connection';
import { createOutcomeFeed, type OutcomeFeed, type PayloadSource } from './outcome-feed';
import { announceSessionEnded, endedSessionsOf, SESSION_ENDED_SUBJECT } from './session-ended';
import { StreamRegistry, type Refusal, type StreamBinding, type StreamSlot } from './stream-registry';

export { projectShareOf } from './stream-registry';

declare module 'fastify' {
  interface FastifyInstance {
    /** Open live streams of this replica: limits, heartbeats, shutdown, metrics. */
    liveStreams: LiveStreams;
  }
  interface FastifyContextConfig {
    /** The route also takes a recipient token as `?token=` (EventSource cannot set headers; never a key there); never logged. */
    tokenInQuery?: boolean;
  }
}

export interface LiveStreamSettings {
  maxPerRecipient: number;
  maxPerProject: number;
  /** Open activity streams (GET /notifications/stream) per project. */
  maxActivityPerProject: number;
  /** Open streams per replica. */
  maxOpen: number;
  heartbeatMs: number;
  replayMax: number;
  /** Encoded bytes a replay may bring back; more is a `reset`. */
  replayMaxBytes: number;
  /** Per stream: queued live events plus unsent bytes, past which the client is too slow. */
  maxBufferedBytes: number;
  /** All streams of the replica together (replays being read included); past it, new streams get 503. */
  maxBufferedBytesTotal: number;
  /** A stream's maximum lifetime (the client reconnects with Last-Event-ID). */
  maxLifetimeMs: number;
}

export interface LiveStreams {
  feed: OutcomeFeed;
  settings: LiveStreamSettings;
  /** Reserves a slot for a new stream, watched for the end of its credential from now; or the limit that refuses it. */
  admit(binding: StreamBinding, reserveBytes?: number): StreamSlot | Refusal;
  /** Ends the streams opened with this console session (its id) on every replica: it was signed out. */
  sessionEnded(sessionId: string): Promise<void>;
  closed(reason: CloseReason): void;
  sent(event: string, n: number): void;
  replayed(outcome: 'replayed' | 'reset', events: number): void;
}

/**
 * The live stream's shared state, per replica: the outcome feed (one JetStream reader), the open
 * streams (stream-registry.ts: limits, and each stream's end with its credential), one heartbeat
 * timer for all, and the metrics. Every replica hears key revocations, recipient erasures and
 * console sign-outs on core NATS and ends the streams that depend on them; when its NATS connection comes back (such
 * events may have been missed meanwhile) it ends every stream, and clients reconnect and are
 * authenticated again. On close (shutdown) every stream is ended first, so that clients reconnect
 * to another replica and the server's close is not held open by them.
 */
export default fp<{ nats: NatsConnection; settings: LiveStreamSettings; keyScope: string; payloads?: PayloadSource }>(
  async (app, opts) => {
    const feed = createOutcomeFeed(opts.nats, app.log, opts.payloads);
    const metrics = app.metricsRegistry;
    const s = opts.settings;
    const registry = new StreamRegistry(
      { maxPerRecipient: s.maxPerRecipient, maxPerProject: s.maxPerProject, maxActivityPerProject: s.maxActivityPerProject, maxOpen: s.maxOpen, maxBufferedBytes: s.maxBufferedBytesTotal, maxLifetimeMs: s.maxLifetimeMs },
      { now: app.clock.now, random: Math.random },
    );
    new Gauge({ name: 'herald_live_streams_open', help: 'Open live streams (SSE) of this replica', registers: [metrics], collect() { this.set(registry.open); } });
    new Gauge({ name: 'herald_live_buffered_bytes', help: 'Bytes held by the live streams of this replica (queued events, unsent writes, replays being read)', registers: [metrics], collect() { this.set(registry.bufferedBytes); } });
    const events = new Counter({ name: 'herald_live_events_sent_total', help: 'Events written to live streams, by SSE event name', labelNames: ['event'] as const, registers: [metrics] });
    const replays = new Counter({ name: 'herald_live_replays_total', help: 'Reconnections with Last-Event-ID: replayed from the store, or told to reset (beyond the window)', labelNames: ['outcome'] as const, registers: [metrics] });
    const replayedEvents = new Counter({ name: 'herald_live_replayed_events_total', help: 'Events replayed to reconnecting streams', registers: [metrics] });
    const closes = new Counter({ name: 'herald_live_streams_closed_total', help: 'Live streams closed, by reason (client, slow, shutdown, error, token_expired, session_ended, key_revoked, recipient_erased, max_lifetime, nats_reconnected)', labelNames: ['reason'] as const, registers: [metrics] });
    const refused = new Counter({ name: 'herald_live_streams_refused_total', help: 'Streams refused by a limit (recipient, activity, project, replica_streams, replica_bytes)', labelNames: ['limit'] as const, registers: [metrics] });

    const heartbeat = setInterval(() => registry.heartbeat(), s.heartbeatMs);
    heartbeat.unref();

    // The streams are closed like cache entries are forgotten (service-kit invalidateOn): a revoked
    // key's id (`key-id:<id>`) or an erased recipient (`<project>:<id>`) closes theirs. Events may
    // have been missed when NATS comes back (setOnline(true)) or drops them (a slow consumer: clear()
    // while online): then all close and their clients reconnect. A disconnect (clear(), then at once
    // setOnline(false)) closes nothing: nothing is streamed meanwhile, and the reconnect closes them.
    let online = true;
    const closer = (close: (key: string) => void): Invalidatable => ({
      delete: close,
      clear: () => void setImmediate(() => online && registry.closeAll('nats_reconnected')),
      setOnline: (now) => {
        online = now;
        if (now) registry.closeAll('nats_reconnected');
      },
    });
    const stopWatches = [
      invalidateOn(opts.nats, {
        subject: KEY_REVOKED_SUBJECT,
        keysOf: revokedKeysOf(opts.keyScope),
        caches: [closer((key) => key.startsWith('key-id:') && registry.keyRevoked(Number(key.slice('key-id:'.length))))],
        logger: app.log,
        what: 'live streams: key revocations',
      }),
      invalidateOn(opts.nats, {
        subject: RECIPIENT_DELETED_SUBJECT,
        keysOf: deletedKeysOf,
        caches: [
          closer((key) => {
            const at = key.indexOf(':');
            registry.recipientErased(Number(key.slice(0, at)), key.slice(at + 1));
          }),
        ],
        logger: app.log,
        what: 'live streams: recipient erasures',
      }),
      invalidateOn(opts.nats, {
        subject: SESSION_ENDED_SUBJECT,
        keysOf: endedSessionsOf,
        caches: [closer((sessionId) => registry.sessionEnded(sessionId))],
        logger: app.log,
        what: 'live streams: console sign-outs',
      }),
    ];

    const streams: LiveStreams = {
      feed,
      settings: s,
      admit(binding, reserveBytes) {
        const slot = registry.admit(binding, reserveBytes);
        if (typeof slot === 'string') refused.inc({ limit: slot });
        return slot;
      },
      // Here at once (whether NATS answers or not), and on every other replica through NATS.
      async sessionEnded(sessionId) {
        registry.sessionEnded(sessionId);
        await announceSessionEnded(opts.nats, sessionId).catch((err) => app.log.warn({ err }, 'console sign-out not announced to the other replicas (their streams of it end at its expiry)'));
      },
      closed: (reason) => closes.inc({ reason }),
      sent: (event, n) => events.inc({ event }, n),
      replayed(outcome, n) {
        replays.inc({ outcome });
        replayedEvents.inc(n);
      },
    };
    app.decorate('liveStreams', streams);

    app.addHook('onReady', async () => {
      await Promise.race([feed.start(), new Promise((r) => setTimeout(r, 2000).unref())]);
    });
    app.addHook('preClose', async () => {
      clearInterval(heartbeat);
      for (const stop of stopWatches) stop();
      registry.closeAll('shutdown');
      feed.stop();
    });
  },
  { name: 'live-streams', dependencies: ['metrics', 'credentials'] },
);
