import { Kind, type TSchema } from '@sinclair/typebox';
import { TypeCompiler, type ValueError } from '@sinclair/typebox/compiler';
import { Value, ValueErrorType } from '@sinclair/typebox/value';
import { invalid, type Violation } from '@herald/service-kit';
import { INVALID_MESSAGE } from '../../external/swagger/openapi-document';
import { closeBody, dropViewFields, unknownFields } from './closed-body';

type HttpPart = 'body' | 'querystring' | 'params' | 'headers' | string;

/** `/recipients/0/id` → `recipients[0].id` */
export function propertyPath(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), '');
}

function describe(error: ValueError): string {
  const own = (error.schema as Record<string, unknown>)[INVALID_MESSAGE];
  if (typeof own === 'string') return own;
  const anyOf = (error.schema as { anyOf?: Array<{ type?: string; const?: unknown }> }).anyOf;
  if (anyOf) return `Expected ${anyOf.map((s) => (s.const !== undefined ? JSON.stringify(s.const) : s.type)).join(' or ')}`;
  return error.message;
}

/** TypeBox errors → the contract's violation shape, one per offending property. */
export function toViolations(errors: Iterable<ValueError>): Violation[] {
  const seen = new Set<string>();
  const out: Violation[] = [];
  for (const error of errors) {
    const path = propertyPath(error.path);
    if (seen.has(path)) continue;
    seen.add(path);
    const missing = error.type === ValueErrorType.ObjectRequiredProperty;
    const name = path || 'body';
    out.push({
      message: missing ? `${name} is required` : `${name} is invalid`,
      description: describe(error),
      property_path: path,
      invalid_value: error.value === undefined ? null : error.value,
    });
  }
  return out;
}

/**
 * The check's violations besides the unknown fields already named: a field the schema does not
 * name also fails the check on its parent (a union's "Expected object or null"), said once.
 */
function otherViolations(unknown: Violation[], errors: Iterable<ValueError>): Violation[] {
  const named = unknown.map((v) => v.property_path);
  return toViolations(errors).filter((v) => !named.some((path) => path === v.property_path || path.startsWith(`${v.property_path}.`) || path.startsWith(`${v.property_path}[`) || v.property_path === ''));
}

/** TypeBox's conversion truncates `"1.5"` to 1: keep any non-integer text as text so it fails. */
function keepNonIntegerText(schema: TSchema, raw: unknown, converted: unknown): unknown {
  const properties = (schema as { properties?: Record<string, { type?: unknown }> }).properties;
  if (!properties || !raw || typeof raw !== 'object' || !converted || typeof converted !== 'object') return converted;
  for (const [key, prop] of Object.entries(properties)) {
    const given = (raw as Record<string, unknown>)[key];
    if (prop.type === 'integer' && typeof given === 'string' && !/^-?\d+$/.test(given)) (converted as Record<string, unknown>)[key] = given;
  }
  return converted;
}

/**
 * Whether the schema declares a default anywhere. TypeBox's `Value.Default` walks the whole schema
 * and value, cloning as it goes, whether or not there is a default to fill: on the send body (no
 * default in it) that walk was 8 % of the gateway's CPU per send. A property literally named
 * `default` counts too (a harmless false positive: the walk then runs).
 */
export function declaresDefault(schema: unknown, seen = new Set<unknown>()): boolean {
  if (schema === null || typeof schema !== 'object' || seen.has(schema)) return false;
  seen.add(schema);
  if (Object.prototype.hasOwnProperty.call(schema, 'default')) return true;
  return Object.values(schema).some((v) => declaresDefault(v, seen));
}

/**
 * The body with the schema's defaults filled in; as sent when they cannot be (TypeBox's Default
 * throws on values far from the schema, e.g. an array where an object with a defaulted union
 * belongs): the check then refuses it with a 400.
 */
function withDefaults(schema: TSchema, value: unknown): unknown {
  try {
    return Value.Default(schema, value);
  } catch {
    return value;
  }
}

/**
 * Fastify validator compiler on TypeBox's compiled checks. Bodies are checked as sent: no type
 * coercion (a `"5"` is not an integer), only defaults are filled in; a body whose fields are all
 * optional may be absent. Query strings and path
 * parameters are text by nature, so they are converted to the schema's types first.
 * Failures are DomainErrors (`validation_failed`) carrying one violation per property.
 */
export function validatorCompiler({ schema, httpPart }: { schema: unknown; httpPart?: HttpPart }) {
  if (!(Kind in (schema as TSchema))) throw new Error('gateway route schemas must be TypeBox schemas');
  const typed = (httpPart === 'body' ? closeBody(schema) : schema) as TSchema;
  const check = TypeCompiler.Compile(typed);
  const coerce = httpPart !== 'body';
  const defaults = declaresDefault(typed);
  // A body whose fields are all optional may be left out entirely (fastify hands over null then).
  const bodyOptional = httpPart === 'body' && (typed as { type?: unknown }).type === 'object' && !(typed as { required?: unknown[] }).required?.length;
  return (data: unknown) => {
    let value = data === null && bodyOptional ? {} : data;
    if (coerce) value = keepNonIntegerText(typed, data, Value.Convert(typed, defaults ? Value.Default(typed, Value.Clone(data)) : Value.Clone(data)));
    else if (defaults && value !== null && typeof value === 'object' && Array.isArray(value) === ((typed as { type?: unknown }).type === 'array')) value = withDefaults(typed, value);
    const unknown = httpPart === 'body' ? unknownFields(typed, value) : [];
    if (unknown.length === 0 && check.Check(value)) return { value: httpPart === 'body' ? dropViewFields(typed, value) : value };
    const where = httpPart === 'body' ? 'Request body' : httpPart === 'querystring' ? 'Query string' : 'Request';
    return { error: invalid(`${where} is invalid`, [...unknown, ...otherViolations(unknown, check.Errors(value))]) };
  };
}
