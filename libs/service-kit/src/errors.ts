import { Code, ConnectError } from '@connectrpc/connect';
import { create } from '@bufbuild/protobuf';
import { ErrorInfoSchema, FieldViolationSchema, type FieldViolation } from '@herald/contracts';

/** What kind of failure a domain error is; each maps to one Connect code (and so one HTTP status). */
export type ErrorKind = 'invalid' | 'not_found' | 'conflict' | 'precondition' | 'unauthenticated' | 'forbidden' | 'exhausted';

export interface Violation {
  message: string;
  description: string;
  property_path: string;
  invalid_value: unknown;
}

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

export function toFieldViolation(v: Violation): FieldViolation {
  return create(FieldViolationSchema, {
    message: v.message,
    description: v.description,
    propertyPath: v.property_path,
    invalidValueJson: JSON.stringify(v.invalid_value ?? null),
  });
}

export function fromFieldViolation(v: FieldViolation): Violation {
  let value: unknown = null;
  try {
    value = JSON.parse(v.invalidValueJson || 'null');
  } catch {
    value = v.invalidValueJson;
  }
  return { message: v.message, description: v.description, property_path: v.propertyPath, invalid_value: value };
}

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
