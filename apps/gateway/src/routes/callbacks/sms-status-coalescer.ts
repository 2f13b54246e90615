import type { Client } from '@connectrpc/connect';
import type { MessageInitShape } from '@bufbuild/protobuf';
import type { DeliveryService, RecordSmsStatusRequestSchema, RecordSmsStatusResponse } from '@herald/contracts';
import { createRpcCoalescer } from '../shared/rpc-coalescer';

type ReportInit = MessageInitShape<typeof RecordSmsStatusRequestSchema>;

/**
 * The gateway → delivery hop of SMS status callbacks, batched: the callbacks this process receives
 * within `lingerMs` of each other (at most `maxBatch`) travel as one `RecordSmsStatuses`, which
 * records them with one read, one insert and one emit. Each HTTP request is answered once its own
 * report is recorded, with its own answer or error (a forged token: 404 for that request alone; a
 * failure to record: the error for each request of the batch, so each provider retries). A delivery
 * service that does not know `RecordSmsStatuses` yet (a rolling upgrade) gets each by `RecordSmsStatus`.
 */
export function createSmsStatusCoalescer(deliveries: Pick<Client<typeof DeliveryService>, 'recordSmsStatus' | 'recordSmsStatuses'>, opts: { lingerMs?: number; maxBatch?: number; concurrency?: number } = {}) {
  return createRpcCoalescer<ReportInit, RecordSmsStatusResponse>(
    {
      many: async (reports) => (await deliveries.recordSmsStatuses({ reports })).results.map((r) => (r.result.case === 'recorded' ? { value: r.result.value } : { error: r.result.value })),
      one: (report) => deliveries.recordSmsStatus(report),
    },
    { lingerMs: opts.lingerMs ?? 5, maxBatch: opts.maxBatch ?? 100, concurrency: opts.concurrency ?? 4 },
  );
}
