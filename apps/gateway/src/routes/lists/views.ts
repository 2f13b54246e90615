import type { ListBatchFailure, RecipientList } from '@herald/contracts';
import { fromFieldViolation } from '@herald/service-kit';
import { formatProtoTimestamp } from '../shared/timestamps';

/** RPC messages → REST shapes (interface: List). */
export const listView = (l: RecipientList | undefined) => ({
  key: l?.key ?? '',
  name: l?.name ?? '',
  description: l?.description ?? null,
  self_service: l?.selfService ?? false,
  subscriber_count: Number(l?.subscriberCount ?? 0n),
  created_at: formatProtoTimestamp(l?.createdAt) ?? '',
  updated_at: formatProtoTimestamp(l?.updatedAt) ?? '',
});

export const failureView = (f: ListBatchFailure) => ({ id: f.id, batch_index: f.batchIndex, errors: f.errors.map(fromFieldViolation) });
