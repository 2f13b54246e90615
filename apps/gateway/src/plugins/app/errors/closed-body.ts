import { Type, type TSchema } from '@sinclair/typebox';
import { invalid, type Violation } from '@herald/service-kit';
import type { FastifyRequest, RouteOptions } from 'fastify';
import { HIDDEN, VIEW_FIELD } from '../../external/swagger/openapi-document';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Request bodies are closed: a field the body's schema does not name is refused, so a typo
 * (`"emial"`, `"nmae"`) never passes silently. An object schema that says `additionalProperties`
 * itself (a free-form payload) stays as it is.
 */
export function closeBody(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closeBody);
  if (!isObject(schema)) return schema;
  const out: Json = { ...schema };
  // Object spread keeps TypeBox's symbol keys (Kind, Optional), which the compiler needs.
  for (const sym of Object.getOwnPropertySymbols(schema)) (out as Record<symbol, unknown>)[sym] = (schema as Record<symbol, unknown>)[sym];
  if (out.type === 'object' && isObject(out.properties)) {
    out.properties = Object.fromEntries(Object.entries(out.properties).map(([name, s]) => [name, closeBody(s)]));
    if (!('additionalProperties' in out)) out.additionalProperties = false;
  }
  for (const key of ['items', 'anyOf', 'oneOf', 'allOf'] as const) if (key in out) out[key] = closeBody(out[key]);
  return out;
}

type KnownNames = { names: Set<string>; open: boolean; branches: Json[] };
/** Each schema's names, worked out at its first request (schemas are built once, at start). */
const namesBySchema = new WeakMap<Json, KnownNames>();

/** The names an object value may carry under this schema (the union of its object branches'). */
function knownNames(schema: Json): KnownNames {
  let known = namesBySchema.get(schema);
  if (!known) namesBySchema.set(schema, (known = namesOf(schema)));
  return known;
}

function namesOf(schema: Json): KnownNames {
  const branches = [schema, ...(['anyOf', 'oneOf', 'allOf'] as const).flatMap((k) => (Array.isArray(schema[k]) ? (schema[k] as unknown[]).filter(isObject) : []))];
  const withProperties = branches.filter((b) => isObject(b.properties));
  const open = withProperties.length === 0 || withProperties.some((b) => b.additionalProperties !== false);
  return { names: new Set(withProperties.flatMap((b) => Object.keys(b.properties as Json))), open, branches: withProperties };
}

const join = (path: string, name: string) => (path ? `${path}.${name}` : name);

/** One violation per field of the value that its (closed) schema does not name, at any depth. */
export function unknownFields(schema: unknown, value: unknown, path = ''): Violation[] {
  if (!isObject(schema)) return [];
  if (Array.isArray(value)) {
    const items = schema.items;
    return isObject(items) ? value.flatMap((item, i) => unknownFields(items, item, `${path}[${i}]`)) : [];
  }
  if (!isObject(value)) return [];
  const { names, open, branches } = knownNames(schema);
  const out: Violation[] = [];
  for (const [name, given] of Object.entries(value)) {
    const at = join(path, name);
    if (!names.has(name)) {
      if (!open) out.push({ message: `${at} is not a field of this request`, description: `${at} is not a field of this request; check its spelling`, property_path: at, invalid_value: given ?? null });
      continue;
    }
    for (const branch of branches) {
      const sub = (branch.properties as Json)[name];
      if (sub) {
        out.push(...unknownFields(sub, given, at));
        break;
      }
    }
  }
  return out;
}

/**
 * The body schema with the fields of the resource's own view added (accepted and ignored, so a
 * GET-modify-PATCH round trip works; not offered by the document). `id` is added only where the path ends in the
 * resource's own id (checked equal to it by the route), never on a create.
 */
export function withViewFields(body: TSchema, view: string[], idInPath: boolean): TSchema {
  const properties = (body as { properties?: Json }).properties;
  if (!properties) return body;
  const added = view.filter((name) => !(name in properties) && (name !== 'id' || idInPath));
  if (added.length === 0) return body;
  const extra = Object.fromEntries(added.map((name) => [name, Type.Optional(Type.Unknown({ [VIEW_FIELD]: true, [HIDDEN]: true }))]));
  const out = { ...body, properties: { ...properties, ...extra } } as TSchema;
  for (const sym of Object.getOwnPropertySymbols(body)) (out as unknown as Record<symbol, unknown>)[sym] = (body as unknown as Record<symbol, unknown>)[sym];
  return out;
}

/** The names of the view a route's success response shows (its `data`, else its own fields but `message`). */
export function viewFieldsOf(response: unknown): string[] {
  if (!isObject(response)) return [];
  const success = Object.entries(response).find(([status]) => /^2/.test(status))?.[1];
  if (!isObject(success) || !isObject(success.properties)) return [];
  const data = (success.properties as Json).data;
  if (isObject(data)) return isObject(data.properties) ? Object.keys(data.properties) : [];
  return Object.keys(success.properties).filter((name) => name !== 'message');
}

/** Removes the view's fields from a checked body (they are ignored). */
export function dropViewFields(schema: unknown, value: unknown): unknown {
  if (!isObject(schema) || !isObject(schema.properties) || !isObject(value)) return value;
  const view = Object.entries(schema.properties).filter(([, s]) => isObject(s) && s[VIEW_FIELD] === true).map(([n]) => n);
  if (!view.some((name) => name in value)) return value;
  const out = { ...value };
  for (const name of view) delete out[name];
  return out;
}

/** `id` in a body must be the path's own id (`PATCH /webhooks/5` with `"id": 6` is refused). */
const sameId = (param: string) => async (request: FastifyRequest) => {
  const given = (request.body as Json | undefined)?.id;
  const own = (request.params as Record<string, string> | undefined)?.[param];
  if (given === undefined || String(given) === own) return;
  throw invalid('Request body is invalid', [{ message: 'id is invalid', description: `id must equal the path's ${param} (${own})`, property_path: 'id', invalid_value: given ?? null }]);
};

/** A route's body with its view's fields accepted (`withViewFields`; the validator closes it); for the `onRoute` hook. */
export function closeRouteBody(route: RouteOptions): void {
  const body = route.schema?.body as TSchema | undefined;
  if (!body || !route.schema) return;
  const idParam = /:(\w+)$/.exec(route.url)?.[1];
  const withView = withViewFields(body, viewFieldsOf(route.schema.response), idParam !== undefined);
  route.schema = { ...route.schema, body: withView };
  const id = (withView as { properties?: Json }).properties?.id;
  const idAdded = idParam && isObject(id) && id[VIEW_FIELD] === true;
  if (idAdded) route.preValidation = [...[route.preValidation ?? []].flat(), sameId(idParam)];
}
