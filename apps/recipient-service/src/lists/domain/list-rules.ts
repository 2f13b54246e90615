import { hasControlChars, LIST_LIMITS } from '@herald/contracts';
import { violation, type Violation } from '@herald/service-kit';

const KEY = new RegExp(LIST_LIMITS.keyPattern);

/** A list key: 1–128 characters of `[A-Za-z0-9._:-]`. */
export function checkListKey(key: string, property = 'key'): Violation | null {
  if (KEY.test(key)) return null;
  return violation(property, `${property} must be 1 to ${LIST_LIMITS.keyMax} characters of A-Z, a-z, 0-9, '.', '_', ':' and '-'`, key);
}

/** A list name: 1–256 characters (code points), no control characters, not blank. */
export function checkListName(name: string, property = 'name'): Violation | null {
  if (name.trim().length === 0) return violation(property, `${property} must not be empty`, name);
  if ([...name].length > LIST_LIMITS.nameMax) return violation(property, `${property} must be at most ${LIST_LIMITS.nameMax} characters`, name);
  if (hasControlChars(name)) return violation(property, `${property} must not contain control characters`, name);
  return null;
}

/** A description: at most 2,048 characters; line breaks and tabs allowed, other control characters not. */
export function checkListDescription(description: string, property = 'description'): Violation | null {
  if ([...description].length > LIST_LIMITS.descriptionMax) {
    return violation(property, `${property} must be at most ${LIST_LIMITS.descriptionMax} characters`, description);
  }
  if (hasControlChars(description.replace(/[\n\r\t]/g, ''))) return violation(property, `${property} must not contain control characters`, description);
  return null;
}

/** The recipient ids of one subscribe or unsubscribe call: 1 to 1,000. */
export function checkIdCount(count: number): Violation | null {
  if (count >= 1 && count <= LIST_LIMITS.idsPerCall) return null;
  return violation('recipient_ids', `recipient_ids must hold 1 to ${LIST_LIMITS.idsPerCall} ids`, count);
}
