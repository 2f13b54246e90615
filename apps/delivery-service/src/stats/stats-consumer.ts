import { fromBinary } from '@bufbuild/protobuf';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { DELIVERY_STATS_CONSUMER, OUTCOMES_STREAM, OutcomeEventSchema, type OutcomeEvent } from '@herald/contracts';
import { startBatchWorker, type Outcome, type Worker } from '@herald/service-kit';
import type { ConsumerBase } from '../platform';
import type { CountedEvent, StatsRepository } from './stats-repository';
import { ensureStatsConsumer } from './stats-stream';
import { tallyOf } from './stats-tally';

/** The outbound outcome an event's type names (`push.failed`: the notification's `push`). */
const OUTBOUND_FIELDS = new Set(['email', 'sms', 'push', 'chat'] as const);
type OutboundField = typeof OUTBOUND_FIELDS extends Set<infer F> ? F : never;

function counted(e: OutcomeEvent): CountedEvent {
  const word = e.type.split('.', 1)[0] as OutboundField;
  const reason = OUTBOUND_FIELDS.has(word) ? e.notification?.[word]?.reason : undefined;
  return { projectId: Number(e.projectId), at: e.timestamp ? timestampDate(e.timestamp) : new Date(), keys: tallyOf(e.type, reason) };
}

/** How the stats consumer batches (its settings, named as in the configuration). */
export interface StatsBatchSettings {
  STATS_BATCH_SIZE: number;
  STATS_BATCH_LINGER_MS: number;
  ACK_WAIT_MS: number;
}

/**
 * The stats consumer's batching: batches of up to STATS_BATCH_SIZE events gathered for up to
 * STATS_BATCH_LINGER_MS after the first, two batches in hand. A chunk of a send to many emits its
 * notifications' events at once, so its events are counted in one bulk write, not one per few dozen.
 */
export const statsBatching = (c: StatsBatchSettings) => ({ batchSize: c.STATS_BATCH_SIZE, lingerMs: c.STATS_BATCH_LINGER_MS, ackWaitMs: c.ACK_WAIT_MS, concurrency: 2 * c.STATS_BATCH_SIZE });

/**
 * Counts every send's end from the outcome stream: a batch of events becomes one bulk write of
 * counter increments, then its acks. A crash between the write and the acks counts that batch
 * again when it is redelivered; nothing acknowledged is ever uncounted.
 */
export function startStatsConsumer(base: ConsumerBase, stats: Pick<StatsRepository, 'add'>, opts: { ackWaitMs: number; batchSize: number; lingerMs: number; concurrency: number }): Promise<Worker> {
  return startBatchWorker({
    ...base,
    stream: OUTCOMES_STREAM,
    durable: DELIVERY_STATS_CONSUMER,
    concurrency: opts.concurrency,
    batchSize: opts.batchSize,
    lingerMs: opts.lingerMs,
    ensure: () => ensureStatsConsumer(base.nc, opts.ackWaitMs),
    async handleBatch(msgs) {
      const outcomes: Outcome[] = [];
      const events: CountedEvent[] = [];
      for (const m of msgs) {
        try {
          const e = counted(fromBinary(OutcomeEventSchema, m.data));
          if (e.keys.length > 0) events.push(e);
          outcomes.push({ ack: true });
        } catch {
          outcomes.push({ poison: 'undecodable outcome event' });
        }
      }
      await stats.add(events);
      return outcomes;
    },
  });
}
