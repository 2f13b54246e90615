import { LIMITS } from '@herald/contracts';
import { violation, type Violation } from '@herald/service-kit';
import { recipientViolations } from './recipient-rules';

export interface BatchItemInput {
  id: string;
  /** True when the item carries a name (then `name` null means "clear it"). */
  setName: boolean;
  name: string | null;
  batchIndex: number;
}

export interface BatchFailure {
  id: string;
  batchIndex: number;
  errors: Violation[];
}

/** The desired end state of one distinct id after all its items ran in order. */
export interface BatchEntry {
  id: string;
  setName: boolean;
  name: string | null;
}

export interface BatchPlan {
  failed: BatchFailure[];
  entries: BatchEntry[];
  /** The ids of the valid items, in submission order (repeats included). */
  order: string[];
}

/** The batch as a whole: at most 1000 items, else nothing is written. */
export function batchSizeViolation(count: number): Violation | null {
  return count > LIMITS.batchRecipientsMax
    ? violation('recipients', `at most ${LIMITS.batchRecipientsMax} recipients per batch`, count)
    : null;
}

/**
 * Validates each item independently and folds repeated ids into one entry, as if the items ran
 * one after the other: the last item that carries a name decides it.
 */
export function planBatch(items: BatchItemInput[]): BatchPlan {
  const failed: BatchFailure[] = [];
  const entries = new Map<string, BatchEntry>();
  const order: string[] = [];
  for (const item of items) {
    const errors = recipientViolations({ id: item.id, name: item.setName ? item.name : undefined });
    if (errors.length > 0) {
      failed.push({ id: item.id, batchIndex: item.batchIndex, errors });
      continue;
    }
    order.push(item.id);
    const entry = entries.get(item.id) ?? { id: item.id, setName: false, name: null };
    if (item.setName) Object.assign(entry, { setName: true, name: item.name });
    entries.set(item.id, entry);
  }
  return { failed, entries: [...entries.values()], order };
}

/** Per item in order: the first item of an id that was created is `created`, every other one `updated`. */
export function batchOutcome(order: string[], createdIds: ReadonlySet<string>): { created: string[]; updated: string[] } {
  const created: string[] = [];
  const updated: string[] = [];
  const seen = new Set<string>();
  for (const id of order) {
    if (createdIds.has(id) && !seen.has(id)) created.push(id);
    else updated.push(id);
    seen.add(id);
  }
  return { created, updated };
}
