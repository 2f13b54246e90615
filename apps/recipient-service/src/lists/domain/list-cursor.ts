import { invalid, violation } from '@herald/service-kit';

const KEY_OF_CURSOR = /^l1:([A-Za-z0-9._:-]{1,128})$/;

/** A page cursor over lists: the last key returned, base64url-encoded with a version prefix. */
export function encodeListCursor(key: string): string {
  return Buffer.from(`l1:${key}`).toString('base64url');
}

/** The key a cursor stands for; '' for an empty cursor (from the start). */
export function decodeListCursor(cursor: string): string {
  if (cursor === '') return '';
  const bytes = Buffer.from(cursor, 'base64url');
  // Only the exact text issued: base64url decoding skips stray characters and spare bits.
  const match = bytes.toString('base64url') === cursor ? KEY_OF_CURSOR.exec(bytes.toString('utf8')) : null;
  if (!match) throw invalid('Invalid cursor', [violation('cursor', 'cursor is not one this service issued', cursor)]);
  return match[1];
}
