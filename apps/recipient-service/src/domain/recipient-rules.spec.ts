import { checkRecipientName, recipientViolations } from './recipient-rules';

// The id rule is shared (libs/service-kit/src/validation.spec.ts); here only how a recipient uses it.
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
