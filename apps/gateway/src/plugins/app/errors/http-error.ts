import { Code, ConnectError } from '@connectrpc/connect';
import { ErrorInfoSchema, LIMITS } from '@herald/contracts';
import { DomainError, fromFieldViolation, SERVICE_TOKEN_REFUSED, toConnectError, type Violation } from '@herald/service-kit';

/** An error as the REST surface shows it, before it is shaped into the path's family. */
export interface HttpError {
  status: number;
  code: string;
  message: string;
  /** Present on validation failures (possibly empty). */
  errors?: Violation[];
  headers?: Record<string, string>;
}

/** Thrown by the gateway itself when a response needs extra headers (for example `Retry-After`). */
export class GatewayError extends DomainError {
  constructor(
    kind: DomainError['kind'],
    code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(kind, code, message);
  }
}

/**
 * Thrown by the gateway when it refuses work it has no room for right now (503, with Retry-After):
 * unlike a failing dependency's 503, its code and sentence are shown.
 */
export class GatewayUnavailableError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly headers: Record<string, string>,
  ) {
    super(message);
    this.name = 'GatewayUnavailableError';
  }
}

/** The one mapping from Connect codes to HTTP statuses. */
const STATUS_OF: Partial<Record<Code, number>> = {
  [Code.InvalidArgument]: 400,
  [Code.FailedPrecondition]: 400,
  [Code.OutOfRange]: 400,
  [Code.NotFound]: 404,
  [Code.AlreadyExists]: 409,
  [Code.Unauthenticated]: 401,
  [Code.PermissionDenied]: 403,
  [Code.ResourceExhausted]: 429,
  [Code.Unavailable]: 503,
  [Code.DeadlineExceeded]: 503,
};

/** Machine code when the service sent no ErrorInfo detail. */
const FALLBACK_CODE: Record<number, string> = {
  400: 'validation_failed',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  429: 'rate_limited',
  503: 'unavailable',
};

/** Retry-After (seconds) of a 429 a service answered. */
const SERVICE_RETRY_AFTER_S = 5;

export const INTERNAL_ERROR: HttpError = { status: 500, code: 'internal', message: 'Internal server error' };
const UNAVAILABLE: HttpError = { status: 503, code: 'unavailable', message: 'Service temporarily unavailable, retry later' };

/** connect-node reports a refused or broken connection as Internal; it is an unavailable service. */
const NETWORK_FAILURE = /^(ECONNREFUSED|ECONNRESET|EHOSTUNREACH|ENETUNREACH|ETIMEDOUT|ENOTFOUND|EPIPE|ERR_HTTP2_)/;
const isNetworkFailure = (err: ConnectError) => {
  const code = (err.cause as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && NETWORK_FAILURE.test(code);
};

export function fromConnectError(err: ConnectError): HttpError {
  const status = isNetworkFailure(err) ? 503 : (STATUS_OF[err.code] ?? 500);
  if (status === 503) return { ...UNAVAILABLE };
  if (status >= 500) return { ...INTERNAL_ERROR };
  const info = err.findDetails(ErrorInfoSchema)[0];
  // A service refused the gateway's own service token: a deployment fault, not the client's credentials.
  if (info?.code === SERVICE_TOKEN_REFUSED) return { ...INTERNAL_ERROR };
  const code = info?.code || FALLBACK_CODE[status];
  const violations = (info?.violations ?? []).map(fromFieldViolation);
  const out: HttpError = { status, code, message: err.rawMessage };
  // Every 401 tells the client which scheme to use.
  if (status === 401) out.headers = { 'WWW-Authenticate': 'Bearer' };
  // A service's own limit (e.g. the broadcasts a project may run at once): retry in a few seconds.
  if (status === 429) out.headers = { 'Retry-After': String(SERVICE_RETRY_AFTER_S) };
  if (violations.length > 0 || code === 'validation_failed') out.errors = violations;
  return out;
}

export const bodyViolation = (message: string, description: string): Violation => ({ message, description, property_path: '', invalid_value: null });

/** Machine codes of framework errors (statuses fastify raises) with no better code. */
const FRAMEWORK_CODE: Record<number, string> = { ...FALLBACK_CODE, 405: 'method_not_allowed', 406: 'not_acceptable', 413: 'payload_too_large', 415: 'unsupported_media_type', 431: 'headers_too_large' };

/** Errors fastify raises itself while reading a request (content-type parsing, limits, routing). */
function fromFastifyError(err: { code?: string; statusCode?: number; message?: string }): HttpError | undefined {
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, code: 'payload_too_large', message: `Request body exceeds the limit of ${LIMITS.bodyMaxBytes} bytes` };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return {
        status: 400,
        code: 'validation_failed',
        message: 'Request body is not valid JSON',
        errors: [bodyViolation('Request body is not valid JSON', 'The body could not be parsed as JSON')],
      };
    case 'FST_ERR_BAD_URL':
      return {
        status: 400,
        code: 'validation_failed',
        message: 'Request path is not a valid URL',
        errors: [bodyViolation('Request path is not a valid URL', 'The path holds a malformed percent-escape')],
      };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        status: 400,
        code: 'validation_failed',
        message: 'Request body must be JSON',
        errors: [bodyViolation('Request body must be JSON', 'Send the body with Content-Type: application/json')],
      };
  }
  // Any other client error a framework part raises (fastify's own, or an http-errors style
  // `statusCode`): its status, a snake_case code and a generic sentence.
  if (typeof err.statusCode === 'number' && Number.isInteger(err.statusCode) && err.statusCode >= 400 && err.statusCode < 500) {
    return { status: err.statusCode, code: FRAMEWORK_CODE[err.statusCode] ?? 'bad_request', message: 'Bad request' };
  }
  return undefined;
}

/**
 * Everything that can fail a request, mapped to what the client sees. Domain errors go through the
 * same Connect mapping as errors coming back from the services, so a code maps to one status.
 * Anything unknown is a generic 500 (the caller logs it; nothing internal leaks).
 */
export function toHttpError(err: unknown): HttpError {
  if (err instanceof GatewayUnavailableError) return { status: 503, code: err.code, message: err.message, headers: { ...err.headers } };
  if (err instanceof DomainError) {
    const mapped = fromConnectError(toConnectError(err));
    if (err instanceof GatewayError) mapped.headers = { ...mapped.headers, ...err.headers };
    return mapped;
  }
  if (err instanceof ConnectError) return fromConnectError(err);
  if (err && typeof err === 'object') {
    const fastifyError = fromFastifyError(err as { code?: string; statusCode?: number });
    if (fastifyError) return fastifyError;
  }
  return { ...INTERNAL_ERROR };
}

/** The body of an error in the path's family. */
export function errorBody(family: 'message' | 'error', e: HttpError): Record<string, unknown> {
  const base: Record<string, unknown> = family === 'message' ? { message: e.message, code: e.code } : { error: e.code, details: e.message };
  if (e.errors) base.errors = e.errors;
  return base;
}
