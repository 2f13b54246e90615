import { hasControlChars, LIMITS } from '@herald/contracts';
import type { Violation } from './errors';

/**
 * One offending property of a request, in the contract's shape. `message` is the
 * sentence shown to callers; `description` defaults to `<property>: <message>` (the message alone
 * for the body as a whole), and is given explicitly only where something more exact is known (the
 * gateway's schema checks say what type was expected). An absent value is reported as null.
 */
export function violation(propertyPath: string, message: string, invalidValue: unknown, description?: string): Violation {
  return {
    message,
    description: description ?? (propertyPath ? `${propertyPath}: ${message}` : message),
    property_path: propertyPath,
    invalid_value: invalidValue === undefined ? null : invalidValue,
  };
}

/**
 * The recipient id rule: 1–256 characters (code points, not UTF-16 units), no
 * control characters (C0, DEL, C1), no leading or trailing whitespace. `property` names the field
 * it came in (`id` on recipients, `recipient_id` on sends).
 */
export function checkRecipientId(id: string, property = 'id'): Violation | null {
  if (id.length === 0) return violation(property, `${property} must not be empty`, id);
  if ([...id].length > LIMITS.recipientIdMax) return violation(property, `${property} must be at most ${LIMITS.recipientIdMax} characters`, id);
  if (hasControlChars(id)) return violation(property, `${property} must not contain control characters`, id);
  if (id.trim() !== id) return violation(property, `${property} must not start or end with whitespace`, id);
  return null;
}
