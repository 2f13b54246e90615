/** Marks a field of the resource's view accepted (and ignored) in a request body (plugins/app/errors/closed-body.ts); not published. */
export const VIEW_FIELD = 'x-view-field';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A request body's fields: those it takes, and those of the resource's view it accepts and ignores. */
function bodyFields(body: unknown): { taken: string[]; ignored: string[] } {
  const properties = isObject(body) && isObject(body.properties) ? Object.entries(body.properties) : [];
  const isView = (s: unknown) => isObject(s) && s[VIEW_FIELD] === true;
  return { taken: properties.filter(([, s]) => !isView(s)).map(([name]) => name), ignored: properties.filter(([, s]) => isView(s)).map(([name]) => name) };
}

const jsonSchemaOf = (media: unknown): unknown => (isObject(media) && isObject(media.content) && isObject(media.content['application/json']) ? media.content['application/json'].schema : undefined);

/** The view an operation's success response shows: its `data`, else the response itself. */
function successView(responses: unknown): Json | undefined {
  if (!isObject(responses)) return undefined;
  const schema = jsonSchemaOf(Object.entries(responses).find(([status]) => /^2/.test(status))?.[1]);
  if (!isObject(schema) || !isObject(schema.properties)) return undefined;
  const data = schema.properties.data;
  if (isObject(data)) return isObject(data.properties) ? data : undefined;
  return schema;
}

/** A named schema under a view (a project beside its key) is marked where it is the view itself, not as a field. */
function markReadOnly(view: Json, names: Iterable<string>): void {
  for (const name of names) {
    const property = (view.properties as Json)[name];
    if (isObject(property) && typeof property.title !== 'string') property.readOnly = true;
  }
}

/** Every titled schema outside request bodies, with its given title. */
function titledViews(node: unknown, out: Json[] = []): Json[] {
  if (Array.isArray(node)) node.forEach((n) => titledViews(n, out));
  else if (isObject(node)) {
    if (typeof node.title === 'string' && isObject(node.properties)) out.push(node);
    for (const [k, v] of Object.entries(node)) if (k !== 'requestBody' && k !== 'example' && k !== 'examples') titledViews(v, out);
  }
  return out;
}

/**
 * A copy of the document whose views say `readOnly: true` on each field a request body of the same
 * resource accepts and ignores (`created_at`, `updated_at`, an equal `id`, …) and no body answered
 * with that view takes: a client may send the view back, but these fields of it change nothing. A
 * titled view is marked wherever it appears (one schema per name).
 */
export function markReadOnlyViews<T extends Json>(document: T): T {
  const doc = JSON.parse(JSON.stringify(document)) as T;
  const ignoredByTitle = new Map<string, Set<string>>();
  const takenByTitle = new Map<string, Set<string>>();
  const add = (map: Map<string, Set<string>>, title: string, names: string[]) => map.set(title, new Set([...(map.get(title) ?? []), ...names]));
  for (const ops of Object.values(isObject(doc.paths) ? doc.paths : {})) {
    for (const op of Object.values(isObject(ops) ? ops : {})) {
      if (!isObject(op)) continue;
      const { taken, ignored } = bodyFields(jsonSchemaOf(op.requestBody));
      const view = successView(op.responses);
      if (!view) continue;
      if (typeof view.title !== 'string') markReadOnly(view, ignored);
      else {
        add(ignoredByTitle, view.title, ignored);
        add(takenByTitle, view.title, taken);
      }
    }
  }
  for (const view of titledViews(doc)) {
    const title = view.title as string;
    markReadOnly(view, [...(ignoredByTitle.get(title) ?? [])].filter((name) => !takenByTitle.get(title)?.has(name)));
  }
  return doc;
}
