import { invalid, violation } from '@herald/service-kit';

/** A page cursor over a list's subscribers: the last recipient id returned, base64url-encoded with a version prefix. */
export const encodeSubscriberCursor = (recipientId: string): string => Buffer.from(`s1:${recipientId}`).toString('base64url');

/** The recipient id a cursor stands for; '' for no cursor (from the start). */
export function decodeSubscriberCursor(cursor: string | undefined): string {
  if (cursor === undefined || cursor === '') return '';
  const bytes = Buffer.from(cursor, 'base64url');
  const text = bytes.toString('utf8');
  // Only the exact text issued: base64url decoding skips stray characters and spare bits.
  if (bytes.toString('base64url') !== cursor || !text.startsWith('s1:') || text.length === 3) {
    throw invalid('Invalid cursor', [violation('cursor', 'cursor is not one this API issued', cursor)]);
  }
  return text.slice(3);
}
