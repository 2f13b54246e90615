import { DomainError } from '@herald/service-kit';
import { parsePathId, pathIdOr404 } from './path-id';

describe('parsePathId', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['9007199254740991', 9007199254740991],
  ])('when the id is %s, then %s', (raw, id) => {
    expect(parsePathId(raw)).toBe(id);
  });

  it.each(['', '0', '01', '-1', '+1', '1.5', '1e3', ' 1', 'abc', '9007199254740992', '9223372036854775808', '9999999999999999999', '1'.repeat(40)])(
    'when the id is %j, then it names nothing',
    (raw) => {
      expect(parsePathId(raw)).toBeNull();
    },
  );

  it('when the id names nothing, then pathIdOr404 throws the resource not-found error', () => {
    expect(() => pathIdOr404('9999999999999999999', 'contact_not_found', 'Contact not found')).toThrow(
      expect.objectContaining({ kind: 'not_found', code: 'contact_not_found' }) as DomainError,
    );
    expect(pathIdOr404('7', 'x', 'y')).toBe(7);
  });
});
