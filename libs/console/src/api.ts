/**
 * The console's calls to the gateway's own API: the session cookie authenticates them (the browser
 * sends it; the key never reaches this page), and the browser adds Origin to every call that
 * changes something. A 401 means the session ended: the console shows the sign-in again.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- API answers are read field by field and rendered as text
export type Json = any;

export async function api(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<Json> {
  const res = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status === 204) return null;
  const text = await res.text();
  const parsed: Json = text ? JSON.parse(text) : null;
  if (!res.ok) throw new ApiError(res.status, parsed?.code ?? parsed?.error ?? 'error', messageOf(parsed) ?? `HTTP ${res.status}`);
  return parsed;
}

/** An error answer in words: its message, then what it says of each field it refused (alone when each already repeats the message). */
function messageOf(parsed: Json): string | undefined {
  const message: string | undefined = parsed?.message ?? parsed?.details;
  const fields: string[] = Array.isArray(parsed?.errors) ? parsed.errors.map((e: Json) => e?.message).filter((m: unknown) => typeof m === 'string' && m !== message) : [];
  if (fields.length === 0) return message;
  const repeat = message !== undefined && fields.every((f) => f.startsWith(message));
  return repeat || !message ? fields.join('; ') : `${message}: ${fields.join('; ')}`;
}

/** A query string of the given values, empty ones left out. */
export function query(values: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}
