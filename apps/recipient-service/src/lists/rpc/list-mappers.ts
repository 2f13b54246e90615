import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { RecipientListSchema, type RecipientList } from '@herald/contracts';
import { toFieldViolation } from '@herald/service-kit';
import type { IdFailure } from '../domain/subscription-ids';
import type { ListRecord } from '../store/list-repository';

/** List records to the RPC messages of lists.proto. */
export function toListMessage(l: ListRecord): RecipientList {
  return create(RecipientListSchema, {
    key: l.key,
    name: l.name,
    description: l.description ?? undefined,
    selfService: l.selfService,
    subscriberCount: BigInt(l.subscriberCount),
    createdAt: timestampFromDate(l.createdAt),
    updatedAt: timestampFromDate(l.updatedAt),
  });
}

export const toFailureMessage = (f: IdFailure) => ({ id: f.id, batchIndex: f.batchIndex, errors: f.errors.map(toFieldViolation) });
