import { retryPolicy } from '@herald/service-kit';

/**
 * FerretDB on SQLite answers a write that meets another writer with "database is locked"
 * (SQLITE_BUSY) instead of waiting. That failure is transient: retried a few times with backoff
 * (service-kit's retry policy); anything else is thrown at once.
 */
const busy = retryPolicy({
  initialDelayMs: 5,
  maxDelayMs: 200,
  maxAttempts: 8,
  retryIf: (err) => /database is locked|SQLITE_BUSY/i.test(String((err as Error)?.message)),
});

export const retryBusy = <T>(op: () => Promise<T>): Promise<T> => busy.execute(op);
