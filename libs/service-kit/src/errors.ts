import { Code, ConnectError } from '@connectrpc/connect';
import { ErrorInfoSchema, fromFieldViolation, toFieldViolation, type Violation } from '@herald/contracts';

export { fromFieldViolation, toFieldViolation, type Violation };

/** What kind of failure a domain error is; each maps to one Connect code (and so one HTTP status). */
export type ErrorKind = 'invalid' | 'not_found' | 'conflict' | 'precondition' | 'unauthenticated' | 'forbidden' | 'exhausted';

/** A rule of the domain was broken. Carries a stable machine code, never a transport status. */
export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly code: string,
    message: string,
    readonly violations: Violation[] = [],
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const notFound = (code: string, message: string) => new DomainError('not_found', code, message);
export const conflict = (code: string, message: string) => new DomainError('conflict', code, message);
export const invalid = (message: string, violations: Violation[] = [], code = 'validation_failed') =>
  new DomainError('invalid', code, message, violations);

const connectCodeOf: Record<ErrorKind, Code> = {
  invalid: Code.InvalidArgument,
  not_found: Code.NotFound,
  conflict: Code.AlreadyExists,
  precondition: Code.FailedPrecondition,
  unauthenticated: Code.Unauthenticated,
  forbidden: Code.PermissionDenied,
  exhausted: Code.ResourceExhausted,
};

/**
 * The one mapping from domain errors to Connect errors. A DomainError keeps its message and
 * machine code (as an ErrorInfo detail); anything else becomes Internal with a generic message,
 * its cause kept for the log and never sent.
 */
export function toConnectError(err: unknown): ConnectError {
  if (err instanceof ConnectError) return err;
  if (err instanceof DomainError) {
    return new ConnectError(err.message, connectCodeOf[err.kind], undefined, [
      { desc: ErrorInfoSchema, value: { code: err.code, violations: err.violations.map(toFieldViolation) } },
    ]);
  }
  return new ConnectError('internal error', Code.Internal, undefined, undefined, err);
}

interface MaybeStoreError {
  code?: unknown;
  message?: unknown;
  errmsg?: unknown;
  writeErrors?: unknown;
}

const DUPLICATE_KEY_CODES = new Set([11000, 11001]);
const DUPLICATE_KEY_TEXT = /E11000 duplicate key|UNIQUE constraint failed/i;

/**
 * The one check that a unique index refused a write, for every repository. MongoDB says so with
 * code 11000; FerretDB v1 does too on inserts, but answers updates (and some upserts) with code 1
 * and SQLite's "UNIQUE constraint failed". Accepts a driver error, or one write error of a bulk
 * write (`{code, errmsg}`).
 */
export function isDuplicateKey(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as MaybeStoreError;
  if (typeof e.code === 'number' && DUPLICATE_KEY_CODES.has(e.code)) return true;
  const text = [e.message, e.errmsg].filter((t): t is string => typeof t === 'string').join(' ');
  return DUPLICATE_KEY_TEXT.test(text);
}

/**
 * The operation indexes of a bulk write whose every failure was a unique-index refusal; null when
 * the error is not a bulk write error or any failure had another cause.
 */
export function duplicateKeyWriteIndexes(err: unknown): number[] | null {
  if (!err || typeof err !== 'object') return null;
  const writeErrors = (err as MaybeStoreError).writeErrors;
  const list = (Array.isArray(writeErrors) ? writeErrors : writeErrors ? [writeErrors] : []) as { index: number; code?: unknown; errmsg?: unknown }[];
  if (list.length === 0 || !list.every((w) => isDuplicateKey({ code: w.code, errmsg: w.errmsg }))) return null;
  return list.map((w) => w.index);
}
