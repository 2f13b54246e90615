import { DELIVERY_SEND_CONSUMER, DELIVERY_STREAM } from '@herald/contracts';
import { backoffDelay, startBatchWorker, type Worker } from '@herald/service-kit';
import { type ConsumerBase, decodeAll } from '../platform';
import { decodeSend } from './send-stream';
import type { createWriteSends } from './write-sends';

/**
 * The send consumer: writes a batch of accepted sends. A failed batch is retried with backoff until
 * a send's last allowed delivery, which writes it `failed`.
 */
export function startSendConsumer(
  base: ConsumerBase,
  sends: ReturnType<typeof createWriteSends>,
  opts: { concurrency: number; batchSize: number; batchLingerMs: number; /** Deliveries of a send job. */ maxDeliveries: number },
): Promise<Worker> {
  const { logger, retryBaseMs } = base;
  return startBatchWorker({
    ...base,
    stream: DELIVERY_STREAM,
    durable: DELIVERY_SEND_CONSUMER,
    concurrency: opts.concurrency,
    batchSize: opts.batchSize,
    lingerMs: opts.batchLingerMs,
    async handleBatch(msgs) {
      const { outcomes, jobs } = decodeAll(msgs, decodeSend);
      if (jobs.length === 0) return outcomes;
      try {
        await sends.writeSends(
          jobs.map((j) => j.value),
          { redelivered: jobs.some((j) => j.msg.info.redelivered) },
        );
        return outcomes;
      } catch (err) {
        const last = jobs.filter((j) => j.msg.info.deliveryCount >= opts.maxDeliveries);
        if (last.length === 0) throw err;
        logger.error({ err, notificationIds: last.map((j) => j.value.id), deliveries: opts.maxDeliveries }, 'notifications failed after retries');
        await sends.failSends(
          last.map((j) => j.value),
          err,
        );
        for (const j of jobs) {
          if (j.msg.info.deliveryCount < opts.maxDeliveries) outcomes[j.index] = { retryInMs: backoffDelay(retryBaseMs, j.msg.info.deliveryCount) };
        }
        return outcomes;
      }
    },
  });
}
