import pino, { type Logger } from 'pino';

export type { Logger } from 'pino';

/** Structured JSON logs, one logger per process; handlers take child loggers carrying ids. */
export function createLogger(name: string, level = 'info'): Logger {
  return pino({ name, level, base: { service: name }, timestamp: pino.stdTimeFunctions.isoTime });
}
