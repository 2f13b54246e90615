import { fromBinary } from '@bufbuild/protobuf';
import { DELIVERY_DIGEST_CONSUMER, DELIVERY_STREAM, DigestJobSchema } from '@herald/contracts';
import { done, startWorker, type Worker } from '@herald/service-kit';
import { type ConsumerBase, decode, isOutcome } from '../platform';
import type { createCloseDigest } from './close-digest';

/** The digest consumer: closes a digest when its window ends (a job the timer runner publishes). */
export function startDigestConsumer(base: ConsumerBase, closeDigest: ReturnType<typeof createCloseDigest>): Promise<Worker> {
  return startWorker({
    ...base,
    stream: DELIVERY_STREAM,
    durable: DELIVERY_DIGEST_CONSUMER,
    concurrency: 8,
    async handle(m) {
      const job = decode(m, (d) => fromBinary(DigestJobSchema, d));
      if (isOutcome(job)) return job;
      const step = await closeDigest(Number(job.digestId), m.info.deliveryCount);
      return step.kind === 'retry' ? { retryInMs: step.inMs } : done;
    },
  });
}
