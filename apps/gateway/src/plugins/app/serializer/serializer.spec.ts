import build from 'fast-json-stringify';
import { Type } from '@sinclair/typebox';
import { Nullable, dataOnly, withMessage } from '../../../routes/shared/schemas';
import { NotificationSchema, SendResult } from '../../../routes/notifications/schemas';
import { notificationExamples } from '../../../routes/notifications/examples';
import { serializerCompiler } from '.';
import { withNullableTypes } from './nullable-types';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const Validator = require('fast-json-stringify/lib/validator') as { prototype: { getSchemaValidator: (ref: string) => unknown } };

const compile = (schema: unknown) => serializerCompiler({ schema, method: 'GET', url: '/', httpStatus: '200' }) as (data: unknown) => string;

describe('response serializer', () => {
  it('writes a nullable scalar or object as a type list, for the serializer only', () => {
    const schema = Type.Object({ a: Nullable(Type.String({ description: 'A', enum: ['x', 'y'] })), b: Nullable(Type.Object({ c: Type.Integer() })) });
    expect(withNullableTypes(schema)).toMatchObject({ properties: { a: { type: ['string', 'null'], description: 'A', enum: ['x', 'y'] }, b: { type: ['object', 'null'], properties: { c: { type: 'integer' } } } } });
    expect(schema.properties.a.anyOf).toHaveLength(2);
  });

  it('keeps an anyOf whose option is more than a type (a union, a constant)', () => {
    const schema = Type.Object({ a: Nullable(Type.Literal('x')), b: Nullable(Type.Union([Type.String(), Type.Integer()])) });
    expect(withNullableTypes(schema)).toMatchObject({ properties: { a: { anyOf: [{ const: 'x' }, { type: 'null' }] }, b: { anyOf: [{ anyOf: [{}, {}] }, { type: 'null' }] } } });
  });

  it('serializes nullable fields without ajv', () => {
    const calls = jest.spyOn(Validator.prototype, 'getSchemaValidator');
    const serialize = compile(Type.Object({ a: Nullable(Type.String()), b: Nullable(Type.Object({ c: Type.Integer() })) }));
    expect([serialize({ a: 'x', b: { c: 1 } }), serialize({ a: null, b: null })]).toEqual(['{"a":"x","b":{"c":1}}', '{"a":null,"b":null}']);
    expect(calls).not.toHaveBeenCalled();
    calls.mockRestore();
  });

  it.each([
    ['a send', withMessage(SendResult), notificationExamples.sent],
    ['a notification', dataOnly(NotificationSchema), notificationExamples.one],
    ['a canceled notification', withMessage(NotificationSchema), notificationExamples.canceled],
  ])('writes %s as fast-json-stringify does over the document schema', (_name, schema, reply) => {
    expect(compile(schema)(reply)).toBe(build(schema)(reply));
  });
});
