import fc from 'fast-check';

/** A JSON Schema node of the OpenAPI document (only what the generator reads). */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
}

/** Strings that tend to break things: whitespace, control and path characters, operators, lengths. */
export const TRICKY_STRINGS = [
  '',
  ' ',
  '  x  ',
  '\tx\t',
  'x\u0000y',
  '\u0007',
  '.',
  '..',
  '../x',
  'a.b',
  '$gt',
  '$where',
  '{"$ne":null}',
  '__proto__',
  'constructor',
  '%',
  '%zz',
  'é',
  '𝒳',
  '\u202e',
  'a,b@x.io',
  'a@b.io, c@d.io',
  '<a@b.io>',
  'x'.repeat(129),
  'x'.repeat(257),
  'y'.repeat(2_000),
  'null',
  'true',
  '0',
  '-1',
  '9223372036854775808',
];

export interface GenContext {
  /** Values that hit real data of the project under test (recipient ids, target names, addresses). */
  known: string[];
  /** Resolves `#/components/schemas/X`. */
  resolve: (ref: string) => JsonSchema | undefined;
}

const LOOPBACK_URL = fc.constantFrom('http://127.0.0.1:9/hook', 'https://127.0.0.1:9/x?y=1', 'not a url', 'ftp://127.0.0.1/');

const stringFor = (schema: JsonSchema, name: string, ctx: GenContext): fc.Arbitrary<string> => {
  // Never a URL off this machine: a stored URL may be called by the services (webhooks).
  if (schema.format === 'uri' || schema.format === 'url' || /url|uri|endpoint|webhook/i.test(name)) return LOOPBACK_URL;
  const max = Math.min(schema.maxLength ?? 40, 40);
  const min = Math.min(schema.minLength ?? 0, max);
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength: Math.max(min, 1), maxLength: Math.max(max, 1) }) },
    { weight: 3, arbitrary: fc.constantFrom(...ctx.known) },
    { weight: 2, arbitrary: fc.constantFrom(...TRICKY_STRINGS) },
    { weight: 1, arbitrary: fc.emailAddress() },
  );
};

const typesOf = (schema: JsonSchema): string[] => (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []);

/**
 * Values that mostly satisfy `schema` (so requests get past validation into the services), with
 * tricky strings and known ids mixed in. Arrays are kept short and nesting shallow.
 */
export function arbitraryFor(schema: JsonSchema | undefined, ctx: GenContext, name = '', depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.jsonValue({ maxDepth: 2 });
  if (schema.$ref) return arbitraryFor(ctx.resolve(schema.$ref), ctx, name, depth + 1);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => arbitraryFor(s, ctx, name, depth + 1)));
  if (schema.allOf?.length) {
    const merged: JsonSchema = { type: 'object', properties: {}, required: [] };
    for (const part of schema.allOf) {
      const p = part.$ref ? ctx.resolve(part.$ref) ?? {} : part;
      Object.assign(merged.properties!, p.properties ?? {});
      merged.required!.push(...(p.required ?? []));
    }
    return arbitraryFor(merged, ctx, name, depth + 1);
  }
  const types = typesOf(schema);
  if (types.length > 1) return fc.oneof(...types.map((type) => arbitraryFor({ ...schema, type }, ctx, name, depth + 1)));
  switch (types[0]) {
    case 'string':
      return stringFor(schema, name, ctx);
    case 'integer':
      return fc.oneof(
        fc.integer({ min: schema.minimum ?? -5, max: Math.min(schema.maximum ?? 1_000_000, 2 ** 31) }),
        fc.constantFrom(0, -1, 1, 2 ** 53, schema.maximum ?? 10, (schema.maximum ?? 10) + 1),
      );
    case 'number':
      return fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0, 1.5, -1));
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(arbitraryFor(schema.items, ctx, name, depth + 1), {
        minLength: Math.min(schema.minItems ?? 0, 3),
        maxLength: Math.max(Math.min(schema.maxItems ?? 3, 3), Math.min(schema.minItems ?? 0, 3)),
      });
    case 'object':
    case undefined: {
      const props = schema.properties ?? {};
      const keys = Object.keys(props);
      if (keys.length === 0) {
        if (types[0] === 'object') return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 });
        return fc.jsonValue({ maxDepth: 2 });
      }
      const record = Object.fromEntries(keys.map((k) => [k, arbitraryFor(props[k], ctx, k, depth + 1)]));
      return fc.record(record, { requiredKeys: (schema.required ?? []).filter((k) => keys.includes(k)) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A value of the wrong kind for any field: the mutations a hostile client sends. */
export const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, 0, -1, 1.5, 2 ** 63, '', [], {}, [[]], { $gt: '' }, 'x'.repeat(300)),
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(...TRICKY_STRINGS),
);

/** `value` with one property (chosen by `pick`) replaced or removed. */
export function mutateOne(value: unknown, pick: number, replacement: unknown, remove: boolean): unknown {
  if (Array.isArray(value)) {
    if (value.length === 0) return [replacement];
    const i = pick % value.length;
    return value.map((v, j) => (j === i ? mutateOne(v, Math.floor(pick / value.length), replacement, remove) : v));
  }
  if (value && typeof value === 'object') {
    const keys = Object.keys(value);
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    if (keys.length === 0) return { extra: replacement };
    const key = keys[pick % keys.length];
    if (remove) delete copy[key];
    else copy[key] = replacement;
    return copy;
  }
  return replacement;
}
