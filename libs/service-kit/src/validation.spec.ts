import { checkRecipientId, violation } from './validation';

describe('checkRecipientId', () => {
  it.each([
    ['a plain id', 'user-1', null],
    ['a single character', 'x', null],
    ['exactly 256 characters', 'a'.repeat(256), null],
    ['256 astral characters (counted as characters, not UTF-16 units)', '😀'.repeat(256), null],
    ['inner spaces', 'john smith', null],
    ['an email-like id', 'a@b.io', null],
    ['an empty id', '', 'id must not be empty'],
    ['257 characters', 'a'.repeat(257), 'id must be at most 256 characters'],
    ['257 astral characters', '😀'.repeat(257), 'id must be at most 256 characters'],
    ['a newline', 'a\nb', 'id must not contain control characters'],
    ['a tab', 'a\tb', 'id must not contain control characters'],
    ['a NUL', 'a\u0000', 'id must not contain control characters'],
    ['a DEL', 'a\u007f', 'id must not contain control characters'],
    ['a C1 control', 'a\u0085b', 'id must not contain control characters'],
    ['a leading space', ' a', 'id must not start or end with whitespace'],
    ['a trailing space', 'a ', 'id must not start or end with whitespace'],
    ['a trailing no-break space', 'a\u00a0', 'id must not start or end with whitespace'],
    ['only spaces', '   ', 'id must not start or end with whitespace'],
  ])('when the id is %s, then the violation is %p', (_case, id, expected) => {
    expect(checkRecipientId(id)?.message ?? null).toBe(expected);
  });

  it('when the id comes in another field, then the violation names that field and carries the value', () => {
    expect(checkRecipientId(' x', 'recipient_id')).toEqual({
      message: 'recipient_id must not start or end with whitespace',
      description: 'recipient_id: recipient_id must not start or end with whitespace',
      property_path: 'recipient_id',
      invalid_value: ' x',
    });
  });
});

describe('violation', () => {
  it.each([
    ['a property', ['name', 'name is too long', 'x'], { description: 'name: name is too long', invalid_value: 'x' }],
    ['the body as a whole', ['', 'body is invalid', 3], { description: 'body is invalid', invalid_value: 3 }],
    ['an absent value', ['id', 'id is required', undefined], { description: 'id: id is required', invalid_value: null }],
    ['an explicit description', ['id', 'id is invalid', 7, 'Expected string'], { description: 'Expected string', invalid_value: 7 }],
  ] as const)('when built for %s, then it has the contract shape', (_case, args, expected) => {
    const [path, message, value, description] = args as unknown as [string, string, unknown, string | undefined];
    expect(violation(path, message, value, description)).toEqual({ message, property_path: path, ...expected });
  });
});
