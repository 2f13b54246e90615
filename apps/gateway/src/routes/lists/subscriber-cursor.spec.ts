import { decodeSubscriberCursor, encodeSubscriberCursor } from './subscriber-cursor';

describe('subscriber cursor', () => {
  it.each([['user-42'], ['ünïcödé 🙂'], ['a:b:c']])('when %j is encoded, then it decodes to itself', (id) => {
    expect(decodeSubscriberCursor(encodeSubscriberCursor(id))).toBe(id);
  });

  it('when there is no cursor, then paging starts from the beginning', () => {
    expect(decodeSubscriberCursor(undefined)).toBe('');
    expect(decodeSubscriberCursor('')).toBe('');
  });

  it.each([['bm9wZQ'], ['czE6'], ['!!!'], [`${encodeSubscriberCursor('x')}=`]])('when the cursor is %j, then it is refused', (cursor) => {
    expect(() => decodeSubscriberCursor(cursor)).toThrow('Invalid cursor');
  });
});
