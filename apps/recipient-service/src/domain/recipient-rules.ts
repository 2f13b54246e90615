import { hasControlChars, LIMITS } from '@herald/contracts';
import { checkRecipientId, violation, type Violation } from '@herald/service-kit';

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
