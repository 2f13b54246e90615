import { LIMITS } from '@herald/contracts';
import { invalid, violation } from '@herald/service-kit';

/**
 * Paging cursors are opaque to callers: the creation sequence number of the last recipient
 * returned, base64url-encoded with a version prefix so the format can change later.
 */
export function encodeCursor(seq: number): string {
  return Buffer.from(`r1:${seq}`).toString('base64url');
}

/** The sequence number a cursor stands for; 0 for an empty cursor (from the start). */
export function decodeCursor(cursor: string, property = 'cursor'): number {
  if (cursor === '') return 0;
  const bytes = Buffer.from(cursor, 'base64url');
  // Only the exact text issued: base64url decoding skips stray characters and spare bits.
  const match = bytes.toString('base64url') === cursor ? /^r1:(\d{1,15})$/.exec(bytes.toString('utf8')) : null;
  if (!match) throw invalid('Invalid cursor', [violation(property, 'cursor is not one this service issued', cursor)]);
  return Number(match[1]);
}

/** A page size: 0 (absent) means the default; otherwise 1..max. */
export function pageLimit(
  limit: number,
  { fallback = LIMITS.recipientsPageDefault as number, max = LIMITS.recipientsPageMax as number, property = 'limit' } = {},
): number {
  if (limit === 0) return fallback;
  if (!Number.isInteger(limit) || limit < 1 || limit > max) {
    throw invalid('Invalid limit', [violation(property, `${property} must be an integer from 1 to ${max}`, limit)]);
  }
  return limit;
}
