/**
 * FerretDB on SQLite answers a write that meets another writer with "database is locked"
 * (SQLITE_BUSY) instead of waiting. That failure is transient: retry it a few times with jitter.
 */
export async function retryBusy<T>(op: () => Promise<T>, attempts = 8): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await op();
    } catch (err) {
      if (i >= attempts - 1 || !/database is locked|SQLITE_BUSY/i.test(String((err as Error)?.message))) throw err;
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * (i + 1)));
    }
  }
}
