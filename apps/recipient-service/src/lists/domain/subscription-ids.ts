import { checkRecipientId, type Violation } from '@herald/service-kit';

/** An id of a subscribe or unsubscribe call that fails the recipient id rules, at its position in the call. */
export interface IdFailure {
  id: string;
  batchIndex: number;
  errors: Violation[];
}

/** Splits a call's ids: the valid ones once each (first occurrence order), and a failure per invalid one. */
export function partitionIds(ids: string[]): { valid: string[]; failed: IdFailure[] } {
  const valid = new Set<string>();
  const failed: IdFailure[] = [];
  ids.forEach((id, batchIndex) => {
    const problem = checkRecipientId(id, `recipient_ids[${batchIndex}]`);
    if (problem) failed.push({ id, batchIndex, errors: [problem] });
    else valid.add(id);
  });
  return { valid: [...valid], failed };
}
