/**
 * Response schemas say "X or null" as `anyOf: [X, {type: 'null'}]` (the document's shape).
 * fast-json-stringify serializes an `anyOf` by validating the value against each option with
 * ajv, which compiles every option's schema (a fragment of the whole response) on the first reply
 * that reaches it: several hundred milliseconds of the first replies of a route. The same value
 * as `type: [X's type, 'null']` is serialized by a type check, without ajv; a nullable union of
 * plain objects (the decision's rule) as one object with every option's properties. This rewrites
 * these cases for the serializer only; the OpenAPI document keeps the `anyOf`.
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

/** Keywords of an object option a merged object would lose: such a union stays an `anyOf`. */
const OPEN_OBJECT_KEYWORDS = ['additionalProperties', 'patternProperties', 'dependentRequired', 'minProperties', 'maxProperties'];

const isPlainObject = (schema: unknown): schema is Schema & { properties: Record<string, unknown> } =>
  isPlainTyped(schema) && schema.type === 'object' && isObject(schema.properties) && !OPEN_OBJECT_KEYWORDS.some((keyword) => keyword in schema);

/**
 * One object schema that writes a value of any of these object options as its own option does:
 * every property of each, in an order that keeps the order each option writes them in (its
 * required properties first, as fast-json-stringify does), a property two options share only when
 * its schema is the same in both, none required (which would reorder them). Null when there is no
 * such order or a shared property differs.
 */
function mergedObject(options: unknown[]): Schema | null {
  if (options.length < 2 || !options.every(isPlainObject)) return null;
  const order: string[] = [];
  const properties: Record<string, unknown> = {};
  for (const option of options) {
    let last = -1;
    const required = Array.isArray(option.required) ? option.required : [];
    const written = Object.entries(option.properties).sort(([a], [b]) => Number(required.includes(b)) - Number(required.includes(a)));
    for (const [name, property] of written) {
      const at = order.indexOf(name);
      if (at === -1) {
        order.splice(++last, 0, name);
        properties[name] = property;
      } else if (at > last && JSON.stringify(properties[name]) === JSON.stringify(property)) last = at;
      else return null;
    }
  }
  return { type: 'object', properties: Object.fromEntries(order.map((name) => [name, properties[name]])) };
}

/**
 * `{anyOf: [X, null], …rest}` → `{…X, …rest, type: [X.type, 'null']}` when X is a plain typed
 * schema, or a union of plain objects that one object schema writes alike (the decision's rule).
 */
function asNullableType(schema: Schema): Schema {
  const options = schema.anyOf;
  if (!Array.isArray(options) || options.length !== 2 || !isNull(options[1])) return schema;
  const { anyOf: _anyOf, ...rest } = schema;
  if (isPlainTyped(options[0])) return { ...options[0], ...rest, type: [options[0].type, 'null'] };
  const { anyOf: union, ...unionRest } = isObject(options[0]) ? options[0] : {};
  const merged = Array.isArray(union) && Object.keys(unionRest).every((key) => key === 'description' || key === 'title') ? mergedObject(union) : null;
  return merged ? { ...unionRest, ...merged, ...rest, type: ['object', 'null'] } : schema;
}

/** A copy of `schema` with every simple nullable `anyOf` written as a type list. */
export function withNullableTypes(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withNullableTypes);
  if (!isObject(schema)) return schema;
  const copy: Schema = {};
  for (const [key, value] of Object.entries(schema)) copy[key] = withNullableTypes(value);
  return asNullableType(copy);
}
