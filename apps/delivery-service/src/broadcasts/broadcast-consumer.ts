import { fromBinary } from '@bufbuild/protobuf';
import { BroadcastChunkJobSchema, BroadcastJobSchema, DELIVERY_BROADCAST_CONSUMER, DELIVERY_CHUNK_CONSUMER, DELIVERY_STREAM } from '@herald/contracts';
import { done, startWorker, type Worker } from '@herald/service-kit';
import { type ConsumerBase, decode, isOutcome } from '../platform';
import type { createFanOutBroadcast } from './fan-out-broadcast';
import type { createProcessBroadcastChunk } from './process-broadcast-chunk';

/** The broadcast consumers: one fans a broadcast out into chunks, the other writes each chunk. */
export function startBroadcastConsumers(
  base: ConsumerBase,
  usecases: { fanOutBroadcast: ReturnType<typeof createFanOutBroadcast>; processBroadcastChunk: ReturnType<typeof createProcessBroadcastChunk> },
  opts: { chunkConcurrency: number },
): Promise<Worker>[] {
  return [
    startWorker({
      ...base,
      stream: DELIVERY_STREAM,
      durable: DELIVERY_BROADCAST_CONSUMER,
      concurrency: 2,
      async handle(m, signal) {
        const job = decode(m, (d) => fromBinary(BroadcastJobSchema, d));
        if (isOutcome(job)) return job;
        await usecases.fanOutBroadcast(Number(job.broadcastId), signal.working);
        return done;
      },
    }),
    startWorker({
      ...base,
      stream: DELIVERY_STREAM,
      durable: DELIVERY_CHUNK_CONSUMER,
      concurrency: opts.chunkConcurrency,
      async handle(m) {
        const job = decode(m, (d) => fromBinary(BroadcastChunkJobSchema, d));
        if (isOutcome(job)) return job;
        await usecases.processBroadcastChunk({
          broadcastId: Number(job.broadcastId),
          chunkIndex: job.chunkIndex,
          firstNotificationId: Number(job.firstNotificationId),
          recipientIds: job.recipientIds,
          recipientSeqs: job.recipientSeqs.length === job.recipientIds.length ? job.recipientSeqs.map(Number) : undefined,
        });
        return done;
      },
    }),
  ];
}
