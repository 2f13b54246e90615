import { batchOutcome, batchSizeViolation, planBatch, type BatchFailure, type BatchItemInput } from '../domain/batch-plan';
import { assertValid } from '../domain/errors';
import { announcingChange, profileChange } from './announce-change';
import type { RecipientDeps } from './deps';
import { finishDeletion } from './delete-recipient';

export interface BatchUpsertResult {
  created: string[];
  updated: string[];
  failed: BatchFailure[];
}

/**
 * Creates new ids and updates existing ones, item by item in order, with a bounded number of
 * store round trips: one lookup of the ids, one unordered insert of the new ones, one bulk update.
 * An id created concurrently by someone else (refused by the unique index) becomes an update.
 */
export function createBatchUpsertRecipients(deps: RecipientDeps) {
  return async function batchUpsertRecipients(input: { projectId: number; items: BatchItemInput[] }): Promise<BatchUpsertResult> {
    assertValid([batchSizeViolation(input.items.length)].filter((v) => v !== null));
    const { projectId } = input;
    const plan = planBatch(input.items);
    const found = await deps.recipients.findMany(projectId, plan.entries.map((e) => e.id));
    // Ids whose erasure stopped half-way are finished first, so they count as new (rare).
    for (const r of found.filter((f) => f.state === 'deleting')) await finishDeletion(deps, projectId, r);
    const existing = new Set(found.filter((f) => f.state === 'active').map((f) => f.id));

    const fresh = plan.entries.filter((e) => !existing.has(e.id));
    const now = deps.clock.date();
    const firstSeq = fresh.length > 0 ? await deps.sequences.next('recipient', fresh.length) : 0;
    const taken = await deps.recipients.insertMany(
      projectId,
      fresh.map((e, i) => ({ id: e.id, name: e.name, seq: firstSeq + i })),
      now,
    );

    const updates = plan.entries.filter((e) => e.setName && (existing.has(e.id) || taken.has(e.id)));
    if (updates.length > 0) {
      await announcingChange(deps, profileChange(projectId, updates.map((u) => u.id)), () => deps.recipients.setNames(projectId, updates, now));
    }

    const createdIds = new Set(fresh.filter((e) => !taken.has(e.id)).map((e) => e.id));
    return { ...batchOutcome(plan.order, createdIds), failed: plan.failed };
  };
}
