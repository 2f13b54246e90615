/** Exit codes: 0 ok, 1 the API (or the network) refused, 2 the command line was wrong. */
export const EXIT_OK = 0;
export const EXIT_API = 1;
export const EXIT_USAGE = 2;

/** A mistake in how the command was called: printed as one line, exit code 2. */
export class UsageError extends Error {
  readonly exitCode = EXIT_USAGE;
}

/** A failure that is not the caller's command line (unreachable server, a file that cannot be read): exit 1. */
export class CliFailure extends Error {
  readonly exitCode = EXIT_API;
}

/**
 * An error answer of the REST API, in either error family (`{message, code}` or `{error, details}`),
 * reduced to what the CLI prints: one line with the sentence and the machine code.
 */
export class ApiError extends Error {
  readonly exitCode = EXIT_API;
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors?: { property_path?: string; message?: string }[],
  ) {
    super(message);
  }

  /** `Recipient not found (recipient_not_found, HTTP 404)` plus the first offending properties. */
  line(): string {
    const props = (this.errors ?? [])
      .slice(0, 3)
      .map((e) => `${e.property_path || '(body)'}: ${e.message ?? 'invalid'}`)
      .join('; ');
    return `${this.message} (${this.code}, HTTP ${this.status})${props ? ` — ${props}` : ''}`;
  }
}
