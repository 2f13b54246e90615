import type { Client } from '@connectrpc/connect';
import type { MessageInitShape } from '@bufbuild/protobuf';
import type { DeliveryService, SendRequestSchema, SendResponse } from '@herald/contracts';
import { createRpcCoalescer } from '../shared/rpc-coalescer';

type SendInit = MessageInitShape<typeof SendRequestSchema>;

/**
 * The gateway → delivery hop of sends, batched: concurrent sends of this process travel
 * as one `SendMany` call (a linger of `lingerMs` after the first, at most `maxBatch` per call, a
 * few calls in flight), and each caller still gets its own answer or its own error, exactly as a
 * `Send` of its own would have given it (a bad item fails alone). A delivery service that does
 * not know `SendMany` yet (a rolling upgrade) is sent each item on its own.
 */
export function createSendCoalescer(deliveries: Pick<Client<typeof DeliveryService>, 'send' | 'sendMany'>, opts: { lingerMs?: number; maxBatch?: number; concurrency?: number } = {}) {
  return createRpcCoalescer<SendInit, SendResponse>(
    {
      many: async (sends) => (await deliveries.sendMany({ sends })).results.map((r) => (r.result.case === 'accepted' ? { value: r.result.value } : { error: r.result.value })),
      one: (send) => deliveries.send(send),
    },
    { lingerMs: opts.lingerMs ?? 2, maxBatch: opts.maxBatch ?? 100, concurrency: opts.concurrency ?? 4 },
  );
}
