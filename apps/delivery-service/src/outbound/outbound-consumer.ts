import { fromBinary } from '@bufbuild/protobuf';
import { DELIVERY_CHAT_CONSUMER, DELIVERY_EMAIL_CONSUMER, DELIVERY_MOBILE_PUSH_CONSUMER, DELIVERY_PUSH_CONSUMER, DELIVERY_SMS_CONSUMER, DELIVERY_STREAM, OutboundJobSchema } from '@herald/contracts';
import { done, startBatchWorker, type Worker } from '@herald/service-kit';
import { OUTBOUND_MEDIUMS, type OutboundMedium } from '../kernel/outbound';
import { type ConsumerBase, decodeAll } from '../platform';
import type { createSendOutbound } from './send-outbound';

/** The durable consumer of each outbound medium's jobs. */
const OUTBOUND_CONSUMERS: Record<OutboundMedium, string> = { email: DELIVERY_EMAIL_CONSUMER, sms: DELIVERY_SMS_CONSUMER, web_push: DELIVERY_PUSH_CONSUMER, chat: DELIVERY_CHAT_CONSUMER, mobile_push: DELIVERY_MOBILE_PUSH_CONSUMER };

/** One consumer per outbound medium, so a slow SMS provider never holds up mail. */
export function startOutboundConsumers(
  base: ConsumerBase,
  sendOutbound: Record<OutboundMedium, ReturnType<typeof createSendOutbound>>,
  opts: {
    /** Messages in hand at once per medium. */
    concurrency: Record<OutboundMedium, number>;
    batchSize: number;
    /** A medium's own batch size (absent: batchSize): a batch's messages are done together, so a slow one holds the others. */
    batchSizes?: Partial<Record<OutboundMedium, number>>;
    batchLingerMs: number;
  },
): Promise<Worker>[] {
  return OUTBOUND_MEDIUMS.map((medium) =>
    startBatchWorker({
      ...base,
      stream: DELIVERY_STREAM,
      durable: OUTBOUND_CONSUMERS[medium],
      concurrency: opts.concurrency[medium],
      batchSize: opts.batchSizes?.[medium] ?? opts.batchSize,
      lingerMs: opts.batchLingerMs,
      async handleBatch(msgs) {
        const { outcomes, jobs } = decodeAll(msgs, (d) => Number(fromBinary(OutboundJobSchema, d).notificationId));
        if (jobs.length === 0) return outcomes;
        const steps = await sendOutbound[medium](
          jobs.map((j) => j.value),
          { redelivered: jobs.some((j) => j.msg.info.redelivered) },
        );
        for (const j of jobs) {
          const step = steps.get(j.value);
          outcomes[j.index] = step?.kind === 'retry' ? { retryInMs: step.inMs } : done;
        }
        return outcomes;
      },
    }),
  );
}
