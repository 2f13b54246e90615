import type { components } from './gen/api.js';

export type Violation = components['schemas']['BatchFailure']['errors'][number];
/** `{message, code}` (recipients, notifications, broadcasts) or `{error, details}` (catalog, set primary contact, admin). */
export type ErrorFamily = 'message' | 'error';

export interface HeraldErrorInit {
  status: number;
  code: string;
  message: string;
  family: ErrorFamily;
  errors?: Violation[];
  requestId?: string | null;
  retryAfterSeconds?: number | null;
  body?: unknown;
}

/**
 * An error answer of the Herald API, whichever error-body family its path uses: `code` is the
 * machine code (`message` family: `code`; `error` family: `error`), `message` the sentence
 * (`message` or `details`), `errors` one entry per offending property on validation failures.
 */
export class HeraldError extends Error {
  readonly status: number;
  readonly code: string;
  readonly family: ErrorFamily;
  readonly errors: Violation[];
  readonly requestId: string | null;
  readonly retryAfterSeconds: number | null;
  readonly body: unknown;

  constructor(init: HeraldErrorInit) {
    super(init.message);
    this.name = new.target.name;
    this.status = init.status;
    this.code = init.code;
    this.family = init.family;
    this.errors = init.errors ?? [];
    this.requestId = init.requestId ?? null;
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
    this.body = init.body;
  }
}

/** 400: the request is invalid (`validation_failed`, `no_medium`, `immutable_field`, …). */
export class HeraldValidationError extends HeraldError {}
/** 401: missing, unknown, revoked or expired key or token. */
export class HeraldAuthenticationError extends HeraldError {}
/** 403: the credential may not do this (scope, or another recipient's token). */
export class HeraldPermissionError extends HeraldError {}
/** 404: the resource (or route) does not exist. */
export class HeraldNotFoundError extends HeraldError {}
/** 409: already exists, or an Idempotency-Key reused with another body. */
export class HeraldConflictError extends HeraldError {}
/** 429: past a rate limit; `retryAfterSeconds` says when to come back. */
export class HeraldRateLimitError extends HeraldError {}
/** 5xx: the service failed or is unavailable (503). */
export class HeraldServerError extends HeraldError {}
/** No HTTP answer at all (connection refused or reset, DNS, aborted). */
export class HeraldNetworkError extends HeraldError {}

const CLASS_BY_STATUS: Record<number, typeof HeraldError> = {
  400: HeraldValidationError,
  401: HeraldAuthenticationError,
  403: HeraldPermissionError,
  404: HeraldNotFoundError,
  409: HeraldConflictError,
  429: HeraldRateLimitError,
};

/** Seconds of a Retry-After header (delta-seconds or an HTTP date); null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/** The typed error for an error response (body already read as text). */
export function errorFromResponse(status: number, headers: Headers, text: string): HeraldError {
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON (a proxy's page): keep the text
  }
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const family: ErrorFamily = typeof b.error === 'string' && typeof b.details === 'string' ? 'error' : 'message';
  const code = String((family === 'error' ? b.error : b.code) ?? `http_${status}`);
  const message = String((family === 'error' ? b.details : b.message) ?? `HTTP ${status}`);
  const Class = CLASS_BY_STATUS[status] ?? (status >= 500 ? HeraldServerError : HeraldError);
  return new Class({
    status,
    code,
    message,
    family,
    errors: Array.isArray(b.errors) ? (b.errors as Violation[]) : [],
    requestId: headers.get('x-request-id'),
    retryAfterSeconds: parseRetryAfter(headers.get('retry-after')),
    body,
  });
}
