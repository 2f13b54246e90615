import build from 'fast-json-stringify';
import { Type } from '@sinclair/typebox';
import { Nullable, dataOnly, withMessage } from '../../../routes/shared/schemas';
import { NotificationSchema, SendResult } from '../../../routes/notifications/schemas';
import { notificationExamples } from '../../../routes/notifications/examples';
import { DecidingCatalogEntrySchema, DecidingRecipientRuleSchema } from '../../../routes/shared/decision-schemas';
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

  it('writes a nullable union of objects (the decision\'s rule) as one object, each kind as over the union, without ajv', () => {
    const schema = Type.Object({ rule: Nullable(Type.Union([DecidingRecipientRuleSchema, DecidingCatalogEntrySchema], { description: 'The rule' })) });
    const target = { channel: 'billing', topic: 'invoices', event: 'paid' };
    const replies = [
      { rule: { target, medium: 'email', enabled: false, set_at: '2026-03-02T09:40:00.000Z', set_via: 'recipient_token' } },
      { rule: { target, medium: 'email', enabled: true, set_at: null, set_via: null } },
      { rule: { id: 3, label: 'Paid invoices', target, medium: 'email', default_enabled: true, mandatory: false } },
      { rule: null },
    ];
    const expected = replies.map(build(schema));
    const calls = jest.spyOn(Validator.prototype, 'getSchemaValidator');
    const serialize = compile(schema);
    expect(replies.map(serialize)).toEqual(expected);
    expect(calls).not.toHaveBeenCalled();
    calls.mockRestore();
    expect(withNullableTypes(schema)).toMatchObject({ properties: { rule: { type: ['object', 'null'], description: 'The rule' } } });
  });

  it('keeps a union of objects whose shared property differs, or whose orders conflict, an anyOf', () => {
    const differ = Nullable(Type.Union([Type.Object({ a: Type.String() }), Type.Object({ a: Type.Integer() })]));
    const conflict = Nullable(Type.Union([Type.Object({ a: Type.String(), b: Type.String() }), Type.Object({ b: Type.String(), a: Type.String() })]));
    expect(withNullableTypes(Type.Object({ differ, conflict }))).toMatchObject({ properties: { differ: { anyOf: [{ anyOf: [{}, {}] }, { type: 'null' }] }, conflict: { anyOf: [{ anyOf: [{}, {}] }, { type: 'null' }] } } });
  });

  it.each([
    ['a send', withMessage(SendResult), notificationExamples.sent],
    ['a notification', dataOnly(NotificationSchema), notificationExamples.one],
    ['a canceled notification', withMessage(NotificationSchema), notificationExamples.canceled],
  ])('writes %s as fast-json-stringify does over the document schema', (_name, schema, reply) => {
    expect(compile(schema)(reply)).toBe(build(schema)(reply));
  });
});
