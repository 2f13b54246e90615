import { checkRecipientId, checkRecipientName, recipientViolations } from './recipient-rules';

describe('checkRecipientId', () => {
  it.each([
    ['a plain id', 'user-1', null],
    ['a single character', 'x', null],
    ['exactly 256 characters', 'a'.repeat(256), null],
    ['256 astral characters (counted as characters, not UTF-16 units)', '😀'.repeat(256), null],
    ['inner spaces', 'john smith', null],
    ['an empty id', '', 'id must not be empty'],
    ['257 characters', 'a'.repeat(257), 'id must be at most 256 characters'],
    ['a newline', 'a\nb', 'id must not contain control characters'],
    ['a NUL', 'a\u0000', 'id must not contain control characters'],
    ['a DEL', 'a\u007f', 'id must not contain control characters'],
    ['a C1 control', 'a\u0085b', 'id must not contain control characters'],
    ['a leading space', ' a', 'id must not start or end with whitespace'],
    ['a trailing space', 'a ', 'id must not start or end with whitespace'],
    ['a trailing no-break space', 'a\u00a0', 'id must not start or end with whitespace'],
  ])('when the id is %s, then the violation is %p', (_case, id, expected) => {
    expect(checkRecipientId(id)?.message ?? null).toBe(expected);
  });

  it('when the id is invalid, then the violation names property `id` and carries the value', () => {
    expect(checkRecipientId('')).toEqual({ message: 'id must not be empty', description: expect.any(String), property_path: 'id', invalid_value: '' });
  });
});

describe('checkRecipientName', () => {
  it.each([
    ['null', null, null],
    ['empty', '', null],
    ['256 characters', 'n'.repeat(256), null],
    ['257 characters', 'n'.repeat(257), 'name must be at most 256 characters'],
    ['with a newline', 'a\nb', 'name must not contain control characters'],
    ['with a NUL', 'a\u0000', 'name must not contain control characters'],
    ['with a C1 control', 'a\u0085b', 'name must not contain control characters'],
    ['with accents and a non-breaking space', 'Zoë\u00a0Ł', null],
  ])('when the name is %s, then the violation is %p', (_case, name, expected) => {
    expect(checkRecipientName(name)?.message ?? null).toBe(expected);
  });
});

describe('recipientViolations', () => {
  it('when both id and name are bad, then there is one violation per property', () => {
    expect(recipientViolations({ id: '', name: 'n'.repeat(300) }).map((v) => v.property_path)).toEqual(['id', 'name']);
  });

  it('when the name is absent, then only the id is judged', () => {
    expect(recipientViolations({ id: 'ok' })).toEqual([]);
  });
});
