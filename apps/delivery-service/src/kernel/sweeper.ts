import type { Logger } from '@herald/service-kit';

/** Runs a periodic pass every `everyMs` (never two at once): the stale-broadcast sweep (broadcasts/republish-pending.ts) or housekeeping. */
export function startOutboxSweeper(opts: { logger: Logger; republish: () => Promise<number>; everyMs: number; what?: string }) {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    opts
      .republish()
      .then((n) => n > 0 && opts.logger.info({ count: n }, opts.what ?? 'outbox: republished pending jobs'))
      .catch((err) => opts.logger.warn({ err }, 'outbox pass failed'))
      .finally(() => (running = false));
  }, opts.everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
