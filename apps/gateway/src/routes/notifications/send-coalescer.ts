import { Code, ConnectError, type Client } from '@connectrpc/connect';
import { BatchItemFailure, createBatcher } from '@herald/service-kit';
import type { MessageInitShape } from '@bufbuild/protobuf';
import { ErrorInfoSchema, type DeliveryService, type SendRequestSchema, type SendResponse } from '@herald/contracts';

type SendInit = MessageInitShape<typeof SendRequestSchema>;

/**
 * The gateway → delivery hop of sends, batched: concurrent sends of this process travel
 * as one `SendMany` call (a linger of `lingerMs` after the first, at most `maxBatch` per call, a
 * few calls in flight), and each caller still gets its own answer or its own error, exactly as a
 * `Send` of its own would have given it (a bad item fails alone). A delivery service that does
 * not know `SendMany` yet (a rolling upgrade) is sent each item on its own.
 */
export function createSendCoalescer(deliveries: Pick<Client<typeof DeliveryService>, 'send' | 'sendMany'>, opts: { lingerMs?: number; maxBatch?: number; concurrency?: number } = {}) {
  let sendManyKnown = true;
  const batcher = createBatcher<SendInit, SendResponse>({
    lingerMs: opts.lingerMs ?? 2,
    maxBatch: opts.maxBatch ?? 100,
    concurrency: opts.concurrency ?? 4,
    async run(sends) {
      if (sendManyKnown) {
        try {
          const { results } = await deliveries.sendMany({ sends });
          return results.map((r) => {
            if (r.result.case === 'accepted') return r.result.value;
            const e = r.result.value;
            if (!e) return new BatchItemFailure(new ConnectError('send failed', Code.Internal));
            return new BatchItemFailure(new ConnectError(e.message, e.code as Code, undefined, e.info ? [{ desc: ErrorInfoSchema, value: e.info }] : undefined));
          });
        } catch (err) {
          if (!(err instanceof ConnectError && err.code === Code.Unimplemented)) throw err;
          sendManyKnown = false;
        }
      }
      const settled = await Promise.allSettled(sends.map((s) => deliveries.send(s)));
      return settled.map((r) => (r.status === 'fulfilled' ? r.value : new BatchItemFailure(r.reason)));
    },
  });
  return (send: SendInit): Promise<SendResponse> => batcher.add(send);
}
