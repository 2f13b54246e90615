import type { Logger } from 'pino';

export interface ShutdownStep {
  name: string;
  run: () => Promise<unknown> | unknown;
}

/**
 * On SIGTERM or SIGINT, runs the steps in order (stop accepting, finish in-flight, drain NATS,
 * close Mongo), then exits. A step that fails is logged and the rest still run; if the whole
 * shutdown takes longer than `timeoutMs`, the process exits anyway.
 */
export function onShutdown(logger: Logger, steps: ShutdownStep[], timeoutMs = 20_000): void {
  let started = false;
  const shutdown = async (signal: string) => {
    if (started) return;
    started = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error('shutdown timed out');
      process.exit(1);
    }, timeoutMs);
    timer.unref();
    for (const step of steps) {
      try {
        await step.run();
      } catch (err) {
        logger.error({ err, step: step.name }, 'shutdown step failed');
      }
    }
    logger.info('stopped');
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}
