import { markReadOnlyViews, VIEW_FIELD } from './read-only-views';

/**
 * Turns the document @fastify/swagger builds from the route schemas into the published one:
 *  - value rules the services enforce (not the gateway's validator, which checks JSON types only)
 *    are declared on a schema under `x-service-rules` and merged into it here, so the document
 *    says exactly what is accepted while the services keep their own messages;
 *  - `x-invalid` (the sentence a failed check reports) is the gateway's own and is dropped;
 *  - properties marked `x-hidden` are accepted by the gateway but not offered (for example the
 *    natural key repeated in a catalog PATCH, which must equal the stored value) and are dropped;
 *  - every schema with a `title` becomes a named component (`#/components/schemas/<title>`) and is
 *    referenced from where it was inlined; two different schemas under one title are an error;
 *  - the fields of a view that request bodies accept and ignore are `readOnly` (read-only-views.ts);
 *  - a query parameter with a default is optional; a body that must have a property is required;
 *  - an operation's `documented(...)` (its summary, the name of its success response, its example
 *    request and response) is written where the API page shows it; errors are named by family.
 */
export const SERVICE_RULES = 'x-service-rules';
export const HIDDEN = 'x-hidden';
/** The sentence a failed check of this schema reports (plugins/app/errors/validator.ts), instead of the validator's (a long pattern, say); not published. */
export const INVALID_MESSAGE = 'x-invalid';
export { VIEW_FIELD } from './read-only-views';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

const SUCCESS = 'x-success';
const REQUEST_EXAMPLE = 'x-request-example';
const RESPONSE_EXAMPLE = 'x-response-example';

/** What the API page shows of an operation: a summary, its success response's name ("Created", "The recipient") and examples. */
export interface OperationDocs {
  summary: string;
  success: string;
  description?: string;
  request?: unknown;
  response?: unknown;
}

/** Route schema entries documenting an operation (spread into the route's `schema`). */
export const documented = ({ summary, success, description, request, response }: OperationDocs): Json => ({
  summary,
  ...(description ? { description } : {}),
  [SUCCESS]: success,
  ...(request === undefined ? {} : { [REQUEST_EXAMPLE]: request }),
  ...(response === undefined ? {} : { [RESPONSE_EXAMPLE]: response }),
});

const ERROR_DESCRIPTIONS: Record<string, string> = {
  '4XX': 'Refused: bad input, a missing or wrong credential, not found, a conflict or a rate limit (the body names it)',
  '5XX': 'Failed on the server side, or a service it needs is unavailable; safe to retry later',
  '503': 'Not ready: the checks name what is unavailable',
};

/** Schema options declaring rules a service enforces; see the module comment. */
export const serviceRules = (rules: Json): Json => ({ [SERVICE_RULES]: rules });
/** Schema options of a property the gateway accepts but the document does not offer. */
export const hidden = (): Json => ({ [HIDDEN]: true });

function applyRules(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(applyRules);
  if (!isObject(node)) return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) if (k !== SERVICE_RULES && k !== INVALID_MESSAGE && k !== VIEW_FIELD) out[k] = applyRules(v);
  // fastify-swagger writes `examples` as `example` in some places: one form (JSON Schema 2020-12's) throughout.
  if ('example' in out && !('examples' in out) && !('in' in out)) {
    out.examples = [out.example];
    delete out.example;
  }
  const rules = node[SERVICE_RULES];
  if (isObject(rules)) Object.assign(out, applyRules(rules));
  if (isObject(out.properties)) {
    const hiddenNames = Object.entries(out.properties).filter(([, s]) => isObject(s) && s[HIDDEN] === true).map(([n]) => n);
    for (const name of hiddenNames) delete (out.properties as Json)[name];
    if (Array.isArray(out.required)) {
      out.required = out.required.filter((n) => !hiddenNames.includes(n as string));
      if ((out.required as unknown[]).length === 0) delete out.required;
    }
  }
  return out;
}

const canonical = (v: unknown): string =>
  JSON.stringify(v, (_k, value: unknown) => (isObject(value) ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b))) : value));

function nameSchemas(node: unknown, named: Map<string, Json>, path: string[]): unknown {
  if (Array.isArray(node)) return node.map((n, i) => nameSchemas(n, named, [...path, String(i)]));
  if (!isObject(node)) return node;
  const out: Json = {};
  // Example values are data, not schemas (a notification's `title` is not a schema's).
  for (const [k, v] of Object.entries(node)) out[k] = k === 'example' || k === 'examples' ? v : nameSchemas(v, named, [...path, k]);
  const title = out.title;
  // A titled schema (not an operation or the document's info, which have titles too); a branch of a
  // rule (`anyOf: [{ title, required }]`) keeps its title where it is: it names the branch.
  if (typeof title === 'string' && ('type' in out || 'anyOf' in out) && !path.includes('info')) {
    const seen = named.get(title);
    if (seen && canonical(seen) !== canonical(out)) throw new Error(`OpenAPI: two different schemas are titled ${title} (at ${path.join('.')}): ${canonical(seen)} / ${canonical(out)}`);
    named.set(title, out);
    return { $ref: `#/components/schemas/${title}` };
  }
  return out;
}

interface Media {
  schema?: Json;
  example?: unknown;
}

interface Operation {
  parameters?: Array<{ in: string; required?: boolean; schema?: Json }>;
  requestBody?: { required?: boolean; content?: Record<string, Media> };
  responses?: Record<string, { description?: string; content?: Record<string, Media> }>;
  [SUCCESS]?: string;
  [REQUEST_EXAMPLE]?: unknown;
  [RESPONSE_EXAMPLE]?: unknown;
}

/** Moves an operation's `documented(...)` entries to the responses and bodies they describe. */
function applyDocs(op: Operation): void {
  for (const [status, response] of Object.entries(op.responses ?? {})) {
    if (/^2\d\d$/.test(status) && op[SUCCESS]) {
      response.description = op[SUCCESS];
      const media = response.content?.['application/json'];
      if (media && op[RESPONSE_EXAMPLE] !== undefined) media.example = op[RESPONSE_EXAMPLE];
    }
    if (ERROR_DESCRIPTIONS[status] && response.description === 'Default Response') response.description = ERROR_DESCRIPTIONS[status];
  }
  const body = op.requestBody?.content?.['application/json'];
  if (body && op[REQUEST_EXAMPLE] !== undefined) body.example = op[REQUEST_EXAMPLE];
  delete op[SUCCESS];
  delete op[REQUEST_EXAMPLE];
  delete op[RESPONSE_EXAMPLE];
}

const bodySchemas = (paths: Record<string, Record<string, Operation>>): Json[] =>
  Object.values(paths).flatMap((ops) =>
    Object.values(ops).flatMap((op) => {
      const schema = isObject(op) ? (op as Operation).requestBody?.content?.['application/json']?.schema : undefined;
      return schema ? [schema] : [];
    }),
  );

function titlesIn(node: unknown, out: Set<string>): Set<string> {
  if (Array.isArray(node)) node.forEach((n) => titlesIn(n, out));
  else if (isObject(node)) {
    if (typeof node.title === 'string') out.add(node.title);
    Object.entries(node).forEach(([k, v]) => k !== 'examples' && k !== 'example' && titlesIn(v, out));
  }
  return out;
}

/**
 * Request bodies are closed (the gateway refuses a field they do not name): every object schema
 * (`type: object`) in a body says `additionalProperties: false` unless it says otherwise, and so does a named
 * schema used in a body wherever else it appears (one schema per name).
 */
function closeBodies(node: unknown, titles: Set<string>, inBody: boolean): unknown {
  if (Array.isArray(node)) return node.map((n) => closeBodies(n, titles, inBody));
  if (!isObject(node)) return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === 'example' || k === 'examples') out[k] = v;
    else if (k === 'requestBody') out[k] = closeBodies(v, titles, true);
    else out[k] = closeBodies(v, titles, inBody);
  }
  const closes = inBody || (typeof out.title === 'string' && titles.has(out.title));
  // An object schema, not a rule's branch (`anyOf: [{ required: … }]`), which only narrows it.
  if (closes && out.type === 'object' && isObject(out.properties) && !('additionalProperties' in out)) out.additionalProperties = false;
  return out;
}

export function refineDocument<T extends Json>(document: T): T {
  const rules = applyRules(markReadOnlyViews(document)) as Json;
  const doc = closeBodies(rules, titlesIn(bodySchemas((rules.paths ?? {}) as Record<string, Record<string, Operation>>), new Set()), false) as Json;
  const paths = (doc.paths ?? {}) as Record<string, Record<string, Operation>>;
  for (const ops of Object.values(paths)) {
    for (const value of Object.values(ops)) {
      if (!isObject(value)) continue;
      const op = value as Operation;
      applyDocs(op);
      for (const p of op.parameters ?? []) if (p.in === 'query' && p.schema && 'default' in p.schema) p.required = false;
      const body = op.requestBody?.content?.['application/json']?.schema;
      // A body that must name a field (required ones, a minimum count, or "at least one of" branches) cannot be left out.
      const namesAField = (s: Json) => Array.isArray(s.required) || typeof s.minProperties === 'number';
      const branches = (Array.isArray(body?.anyOf) ? body.anyOf : []) as Json[];
      if (op.requestBody && body && (namesAField(body) || body.type === 'array' || (branches.length > 0 && branches.every(namesAField)))) {
        op.requestBody.required = true;
      }
    }
  }
  const named = new Map<string, Json>();
  const components = (doc.components ?? {}) as Json;
  doc.paths = nameSchemas(doc.paths, named, ['paths']);
  const schemas = { ...((components.schemas as Json) ?? {}) };
  for (const [title, schema] of [...named.entries()].sort(([a], [b]) => a.localeCompare(b))) schemas[title] = schema;
  doc.components = { ...components, schemas };
  return doc as T;
}
