import { violation, type Violation } from '@herald/service-kit';

/**
 * What a catalog entry may ask of delivery after the cascade: an email digest and a
 * throttle. The preference service only stores and validates them; the delivery service applies
 * them (ResolveBatch answers the governing entry's).
 */

/** A recipient's emails governed by the entry, collected from the first for `windowSeconds` (or `maxItems`), as one mail. */
export interface CatalogDigest {
  windowSeconds: number;
  maxItems: number;
  /** `{count}` becomes the number of items. */
  subject: string;
}

/** At most `max` deliveries to one recipient in any sliding window of `windowSeconds`. */
export interface CatalogThrottle {
  max: number;
  windowSeconds: number;
}

export const DIGEST_LIMITS = { windowMin: 60, windowMax: 86_400, itemsMin: 2, itemsMax: 100, subjectMax: 998 } as const;
export const THROTTLE_LIMITS = { maxMin: 1, maxMax: 1_000, windowMin: 60, windowMax: 2_592_000 } as const;

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const between = (v: unknown, min: number, max: number) => isInt(v) && v >= min && v <= max;
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Violations of a digest (`null`: none) on an entry of `medium`; `prefix` names where it sits. */
export function digestViolations(digest: Partial<CatalogDigest> | null | undefined, medium: string | undefined, prefix = ''): Violation[] {
  if (digest === null || digest === undefined) return [];
  const at = `${prefix}digest`;
  if (medium !== 'email') return [violation(at, `${at} is only allowed on an email entry`, digest)];
  const out: Violation[] = [];
  const { windowMin, windowMax, itemsMin, itemsMax, subjectMax } = DIGEST_LIMITS;
  if (!between(digest.windowSeconds, windowMin, windowMax)) out.push(violation(`${at}.window_seconds`, `${at}.window_seconds must be an integer from ${windowMin} to ${windowMax}`, digest.windowSeconds ?? null));
  if (!between(digest.maxItems, itemsMin, itemsMax)) out.push(violation(`${at}.max_items`, `${at}.max_items must be an integer from ${itemsMin} to ${itemsMax}`, digest.maxItems ?? null));
  const s = digest.subject;
  if (typeof s !== 'string' || s.trim() === '' || [...s].length > subjectMax || CONTROL.test(s)) {
    out.push(violation(`${at}.subject`, `${at}.subject must be 1 to ${subjectMax} characters without control characters`, s ?? null));
  }
  return out;
}

/** Violations of a throttle (`null`: none); any medium may be throttled. */
export function throttleViolations(throttle: Partial<CatalogThrottle> | null | undefined, prefix = ''): Violation[] {
  if (throttle === null || throttle === undefined) return [];
  const at = `${prefix}throttle`;
  const out: Violation[] = [];
  const { maxMin, maxMax, windowMin, windowMax } = THROTTLE_LIMITS;
  if (!between(throttle.max, maxMin, maxMax)) out.push(violation(`${at}.max`, `${at}.max must be an integer from ${maxMin} to ${maxMax}`, throttle.max ?? null));
  if (!between(throttle.windowSeconds, windowMin, windowMax)) out.push(violation(`${at}.window_seconds`, `${at}.window_seconds must be an integer from ${windowMin} to ${windowMax}`, throttle.windowSeconds ?? null));
  return out;
}

export const sameDigest = (a: CatalogDigest | null, b: CatalogDigest | null): boolean =>
  a === b || (a !== null && b !== null && a.windowSeconds === b.windowSeconds && a.maxItems === b.maxItems && a.subject === b.subject);

export const sameThrottle = (a: CatalogThrottle | null, b: CatalogThrottle | null): boolean =>
  a === b || (a !== null && b !== null && a.max === b.max && a.windowSeconds === b.windowSeconds);
