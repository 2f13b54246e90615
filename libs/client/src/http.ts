import { errorFromResponse, HeraldError, HeraldNetworkError } from './errors.js';
import { backoff, sleep } from './timing.js';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface RetryOptions {
  /** Attempts after the first (default 3). 0 turns retries off. */
  retries?: number;
  /** First backoff in ms (default 250); doubles each attempt, with jitter, capped at `maxDelayMs`. */
  baseDelayMs?: number;
  /** Longest wait between attempts in ms (default 10,000), Retry-After included. */
  maxDelayMs?: number;
}

export interface TransportOptions {
  baseUrl: string;
  /** A project key, a recipient token, or a function returning one (called before each request). */
  credential: string | (() => string | Promise<string>);
  fetch?: FetchLike;
  retry?: RetryOptions;
  /** Extra headers on every request. */
  headers?: Record<string, string>;
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * Whether repeating the request is safe: reads, PUT, DELETE and sends carrying an
   * Idempotency-Key. Only such requests are retried (on 429, 503 and network failures).
   */
  retryable?: boolean;
  signal?: AbortSignal;
}

/** Percent-encodes each path parameter: `/recipients/{recipient_id}` + {recipient_id: 'a/b'} → `/recipients/a%2Fb`. */
export function fillPath(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_m, name: string) => {
    if (!(name in params)) throw new TypeError(`missing path parameter ${name}`);
    return encodeURIComponent(String(params[name]));
  });
}

/** fetch with the credential, JSON in and out, typed errors and retries with backoff. */
export class Transport {
  readonly baseUrl: string;
  private readonly fetchFn: FetchLike;
  private readonly retry: Required<RetryOptions>;

  // A JavaScript private field: the credential stays out of util.inspect, console.log and JSON.stringify.
  readonly #options: TransportOptions;

  constructor(options: TransportOptions) {
    this.#options = options;
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.retry = { retries: 3, baseDelayMs: 250, maxDelayMs: 10_000, ...options.retry };
  }

  /** The fetch this transport uses (the one given, or the global). */
  fetch(input: string, init?: RequestInit): Promise<Response> {
    return this.fetchFn(input, init);
  }

  async credential(): Promise<string> {
    const c = this.#options.credential;
    return typeof c === 'function' ? await c() : c;
  }

  url(path: string, query?: RequestOptions['query']): string {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null) qs.set(k, String(v));
    const s = qs.toString();
    return `${this.baseUrl}${path}${s ? `?${s}` : ''}`;
  }

  /** Backoff before attempt `attempt` (1-based retry number): Retry-After when given, else exponential with full jitter. */
  delayMs(attempt: number, retryAfterSeconds: number | null): number {
    if (retryAfterSeconds !== null) return Math.min(this.retry.maxDelayMs, retryAfterSeconds * 1000);
    return backoff(attempt, this.retry.baseDelayMs, this.retry.maxDelayMs);
  }

  async request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    const retryable = opts.retryable ?? (method === 'GET' || method === 'PUT' || method === 'DELETE');
    for (let attempt = 0; ; attempt++) {
      let error: HeraldError;
      try {
        const res = await this.fetch(this.url(path, opts.query), {
          method,
          headers: {
            accept: 'application/json',
            authorization: `Bearer ${await this.credential()}`,
            ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
            ...this.#options.headers,
            ...opts.headers,
          },
          body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
          signal: opts.signal,
        });
        const text = await res.text();
        if (res.ok) return (text ? JSON.parse(text) : undefined) as T;
        error = errorFromResponse(res.status, res.headers, text);
      } catch (err) {
        if (err instanceof HeraldError) throw err;
        if (opts.signal?.aborted) throw err;
        error = new HeraldNetworkError({ status: 0, code: 'network_error', message: (err as Error).message, family: 'message', body: err });
      }
      // A 429 was refused at the edge, before any work: always safe to repeat. A 503 or a lost
      // connection may come after the work was done: repeated only when repeating is safe.
      const again = error.status === 429 || (retryable && (error.status === 503 || error.status === 0));
      if (!again || attempt >= this.retry.retries) throw error;
      await sleep(this.delayMs(attempt + 1, error.retryAfterSeconds), opts.signal);
    }
  }
}
