import { checkRecipientId, DomainError } from '@herald/service-kit';
import { assertValid } from '../domain/errors';
import type { RecipientDeps } from './deps';
import { finishDeletion } from './delete-recipient';

/** Most ids one EnsureRecipients call takes (the send path's coalescing batches stay below it). */
export const ENSURE_MAX_IDS = 500;

/**
 * EnsureRecipient for many ids of one project: one `$in` lookup, one sequence claim and one
 * unordered insertMany for the missing ones. Ids still being erased are finished first (as a single
 * ensure does); ids another caller created between the lookup and the insert are found by the next
 * round. Safe to retry: a repeat finds what the first call created. Returns the ids it created and
 * each requested id's incarnation (creation sequence), in the request's order.
 */
export function createEnsureRecipients(deps: RecipientDeps) {
  return async function ensureRecipients(input: { projectId: number; ids: string[] }): Promise<{ created: string[]; seqs: number[] }> {
    if (input.ids.length > ENSURE_MAX_IDS) {
      throw new DomainError('invalid', 'validation_failed', `At most ${ENSURE_MAX_IDS} ids per call`);
    }
    assertValid(input.ids.map((id) => checkRecipientId(id)).filter((v) => v !== null));
    let wanted = [...new Set(input.ids)];
    const created: string[] = [];
    const seqOf = new Map<string, number>();
    for (let attempt = 0; wanted.length > 0; attempt++) {
      if (attempt > 3) throw new Error(`${wanted.length} recipients could not be ensured`);
      const found = await deps.recipients.findMany(input.projectId, wanted);
      const active = new Set(found.filter((r) => r.state === 'active').map((r) => r.id));
      for (const r of found) if (r.state === 'active') seqOf.set(r.id, r.seq);
      const erasing = found.filter((r) => r.state !== 'active');
      for (const r of erasing) await finishDeletion(deps, input.projectId, r);
      const missing = wanted.filter((id) => !active.has(id));
      if (missing.length === 0) break;
      const firstSeq = await deps.sequences.next('recipient', missing.length);
      const taken = await deps.recipients.insertMany(
        input.projectId,
        missing.map((id, i) => ({ id, name: null, seq: firstSeq + i })),
        deps.clock.date(),
      );
      missing.forEach((id, i) => {
        if (taken.has(id)) return;
        created.push(id);
        seqOf.set(id, firstSeq + i);
      });
      wanted = [...taken];
    }
    return { created, seqs: input.ids.map((id) => seqOf.get(id)!) };
  };
}
