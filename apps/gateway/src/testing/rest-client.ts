/** A small REST client for end-to-end tests against a running gateway (`HERALD_BASE_URL`). */

/** A parsed JSON body of arbitrary shape, read only by assertions. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the one loosely typed value of the tests
export type JsonBody = any;

export interface RestResponse<T = JsonBody> {
  status: number;
  headers: Headers;
  body: T;
}

export interface CallOptions {
  /** Bearer credential; omitted: no Authorization header. */
  key?: string;
  /** JSON-encoded unless `raw` is given. */
  body?: unknown;
  /** Sent as is (for malformed bodies). */
  raw?: string | Buffer;
  headers?: Record<string, string>;
  /** Another gateway than the stack's (a replica a test started); default HERALD_BASE_URL. */
  base?: string;
}

export const baseUrl = () => {
  const url = process.env.HERALD_BASE_URL;
  if (!url) throw new Error('HERALD_BASE_URL is not set: run through the e2e jest project');
  return url;
};

export async function call<T = JsonBody>(method: string, path: string, opts: CallOptions = {}): Promise<RestResponse<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.key !== undefined) headers.authorization = `Bearer ${opts.key}`;
  let payload: string | Buffer | undefined;
  if (opts.raw !== undefined) payload = opts.raw;
  else if (opts.body !== undefined) payload = JSON.stringify(opts.body);
  if (payload !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
  const res = await fetch(`${opts.base ?? baseUrl()}${path}`, { method, headers, body: payload });
  const text = await res.text();
  let body: unknown = text;
  if ((res.headers.get('content-type') ?? '').includes('json') && text) body = JSON.parse(text);
  return { status: res.status, headers: res.headers, body: body as T };
}

export const adminToken = () => {
  const token = process.env.HERALD_ADMIN_TOKEN;
  if (!token) throw new Error('HERALD_ADMIN_TOKEN is not set');
  return token;
};

export interface TestProject {
  id: number;
  fullKey: string;
  recipientKey: string;
  fullKeyId: number;
  recipientKeyId: number;
}

/** A fresh project (one per suite) through the admin API. */
export async function createProject(name = 'e2e', settings?: Record<string, unknown>): Promise<TestProject> {
  const res = await call('POST', '/admin/projects', { key: adminToken(), body: { name, settings } });
  if (res.status !== 201) throw new Error(`cannot create project: ${res.status} ${JSON.stringify(res.body)}`);
  const keys = res.body.data.keys as Array<{ id: number; scope: string; key: string }>;
  const full = keys.find((k) => k.scope === 'full')!;
  const rcpt = keys.find((k) => k.scope === 'recipient')!;
  return { id: res.body.data.project.id, fullKey: full.key, recipientKey: rcpt.key, fullKeyId: full.id, recipientKeyId: rcpt.id };
}

/** A recipient id unique to this test run. */
export const uniqueId = (prefix = 'r') => `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

export const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
