import { hasControlChars, LIMITS } from '@herald/contracts';
import type { Violation } from '@herald/service-kit';

const violation = (property_path: string, message: string, invalid_value: unknown): Violation => ({
  message,
  description: `${property_path}: ${message}`,
  property_path,
  invalid_value,
});

/** Recipient id: 1–256 characters, no control characters, no leading or trailing whitespace. */
export function checkRecipientId(id: string): Violation | null {
  if (id.length === 0) return violation('id', 'id must not be empty', id);
  if ([...id].length > LIMITS.recipientIdMax) {
    return violation('id', `id must be at most ${LIMITS.recipientIdMax} characters`, id);
  }
  if (hasControlChars(id)) return violation('id', 'id must not contain control characters', id);
  if (id.trim() !== id) return violation('id', 'id must not start or end with whitespace', id);
  return null;
}

/** Recipient name: null, or a string of at most 256 characters without control characters. */
export function checkRecipientName(name: string | null): Violation | null {
  if (name !== null && [...name].length > LIMITS.recipientNameMax) {
    return violation('name', `name must be at most ${LIMITS.recipientNameMax} characters`, name);
  }
  if (name !== null && hasControlChars(name)) return violation('name', 'name must not contain control characters', name);
  return null;
}

/** Every violation of a recipient's fields, in property order (empty when valid). */
export function recipientViolations(input: { id: string; name?: string | null }): Violation[] {
  const found = [checkRecipientId(input.id)];
  if (input.name !== undefined) found.push(checkRecipientName(input.name));
  return found.filter((v): v is Violation => v !== null);
}

export { violation };
