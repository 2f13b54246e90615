import { fromBinary } from '@bufbuild/protobuf';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager, type ConsumerMessages } from '@nats-io/jetstream';
import { nanos, nuid, type NatsConnection } from '@nats-io/nats-core';
import { OUTCOMES_STREAM, OUTCOMES_SUBJECT_PREFIX, outcomeRecipientKey, OutcomeEventSchema, type OutcomeEvent } from '@herald/contracts';
import { backoff, sleep } from '@herald/service-kit';
import type { FastifyBaseLogger } from 'fastify';

/** One outcome as the live stream sees it: the stream sequence is its SSE id. */
export interface LiveOutcome {
  seq: number;
  event: OutcomeEvent;
  /** Its encoded size (bytes): what holding it costs, roughly (memory bounds count it). */
  size: number;
}

/** How much a replay may bring back; more is a `reset`. */
export interface ReplayLimits {
  maxEvents: number;
  /** Encoded bytes of the replayed events together. */
  maxBytes: number;
}

/** Messages per pull of a replay: what is held beyond `maxBytes` before a reset is decided is at most one pull. */
const REPLAY_PULL = 16;

/**
 * The outcomes the live streams read: every one (a recipient's stream shows its notification.*
 * events, the project's activity each outbound medium's outcomes too). One subject filter: the
 * NATS server this runs on (2.9) takes no list of them. Events nobody listens to are dropped by
 * their subject, before they are decoded.
 */
const LIVE_FILTER = `${OUTCOMES_SUBJECT_PREFIX}.>`;
const recipientFilter = (projectId: number, recipientId: string) => `${OUTCOMES_SUBJECT_PREFIX}.${projectId}.${outcomeRecipientKey(recipientId)}.notification.>`;
const keyOf = (projectId: number | string, rkey: string) => `${projectId}.${rkey}`;

export interface StreamPosition {
  /** Sequence of the oldest event the stream still holds (0 when empty). */
  firstSeq: number;
  /** Sequence of the newest event (0 when none yet). */
  lastSeq: number;
}

export type ReplayResult = { kind: 'events'; events: LiveOutcome[]; lastSeq: number } | { kind: 'reset'; lastSeq: number };

/**
 * The payloads of a project's notifications (the delivery service's GetPayloads): outcome events
 * are slim, so the live stream fills in the payload of what it shows. Payloads never change.
 */
export type PayloadSource = (projectId: bigint, ids: bigint[]) => Promise<Map<bigint, string | undefined>>;

/** What holding an event costs: its message, and the payload a slim one leaves out (filled in before it is shown). */
function sizeOf(data: Uint8Array, event: OutcomeEvent): number {
  return data.length + (event.payloadOmitted ? event.payloadBytes : 0);
}

/** Fills in the payloads of slim events, one call per project, in place. */
async function withPayloads(events: OutcomeEvent[], payloads: PayloadSource | undefined): Promise<void> {
  const slim = events.filter((e) => e.payloadOmitted && e.notification);
  if (slim.length === 0 || !payloads) return;
  const byProject = new Map<bigint, OutcomeEvent[]>();
  for (const e of slim) byProject.set(e.projectId, [...(byProject.get(e.projectId) ?? []), e]);
  await Promise.all(
    [...byProject].map(async ([projectId, list]) => {
      const found = await payloads(projectId, [...new Set(list.map((e) => e.notification!.id))]);
      for (const e of list) e.notification!.payloadJson = found.get(e.notification!.id);
    }),
  );
}

/**
 * This replica's view of HERALD_OUTCOMES: one ordered consumer (new events only, recreated by the
 * client across NATS restarts from the last sequence it saw) whose messages are handed to the
 * listeners of their recipient (`herald.outcomes.<project>.<rkey>.…`: the subject says whose an
 * event is, so only events of a connected recipient, or of a project whose activity is streamed,
 * are decoded). Every replica reads every event,
 * so a connection gets its recipient's events whichever replica holds it. Replay reads the stored
 * stream for one recipient from a given sequence, bounded.
 */
export function createOutcomeFeed(nc: NatsConnection, logger: FastifyBaseLogger, payloads?: PayloadSource) {
  const js = jetstream(nc);
  const listeners = new Map<string, Set<(o: LiveOutcome) => void>>();
  /** The activity streams' listeners, by project: every recipient's outcomes, handed on as they come (no payload read). */
  const projectListeners = new Map<string, Set<(o: LiveOutcome) => void>>();
  // Per recipient, events are handed on in stream order even while payloads are being fetched.
  const chains = new Map<string, Promise<void>>();
  let messages: ConsumerMessages | null = null;
  let stopped = false;
  let started: Promise<void> | null = null;

  let lastSeen = 0;
  const dispatch = (m: { subject: string; seq: number; data: Uint8Array }) => {
    lastSeen = m.seq;
    // herald.outcomes.<project>.<rkey>.<notification|email|…>.<kind>
    const parts = m.subject.split('.', 5);
    const set = parts[4] === 'notification' ? listeners.get(keyOf(parts[2], parts[3])) : undefined;
    const projectSet = projectListeners.get(parts[2]);
    if (!set?.size && !projectSet?.size) return;
    let event: OutcomeEvent;
    try {
      event = fromBinary(OutcomeEventSchema, m.data);
    } catch (err) {
      logger.warn({ err, subject: m.subject }, 'live stream: undecodable outcome event skipped');
      return;
    }
    // What a stream holds of this event: the slim message and the payload it will fill in.
    const outcome = { seq: m.seq, event, size: sizeOf(m.data, event) };
    // The activity shows no payload: its listeners take the event as it came, in stream order.
    for (const listener of projectSet ?? []) listener({ ...outcome, size: m.data.length });
    if (!set?.size) return;
    const key = keyOf(parts[2], parts[3]);
    const deliver = async () => {
      try {
        await withPayloads([event], payloads);
      } catch (err) {
        logger.warn({ err, subject: m.subject }, 'live stream: payload not readable, event shown without it');
      }
      for (const listener of listeners.get(key) ?? []) listener(outcome);
    };
    const chain = (chains.get(key) ?? Promise.resolve()).then(deliver);
    chains.set(key, chain);
    void chain.then(() => {
      if (chains.get(key) === chain) chains.delete(key);
    });
  };

  /**
   * Subscribes (waiting for the stream: the delivery service creates it, and a gateway may start
   * first), then reads until stopped; a reader that ends otherwise (the stream deleted, the ordered
   * consumer giving up) is started again. Resolves once first subscribed.
   */
  const run = (): Promise<void> =>
    new Promise<void>((subscribed) => {
      void (async () => {
        for (let attempt = 0; !stopped; ) {
          try {
            const jsm = await jetstreamManager(nc);
            const { state } = await jsm.streams.info(OUTCOMES_STREAM);
            // Started again after a loss (the server restarted without the consumer): from where it was,
            // unless the stream is a new one (its sequence went back).
            const resume = lastSeen > 0 && lastSeen <= state.last_seq;
            const consumer = await js.consumers.get(OUTCOMES_STREAM, {
              filter_subjects: LIVE_FILTER,
              ...(resume ? { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: lastSeen + 1 } : { deliver_policy: DeliverPolicy.New }),
            });
            const current = await consumer.consume({ max_messages: 1000, abort_on_missing_resource: true });
            messages = current;
            attempt = 0;
            subscribed();
            for await (const m of current) dispatch(m);
            if (stopped) return;
            logger.warn('live stream: outcome reader ended, starting again');
          } catch (err) {
            if (stopped) return;
            if (attempt % 10 === 0) logger.warn({ err }, 'live stream: outcome events not readable yet, retrying');
          }
          messages = null;
          attempt += 1;
          await sleep(backoff({ attempt: attempt + 1, baseMs: 200, maxMs: 5_000 }));
        }
      })();
    });

  return {
    /** Starts reading (idempotent); resolves once the reader is subscribed. */
    start(): Promise<void> {
      started ??= run();
      return started;
    },

    /** True once the reader is subscribed (events published from then on reach the listeners). */
    isReady: () => messages !== null,

    /** Receives the live events of one recipient until the returned function is called. */
    listen(projectId: number, recipientId: string, listener: (o: LiveOutcome) => void): () => void {
      const key = keyOf(projectId, outcomeRecipientKey(recipientId));
      let set = listeners.get(key);
      if (!set) listeners.set(key, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0 && listeners.get(key) === set) listeners.delete(key);
      };
    },

    /** Receives every recipient's outcomes of one project (its activity) until the returned function is called; payloads are not filled in. */
    listenProject(projectId: number, listener: (o: LiveOutcome) => void): () => void {
      const key = String(projectId);
      let set = projectListeners.get(key);
      if (!set) projectListeners.set(key, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0 && projectListeners.get(key) === set) projectListeners.delete(key);
      };
    },

    async position(): Promise<StreamPosition> {
      const jsm = await jetstreamManager(nc);
      const { state } = await jsm.streams.info(OUTCOMES_STREAM);
      return { firstSeq: state.first_seq, lastSeq: state.last_seq };
    },

    /**
     * The recipient's notification events after `afterSeq`, from the stored stream: at most
     * `limits.maxEvents` of them and `limits.maxBytes` together, read a few at a time (so what is
     * held stays near the bound, whatever the events weigh); more than that (or a position the
     * stream no longer holds) is a `reset`.
     */
    async replay(projectId: number, recipientId: string, afterSeq: number, limits: ReplayLimits, at: StreamPosition): Promise<ReplayResult> {
      if (afterSeq > at.lastSeq || (at.firstSeq > 0 && afterSeq + 1 < at.firstSeq)) return { kind: 'reset', lastSeq: at.lastSeq };
      if (afterSeq === at.lastSeq) return { kind: 'events', events: [], lastSeq: afterSeq };
      const jsm = await jetstreamManager(nc);
      // Named: the gateway's NATS user may create consumers by name only (never another app's durable).
      const ci = await jsm.consumers.add(OUTCOMES_STREAM, {
        name: `replay_${nuid.next()}`,
        filter_subject: recipientFilter(projectId, recipientId),
        deliver_policy: DeliverPolicy.StartSequence,
        opt_start_seq: afterSeq + 1,
        ack_policy: AckPolicy.None,
        inactive_threshold: nanos(30_000),
        mem_storage: true,
        num_replicas: 1,
      });
      try {
        const pending = ci.num_pending;
        if (pending > limits.maxEvents) return { kind: 'reset', lastSeq: at.lastSeq };
        const events: LiveOutcome[] = [];
        let bytes = 0;
        if (pending > 0) {
          const consumer = await js.consumers.get(OUTCOMES_STREAM, ci.name);
          while (events.length < pending) {
            const before = events.length;
            const batch = await consumer.fetch({ max_messages: Math.min(REPLAY_PULL, pending - events.length), expires: 5_000 });
            for await (const m of batch) {
              const event = fromBinary(OutcomeEventSchema, m.data);
              const size = sizeOf(m.data, event);
              bytes += size;
              // Bounded before any payload is fetched: a slim event says how large its payload is.
              if (bytes > limits.maxBytes) {
                batch.stop();
                return { kind: 'reset', lastSeq: at.lastSeq };
              }
              events.push({ seq: m.seq, event, size });
            }
            // Nothing more came (the events aged out meanwhile): replay what there is.
            if (events.length === before) break;
          }
        }
        await withPayloads(
          events.map((e) => e.event),
          payloads,
        );
        // Everything up to the position read before is covered: later events come live.
        return { kind: 'events', events, lastSeq: Math.max(at.lastSeq, events.at(-1)?.seq ?? 0) };
      } finally {
        await jsm.consumers.delete(OUTCOMES_STREAM, ci.name).catch(() => undefined);
      }
    },

    stop(): void {
      stopped = true;
      messages?.stop();
    },
  };
}

export type OutcomeFeed = ReturnType<typeof createOutcomeFeed>;
