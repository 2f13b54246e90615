import { ConnectError } from '@connectrpc/connect';
import { ErrorInfoSchema, fromFieldViolation, type Violation } from '@herald/contracts';

export interface CaughtError {
  /** The machine code of the ErrorInfo detail (`connect:<n>` when the error carries none). */
  code: string;
  connectCode: number;
  message: string;
  violations: Violation[];
}

/** Runs an RPC expected to fail and returns its machine code, Connect code, message and violations. */
export async function errorOf(call: Promise<unknown>): Promise<CaughtError> {
  try {
    await call;
  } catch (err) {
    const ce = ConnectError.from(err);
    const info = ce.findDetails(ErrorInfoSchema)[0];
    return {
      code: info?.code ?? `connect:${ce.code}`,
      connectCode: ce.code,
      message: ce.rawMessage,
      violations: info?.violations.map(fromFieldViolation) ?? [],
    };
  }
  throw new Error('expected the call to fail, it succeeded');
}
