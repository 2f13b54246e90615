export type Jitter = 'none' | 'full' | 'equal';

export interface BackoffOptions {
  /** 1 for the wait after the first failure. */
  attempt: number;
  baseMs: number;
  maxMs: number;
  /** 'full': anywhere in [0, delay); 'equal': in [delay / 2, delay); 'none' (default): the delay itself. */
  jitter?: Jitter;
  /** Uniform in [0, 1) (default Math.random); tests pass a fixed one. */
  random?: () => number;
}

/** The wait before a retry: `baseMs` after the first failure, doubling with each one, capped at `maxMs`, then jittered. */
export function backoff({ attempt, baseMs, maxMs, jitter = 'none', random = Math.random }: BackoffOptions): number {
  const delay = Math.min(maxMs, baseMs * 2 ** Math.min(Math.max(0, attempt - 1), 52));
  if (jitter === 'full') return random() * delay;
  if (jitter === 'equal') return delay / 2 + random() * (delay / 2);
  return delay;
}
