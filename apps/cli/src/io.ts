/** What a command may touch of its process: streams, environment, working directory. Tests pass their own. */
export interface OutStream {
  write(chunk: string): unknown;
  isTTY?: boolean;
}

export interface Io {
  stdout: OutStream;
  stderr: OutStream;
  /** Reads one line typed by the user (prompts); undefined when there is no terminal to ask. */
  prompt?: (question: string, opts?: { secret?: boolean }) => Promise<string>;
  env: Record<string, string | undefined>;
  /** Aborted on Ctrl-C: long commands (import, watch, tail) stop cleanly. */
  signal?: AbortSignal;
  cwd: string;
}
