/**
 * Response schemas say "X or null" as `anyOf: [X, {type: 'null'}]` (the document's shape).
 * fast-json-stringify serializes an `anyOf` by validating the value against each option with
 * ajv, which compiles every option's schema (a fragment of the whole response) on the first reply
 * that reaches it: several hundred milliseconds of the first replies of a route. The same value
 * as `type: [X's type, 'null']` is serialized by a type check, without ajv. This rewrites the
 * simple cases for the serializer only; the OpenAPI document keeps the `anyOf`.
 */

type Schema = Record<string, unknown>;

/**
 * Keywords that make an option more than a type (a union, a reference): an option carrying one
 * stays an `anyOf`. An `enum` does not: its values are written as their type's values are.
 */
const VALIDATED_KEYWORDS = ['anyOf', 'oneOf', 'allOf', 'not', 'if', 'const', '$ref'];

const isObject = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);
const isNull = (schema: unknown) => isObject(schema) && schema.type === 'null';
const isPlainTyped = (schema: unknown): schema is Schema => isObject(schema) && typeof schema.type === 'string' && schema.type !== 'null' && !VALIDATED_KEYWORDS.some((keyword) => keyword in schema);

/** `{anyOf: [X, null], …rest}` → `{…X, …rest, type: [X.type, 'null']}` when X is a plain typed schema. */
function asNullableType(schema: Schema): Schema {
  const options = schema.anyOf;
  if (!Array.isArray(options) || options.length !== 2 || !isNull(options[1]) || !isPlainTyped(options[0])) return schema;
  const { anyOf: _anyOf, ...rest } = schema;
  return { ...options[0], ...rest, type: [options[0].type, 'null'] };
}

/** A copy of `schema` with every simple nullable `anyOf` written as a type list. */
export function withNullableTypes(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withNullableTypes);
  if (!isObject(schema)) return schema;
  const copy: Schema = {};
  for (const [key, value] of Object.entries(schema)) copy[key] = withNullableTypes(value);
  return asNullableType(copy);
}
