import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { eventually } from '@herald/testing';
import { adminToken, baseUrl, call, createProject, uniqueId, type TestProject } from '../testing/rest-client';
import { errorBodyProblem, familyOf, mayAccept, type CredentialKind, type RouteAccess } from '../testing/fuzz/contract-oracle';
import { arbitraryFor, mutateOne, TRICKY_STRINGS, wrongValue, type GenContext, type JsonSchema } from '../testing/fuzz/schema-arbitrary';

/**
 * Property-based fuzzing of every operation of the gateway's OpenAPI document (so a new route is
 * fuzzed without touching this file), with generated paths, queries, bodies and credentials.
 * For every response:
 *  - never a 5xx, and `X-API-Version: 1.0`;
 *  - an error is in its path's family with a snake_case code;
 *  - nothing of project B (every string of its data carries one random marker) appears in a
 *    response to project A's credentials, though the requests aim at B's ids and shared recipient ids;
 *  - no 2xx for a credential the contract refuses (recipient token outside its recipient, Recipient
 *    key on a Full operation, project key on /admin, admin token on project routes, none or garbage).
 * Seeded (FUZZ_SEED to replay, FUZZ_RUNS to change the count); every violation is collected and
 * reported with the request that caused it.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 2100);
/**
 * A ceiling for the whole run (jest's timeout), not a target: the run's duration is printed, and
 * how fast the gateway answers is measured in bench/ (a loaded machine takes several times longer).
 */
const CEILING_MS = 15 * 60_000;
const IN_FLIGHT = 3;
/** A request still unanswered after this is reported (the slowest legitimate one, a send waiting on an Idempotency-Key in progress, takes up to 10 s). */
const SLOW_MS = 15_000;

interface Operation {
  method: string;
  template: string;
  access: RouteAccess;
  pathParams: string[];
  query: Array<{ name: string; schema?: JsonSchema }>;
  body?: JsonSchema;
}

interface OpenApi {
  paths: Record<string, Record<string, { security?: unknown[]; parameters?: Array<{ in: string; name: string; schema?: JsonSchema }>; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

function operationsOf(doc: OpenApi): Operation[] {
  const ops: Operation[] = [];
  for (const [template, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const security = op.security ?? [{ apiKey: [] }];
      const access: RouteAccess =
        security.length === 0 ? 'public' : security.some((s) => Object.keys(s as object).includes('adminToken')) ? 'admin' : 'project';
      const params = op.parameters ?? [];
      ops.push({
        method: method.toUpperCase(),
        template,
        access,
        pathParams: [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]),
        query: params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema })),
        body: op.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return ops;
}

interface Fixture {
  a: TestProject;
  b: TestProject;
  /** Marker carried by every string of project B's data. */
  marker: string;
  rA: string;
  shared: string;
  bOnly: string;
  tokenA: string;
  idsA: Record<string, number[]>;
  idsB: Record<string, number[]>;
  admin: { projectId: number; keyIds: number[] };
  known: string[];
}

async function ok(res: Promise<{ status: number; body: { data?: unknown } }>, status: number, what: string) {
  const r = await res;
  if (r.status !== status) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data as Record<string, unknown> & { id: number };
}

/** Seeds one project's data; `tag` goes into every string of it (B's marker, or a plain word for A). */
async function seed(p: TestProject, tag: string, ids: { rOwn: string; shared: string }) {
  const key = p.fullKey;
  const out: Record<string, number[]> = { contact: [], catalog: [], notification: [], broadcast: [] };
  const channel = `ch-${tag}`;
  for (const rid of [ids.rOwn, ids.shared]) {
    await ok(call('POST', '/recipients', { key, body: { id: rid, name: `name ${tag}` } }), 201, 'recipient');
    out.contact.push((await ok(call('POST', `/recipients/${rid}/contacts`, { key, body: { medium: 'email', address: `${tag}.${rid}@example.com`, is_primary: true } }), 201, 'contact')).id);
    out.contact.push((await ok(call('POST', `/recipients/${rid}/contacts`, { key, body: { medium: 'sms', address: `+1555${String([...tag].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 10_000_000, 7)).padStart(7, '0')}`, is_primary: false } }), 201, 'contact')).id);
    await ok(call('PATCH', `/recipients/${rid}/preferences`, { key, body: { target: { channel: `rule-${tag}`, topic: tag, event: 'e' }, medium: 'email', state: { enabled: true } } }), 200, 'rule');
  }
  for (const medium of ['in_app', 'email']) {
    const entry = { channel, topic: 'any', event: 'evt', medium, name: `entry ${tag}`, description: `about ${tag}`, default_enabled: true };
    out.catalog.push((await ok(call('POST', '/preferences', { key, body: entry }), 201, 'catalog')).id);
  }
  const target = { channel, topic: `t-${tag}`, event: 'evt' };
  for (const rid of [ids.rOwn, ids.shared]) {
    const sent = await ok(call('POST', '/notifications/send', { key, body: { recipient_id: rid, target, payload: { text: `hello ${tag}` }, email: { subject: `subject ${tag}`, html: `<p>${tag}</p>` } } }), 201, 'send');
    out.notification.push(Number((sent.notification as { id: number }).id));
  }
  const bc = await ok(call('POST', '/notifications/send', { key, body: { recipient_id: null, target, payload: { text: `all ${tag}` } } }), 201, 'broadcast');
  out.broadcast.push(Number((bc.broadcast as { id: number }).id));
  return out;
}

async function setUp(): Promise<Fixture> {
  const marker = `zqmark${randomBytes(8).toString('hex')}`;
  const [a, b] = [await createProject('fuzz-a'), await createProject(`fuzz-b ${marker}`)];
  const shared = uniqueId('shared');
  const rA = uniqueId('ra');
  const bOnly = uniqueId('rb');
  const idsA = await seed(a, 'alpha', { rOwn: rA, shared });
  const idsB = await seed(b, marker, { rOwn: bOnly, shared });
  // B's notifications delivered (in its feeds) before A's requests aim at them.
  for (const id of idsB.notification) {
    await eventually(`notification ${id} out of enqueued`, async () => (await call('GET', `/notifications/${id}`, { key: b.fullKey })).body.data?.status !== 'enqueued');
  }
  const tokenA = (await ok(call('POST', `/recipients/${rA}/tokens`, { key: a.fullKey, body: { ttl_seconds: 3600 } }), 201, 'token')).token as unknown as string;
  // A project only the fuzzer's admin requests touch, so they never change other suites' projects.
  const s = await call('POST', '/admin/projects', { key: adminToken(), body: { name: 'fuzz-admin-target' } });
  if (s.status !== 201) throw new Error(`admin project: ${s.status}`);
  const admin = { projectId: s.body.data.project.id as number, keyIds: (s.body.data.keys as Array<{ id: number }>).map((k) => k.id) };
  const known = [rA, shared, bOnly, 'ch-alpha', 't-alpha', 'evt', 'any', 'none', 'email', 'in_app', 'sms', 'alpha.x@example.com', 'full', 'recipient'];
  return { a, b, marker, rA, shared, bOnly, tokenA, idsA, idsB, admin, known };
}

interface FuzzRequest {
  op: Operation;
  credential: CredentialKind;
  path: string;
  recipientInPath?: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  /** False when `method` is not one the path's route has (the answer must then be an error). */
  routeHasMethod?: boolean;
}

/**
 * A path segment as sent. `.` and `..` (even as `%2E`) are dot segments that URL clients resolve
 * away (WHATWG URL), so no client can send them as an id: they are not generated.
 */
const encodeSegment = (v: string) => encodeURIComponent(v);
const isDotSegment = (v: string) => v === '.' || v === '..';

const WEIRD_IDS = ['0', '-1', '9223372036854775808', '12345678901234567890123', 'abc', '1.5', '1e3', '%20', '0x10', '', '00001'];

function requestArbitrary(ops: Operation[], f: Fixture, doc: OpenApi): fc.Arbitrary<FuzzRequest> {
  const ctx: GenContext = { known: f.known, resolve: (ref) => doc.components?.schemas?.[ref.replace('#/components/schemas/', '')] };
  const recipientIds = fc
    .oneof(
      { weight: 6, arbitrary: fc.constantFrom(f.rA, f.shared, f.bOnly) },
      { weight: 2, arbitrary: fc.string({ minLength: 1, maxLength: 20 }) },
      { weight: 1, arbitrary: fc.constantFrom(...TRICKY_STRINGS.filter((s) => s !== '')) },
    )
    .filter((v) => !isDotSegment(v));
  const idPool = (template: string, name: string): string[] => {
    if (template.startsWith('/admin')) return name === 'key_id' ? f.admin.keyIds.map(String) : [String(f.admin.projectId)];
    const kind = name === 'contact_id' ? 'contact' : name === 'preference_id' ? 'catalog' : template.startsWith('/broadcasts') ? 'broadcast' : 'notification';
    return [...(f.idsA[kind] ?? []), ...(f.idsB[kind] ?? [])].map(String);
  };
  const credentials = fc.constantFrom<CredentialKind>('full', 'full', 'full', 'full', 'recipient-key', 'token', 'token', 'admin', 'none', 'garbage', 'full-on-wrong-scheme');
  const rawBodies = fc.constantFrom(
    '{',
    '{"a":',
    'null',
    '[]',
    '"x"',
    '0',
    '{"__proto__":{"x":1}}',
    '{"constructor":{"prototype":{"x":1}}}',
    '['.repeat(2_000) + ']'.repeat(2_000),
    `{"a":${'{"a":'.repeat(300)}1${'}'.repeat(300)}}`,
  );

  return fc.constantFrom(...ops).chain((op) => {
    const pathParts = op.pathParams.map((name) =>
      name === 'recipient_id'
        ? recipientIds.map((v) => ({ name, value: v, encoded: encodeSegment(v) }))
        : fc
            .oneof({ weight: 5, arbitrary: fc.constantFrom(...idPool(op.template, name)) }, { weight: 2, arbitrary: fc.constantFrom(...WEIRD_IDS) })
            .map((v) => ({ name, value: v, encoded: encodeSegment(v) })),
    );
    const query = fc.array(
      fc.constantFrom(...(op.query.length ? op.query : [{ name: 'x' } as Operation['query'][number]])).chain((q) =>
        fc.oneof(arbitraryFor(q.schema, ctx, q.name), wrongValue).map((v) => `${encodeURIComponent(q.name)}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`),
      ),
      { maxLength: 3 },
    );
    const valid = arbitraryFor(op.body ?? { type: 'object' }, ctx);
    const body = fc.oneof(
      { weight: 8, arbitrary: valid.map((v) => ({ json: v as unknown })) },
      { weight: 3, arbitrary: fc.tuple(valid, fc.nat(), wrongValue, fc.boolean()).map(([v, i, w, rm]) => ({ json: mutateOne(v, i, w, rm) })) },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((json) => ({ json: json as unknown })) },
      { weight: 1, arbitrary: rawBodies.map((raw) => ({ raw })) },
      { weight: 1, arbitrary: fc.constant({}) },
    );
    const otherMethod = fc.oneof({ weight: 20, arbitrary: fc.constant(op.method) }, { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS') });
    const contentType = fc.oneof({ weight: 20, arbitrary: fc.constant('application/json') }, { weight: 1, arbitrary: fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1', 'multipart/form-data') });
    const forwardedFor = fc.tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 1, max: 254 })).map(([x, y]) => `198.18.${x}.${y}`);
    const garbage = fc.constantFrom('Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', `Bearer nk_full_${'A'.repeat(43)}`, 'Bearer nk_tok_x.y.z', `Bearer ${'x'.repeat(5_000)}`, 'bearer\tx', 'Bearer nk_rcpt_');

    return fc
      .record({ parts: fc.tuple(...pathParts), query, body, method: otherMethod, contentType, credential: credentials, forwardedFor, garbage, idem: fc.option(fc.string({ maxLength: 10 })) })
      .map(({ parts, query: q, body: b, method, contentType: ct, credential, forwardedFor: xff, garbage: g, idem }) => {
        let path = op.template;
        for (const part of parts) path = path.replace(`{${part.name}}`, part.encoded);
        if (q.length) path += `?${q.join('&')}`;
        const headers: Record<string, string> = { 'x-forwarded-for': xff };
        const auth: Record<CredentialKind, string | undefined> = {
          full: `Bearer ${f.a.fullKey}`,
          'recipient-key': `Bearer ${f.a.recipientKey}`,
          token: `Bearer ${f.tokenA}`,
          admin: `Bearer ${adminToken()}`,
          none: undefined,
          garbage: g,
          'full-on-wrong-scheme': `Token ${f.a.fullKey}`,
        };
        const authorization = auth[credential];
        if (authorization !== undefined) headers.authorization = authorization;
        if (idem !== null) headers['idempotency-key'] = idem;
        let payload: string | undefined;
        const sendsBody = method !== 'GET' && method !== 'HEAD' && method !== 'DELETE';
        if (sendsBody && 'raw' in b) payload = b.raw;
        else if (sendsBody && 'json' in b) payload = JSON.stringify(b.json);
        if (payload !== undefined) headers['content-type'] = ct;
        const rid = parts.find((p) => p.name === 'recipient_id')?.value;
        // Another method on the same path is judged as that operation when the route has it.
        const asMethod = method === 'HEAD' ? 'GET' : method;
        const judged = ops.find((o) => o.template === op.template && o.method === asMethod);
        return { op: judged ?? op, credential, path, recipientInPath: rid, method, headers, body: payload, routeHasMethod: judged !== undefined };
      });
  });
}

/** The statuses a refused credential must get, or undefined when the credential may pass. */
function refusalStatus(req: FuzzRequest, f: Fixture): number[] | undefined {
  const { op, credential } = req;
  if (mayAccept(op.access, credential, op.method, op.template, req.recipientInPath, f.rA)) return undefined;
  if (op.access === 'admin') return [401];
  if (credential === 'recipient-key') return [403];
  // A token outside its recipient or scope is 403; 401 once its recipient was deleted by an earlier request.
  if (credential === 'token') return [401, 403];
  return [401];
}

interface Violation {
  rule: string;
  request: string;
  status: number;
  detail: string;
}

async function check(req: FuzzRequest, f: Fixture): Promise<Violation[]> {
  const describe = `${req.method} ${req.path.slice(0, 300)} [${req.credential}] ${req.body ? `body ${req.body.slice(0, 300)}` : ''}`;
  const started = Date.now();
  let res: Response;
  try {
    res = await fetch(`${baseUrl()}${req.path}`, { method: req.method, headers: req.headers, body: req.body, signal: AbortSignal.timeout(SLOW_MS) });
  } catch (err) {
    return [{ rule: `an answer within ${SLOW_MS} ms`, request: describe, status: 0, detail: String(err) }];
  }
  if (process.env.FUZZ_TRACE) process.stdout.write(`[fuzz] ${Date.now() - started} ms ${res.status} ${describe.slice(0, 160)}\n`);
  const type = res.headers.get('content-type') ?? '';
  // A stream (server-sent events) is judged on its status and headers; its body never ends.
  const text = type.includes('text/event-stream') ? (await res.body?.cancel(), '') : await res.text();
  const out: Violation[] = [];
  const v = (rule: string, detail: string) => out.push({ rule, request: describe, status: res.status, detail });

  if (res.status >= 500) v('no 5xx', text.slice(0, 300));
  if (res.headers.get('x-api-version') !== '1.0') v('X-API-Version on every response', String(res.headers.get('x-api-version')));
  if (res.status >= 400 && req.method !== 'HEAD') {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    const problem = errorBodyProblem(familyOf(req.method, new URL(req.path, baseUrl()).pathname), body);
    if (problem) v('error in the path family with a snake_case code', problem);
  }
  // The admin token administers every project: project B's name in an admin listing is expected.
  if (req.credential !== 'admin' && text.includes(f.marker)) v("no other project's data", text.slice(Math.max(0, text.indexOf(f.marker) - 150), text.indexOf(f.marker) + 50));
  const sameOperation = req.routeHasMethod !== false;
  if (res.status >= 200 && res.status < 300 && sameOperation && !mayAccept(req.op.access, req.credential, req.op.method, req.op.template, req.recipientInPath, f.rA)) {
    v('no 2xx for a credential the contract refuses', text.slice(0, 200));
  }
  if (res.status >= 200 && res.status < 400 && !sameOperation && req.method !== 'OPTIONS') v('no success for a method the route does not have', text.slice(0, 200));
  // Authentication runs first: a refused credential on a route that exists is answered 401 or 403 itself.
  const expected = sameOperation ? refusalStatus(req, f) : undefined;
  if (expected && !expected.includes(res.status)) v(`a refused credential answers ${expected.join(' or ')}`, text.slice(0, 200));
  if (res.status === 401 && res.headers.get('www-authenticate') !== 'Bearer') v('401 carries WWW-Authenticate: Bearer', String(res.headers.get('www-authenticate')));
  return out;
}

describe('fuzz: generated requests against every operation of the OpenAPI document', () => {
  let f: Fixture;
  let ops: Operation[];
  let doc: OpenApi;
  beforeAll(async () => {
    doc = (await call('GET', '/openapi.json')).body as OpenApi;
    ops = operationsOf(doc);
    f = await setUp();
  }, 120_000);

  it('when the document is read, then it lists the operations the contract names (the fuzzer sees the whole surface)', () => {
    const names = ops.map((o) => `${o.method} ${o.template}`);
    for (const expected of [
      'POST /recipients',
      'GET /recipients/{recipient_id}',
      'PUT /recipients/{recipient_id}/contacts',
      'DELETE /recipients/{recipient_id}/contacts/{contact_id}',
      'PUT /preferences',
      'GET /recipients/{recipient_id}/preferences/check',
      'POST /notifications/send',
      'GET /broadcasts/{id}',
      'DELETE /admin/projects/{id}/keys/{key_id}',
    ]) {
      expect(names).toContain(expected);
    }
    expect(ops.filter((o) => o.access === 'admin').length).toBeGreaterThanOrEqual(4);
    expect(ops.filter((o) => o.access === 'public').map((o) => o.template)).toEqual(expect.arrayContaining(['/healthz', '/readyz']));
  });

  it(`when ${RUNS} generated requests hit every operation, then no 5xx, errors in their family, no cross-project data, no 2xx for refused credentials`, async () => {
    const started = Date.now();
    const violations: Violation[] = [];
    const perOperation = new Map<string, number>();
    const timeOf = new Map<string, number>();
    let requests = 0;
    const one = async (req: FuzzRequest) => {
      requests++;
      const key = `${req.op.method} ${req.op.template}`;
      perOperation.set(key, (perOperation.get(key) ?? 0) + 1);
      const t0 = Date.now();
      violations.push(...(await check(req, f)));
      timeOf.set(key, (timeOf.get(key) ?? 0) + Date.now() - t0);
    };
    // Each run sends IN_FLIGHT generated requests at once (as concurrent clients would).
    const arbitrary = requestArbitrary(ops, f, doc);
    await fc.assert(
      fc.asyncProperty(fc.array(arbitrary, { minLength: IN_FLIGHT, maxLength: IN_FLIGHT }), async (reqs) => {
        await Promise.all(reqs.map(one));
      }),
      { seed: SEED, numRuns: Math.ceil(RUNS / IN_FLIGHT), endOnFailure: true },
    );
    const elapsed = Date.now() - started;
    process.stdout.write(`[fuzz] seed ${SEED}: ${requests} requests over ${perOperation.size} operations in ${(elapsed / 1000).toFixed(1)} s\n`);
    const slowest = [...timeOf].sort((x, y) => y[1] - x[1]).slice(0, 6);
    process.stdout.write(`[fuzz] slowest: ${slowest.map(([k, ms]) => `${k} ${ms} ms/${perOperation.get(k)}`).join('; ')}\n`);
    // Every operation was exercised, and well beyond once.
    for (const o of ops) expect([`${o.method} ${o.template}`, (perOperation.get(`${o.method} ${o.template}`) ?? 0) >= 5]).toEqual([`${o.method} ${o.template}`, true]);
    const distinct = [...new Map(violations.map((x) => [`${x.rule}|${x.request.split(' ').slice(0, 2).join(' ')}|${x.status}`, x])).values()];
    expect(distinct.slice(0, 25)).toEqual([]);
    expect(requests).toBeGreaterThanOrEqual(Math.min(RUNS, 2_000));
  }, CEILING_MS);

  it('when the oracle meets a refused credential or a leak, then it reports it (the checks are live)', async () => {
    const op = ops.find((o) => o.method === 'POST' && o.template === '/notifications/send')!;
    // A Recipient key succeeding on a Full operation would be reported.
    expect(mayAccept(op.access, 'recipient-key', op.method, op.template, undefined, f.rA)).toBe(false);
    expect(mayAccept('project', 'token', 'GET', '/recipients/{recipient_id}/notifications', f.shared, f.rA)).toBe(false);
    expect(mayAccept('project', 'token', 'GET', '/recipients/{recipient_id}/notifications', f.rA, f.rA)).toBe(true);
    // The leak check looks for a string that is there: B's own key reads it (reported), A's does not.
    const get = ops.find((o) => o.method === 'GET' && o.template === '/recipients/{recipient_id}')!;
    const request = (key: string) => ({ op: get, credential: 'full' as const, method: 'GET', path: `/recipients/${f.shared}`, headers: { authorization: `Bearer ${key}` } });
    expect((await check(request(f.b.fullKey), f)).map((x) => x.rule)).toEqual(["no other project's data"]);
    expect(await check(request(f.a.fullKey), f)).toEqual([]);
    expect(errorBodyProblem('error', { message: 'x', code: 'not_found' })).not.toBeNull();
    expect(errorBodyProblem('message', { message: 'x', code: 'NotFound' })).not.toBeNull();
  });
});
