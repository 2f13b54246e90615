import { DomainError } from '@herald/service-kit';
import { decodeCursor, encodeCursor, pageLimit } from './cursor';

describe('cursors', () => {
  it.each([1, 42, 2 ** 40])('when seq %p is encoded, then decoding gives it back', (seq) => {
    expect(decodeCursor(encodeCursor(seq))).toBe(seq);
  });

  it('when the cursor is empty, then paging starts from the beginning', () => {
    expect(decodeCursor('')).toBe(0);
  });

  it.each(['garbage', Buffer.from('r1:abc').toString('base64url'), '12'])('when the cursor is %p, then it is invalid', (cursor) => {
    expect(() => decodeCursor(cursor)).toThrow(DomainError);
  });
});

describe('pageLimit', () => {
  it.each([
    [0, 50],
    [1, 1],
    [1000, 1000],
  ])('when the limit is %p, then the page size is %p', (limit, size) => {
    expect(pageLimit(limit)).toBe(size);
  });

  it.each([-1, 1001, 2.5])('when the limit is %p, then it is invalid on property `limit`', (limit) => {
    expect(() => pageLimit(limit)).toThrow(expect.objectContaining({ code: 'validation_failed', violations: [expect.objectContaining({ property_path: 'limit' })] }));
  });
});
