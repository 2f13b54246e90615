import { Type } from '@sinclair/typebox';
import { DomainError } from '@herald/service-kit';
import { SendBody } from '../../../routes/notifications/schemas';
import { declaresDefault, propertyPath, validatorCompiler } from './validator';

const Body = Type.Object({
  id: Type.String({ maxLength: 3 }),
  name: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  is_primary: Type.Optional(Type.Boolean({ default: false })),
  items: Type.Optional(Type.Array(Type.Object({ n: Type.Integer() }))),
});

describe('propertyPath', () => {
  it.each([
    ['', ''],
    ['/id', 'id'],
    ['/items/0/n', 'items[0].n'],
    ['/a~1b', 'a/b'],
  ])('when the pointer is %p, then the path is %p', (pointer, path) => expect(propertyPath(pointer)).toBe(path));
});

describe('validatorCompiler', () => {
  const body = validatorCompiler({ schema: Body, httpPart: 'body' });
  const query = validatorCompiler({ schema: Type.Object({ limit: Type.Integer({ default: 50 }), flag: Type.Optional(Type.Boolean()) }), httpPart: 'querystring' });

  it('when a body is valid, then it passes with defaults filled', () => {
    expect(body({ id: 'a' })).toEqual({ value: { id: 'a', is_primary: false } });
  });

  it('when a body has fields its schema does not name, at any depth, then each is refused by name', () => {
    const result = body({ id: 'a', nmae: 'x', items: [{ n: 1, m: 2 }] }) as { error: DomainError };
    expect(result.error.code).toBe('validation_failed');
    expect(result.error.violations).toEqual([
      { message: 'nmae is not a field of this request', description: 'nmae is not a field of this request; check its spelling', property_path: 'nmae', invalid_value: 'x' },
      { message: 'items[0].m is not a field of this request', description: 'items[0].m is not a field of this request; check its spelling', property_path: 'items[0].m', invalid_value: 2 },
    ]);
  });

  it('when a field inside a nullable object is unknown, then it alone is reported', () => {
    const nested = validatorCompiler({ schema: Type.Object({ email: Type.Optional(Type.Union([Type.Object({ subject: Type.String() }), Type.Null()])) }), httpPart: 'body' });
    const result = nested({ email: { subject: 's', subjcet: 't' } }) as { error: DomainError };
    expect(result.error.violations.map((v) => v.property_path)).toEqual(['email.subjcet']);
  });

  it('when an object schema is free-form, then its fields are not checked', () => {
    const free = validatorCompiler({ schema: Type.Object({ payload: Type.Object({}, { additionalProperties: true }) }), httpPart: 'body' });
    expect(free({ payload: { anything: 1 } })).toEqual({ value: { payload: { anything: 1 } } });
  });

  it('when a body has a number where a string is expected, then it is not coerced', () => {
    const result = body({ id: 12 }) as { error: DomainError };
    expect(result.error).toBeInstanceOf(DomainError);
    expect(result.error.code).toBe('validation_failed');
    expect(result.error.violations).toEqual([
      { message: 'id is invalid', description: 'Expected string', property_path: 'id', invalid_value: 12 },
    ]);
  });

  it('when several properties are wrong, then each is reported once with its path', () => {
    const result = body({ name: 5, is_primary: 'true', items: [{ n: 1.5 }] }) as { error: DomainError };
    expect(result.error.violations.map((v) => v.property_path)).toEqual(['id', 'name', 'is_primary', 'items[0].n']);
    expect(result.error.violations[0]).toMatchObject({ message: 'id is required', invalid_value: null });
    expect(result.error.violations[1].description).toBe('Expected string or null');
  });

  it('when the body is not an object, then the root is reported', () => {
    const result = body(null) as { error: DomainError };
    expect(result.error.violations[0]).toMatchObject({ property_path: '', message: 'body is invalid' });
  });

  it.each([
    ['an array', [null, 6.5e-34, false]],
    ['an array of objects', [{ recipient_id: 'r' }]],
  ])('when the send body is %s, then it is refused at the root (never a thrown error)', (_what, sent) => {
    const result = validatorCompiler({ schema: SendBody, httpPart: 'body' })(sent) as { error: DomainError };
    expect(result.error).toBeInstanceOf(DomainError);
    expect(result.error.code).toBe('validation_failed');
  });

  it('when a body with only optional fields is left out, then it is an empty object; with required fields, it fails', () => {
    const optional = validatorCompiler({ schema: Type.Object({ ttl: Type.Optional(Type.Integer()) }), httpPart: 'body' });
    expect(optional(null)).toEqual({ value: {} });
    expect((body(null) as { error: DomainError }).error.code).toBe('validation_failed');
  });

  it('when a string is too long, then the limit is described', () => {
    const result = body({ id: 'abcd' }) as { error: DomainError };
    expect(result.error.violations[0]).toMatchObject({ property_path: 'id', invalid_value: 'abcd' });
  });

  it('when a query string carries numbers and booleans as text, then they are converted', () => {
    expect(query({ limit: '10', flag: 'true' })).toEqual({ value: { limit: 10, flag: true } });
    expect(query({})).toEqual({ value: { limit: 50 } });
  });

  it.each(['1.5', '1e3', ' 7', ''])('when a query integer is the text %p, then it is not truncated or guessed, and fails', (limit) => {
    expect((query({ limit }) as { error: DomainError }).error.violations[0]).toMatchObject({ property_path: 'limit', invalid_value: limit });
  });

  it('when a query value cannot be converted, then it fails', () => {
    const result = query({ limit: 'ten' }) as { error: DomainError };
    expect(result.error.violations[0]).toMatchObject({ property_path: 'limit', invalid_value: 'ten' });
  });

  it('when a schema is not a TypeBox schema, then compiling fails loudly', () => {
    expect(() => validatorCompiler({ schema: { type: 'object' }, httpPart: 'body' })).toThrow(/TypeBox/);
  });
});

describe('declaresDefault', () => {
  it.each([
    ['a top-level property default', true, Type.Object({ a: Type.Integer({ default: 1 }) })],
    ['a default inside an optional of a union', true, Type.Object({ a: Type.Optional(Type.Union([Type.String(), Type.Object({ b: Type.Boolean({ default: false }) })])) })],
    ['a default inside an array item', true, Type.Array(Type.Object({ b: Type.String({ default: 'x' }) }))],
    ['no default anywhere', false, Type.Object({ a: Type.String(), b: Type.Optional(Type.Array(Type.Integer())) })],
    ['the send body', false, SendBody],
  ])('when the schema has %s, then it declares a default: %p', (_what, expected, schema) => {
    expect(declaresDefault(schema)).toBe(expected);
  });

  it('when a body schema declares no default, then the body passes through unchanged (and no default is invented)', () => {
    const plain = validatorCompiler({ schema: Type.Object({ a: Type.String(), b: Type.Optional(Type.Integer()) }), httpPart: 'body' });
    expect(plain({ a: 'x' })).toEqual({ value: { a: 'x' } });
    expect(plain({ a: 1 })).toMatchObject({ error: expect.any(DomainError) });
  });
});
