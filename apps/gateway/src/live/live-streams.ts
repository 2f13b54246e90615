import type { NatsConnection } from '@nats-io/nats-core';
import fp from 'fastify-plugin';
import { Counter, Gauge } from 'prom-client';
import type { CloseReason, LiveConnection } from './live-connection';
import { createOutcomeFeed, type OutcomeFeed, type PayloadSource } from './outcome-feed';

declare module 'fastify' {
  interface FastifyInstance {
    /** Open live streams of this replica: limits, heartbeats, shutdown, metrics (live/live-streams.ts). */
    liveStreams: LiveStreams;
  }
  interface FastifyContextConfig {
    /** The route also takes its credential as `?token=` (EventSource cannot set headers); never logged. */
    tokenInQuery?: boolean;
  }
}

export interface LiveStreamSettings {
  maxPerRecipient: number;
  maxPerProject: number;
  heartbeatMs: number;
  replayMax: number;
  maxBufferedBytes: number;
}

export interface LiveStreams {
  feed: OutcomeFeed;
  settings: LiveStreamSettings;
  /** Reserves a slot for a new stream; null when a limit is reached (which one: the string). */
  admit(projectId: number, recipientId: string): { release: () => void } | 'recipient' | 'project';
  track(conn: LiveConnection): void;
  untrack(conn: LiveConnection, reason: CloseReason): void;
  sent(event: string, n: number): void;
  replayed(outcome: 'replayed' | 'reset', events: number): void;
}

/**
 * The live stream's shared state, per replica: the outcome feed (one JetStream reader), the open
 * connections (counted per recipient and per project against the limits), one heartbeat timer for
 * all, and the metrics. On close (shutdown) every stream is ended first, so that clients reconnect
 * to another replica and the server's close is not held open by them.
 */
export default fp<{ nats: NatsConnection; settings: LiveStreamSettings; payloads?: PayloadSource }>(
  async (app, opts) => {
    const feed = createOutcomeFeed(opts.nats, app.log, opts.payloads);
    const registry = app.metricsRegistry;
    const open = new Gauge({ name: 'herald_live_streams_open', help: 'Open live streams (SSE) of this replica', registers: [registry] });
    const events = new Counter({ name: 'herald_live_events_sent_total', help: 'Events written to live streams, by SSE event name', labelNames: ['event'] as const, registers: [registry] });
    const replays = new Counter({ name: 'herald_live_replays_total', help: 'Reconnections with Last-Event-ID: replayed from the store, or told to reset (beyond the window)', labelNames: ['outcome'] as const, registers: [registry] });
    const replayedEvents = new Counter({ name: 'herald_live_replayed_events_total', help: 'Events replayed to reconnecting streams', registers: [registry] });
    const closes = new Counter({ name: 'herald_live_streams_closed_total', help: 'Live streams closed, by reason (client, slow, shutdown, error)', labelNames: ['reason'] as const, registers: [registry] });
    const refused = new Counter({ name: 'herald_live_streams_refused_total', help: 'Streams refused by a limit (per recipient, per project)', labelNames: ['limit'] as const, registers: [registry] });

    const perRecipient = new Map<string, number>();
    const perProject = new Map<number, number>();
    const connections = new Set<LiveConnection>();
    const dec = <K>(m: Map<K, number>, k: K) => {
      const n = (m.get(k) ?? 1) - 1;
      if (n <= 0) m.delete(k);
      else m.set(k, n);
    };

    const heartbeat = setInterval(() => {
      for (const c of connections) c.heartbeat();
    }, opts.settings.heartbeatMs);
    heartbeat.unref();

    const streams: LiveStreams = {
      feed,
      settings: opts.settings,
      admit(projectId, recipientId) {
        const rk = `${projectId}|${recipientId}`;
        if ((perRecipient.get(rk) ?? 0) >= opts.settings.maxPerRecipient) {
          refused.inc({ limit: 'recipient' });
          return 'recipient';
        }
        if ((perProject.get(projectId) ?? 0) >= opts.settings.maxPerProject) {
          refused.inc({ limit: 'project' });
          return 'project';
        }
        perRecipient.set(rk, (perRecipient.get(rk) ?? 0) + 1);
        perProject.set(projectId, (perProject.get(projectId) ?? 0) + 1);
        open.inc();
        let released = false;
        return {
          release: () => {
            if (released) return;
            released = true;
            dec(perRecipient, rk);
            dec(perProject, projectId);
            open.dec();
          },
        };
      },
      track(conn) {
        connections.add(conn);
      },
      untrack(conn, reason) {
        if (connections.delete(conn)) closes.inc({ reason });
      },
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
      for (const c of [...connections]) c.close('shutdown');
      feed.stop();
    });
  },
  { name: 'live-streams', dependencies: ['metrics'] },
);
