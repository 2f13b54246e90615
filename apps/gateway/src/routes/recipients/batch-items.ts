import { violation as contractViolation, type Violation } from '@herald/service-kit';

export interface BatchItemInput {
  id: string;
  /** True when the item carries `name` (null included). */
  setName: boolean;
  name?: string;
  batchIndex: number;
}

export interface BatchFailureView {
  id: string;
  batch_index: number;
  errors: Violation[];
}

/** Type failures say what was expected, like the schema checks (validator.ts). */
const violation = (property_path: string, message: string, description: string, invalid_value: unknown): Violation =>
  contractViolation(property_path, message, invalid_value, description);

/** An item's own fields, and the recipient view's (accepted and ignored, like on PATCH). */
const ITEM_FIELDS = new Set(['id', 'name', 'created_at', 'updated_at']);

/**
 * Splits a submitted batch: an item of the wrong JSON type (not an object, `id` not
 * a string, `name` neither string nor null, a field a recipient does not have) fails here with its `batch_index`; the rest go to the
 * recipient service, which applies the value rules (empty id, lengths) and reports its own failures.
 */
export function partitionBatchItems(items: unknown[]): { valid: BatchItemInput[]; failed: BatchFailureView[] } {
  const valid: BatchItemInput[] = [];
  const failed: BatchFailureView[] = [];
  items.forEach((item, batchIndex) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      failed.push({ id: '', batch_index: batchIndex, errors: [violation('', 'Item must be an object', 'Expected object', item)] });
      return;
    }
    const { id, name } = item as { id?: unknown; name?: unknown };
    const errors: Violation[] = [];
    if (id === undefined) errors.push(violation('id', 'id is required', 'Expected required property', id));
    else if (typeof id !== 'string') errors.push(violation('id', 'id is invalid', 'Expected string', id));
    if (name !== undefined && name !== null && typeof name !== 'string') {
      errors.push(violation('name', 'name is invalid', 'Expected string or null', name));
    }
    for (const [field, value] of Object.entries(item)) {
      if (!ITEM_FIELDS.has(field)) errors.push(violation(field, `${field} is not a field of this request`, `${field} is not a field of this request; check its spelling`, value ?? null));
    }
    if (errors.length > 0) {
      failed.push({ id: typeof id === 'string' ? id : '', batch_index: batchIndex, errors });
      return;
    }
    valid.push({ id: id as string, setName: name !== undefined, name: typeof name === 'string' ? name : undefined, batchIndex });
  });
  return { valid, failed };
}
