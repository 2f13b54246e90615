import type { Logger } from '@herald/service-kit';

/** Runs the outbox pass every `everyMs` (never two at once); see usecases/republish-pending.ts. */
export function startOutboxSweeper(opts: { logger: Logger; republish: () => Promise<number>; everyMs: number }) {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    opts
      .republish()
      .then((n) => n > 0 && opts.logger.info({ republished: n }, 'outbox: republished pending jobs'))
      .catch((err) => opts.logger.warn({ err }, 'outbox pass failed'))
      .finally(() => (running = false));
  }, opts.everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
